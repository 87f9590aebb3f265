import type { DedupComparison } from "../dedup/dedup-types.ts";
import { InputError } from "../io/errors.ts";
import type { LevelInput } from "../io/read-level-input.ts";
import { requireGame } from "../game/registry.ts";

/**
 * Are two levels of one game the same (SPEC 7, `levelramp compare`)? Builds
 * each level's de-duplication record from the engine (reach graph and
 * winning first taps / block graph) and runs the game's full comparison over
 * every turn and mirror.
 *
 * @param a the first level (read with readLevelInput); `transform` maps it onto `b`.
 * @param labels names of the two levels for messages (file names).
 * @returns `{same, reasons, transform, matched, basis, share}` (see DedupComparison).
 * @throws InputError (exit 2) when the two levels belong to different games.
 */
export function compareLevels(a: LevelInput, b: LevelInput, labels: [string, string] = ["the first level", "the second level"]): DedupComparison<unknown> {
  if (a.game !== b.game) throw new InputError("pipeline/compare", `expected two levels of the same game; ${labels[0]} is ${a.game}, ${labels[1]} is ${b.game}`);
  return requireGame(a.game, "pipeline/compare").dedup.compareLevels(a.body, b.body);
}
