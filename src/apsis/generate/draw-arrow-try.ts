import type { Rng } from "../../random/create-rng.ts";
import { pick, randomInt } from "../../random/random-int.ts";
import type { ArrowPlacement, ArrowShape } from "../level/arrow-shape.ts";
import { normalizeDegrees } from "../level/degree-trig.ts";
import type { GrowingSky } from "./growing-sky.ts";

/** One drawn try: the placement and whether it was aimed. */
export interface ArrowTry {
  arrow: ArrowPlacement;
  aimed: boolean;
}

/** Where a way out crosses a ring: the ring and the distance from the head along the way. */
interface Crossing {
  ring: number;
  along: number;
}

/** Every crossing of `shape`'s way out (head to rim) with the allowed rings. */
function wayCrossings(shape: ArrowShape, radii: readonly number[], allowedRings: readonly number[]): Crossing[] {
  const wx = shape.ex - shape.hx;
  const wy = shape.ey - shape.hy;
  const wayLength = Math.sqrt(wx * wx + wy * wy);
  const hu = shape.hx * shape.ux + shape.hy * shape.uy;
  const h2 = shape.hx * shape.hx + shape.hy * shape.hy;
  const out: Crossing[] = [];
  for (const ring of allowedRings) {
    const r = radii[ring - 1];
    const disc = hu * hu - h2 + r * r;
    if (disc < 0) continue;
    const root = Math.sqrt(disc);
    for (const along of [-hu - root, -hu + root]) if (along >= 0 && along <= wayLength) out.push({ ring, along });
  }
  return out;
}

/**
 * Draws one try for the backwards builder (SPEC 5.2). With probability
 * `aimedShare` (when some arrow is free right now and its way crosses an
 * allowed ring) the try is aimed: pick such a free arrow, a point along its
 * way out, and put the new arrow's midpoint where that way crosses the ring
 * nearest that point (angle rounded to whole degrees), so it stands in that
 * way; length and direction are drawn. The rest are random: ring, angle,
 * length and direction all drawn.
 *
 * @param allowedRings rings (1-based) the new arrow may sit on (falling-ring phases), not empty.
 */
export function drawArrowTry(sky: GrowingSky, rng: Rng, aimedShare: number, allowedRings: readonly number[], heightPower = 0): ArrowTry {
  const lengths = sky.limits.sky.lengths;
  const radii = sky.limits.sky.ringRadii;
  if (sky.size > 0 && rng() < aimedShare) {
    const aims: Array<{ shape: ArrowShape; crossings: Crossing[]; weight: number }> = [];
    let total = 0;
    for (let i = 0; i < sky.size; i++) {
      if (sky.rounds[i] !== 1) continue;
      const crossings = wayCrossings(sky.shapes[i], radii, allowedRings);
      if (crossings.length === 0) continue;
      const weight = Math.pow(sky.heights[i], heightPower);
      aims.push({ shape: sky.shapes[i], crossings, weight });
      total += weight;
    }
    if (aims.length > 0) {
      let drawn = rng() * total;
      let chosen = aims[aims.length - 1];
      for (const a of aims) {
        drawn -= a.weight;
        if (drawn < 0) {
          chosen = a;
          break;
        }
      }
      const { shape: f, crossings } = chosen;
      const wayLength = Math.hypot(f.ex - f.hx, f.ey - f.hy);
      const at = rng() * wayLength;
      let best = crossings[0];
      for (const c of crossings) if (Math.abs(c.along - at) < Math.abs(best.along - at)) best = c;
      const cx = f.hx + best.along * f.ux;
      const cy = f.hy + best.along * f.uy;
      const angle = normalizeDegrees(Math.round((Math.atan2(cy, cx) * 180) / Math.PI));
      return { arrow: { ring: best.ring, angle, length: pick(rng, lengths), direction: randomInt(rng, 0, 359) }, aimed: true };
    }
  }
  return {
    arrow: { ring: pick(rng, allowedRings), angle: randomInt(rng, 0, 359), length: pick(rng, lengths), direction: randomInt(rng, 0, 359) },
    aimed: false,
  };
}
