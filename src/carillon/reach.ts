import type { CarillonField } from "./field.ts";

/** Centre-to-centre distance of dots `a` and `b`, field units. */
export function centreDistance(field: CarillonField, a: number, b: number): number {
  const dx = field.x[a] - field.x[b];
  const dy = field.y[a] - field.y[b];
  return Math.sqrt(dx * dx + dy * dy);
}

/**
 * How far `a`'s ring falls short of `b` (SPEC 4.1/4.2):
 * `dist(a,b) − radius(b) − reach(a)`, field units. ≤ 0 means the ring reaches
 * `b`; a fair field keeps |gap| ≥ the reach margin (10).
 */
export function reachGap(field: CarillonField, a: number, b: number): number {
  return centreDistance(field, a, b) - field.radius[b] - field.reach[a];
}

/**
 * Whether dot `a`'s ring reaches dot `b`: `dist(a,b) − radius(b) ≤ reach(a)`
 * (SPEC 4.1), with the physics' distance tolerance so the decision cannot flip
 * on rounding noise. A dot never reaches itself.
 */
export function reaches(field: CarillonField, a: number, b: number): boolean {
  return a !== b && reachGap(field, a, b) <= field.physics.distanceTolerance;
}

/**
 * Beats from `a` popping until its ring arrives at `b`'s edge:
 * `max(0, dist(a,b) − radius(b)) / ringSpeed`.
 */
export function arrivalTime(field: CarillonField, a: number, b: number): number {
  return Math.max(0, centreDistance(field, a, b) - field.radius[b]) / field.physics.ringSpeed;
}
