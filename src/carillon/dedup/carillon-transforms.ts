/**
 * One of the eight turns and mirrors of a Carillon field about its centre
 * (SPEC 7): first, when `mirror`, x is reflected about the centre (left ↔
 * right), then the field turns `quarterTurns` × 90° from +x towards +y
 * (clockwise on screen, the horn-facing sense of SPEC 4.1).
 *
 * A quarter turn of the 640 × 900 field is defined on coordinates relative to
 * the centre, `(x − width/2, y − height/2)`: the turned picture is compared by
 * its relative positions and need not fit inside a 640 × 900 frame.
 */
export interface CarillonTransform {
  quarterTurns: 0 | 1 | 2 | 3;
  mirror: boolean;
}

/** The eight transforms, identity first, then turns, then mirrored turns (the fixed order ties are broken in). */
export const CARILLON_TRANSFORMS: readonly CarillonTransform[] = [
  { quarterTurns: 0, mirror: false },
  { quarterTurns: 1, mirror: false },
  { quarterTurns: 2, mirror: false },
  { quarterTurns: 3, mirror: false },
  { quarterTurns: 0, mirror: true },
  { quarterTurns: 1, mirror: true },
  { quarterTurns: 2, mirror: true },
  { quarterTurns: 3, mirror: true },
];

/**
 * Turns a vector relative to the field's centre (a dot position or a drifter
 * step, field units). Exact: only sign changes and swaps.
 */
export function turnVector(t: CarillonTransform, u: number, v: number): [number, number] {
  const x = t.mirror ? -u : u;
  switch (t.quarterTurns) {
    case 0:
      return [x, v];
    case 1:
      return [-v, x];
    case 2:
      return [-x, -v];
    default:
      return [v, -x];
  }
}

/** Turns a horn facing (degrees from +x towards +y); result in [0, 360). */
export function turnFacing(t: CarillonTransform, degrees: number): number {
  const f = (t.mirror ? 180 - degrees : degrees) + 90 * t.quarterTurns;
  return ((f % 360) + 360) % 360;
}

/** Absolute difference of two angles in degrees, in [0, 180]. */
export function angleGap(a: number, b: number): number {
  const d = (((a - b) % 360) + 360) % 360;
  return d > 180 ? 360 - d : d;
}
