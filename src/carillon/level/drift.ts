import type { CarillonField } from "./compile-field.ts";

/**
 * One coordinate of a drifter after `taps` taps (SPEC 4.4): it moves by its
 * step after every tap, bouncing off the field's edges — its centre reflects
 * inside [radius, size − radius], so the whole dot stays inside. Closed form:
 * the travelled distance is folded into that interval (period twice its
 * length), so position t never depends on walking t steps. `taps` 0 gives
 * `start` exactly.
 *
 * @param start centre coordinate before the first tap, field units.
 * @param step move per tap, field units (any sign).
 * @param radius the dot's radius, field units.
 * @param size the field's width (x) or height (y), field units.
 */
export function driftCoordinate(start: number, step: number, radius: number, size: number, taps: number): number {
  if (taps === 0 || step === 0) return start;
  const span = size - 2 * radius;
  if (span <= 0) return start;
  const period = 2 * span;
  let m = (start - radius + taps * step) % period;
  if (m < 0) m += period;
  return radius + (m <= span ? m : period - m);
}

/**
 * Every dot's centre after `taps` taps: drifters moved by
 * {@link driftCoordinate}, every other dot where it started. Returns new
 * arrays `[x, y]`, field units.
 */
export function positionsAt(field: CarillonField, taps: number): [Float64Array, Float64Array] {
  const x = field.x.slice();
  const y = field.y.slice();
  for (const d of field.byMark.drifter) {
    x[d] = driftCoordinate(field.x[d], field.stepX[d], field.radius[d], field.width, taps);
    y[d] = driftCoordinate(field.y[d], field.stepY[d], field.radius[d], field.height, taps);
  }
  return [x, y];
}
