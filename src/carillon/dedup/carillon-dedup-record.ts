import type { CarillonDedupLevel } from "./prepare-carillon-level.ts";
import type { CarillonBody } from "../level/carillon-body.ts";
import { fieldEngine } from "../solver/field-engine.ts";
import { loadCarillonModels, type CarillonModels } from "../model/load-models.ts";
import { solveField } from "../solver/solve-field.ts";

/**
 * The de-duplication record of a Carillon level (SPEC 7), built from the
 * engine: the body, the engine's reach graph (graphology, node keys
 * `"0".."n-1"` = dot indices, A → B when A's ring reaches B) and the exact
 * solver's winning first taps.
 *
 * @param models default: the project's `models/carillon/`.
 * @throws InputError (exit 2) for a mark the engine does not play;
 *   NoAnswerError (exit 1) past the solver's state limit.
 */
export function carillonDedupRecord(body: CarillonBody, models: CarillonModels = loadCarillonModels()): CarillonDedupLevel {
  const engine = fieldEngine(body, models.physics);
  const solved = solveField(engine.model, { maxStates: models.solver.maxStates });
  return { body, reachGraph: engine.graph, winningFirstTaps: solved.winningFirstTaps };
}
