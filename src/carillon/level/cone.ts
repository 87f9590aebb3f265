/**
 * Bearing from (ax, ay) to (bx, by) in degrees, from +x towards +y (SPEC 4.1:
 * clockwise on screen, since y points down), in [0, 360).
 */
export function bearing(ax: number, ay: number, bx: number, by: number): number {
  const deg = (Math.atan2(by - ay, bx - ax) * 180) / Math.PI;
  return deg < 0 ? deg + 360 : deg;
}

/** The unsigned difference of two angles in degrees, in [0, 180]. */
export function angleBetween(a: number, b: number): number {
  const d = (((a - b) % 360) + 360) % 360;
  return d > 180 ? 360 - d : d;
}

/**
 * Whether a bearing lies inside a horn's cone (SPEC 4.4): within `halfAngle`
 * degrees (45) of the facing, with `tolerance` degrees (1e-9) of slack so the
 * decision cannot flip on rounding noise.
 */
export function inCone(facing: number, direction: number, halfAngle: number, tolerance: number): boolean {
  return angleBetween(facing, direction) <= halfAngle + tolerance;
}

/**
 * How far a bearing lies from the nearer edge of a horn's cone, degrees
 * (SPEC 4.4 readability: at least 8 for every dot near the doubled reach).
 */
export function coneEdgeClearance(facing: number, direction: number, halfAngle: number): number {
  return Math.abs(angleBetween(facing, direction) - halfAngle);
}
