/**
 * A turn or mirror of an Apsis sky about the sun (SPEC 7): first, when
 * `mirror`, the sky is reflected in the line through the sun at angle 0 (every
 * angle and direction a becomes −a), then it turns `turn` degrees
 * counter-clockwise (SPEC 5.1 sense). On an angle: a ↦ turn + (mirror ? −a : a).
 */
export interface ApsisTransform {
  /** Degrees counter-clockwise, in [0, 360); not always whole for near copies. */
  turn: number;
  mirror: boolean;
}

/** An angle in degrees brought into [0, 360). */
export function normalDegrees(a: number): number {
  // the common cases without a floating-point remainder (slow in V8)
  if (a >= 0 && a < 360) return a === 0 ? 0 : a;
  if (a >= -360 && a < 0) return a + 360 === 360 ? 0 : a + 360;
  if (a >= 360 && a < 720) return a - 360;
  const r = a % 360;
  return r < 0 ? (r + 360 === 360 ? 0 : r + 360) : r === 0 ? 0 : r;
}

/** Signed difference a − b of two angles in degrees, in (−180, 180]. */
export function signedGap(a: number, b: number): number {
  const d = normalDegrees(a - b);
  return d > 180 ? d - 360 : d;
}

/** Applies a transform to an angle or direction (degrees); result in [0, 360). */
export function applyApsisTransform(t: ApsisTransform, degrees: number): number {
  return normalDegrees(t.turn + (t.mirror ? -degrees : degrees));
}
