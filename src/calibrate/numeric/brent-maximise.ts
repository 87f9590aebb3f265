/** Where {@link brentMaximise} stopped. */
export interface BrentResult {
  /** The maximiser found in [lo, hi]. */
  x: number;
  /** f(x). */
  value: number;
  /** Function evaluations spent. */
  evaluations: number;
}

/** (3 − √5) / 2: the golden-section step. */
const GOLDEN = 0.3819660112501051;

/**
 * The maximum of a function of one variable on [lo, hi] by Brent's method
 * (Algorithms for Minimization without Derivatives, 1973, ch. 5): golden
 * sections that keep a bracket, with parabolic steps through the best three
 * points when they fall inside it and shrink it fast enough. It needs no
 * derivative and cannot cycle; on a unimodal function it converges to the
 * maximiser, on a function with a maximum at an end (a variance at 0) to that
 * end. SPEC 11: the level spread τ's likelihood, profiled over the other
 * parameters.
 *
 * @param f the function (finite on [lo, hi]).
 * @param options tolerance on x (default 1e-8 absolute + 1e-8 relative), at
 *   most `maxEvaluations` calls (default 200).
 */
export function brentMaximise(f: (x: number) => number, lo: number, hi: number, options: { tolerance?: number; maxEvaluations?: number } = {}): BrentResult {
  const tol = options.tolerance ?? 1e-8;
  const max = options.maxEvaluations ?? 200;
  let a = lo;
  let b = hi;
  let x = a + GOLDEN * (b - a);
  let w = x;
  let v = x;
  let fx = -f(x);
  let fw = fx;
  let fv = fx;
  let evaluations = 1;
  let d = 0;
  let e = 0;
  // Both ends too: Brent's method never evaluates them, and a variance's maximum is often at 0.
  const ends = [lo, hi].map((z) => ({ z, v: f(z) }));
  evaluations += 2;
  while (evaluations < max) {
    const m = (a + b) / 2;
    const tol1 = tol * Math.abs(x) + tol;
    const tol2 = 2 * tol1;
    if (Math.abs(x - m) <= tol2 - (b - a) / 2) break;
    let golden = true;
    if (Math.abs(e) > tol1) {
      // A parabola through x, w, v.
      let r = (x - w) * (fx - fv);
      let q = (x - v) * (fx - fw);
      let p = (x - v) * q - (x - w) * r;
      q = 2 * (q - r);
      if (q > 0) p = -p;
      else q = -q;
      r = e;
      e = d;
      if (Math.abs(p) < Math.abs(0.5 * q * r) && p > q * (a - x) && p < q * (b - x)) {
        d = p / q;
        const u = x + d;
        if (u - a < tol2 || b - u < tol2) d = x < m ? tol1 : -tol1;
        golden = false;
      }
    }
    if (golden) {
      e = (x < m ? b : a) - x;
      d = GOLDEN * e;
    }
    const u = Math.abs(d) >= tol1 ? x + d : x + (d > 0 ? tol1 : -tol1);
    const fu = -f(u);
    evaluations++;
    if (fu <= fx) {
      if (u < x) b = x;
      else a = x;
      [v, fv, w, fw, x, fx] = [w, fw, x, fx, u, fu];
    } else {
      if (u < x) a = u;
      else b = u;
      if (fu <= fw || w === x) {
        [v, fv, w, fw] = [w, fw, u, fu];
      } else if (fu <= fv || v === x || v === w) {
        v = u;
        fv = fu;
      }
    }
  }
  // An end wins when it is higher, or as high within rounding and within 1e-6 of the interval of the point found (a maximum on the boundary, τ = 0, approached only geometrically).
  let best = { x, value: -fx };
  for (const end of ends) {
    const near = Math.abs(end.z - best.x) <= 2 * (tol * Math.abs(best.x) + tol) + 1e-6 * (hi - lo);
    if (end.v > best.value || (near && end.v >= best.value - 1e-12 * Math.max(1, Math.abs(best.value)))) best = { x: end.z, value: end.v };
  }
  return { ...best, evaluations };
}
