/**
 * The Benjamini–Hochberg step-up procedure (1995) over a family of tests: with
 * p-values sorted ascending, every test up to the largest rank k with
 * p_(k) ≤ k·q / N is rejected. It keeps the expected share of false
 * rejections among the rejections at most q (for independent or positively
 * dependent tests), and when no hypothesis is false it rejects any at all
 * with probability at most q — so 400 levels tested at q = 0.05 flag none by
 * chance 95% of the time, not 20 (SPEC 11: outliers after correcting for
 * testing every level).
 *
 * @param p the p-values (in [0, 1]); `order` optional tie-breaking key per
 *   test, larger first among equal p (e.g. |z| when p underflows to 0).
 * @param q the false discovery rate (default 0.05).
 * @returns per test, whether it is rejected.
 */
export function benjaminiHochberg(p: ArrayLike<number>, q = 0.05, order?: ArrayLike<number>): boolean[] {
  const n = p.length;
  const idx = Array.from({ length: n }, (_, i) => i).sort((i, j) => p[i] - p[j] || (order ? order[j] - order[i] : 0) || i - j);
  let k = 0;
  for (let r = 1; r <= n; r++) if (p[idx[r - 1]] <= (r * q) / n) k = r;
  const out = new Array<boolean>(n).fill(false);
  for (let r = 0; r < k; r++) out[idx[r]] = true;
  return out;
}
