import type { DedupGame } from "./dedup-index.ts";
import type { DedupComparison } from "./dedup-types.ts";

/**
 * Are two prepared levels the same (SPEC 7)? The index's own shortcuts for
 * one pair: levels in different buckets never are; a shared exact key always
 * is; the prefilter may rule the pair out; otherwise the full comparison
 * answers.
 *
 * @returns the full comparison of `a` (first) with `b` when they are the same, else `null`.
 */
export function pairSame<P, T>(game: DedupGame<unknown, P, DedupComparison<T>>, a: P, b: P): DedupComparison<T> | null {
  if (game.bucketKey(a) !== game.bucketKey(b)) return null;
  const keys = new Set(game.exactKeys(b));
  const exact = game.exactKeys(a).some((k) => keys.has(k));
  if (!exact && !game.mayBeSame(a, b)) return null;
  const comparison = game.compare(a, b);
  return comparison.same ? comparison : null;
}
