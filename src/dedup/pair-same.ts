import type { DedupHooks } from "./dedup-index.ts";
import type { DedupComparison } from "./dedup-types.ts";

/**
 * Are two prepared levels the same (SPEC 7)? The index's own shortcuts for
 * one pair: levels in different buckets never are; a shared exact key always
 * is; the prefilter may rule the pair out; otherwise the full comparison
 * answers.
 *
 * @returns the full comparison of `a` (first) with `b` when they are the same, else `null`.
 */
export function pairSame<P, T>(game: DedupHooks<P, DedupComparison<T>>, a: P, b: P): DedupComparison<T> | null {
  if (game.bucketKey(a) !== game.bucketKey(b)) return null;
  const keys = new Set(game.exactKeys(b));
  const exact = game.exactKeys(a).some((k) => keys.has(k));
  if (!exact && !game.mayBeSame(a, b)) return null;
  const comparison = game.compare(a, b);
  return comparison.same ? comparison : null;
}

/**
 * {@link pairSame} of `a` with each of `others` (in their order): the same
 * answers, with the full comparisons of the pairs the shortcuts leave made in
 * one `compareMany` when the game has it.
 *
 * @returns per other level, the full comparison when it is the same as `a`, else `null`.
 */
export function pairsSame<P, T>(game: DedupHooks<P, DedupComparison<T>>, a: P, others: readonly P[]): Array<DedupComparison<T> | null> {
  if (!game.compareMany) return others.map((b) => pairSame(game, a, b));
  const bucket = game.bucketKey(a);
  const keys = game.exactKeys(a);
  const asked = others.map((b, i) => ({ b, i })).filter(({ b }) => game.bucketKey(b) === bucket && (game.exactKeys(b).some((k) => keys.includes(k)) || game.mayBeSame(a, b)));
  const answers: Array<DedupComparison<T> | null> = others.map(() => null);
  if (asked.length === 0) return answers;
  game.compareMany(a, asked.map(({ b }) => b)).forEach((c, k) => {
    if (c.same) answers[asked[k].i] = c;
  });
  return answers;
}
