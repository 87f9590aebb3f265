// No Node imports: the browser ramp editor converts pass rates with this file.
import { normalExpectation } from "./numeric/gauss-hermite.ts";
import { logistic, logit } from "./numeric/logistic.ts";

/** The fitted curve of SPEC 11, as a calibration file's `model` and `params` give it. */
export interface PassRateCurve {
  /** `levels`: pass = σ(a − b·m); `rasch`: pass = σ(θ − (a + b·m)), θ ~ N(0, σ²). */
  model: "levels" | "rasch";
  /** a, b (logits; b per unit of the metric), σ (logits, Rasch only). */
  a: number;
  b: number;
  sigma?: number;
}

/** Gauss–Hermite nodes for the average player's pass rate. */
const AVERAGE_NODES = 48;

/**
 * The predicted pass rate at metric value m (SPEC 11): σ(a − b·m) per level;
 * for the Rasch model the pass rate of the average player — the rate over
 * abilities θ ~ N(0, σ²), ∫ σ(θ − a − b·m) φ_σ(θ) dθ (48-node Gauss–Hermite;
 * not σ(−a − b·m), which is the rate of the median player only at σ = 0 and
 * overstates easy levels and understates hard ones otherwise).
 *
 * @returns a probability in (0, 1).
 */
export function passRateAt(curve: PassRateCurve, m: number): number {
  if (curve.model === "levels") return logistic(curve.a - curve.b * m);
  const sigma = curve.sigma ?? 0;
  const d = curve.a + curve.b * m;
  return normalExpectation((z) => logistic(sigma * z - d), AVERAGE_NODES);
}

/**
 * The metric value whose predicted pass rate is p (SPEC 11 player ramps): the
 * inverse of {@link passRateAt}, which falls strictly in m when b > 0 — in
 * closed form (a − logit p) / b per level, by bisection for the Rasch model
 * (to 1e-12 of the bracket, from a bracket grown around the σ = 0 answer).
 *
 * @param p a pass rate strictly between 0 and 1.
 * @throws RangeError when p is not in (0, 1) or b ≤ 0 (the metric does not
 *   make levels harder, so no falling pass rate maps to a rising metric).
 */
export function metricAtPassRate(curve: PassRateCurve, p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`expected a pass rate strictly between 0 and 1; got ${p}`);
  if (!(curve.b > 0)) throw new RangeError(`expected a fit whose pass rate falls as the metric rises (b > 0); this one has b = ${curve.b}`);
  if (curve.model === "levels") return (curve.a - logit(p)) / curve.b;
  const guess = (-logit(p) - curve.a) / curve.b;
  let width = (1 + (curve.sigma ?? 0)) / curve.b;
  let lo = guess - width;
  let hi = guess + width;
  for (let i = 0; i < 200 && passRateAt(curve, lo) < p; i++) lo -= width *= 2;
  width = (1 + (curve.sigma ?? 0)) / curve.b;
  for (let i = 0; i < 200 && passRateAt(curve, hi) > p; i++) hi += width *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-12 * Math.max(1, Math.abs(lo), Math.abs(hi)); i++) {
    const mid = (lo + hi) / 2;
    if (passRateAt(curve, mid) > p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
