import type { ArrowShape } from "./arrow-shape.ts";
import { pointSegmentDistanceSq, segmentSegmentDistanceSq } from "./segment-distance.ts";
import type { SkyLimits } from "./sky-limits.ts";

/**
 * Whether an arrow's capsule fits on its own (SPEC 5.1): inside the rim
 * (both ends of its centre segment at most rim − half-width from the centre)
 * and at least the sun clearance off the sun. Ties fit.
 */
export function fitsAlone(a: ArrowShape, limits: SkyLimits): boolean {
  if (a.tx * a.tx + a.ty * a.ty > limits.rimEndSq) return false;
  if (a.hx * a.hx + a.hy * a.hy > limits.rimEndSq) return false;
  return pointSegmentDistanceSq(0, 0, a.tx, a.ty, a.hx, a.hy) >= limits.sunSegmentSq;
}

/**
 * Whether two capsules keep the gap (SPEC 5.1): their centre segments at
 * least 2 × half-width + gap apart. Ties fit.
 */
export function capsulesClear(a: ArrowShape, b: ArrowShape, limits: SkyLimits): boolean {
  return segmentSegmentDistanceSq(a.tx, a.ty, a.hx, a.hy, b.tx, b.ty, b.hx, b.hy) >= limits.gapSq;
}
