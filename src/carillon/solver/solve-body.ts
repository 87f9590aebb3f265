import type { CarillonBody } from "../../io/schemas/carillon-body.ts";
import { fieldEngine } from "../engine/field-engine.ts";
import type { CarillonModels } from "../model/load-models.ts";
import { solveField, type SolveResult } from "./solve-field.ts";

/**
 * Goal, one optimal solution and the winning first taps of a body (SPEC 4.5),
 * with the solver limit of models/carillon/solver.json: the plain model on a
 * plain body, the rules' model on a marked one. `maxGoal` caps the taps
 * tried; `maxStates` replaces solver.json's limit (the generator's dressing
 * checks use a smaller budget).
 *
 * @throws NoAnswerError past the solver's limits.
 */
export function solveBody(
  body: CarillonBody,
  models: CarillonModels,
  options: { deadlineMs?: number; maxGoal?: number; maxStates?: number } = {},
): SolveResult {
  return solveField(fieldEngine(body, models.physics).model, { maxStates: models.solver.maxStates, ...options });
}
