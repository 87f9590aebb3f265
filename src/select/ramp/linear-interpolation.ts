/**
 * Piecewise-linear interpolation through points (SPEC 3, `linear` ramps);
 * constant beyond the first and last points.
 *
 * @param xs strictly increasing abscissae (level numbers).
 * @param ys values at `xs`.
 * @throws RangeError when `xs` is empty, unsorted, or `ys` has another length.
 */
export function linearInterpolation(xs: readonly number[], ys: readonly number[]): (x: number) => number {
  const n = xs.length;
  if (n === 0 || ys.length !== n) throw new RangeError("select/linear-interpolation: expected as many values as points, at least one");
  for (let k = 1; k < n; k++) {
    if (!(xs[k] > xs[k - 1])) throw new RangeError("select/linear-interpolation: points must be in strictly increasing order");
  }
  return (x: number): number => {
    if (x <= xs[0]) return ys[0];
    if (x >= xs[n - 1]) return ys[n - 1];
    let k = 0;
    while (x > xs[k + 1]) k++;
    const t = (x - xs[k]) / (xs[k + 1] - xs[k]);
    return ys[k] + t * (ys[k + 1] - ys[k]);
  };
}
