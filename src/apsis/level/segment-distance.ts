/**
 * Squared distance from point p to segment ab (SPEC 5.1 geometry), in squared
 * sky units. A zero-length segment is its point.
 */
export function pointSegmentDistanceSq(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  let t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
  if (t < 0) t = 0;
  else if (t > 1) t = 1;
  const qx = ax + t * dx - px;
  const qy = ay + t * dy - py;
  return qx * qx + qy * qy;
}

/**
 * Squared distance between segments ab and cd: 0 when they cross, otherwise
 * the least of the four endpoint-to-segment distances (the closest pair of
 * two non-crossing segments always involves an endpoint).
 */
export function segmentSegmentDistanceSq(
  ax: number, ay: number, bx: number, by: number,
  cx: number, cy: number, dx: number, dy: number,
): number {
  const abx = bx - ax, aby = by - ay, cdx = dx - cx, cdy = dy - cy;
  const o1 = abx * (cy - ay) - aby * (cx - ax);
  const o2 = abx * (dy - ay) - aby * (dx - ax);
  const o3 = cdx * (ay - cy) - cdy * (ax - cx);
  const o4 = cdx * (by - cy) - cdy * (bx - cx);
  if (((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0))) return 0;
  let best = pointSegmentDistanceSq(ax, ay, cx, cy, dx, dy);
  let d = pointSegmentDistanceSq(bx, by, cx, cy, dx, dy);
  if (d < best) best = d;
  d = pointSegmentDistanceSq(cx, cy, ax, ay, bx, by);
  if (d < best) best = d;
  d = pointSegmentDistanceSq(dx, dy, ax, ay, bx, by);
  if (d < best) best = d;
  return best;
}

/** Distance between segments ab and cd, sky units (0 when they cross). */
export function segmentSegmentDistance(
  ax: number, ay: number, bx: number, by: number,
  cx: number, cy: number, dx: number, dy: number,
): number {
  return Math.sqrt(segmentSegmentDistanceSq(ax, ay, bx, by, cx, cy, dx, dy));
}
