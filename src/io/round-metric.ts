/**
 * Rounds a measured metric to 6 decimals, the precision every stored metric
 * carries (SPEC 2, "Numbers and ties"); -0 becomes 0.
 */
export function roundMetric(value: number): number {
  const r = Math.round(value * 1e6) / 1e6;
  return r === 0 ? 0 : r;
}
