import type { ArrowPlacement } from "../level/arrow-shape.ts";
import { cosDeg, normalizeDegrees, sinDeg } from "../level/degree-trig.ts";
import type { SkyModel } from "../model/sky-model.ts";

/** How a sky looks (SPEC 5.5), each in 0..1. */
export interface SkyLooks {
  /** Share of arrows matched under the best turn (not the identity) or mirror. */
  symmetry: number;
  /** Entropy of ring occupancy, normalised by its largest possible value for this many arrows. */
  spread: number;
  /** 1 when the arrows' midpoint centroid sits on the sun, 0 at the outer ring or beyond. */
  balance: number;
}

const turnVotes = new Int32Array(360);
const mirrorVotes = new Int32Array(360);

/**
 * Share of arrows that land exactly on an arrow (same ring, length, angle and
 * direction) under the best turn about the sun by 1..359 degrees, or the best
 * mirror about any axis through the sun (whole or half degrees). Found by
 * voting over pairs: O(n²).
 */
export function skySymmetry(arrows: readonly ArrowPlacement[]): number {
  const n = arrows.length;
  if (n === 0) return 0;
  turnVotes.fill(0);
  mirrorVotes.fill(0);
  let best = 0;
  for (let i = 0; i < n; i++) {
    const a = arrows[i];
    for (let j = 0; j < n; j++) {
      const b = arrows[j];
      if (a.ring !== b.ring || a.length !== b.length) continue;
      if (i !== j) {
        const turn = normalizeDegrees(b.angle - a.angle);
        if (turn !== 0 && normalizeDegrees(b.direction - a.direction) === turn) {
          const v = ++turnVotes[turn];
          if (v > best) best = v;
        }
      }
      // Mirror about the axis at s/2 degrees: angle → s − angle, direction → s − direction.
      const s = normalizeDegrees(a.angle + b.angle);
      if (normalizeDegrees(a.direction + b.direction) === s) {
        const v = ++mirrorVotes[s];
        if (v > best) best = v;
      }
    }
  }
  return best / n;
}

/** Ring-occupancy entropy over ln(min(arrows, rings)); 0 for fewer than two arrows. */
export function skySpread(arrows: readonly ArrowPlacement[], rings: number): number {
  const n = arrows.length;
  const most = Math.min(n, rings);
  if (most < 2) return 0;
  const counts = new Array<number>(rings + 1).fill(0);
  for (const a of arrows) counts[a.ring]++;
  let h = 0;
  for (const c of counts) if (c > 0) h -= (c / n) * Math.log(c / n);
  return h / Math.log(most);
}

/** 1 − |centroid of the arrows' midpoints| / outer ring radius, at least 0. */
export function skyBalance(arrows: readonly ArrowPlacement[], sky: SkyModel): number {
  if (arrows.length === 0) return 0;
  let x = 0;
  let y = 0;
  for (const a of arrows) {
    const r = sky.ringRadii[a.ring - 1];
    x += r * cosDeg(a.angle);
    y += r * sinDeg(a.angle);
  }
  const off = Math.hypot(x, y) / arrows.length;
  return Math.max(0, 1 - off / sky.ringRadii[sky.ringRadii.length - 1]);
}

/** Symmetry, spread and balance of a sky (SPEC 5.5). */
export function skyLooks(arrows: readonly ArrowPlacement[], sky: SkyModel): SkyLooks {
  return { symmetry: skySymmetry(arrows), spread: skySpread(arrows, sky.ringRadii.length), balance: skyBalance(arrows, sky) };
}
