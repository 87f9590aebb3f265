/**
 * The Wilson score interval of a binomial proportion (95% by default): for
 * `wins` in `attempts`, the p whose score test does not reject at level α,
 * (p̂ + z²/2n ± z·√(p̂(1 − p̂)/n + z²/4n²)) / (1 + z²/n). It stays inside
 * [0, 1] and is not empty at 0 or n wins, unlike p̂ ± z·SE. SPEC 11's report
 * draws each level's observed pass rate with it.
 *
 * @returns [low, high]; [0, 1] for no attempts.
 */
export function wilsonInterval(wins: number, attempts: number, z = 1.959963984540054): [number, number] {
  if (attempts <= 0) return [0, 1];
  const p = wins / attempts;
  const z2n = (z * z) / attempts;
  const centre = p + z2n / 2;
  const half = z * Math.sqrt((p * (1 - p)) / attempts + z2n / (4 * attempts));
  const scale = 1 + z2n;
  return [Math.max(0, (centre - half) / scale), Math.min(1, (centre + half) / scale)];
}
