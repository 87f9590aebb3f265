/**
 * Why two levels count as the same (SPEC 7):
 * - `identical`: the same level up to a turn or mirror (and dot/arrow order);
 * - `same-picture` (Carillon): most dots sit in the same places;
 * - `same-answer` (Carillon): the winning first taps sit in the same places;
 * - `same-chains` (Carillon): isomorphic reach graphs (labels: marks);
 * - `near-copy` (Apsis): most arrows sit in the same places;
 * - `same-puzzle` (Apsis): same rings and isomorphic block graphs (labels: ring, marks).
 */
export type DedupReason = "identical" | "same-picture" | "same-answer" | "same-chains" | "near-copy" | "same-puzzle";

/** What `matched` of a {@link DedupComparison} pairs up. */
export type MatchBasis = "identical" | "picture" | "answer" | "near-copy" | "chains" | "puzzle" | "closest";

/**
 * Result of a pairwise comparison (SPEC 7, `levelramp compare`).
 * `T` is the game's transform: {@link CarillonTransform} or {@link ApsisTransform}.
 */
export interface DedupComparison<T> {
  /** At least one reason holds. */
  same: boolean;
  /** Every reason that holds, in the order of {@link DedupReason}. */
  reasons: DedupReason[];
  /** The turn/mirror that maps the first level onto the second (null when `matched` comes from a graph, or nothing matched). */
  transform: T | null;
  /** Pairs `[index in a, index in b]` of dots/arrows, sorted by the first index. */
  matched: Array<[number, number]>;
  /** What `matched` is: the geometric matching behind the strongest reason, a graph correspondence, or (`closest`) the largest picture matching when nothing holds. */
  basis: MatchBasis | null;
  /** `matched.length` / the larger level's dot/arrow count. */
  share: number;
  /** The game's own words for a `near-copy` (an outside game's `similar` answer, SPEC 10); absent for the built-in games. */
  why?: string;
}
