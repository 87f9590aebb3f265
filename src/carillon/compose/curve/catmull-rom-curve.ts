import type { Curve, Point } from "./curve.ts";

/**
 * A smooth curve through `points` in order: a centripetal Catmull–Rom spline
 * (α = ½, which never forms cusps or self-loops inside a segment), each
 * segment taking an equal share of u ∈ [0, 1]. The end segments use
 * mirrored phantom points, so the curve starts at the first point and ends at
 * the last.
 *
 * @throws RangeError with fewer than two points or two equal neighbours.
 */
export function catmullRomCurve(points: readonly Point[]): Curve {
  const n = points.length;
  if (n < 2) throw new RangeError("carillon/compose: a spline needs at least two points");
  for (let i = 1; i < n; i++) {
    if (points[i].x === points[i - 1].x && points[i].y === points[i - 1].y) {
      throw new RangeError(`carillon/compose: spline points ${i - 1} and ${i} are the same point`);
    }
  }
  const ext: Point[] = [
    { x: 2 * points[0].x - points[1].x, y: 2 * points[0].y - points[1].y },
    ...points,
    { x: 2 * points[n - 1].x - points[n - 2].x, y: 2 * points[n - 1].y - points[n - 2].y },
  ];
  const segments = n - 1;
  // Knots of each segment: t0 = 0, t1, t2, t3 (centripetal: square roots of the chord lengths).
  const knots = new Float64Array(4 * segments);
  for (let s = 0; s < segments; s++) {
    const t1 = knot(ext[s], ext[s + 1]);
    const t2 = t1 + knot(ext[s + 1], ext[s + 2]);
    knots[4 * s + 1] = t1;
    knots[4 * s + 2] = t2;
    knots[4 * s + 3] = t2 + knot(ext[s + 2], ext[s + 3]);
  }
  return (u) => {
    const s = Math.min(segments - 1, Math.max(0, Math.floor(u * segments)));
    const local = Math.min(1, Math.max(0, u * segments - s));
    const t1 = knots[4 * s + 1];
    const t2 = knots[4 * s + 2];
    const t3 = knots[4 * s + 3];
    const t = t1 + (t2 - t1) * local;
    const p0 = ext[s];
    const p1 = ext[s + 1];
    const p2 = ext[s + 2];
    const p3 = ext[s + 3];
    // Barry–Goldman pyramid.
    const a1x = mix(p0.x, p1.x, t, 0, t1);
    const a1y = mix(p0.y, p1.y, t, 0, t1);
    const a2x = mix(p1.x, p2.x, t, t1, t2);
    const a2y = mix(p1.y, p2.y, t, t1, t2);
    const a3x = mix(p2.x, p3.x, t, t2, t3);
    const a3y = mix(p2.y, p3.y, t, t2, t3);
    const b1x = mix(a1x, a2x, t, 0, t2);
    const b1y = mix(a1y, a2y, t, 0, t2);
    const b2x = mix(a2x, a3x, t, t1, t3);
    const b2y = mix(a2y, a3y, t, t1, t3);
    return { x: mix(b1x, b2x, t, t1, t2), y: mix(b1y, b2y, t, t1, t2) };
  };
}

function knot(a: Point, b: Point): number {
  return Math.sqrt(Math.hypot(b.x - a.x, b.y - a.y));
}

/** The value at knot `t` on the line through (ta, a) and (tb, b). */
function mix(a: number, b: number, t: number, ta: number, tb: number): number {
  return tb === ta ? a : a + ((b - a) * (t - ta)) / (tb - ta);
}
