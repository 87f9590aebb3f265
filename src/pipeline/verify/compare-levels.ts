import type { DedupComparison } from "../../dedup/dedup-types.ts";
import { InputError } from "../../io/errors.ts";
import type { LevelInput } from "../../io/read-level-input.ts";
import { checkLevelBody } from "../../game/check-level-body.ts";
import { requireGame } from "../../game/registry/load-game.ts";

/**
 * Are two levels of one game the same (SPEC 7, `levelramp compare`)? Builds
 * each level's de-duplication record from the engine (reach graph and
 * winning first taps / block graph) and runs the game's full comparison over
 * every turn and mirror.
 *
 * @param a the first level (read with readLevelInput); `transform` maps it onto `b`.
 * @param labels names of the two levels for messages (file names).
 * @returns `{same, reasons, transform, matched, basis, share}` (see DedupComparison).
 * @throws InputError (exit 2) when the two levels belong to different games,
 *   or a body is not a level of its game (checkLevelBody: the rule that fails).
 */
export function compareLevels(a: LevelInput, b: LevelInput, labels: [string, string] = ["the first level", "the second level"]): DedupComparison<unknown> {
  if (a.game !== b.game) throw new InputError("pipeline/compare", `expected two levels of the same game; ${labels[0]} is ${a.game}, ${labels[1]} is ${b.game}`);
  const backend = requireGame(a.game, "pipeline/compare");
  const bodyA = checkLevelBody(backend, a.body, { file: a.file, jsonPath: a.bodyPath }, "pipeline/compare");
  const bodyB = checkLevelBody(backend, b.body, { file: b.file, jsonPath: b.bodyPath }, "pipeline/compare");
  return backend.dedup.compareLevels(bodyA, bodyB);
}
