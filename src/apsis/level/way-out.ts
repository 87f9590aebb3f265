import type { ArrowShape } from "./arrow-shape.ts";
import { pointSegmentDistanceSq, segmentSegmentDistanceSq } from "./segment-distance.ts";
import type { SkyLimits } from "./sky-limits.ts";

/**
 * Whether an arrow's way out passes within sun radius + margin of the centre
 * (SPEC 5.1): such an arrow can never leave and is never placed. Ties count
 * as passing within.
 */
export function wayThroughSun(a: ArrowShape, limits: SkyLimits): boolean {
  return pointSegmentDistanceSq(0, 0, a.hx, a.hy, a.ex, a.ey) < limits.waySunSq;
}

/**
 * Squared distance between `blocker`'s centre segment and `arrow`'s way out
 * (its head's ray up to the rim), squared sky units.
 */
export function wayDistanceSq(blocker: ArrowShape, arrow: ArrowShape): number {
  return segmentSegmentDistanceSq(blocker.tx, blocker.ty, blocker.hx, blocker.hy, arrow.hx, arrow.hy, arrow.ex, arrow.ey);
}

/** Whether `blocker` stands on `arrow`'s way out: closer than the two half-widths (SPEC 5.1). A tie does not block. */
export function blocksWay(blocker: ArrowShape, arrow: ArrowShape, limits: SkyLimits): boolean {
  return wayDistanceSq(blocker, arrow) < limits.blockSq;
}

/**
 * Whether a squared segment-to-way distance is fair to read (SPEC 5.1): at
 * most `fairOn` (clearly on the way) or at least `fairOff` (clearly off it).
 */
export function isFairDistanceSq(distanceSq: number, limits: SkyLimits): boolean {
  return distanceSq <= limits.fairOnSq || distanceSq >= limits.fairOffSq;
}
