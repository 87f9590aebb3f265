/** Where a build means to end: its arrow count, reads and (optionally) depth in rounds (SPEC 5.2). */
export interface CourseEnd {
  /** Arrows the build plans to place (≥ 1). */
  arrows: number;
  /** Reads the finished sky aims at (≥ arrows: every arrow reads at least once). */
  reads: number;
  /** Depth in rounds the finished sky aims at; none = depth is not steered. */
  depth?: number;
}

/** The course of a build: the reads and depth it aims to stand at after each arrow. */
export interface BuildCourse {
  /** Reads planned after `placed` arrows. */
  reads(placed: number): number;
  /** Depth planned after `placed` arrows, or `undefined` when depth is not steered. */
  depth(placed: number): number | undefined;
}

/**
 * The course a backwards build steers along so that it ends on its aim
 * (SPEC 5.2: "each tier aims its skies at a narrow window of reads").
 *
 * Reads after s of n arrows are planned as `R · (s / n)^γ`. A sky whose
 * arrows all leave in round 1 grows reads linearly (γ = 1, R = n); a sky that
 * is one chain grows them as s(s + 1)/2 (γ ≈ 2, R = n(n + 1)/2). Between the
 * two, γ interpolates on the log scale of the mean round R / n:
 * `γ = 1 + ln(R / n) / ln((n + 1) / 2)`, clamped to [1, 2]. Depth is planned
 * linearly, `D · s / n` (a new arrow adds at most one round, and a chain adds
 * exactly one per arrow).
 *
 * @throws RangeError when the arrow count is not a whole number ≥ 1.
 */
export function buildCourse(end: CourseEnd): BuildCourse {
  const n = end.arrows;
  if (!(Number.isInteger(n) && n >= 1)) throw new RangeError(`apsis/course: expected a whole arrow count ≥ 1, got ${n}`);
  const meanRound = Math.max(1, end.reads / n);
  const gamma = n <= 1 ? 1 : Math.min(2, Math.max(1, 1 + Math.log(meanRound) / Math.log((n + 1) / 2)));
  const depth = end.depth;
  return {
    reads: (placed) => end.reads * Math.pow(Math.min(placed, n) / n, gamma),
    depth: (placed) => (depth === undefined ? undefined : (depth * Math.min(placed, n)) / n),
  };
}
