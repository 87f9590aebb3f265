import type { ApsisArrow } from "./apsis-body.ts";
import { LevelrampError } from "../../io/errors.ts";
import { cosDeg, sinDeg } from "./degree-trig.ts";
import type { SkyModel } from "../model/sky-model.ts";

/** The geometric part of an arrow (SPEC 3): ring 1.., midpoint angle and direction in integer degrees, length in sky units. */
export type ArrowPlacement = Pick<ApsisArrow, "ring" | "angle" | "length" | "direction">;

/**
 * An arrow laid out in the sky (SPEC 5.1), sky units, centre (0,0), y up:
 * midpoint m on its ring, unit direction u, tail t = m − (length/2)·u,
 * head h = m + (length/2)·u, and the way out: the segment from the head
 * along u to the point e where it crosses the rim.
 */
export interface ArrowShape {
  readonly ring: number;
  readonly mx: number; readonly my: number;
  readonly ux: number; readonly uy: number;
  readonly tx: number; readonly ty: number;
  readonly hx: number; readonly hy: number;
  readonly ex: number; readonly ey: number;
}

/**
 * Lays out one arrow.
 *
 * @throws LevelrampError (exit 2) `apsis/geometry: ...` when the ring is not one of the sky's rings.
 */
export function arrowShape(arrow: ArrowPlacement, sky: SkyModel): ArrowShape {
  const radius = sky.ringRadii[arrow.ring - 1];
  if (radius === undefined) {
    throw new LevelrampError("apsis/geometry", `ring ${arrow.ring} is not a ring of the sky (expected 1..${sky.ringRadii.length})`, 2);
  }
  const mx = radius * cosDeg(arrow.angle);
  const my = radius * sinDeg(arrow.angle);
  const ux = cosDeg(arrow.direction);
  const uy = sinDeg(arrow.direction);
  const half = arrow.length / 2;
  const hx = mx + half * ux;
  const hy = my + half * uy;
  // The way ends where h + s·u meets the rim: s = −(h·u) + sqrt((h·u)² − |h|² + rim²).
  const hu = hx * ux + hy * uy;
  const disc = hu * hu - (hx * hx + hy * hy) + sky.rimRadius * sky.rimRadius;
  const s = disc > 0 ? Math.max(0, -hu + Math.sqrt(disc)) : 0;
  return { ring: arrow.ring, mx, my, ux, uy, tx: mx - half * ux, ty: my - half * uy, hx, hy, ex: hx + s * ux, ey: hy + s * uy };
}
