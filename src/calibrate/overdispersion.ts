/** The median of χ² with one degree of freedom. */
export const CHI2_1_MEDIAN = 0.454936423119572;

/**
 * Level-to-level variation the measure does not explain (SPEC 11, the
 * overdispersion of real play data): the spread τ (logits) of an extra level
 * effect u_l ~ N(0, τ²), estimated robustly from the levels' signed
 * likelihood-ratio roots r_l and effective informations I_l. With the extra
 * effect, r_l / √(1 + I_l·τ²) is about N(0, 1), so τ is the value at which the
 * median of r_l² / (1 + I_l·τ²) is the median of χ²₁ (found by bisection);
 * 0 when the plays show no more variation than binomial. The median, not the
 * mean, so that outliers (up to half the levels) do not inflate τ and hide
 * themselves.
 *
 * @param root r_l per level; `information` I_l per level (levels with I_l = 0 are left out).
 * @returns τ ≥ 0 in logits (at most 20).
 */
export function levelSpread(root: ArrayLike<number>, information: ArrayLike<number>): number {
  const idx: number[] = [];
  for (let l = 0; l < root.length; l++) if (information[l] > 0) idx.push(l);
  if (idx.length === 0) return 0;
  const medianAt = (tau: number) => {
    const q = idx.map((l) => (root[l] * root[l]) / (1 + information[l] * tau * tau)).sort((x, y) => x - y);
    const h = q.length >> 1;
    return q.length % 2 ? q[h] : (q[h - 1] + q[h]) / 2;
  };
  if (medianAt(0) <= CHI2_1_MEDIAN) return 0;
  let lo = 0;
  let hi = 20;
  if (medianAt(hi) > CHI2_1_MEDIAN) return hi;
  for (let i = 0; i < 100; i++) {
    const mid = (lo + hi) / 2;
    if (medianAt(mid) > CHI2_1_MEDIAN) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
