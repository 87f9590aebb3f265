/**
 * Fritsch–Carlson monotone cubic Hermite interpolation (SPEC 3, ramps).
 *
 * Tangents follow the classic algorithm: secants δk; interior tangents the mean
 * of neighbouring secants (0 where they differ in sign or either is 0); end
 * tangents the end secants; then, for k = 0..n−2 in order, where α = mk/δk and
 * β = mk+1/δk give α² + β² > 9, both are scaled by 3/√(α² + β²). The curve
 * then never overshoots the points: between two points it stays within their
 * values, and it is monotone wherever the data are.
 *
 * @param xs strictly increasing abscissae (level numbers).
 * @param ys values at `xs`.
 * @returns an evaluator; beyond the first and last points it is constant.
 * @throws RangeError when `xs` is empty, unsorted, or `ys` has another length.
 */
export function monotoneCubic(xs: readonly number[], ys: readonly number[]): (x: number) => number {
  const n = xs.length;
  if (n === 0 || ys.length !== n) throw new RangeError("select/monotone-cubic: expected as many values as points, at least one");
  for (let k = 1; k < n; k++) {
    if (!(xs[k] > xs[k - 1])) throw new RangeError("select/monotone-cubic: points must be in strictly increasing order");
  }
  if (n === 1) return () => ys[0];
  const delta: number[] = [];
  for (let k = 0; k < n - 1; k++) delta.push((ys[k + 1] - ys[k]) / (xs[k + 1] - xs[k]));
  const m: number[] = new Array(n);
  m[0] = delta[0];
  m[n - 1] = delta[n - 2];
  for (let k = 1; k < n - 1; k++) {
    m[k] = delta[k - 1] * delta[k] <= 0 ? 0 : (delta[k - 1] + delta[k]) / 2;
  }
  for (let k = 0; k < n - 1; k++) {
    if (delta[k] === 0) {
      m[k] = 0;
      m[k + 1] = 0;
      continue;
    }
    const a = m[k] / delta[k];
    const b = m[k + 1] / delta[k];
    const s = a * a + b * b;
    if (s > 9) {
      const tau = 3 / Math.sqrt(s);
      m[k] = tau * a * delta[k];
      m[k + 1] = tau * b * delta[k];
    }
  }
  return (x: number): number => {
    if (x <= xs[0]) return ys[0];
    if (x >= xs[n - 1]) return ys[n - 1];
    let k = 0;
    while (x > xs[k + 1]) k++;
    const h = xs[k + 1] - xs[k];
    const t = (x - xs[k]) / h;
    const t2 = t * t;
    const t3 = t2 * t;
    return (
      (2 * t3 - 3 * t2 + 1) * ys[k] +
      (t3 - 2 * t2 + t) * h * m[k] +
      (-2 * t3 + 3 * t2) * ys[k + 1] +
      (t3 - t2) * h * m[k + 1]
    );
  };
}
