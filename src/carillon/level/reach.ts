import { bearing, inCone } from "./cone.ts";
import type { CarillonField } from "./compile-field.ts";

/** Centre-to-centre distance of dots `a` and `b` before any tap, field units. */
export function centreDistance(field: CarillonField, a: number, b: number): number {
  const dx = field.x[a] - field.x[b];
  const dy = field.y[a] - field.y[b];
  return Math.sqrt(dx * dx + dy * dy);
}

/**
 * How far `a`'s ring falls short of `b` (SPEC 4.1/4.2):
 * `dist(a,b) − radius(b) − reach(a)`, field units. ≤ 0 means the ring reaches
 * `b` (for a horn, when `b`'s centre is also inside its cone); a fair field
 * keeps |gap| ≥ the reach margin (10).
 */
export function reachGap(field: CarillonField, a: number, b: number): number {
  return centreDistance(field, a, b) - field.radius[b] - field.reach[a];
}

/**
 * Whether dot `a`'s own ring reaches dot `b` before any tap:
 * `dist(a,b) − radius(b) ≤ reach(a)` (SPEC 4.1), with the physics' distance
 * tolerance so the decision cannot flip on rounding noise; a horn's ring
 * (doubled reach) reaches only dots whose centres lie inside its cone (SPEC
 * 4.4). A dot never reaches itself.
 */
export function reaches(field: CarillonField, a: number, b: number): boolean {
  if (a === b || reachGap(field, a, b) > field.physics.distanceTolerance) return false;
  const facing = field.facing[a];
  if (Number.isNaN(facing)) return true;
  const { coneHalfAngle, angleTolerance } = field.physics.horn;
  return inCone(facing, bearing(field.x[a], field.y[a], field.x[b], field.y[b]), coneHalfAngle, angleTolerance);
}

/**
 * Beats from `a` popping until its ring arrives at `b`'s edge:
 * `max(0, dist(a,b) − radius(b)) / ringSpeed`.
 */
export function arrivalTime(field: CarillonField, a: number, b: number): number {
  return Math.max(0, centreDistance(field, a, b) - field.radius[b]) / field.physics.ringSpeed;
}
