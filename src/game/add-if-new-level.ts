import type { DedupIndex, DedupVerdict } from "../dedup/dedup-index.ts";
import type { DedupComparison } from "../dedup/dedup-types.ts";
import type { GameDedup } from "./game.ts";

/**
 * The greedy "drop near-duplicates" step over a game (SPEC 7): prepares
 * `body` through the game, asks the game what comparing it with the index's
 * levels needs (`ask`), checks it against the index and adds it when it
 * repeats none — `DedupIndex.addIfNew` for a game whose levels are prepared
 * asynchronously.
 *
 * @returns the verdict of the check.
 */
export async function addIfNewLevel<Body, Prepared, Transform>(
  dedup: GameDedup<Body, Prepared, Transform>,
  index: DedupIndex<Body, Prepared, DedupComparison<Transform>>,
  id: string,
  body: Body,
): Promise<DedupVerdict<DedupComparison<Transform>>> {
  const prepared = await dedup.prepare(body);
  await dedup.ask?.(prepared, index.bucketOf(prepared), true);
  const verdict = index.checkPrepared(prepared);
  if (!verdict.same) index.addPrepared(id, prepared);
  return verdict;
}
