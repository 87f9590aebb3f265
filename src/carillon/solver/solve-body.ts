import type { CarillonBody } from "../level/carillon-body.ts";
import { compileField } from "../level/compile-field.ts";
import type { CarillonModels } from "../model/load-models.ts";
import { plainTapModel } from "./plain-tap-model.ts";
import { rulesTapModel } from "./rules-tap-model.ts";
import { hasAnswer, solveField, type SolveResult } from "./solve-field.ts";
import type { TapModel } from "./tap-model.ts";
import type { TapModelCache } from "./tap-model-cache.ts";

/**
 * The tap model the searches play a body with (the plain closure model on a
 * plain body, the rules' model on a marked one), without the rest of a
 * {@link fieldEngine} (reach graph object, ring table): what a solve needs
 * and no more, since the generator's checks solve many bodies. With a
 * `cache`, bodies of one field share their ring frames and lower bound
 * ({@link TapModelCache}).
 *
 * @throws InputError (exit 2) for a malformed mark.
 */
export function bodyTapModel(body: CarillonBody, models: CarillonModels, cache?: TapModelCache): TapModel {
  if (cache) return cache.model(body);
  const field = compileField(body, models.physics);
  return field.marked ? rulesTapModel(field) : plainTapModel(field);
}

/**
 * Goal, one optimal solution and the winning first taps of a body (SPEC 4.5),
 * with the solver limit of models/carillon/solver.json: the plain model on a
 * plain body, the rules' model on a marked one. `maxGoal` caps the taps
 * tried; `maxStates` replaces solver.json's limit (the generator's dressing
 * checks use a smaller budget); `cache` shares work between bodies of one
 * field (same answers).
 *
 * @throws NoAnswerError past the solver's limits.
 */
export function solveBody(
  body: CarillonBody,
  models: CarillonModels,
  options: { deadlineMs?: number; maxGoal?: number; maxStates?: number; cache?: TapModelCache } = {},
): SolveResult {
  const { cache, ...limits } = options;
  return solveField(bodyTapModel(body, models, cache), { maxStates: models.solver.maxStates, ...limits });
}

/**
 * Whether a body's answer is exactly `expected`: the same goal and the same
 * winning first taps ({@link hasAnswer}, which stops at the first
 * difference), with solver.json's state limit or `maxStates` (and a shared
 * `cache`, as {@link bodyTapModel}).
 *
 * @throws NoAnswerError past the state limit.
 */
export function bodyHasAnswer(
  body: CarillonBody,
  models: CarillonModels,
  expected: Pick<SolveResult, "goal" | "winningFirstTaps">,
  maxStates?: number,
  cache?: TapModelCache,
): boolean {
  return hasAnswer(bodyTapModel(body, models, cache), expected, { maxStates: maxStates ?? models.solver.maxStates });
}
