import jStat from "jstat";

/** log √(2π). */
const LOG_SQRT_2PI = 0.9189385332046728;

/**
 * log Φ(x), the log of the standard normal distribution function, accurate
 * far into the lower tail (SPEC 11: the p-values of levels that disagree with
 * the measure by many standard errors, and their ranks, stay exact): for
 * x > −5 from jstat's erfc (relative error below 1e-11 there); below, from
 * the continued fraction of Mills' ratio, Φ(−t) = φ(t) / (t + 1/(t + 2/(t +
 * 3/(t + …)))) (60 terms, exact to rounding for t ≥ 5).
 */
export function logNormalCdf(x: number): number {
  if (x > -5) return Math.log(0.5 * jStat.erfc(-x / Math.SQRT2));
  if (x === -Infinity) return -Infinity;
  const t = -x;
  let fraction = t;
  for (let k = 60; k >= 1; k--) fraction = t + k / fraction;
  return -0.5 * t * t - LOG_SQRT_2PI - Math.log(fraction);
}

/**
 * The z ≥ 0 whose upper tail is p: Φ(−z) = p, given log p (p ≤ 1/2), so that
 * p-values far below 1e-300 still give their z. Newton's method on the
 * concave, falling log Φ(−z): after the first step it approaches the root
 * from above, monotonically.
 *
 * @param logP log p, at most log ½ (larger values give 0).
 */
export function upperTailZ(logP: number): number {
  if (!(logP < Math.log(0.5))) return 0;
  if (logP === -Infinity) return Infinity;
  let z = Math.sqrt(-2 * logP);
  for (let i = 0; i < 100; i++) {
    const f = logNormalCdf(-z) - logP;
    // d/dz log Φ(−z) = −φ(z)/Φ(−z).
    const slope = -Math.exp(-0.5 * z * z - LOG_SQRT_2PI - logNormalCdf(-z));
    const next = z - f / slope;
    if (Math.abs(next - z) <= 1e-13 * Math.max(1, z)) return Math.max(0, next);
    z = Math.max(0, next);
  }
  return z;
}
