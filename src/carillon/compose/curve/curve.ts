/** A point of the field, field units (origin top-left, y down). */
export interface Point {
  x: number;
  y: number;
}

/**
 * A parametric curve u ∈ [0, 1] → point (field units). Every composed figure
 * (SPEC 4.6) is drawn as one or more of these, and dots are laid along them.
 */
export type Curve = (u: number) => Point;
