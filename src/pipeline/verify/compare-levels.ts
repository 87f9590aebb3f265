import type { DedupComparison } from "../../dedup/dedup-types.ts";
import { InputError } from "../../io/errors.ts";
import type { LevelInput } from "../../io/read-level-input.ts";
import { checkLevelBody } from "../../game/check-level-body.ts";
import type { Game } from "../../game/game.ts";

/**
 * Are two levels of one game the same (SPEC 7, `levelramp compare`)? Builds
 * each level's de-duplication record from the engine (reach graph and
 * winning first taps / block graph) and runs the game's full comparison over
 * every turn and mirror.
 *
 * @param game the levels' game (`openGame`).
 * @param a the first level (read with readLevelInput); `transform` maps it onto `b`.
 * @param labels names of the two levels for messages (file names).
 * @returns `{same, reasons, transform, matched, basis, share}` and an outside game's `why` (see DedupComparison), in that order: what `compare --json` prints.
 * @throws InputError (exit 2) when the two levels belong to different games
 *   or to another game than `game`, or a body is not a level of its game
 *   (checkLevelBody: the rule that fails).
 */
export async function compareLevels(game: Game, a: LevelInput, b: LevelInput, labels: [string, string] = ["the first level", "the second level"]): Promise<DedupComparison<unknown>> {
  if (a.game !== b.game) throw new InputError("pipeline/compare", `expected two levels of the same game; ${labels[0]} is ${a.game}, ${labels[1]} is ${b.game}`);
  if (a.game !== game.name) throw new InputError("pipeline/compare", `expected two levels of ${game.name}; they are of ${a.game}`);
  const bodyA = checkLevelBody(game, a.body, { file: a.file, jsonPath: a.bodyPath }, "pipeline/compare");
  const bodyB = checkLevelBody(game, b.body, { file: b.file, jsonPath: b.bodyPath }, "pipeline/compare");
  const c = await game.dedup.compareLevels(bodyA, bodyB);
  // the documented fields only, in this order (compare --json prints them as they are)
  return { same: c.same, reasons: c.reasons, transform: c.transform, matched: c.matched, basis: c.basis, share: c.share, ...(c.why !== undefined ? { why: c.why } : {}) };
}
