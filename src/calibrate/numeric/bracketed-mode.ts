/** What {@link bracketedMode} needs at a point: the first and second derivative of the function maximised. */
export interface Slope {
  d1: number;
  d2: number;
}

/** Where {@link bracketedMode} stopped. */
export interface Mode {
  /** The maximiser (clamped to the search bounds when the function still rises there). */
  x: number;
  /** The first and second derivative there. */
  at: Slope;
  /** Whether the derivative changed sign within the bounds (false: the maximum is at a bound). */
  interior: boolean;
  /** Derivative evaluations spent. */
  evaluations: number;
}

/**
 * The maximum of a smooth unimodal function of one variable (SPEC 11: a
 * player's posterior mode, a level's most likely shift) by Newton's method
 * kept inside a bracket — rtsafe (Numerical Recipes 9.4) on the derivative.
 * The bracket [lo, hi] holds the sign change of f' (f' > 0 at lo, < 0 at
 * hi); it is found by stepping from `start` in the uphill direction with
 * doubling steps, and every Newton step that would leave it, or that does not
 * halve it fast enough, is replaced by bisection. So it converges whatever
 * the curvature does far from the mode — where a logistic likelihood of
 * thousands of attempts saturates, f'' is nearly 0 and plain (or capped)
 * Newton overshoots and can cycle between two points for ever.
 *
 * @param slope f' and f'' at x (f'' < 0 near the mode; any sign elsewhere).
 * @param start where to begin (the last mode, when there is one).
 * @param options tolerance on x (default 1e-10, relative to max(1, |x|));
 *   bounds of the search (default ±1e3; a function still rising at a bound
 *   returns that bound with `interior` false); the first bracketing step
 *   where f'' ≥ 0 (default 1; elsewhere 1.5 Newton steps).
 * @returns the mode, f' and f'' there, and whether it is interior.
 */
export function bracketedMode(slope: (x: number) => Slope, start: number, options: { tolerance?: number; lower?: number; upper?: number; step?: number } = {}): Mode {
  const tol = options.tolerance ?? 1e-10;
  const lower = options.lower ?? -1e3;
  const upper = options.upper ?? 1e3;
  let evaluations = 0;
  const at = (x: number) => {
    evaluations++;
    return slope(x);
  };
  let x = Math.min(upper, Math.max(lower, Number.isFinite(start) ? start : 0));
  let s = at(x);
  if (s.d1 === 0) return { x, at: s, interior: true, evaluations };
  // (1) A bracket: walk uphill (by the Newton step when it points uphill, else by doubling steps) until f' changes sign.
  let lo: number;
  let hi: number;
  let sLo: Slope;
  let sHi: Slope;
  const up = s.d1 > 0;
  // The first step: past the Newton point when f'' says where it is (near the mode one step brackets it), else `step`.
  let step = s.d2 < 0 ? 1.5 * Math.abs(s.d1 / s.d2) + 1e-9 : (options.step ?? 1);
  for (;;) {
    const bound = up ? upper : lower;
    const next = up ? Math.min(bound, x + step) : Math.max(bound, x - step);
    const sNext = at(next);
    if (up ? sNext.d1 <= 0 : sNext.d1 >= 0) {
      [lo, hi, sLo, sHi] = up ? [x, next, s, sNext] : [next, x, sNext, s];
      break;
    }
    if (next === bound) return { x: next, at: sNext, interior: false, evaluations };
    x = next;
    s = sNext;
    step *= 2;
  }
  if (sLo.d1 === 0) return { x: lo, at: sLo, interior: true, evaluations };
  if (sHi.d1 === 0) return { x: hi, at: sHi, interior: true, evaluations };
  // (2) Newton inside the bracket, bisection when a step leaves it or the bracket shrinks too slowly.
  x = sLo.d1 > -sHi.d1 ? hi : lo;
  s = x === hi ? sHi : sLo;
  let width = hi - lo;
  let before = 2 * width;
  for (let iter = 0; iter < 200; iter++) {
    const newton = s.d2 < 0 ? x - s.d1 / s.d2 : NaN;
    let next: number;
    if (!(newton > lo && newton < hi) || Math.abs(2 * (newton - x)) > before) {
      before = width;
      next = lo + (hi - lo) / 2;
    } else {
      before = width;
      next = newton;
    }
    width = Math.abs(next - x);
    x = next;
    s = at(x);
    if (width <= tol * Math.max(1, Math.abs(x)) || s.d1 === 0) break;
    if (s.d1 > 0) lo = x;
    else hi = x;
    if (hi - lo <= tol * Math.max(1, Math.abs(x))) break;
  }
  return { x, at: s, interior: true, evaluations };
}
