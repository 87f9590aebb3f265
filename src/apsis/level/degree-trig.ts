/**
 * Cosine and sine of integer degrees from a table that is exact at the
 * quarter turns (cos 90° is 0, not 6e-17) and symmetric by construction
 * (sin(180° − d) and sin d are the same double), so a sky turned by a quarter
 * or half turn, or mirrored, computes the very same numbers (SPEC 5.1).
 */
const SIN = new Float64Array(360);
for (let d = 0; d <= 90; d++) SIN[d] = d === 0 ? 0 : d === 90 ? 1 : d === 30 ? 0.5 : Math.sin((d * Math.PI) / 180);
for (let d = 91; d < 180; d++) SIN[d] = SIN[180 - d];
for (let d = 181; d < 360; d++) SIN[d] = -SIN[d - 180];

/** An angle in degrees folded into 0..359 (integers stay integers; -1 → 359). */
export function normalizeDegrees(degrees: number): number {
  const r = degrees % 360;
  return r < 0 ? r + 360 : r === 0 ? 0 : r;
}

/** sin of an angle in degrees (counter-clockwise); integer degrees come from the exact-symmetric table. */
export function sinDeg(degrees: number): number {
  if (Number.isInteger(degrees)) return SIN[normalizeDegrees(degrees)];
  return Math.sin((degrees * Math.PI) / 180);
}

/** cos of an angle in degrees (counter-clockwise); cos d = sin(d + 90°), from the same table. */
export function cosDeg(degrees: number): number {
  if (Number.isInteger(degrees)) return SIN[normalizeDegrees(degrees + 90)];
  return Math.cos((degrees * Math.PI) / 180);
}
