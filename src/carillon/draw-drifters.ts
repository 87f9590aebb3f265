import { shuffle } from "../random/index.ts";
import { countReason, unmarkedDots, type DressContext } from "./dress-context.ts";
import { driftCoordinate } from "./drift.ts";

/**
 * Whether dot `d` drifting by `step` keeps the gap and the reach margin (both
 * ways, own-size rings) with every other dot at each tap count `1..lastTaps`
 * — other drifters already placed moving too. A quick filter while drawing:
 * the dressed field's full fair-to-read check ({@link checkRuleGeometry},
 * every ring a dot can emit) decides.
 */
export function driftStaysFair(ctx: DressContext, d: number, step: readonly [number, number], lastTaps: number): boolean {
  const { field, models, dots } = ctx;
  const { minGap, reachMargin } = models.fair;
  const at = (i: number, t: number): [number, number] => {
    const m = i === d ? { kind: "drifter" as const, step } : dots[i].mark;
    if (m?.kind !== "drifter") return [field.x[i], field.y[i]];
    return [
      driftCoordinate(field.x[i], m.step[0], field.radius[i], field.width, t),
      driftCoordinate(field.y[i], m.step[1], field.radius[i], field.height, t),
    ];
  };
  for (let t = 1; t <= lastTaps; t++) {
    const [x, y] = at(d, t);
    for (let b = 0; b < field.count; b++) {
      if (b === d) continue;
      const [bx, by] = at(b, t);
      const dist = Math.hypot(x - bx, y - by);
      if (dist - field.radius[d] - field.radius[b] < minGap) return false;
      if (Math.abs(dist - field.radius[b] - field.sizeReach[d]) < reachMargin) return false;
      if (Math.abs(dist - field.radius[d] - field.reach[b]) < reachMargin) return false;
    }
  }
  return true;
}

/**
 * Drifters (SPEC 4.4): `count` dots drawn uniformly, each with a step of a
 * length drawn in `driftStep` (the part's, else generator.json's) and a uniform direction
 * (rounded to 0.1 units). A step is kept only when it passes
 * {@link driftStaysFair} up to the expected goal's last tap (the dressed
 * field is checked again in full with the proven goal); `dressing.tries`
 * steps per dot.
 *
 * @returns the drifters placed.
 */
export function drawDrifters(ctx: DressContext, count: number): number {
  const { models, rng } = ctx;
  const [lo, hi] = ctx.driftStep;
  let placed = 0;
  for (const d of shuffle(rng, unmarkedDots(ctx))) {
    if (placed >= count) break;
    for (let t = 0; t < models.generator.dressing.tries; t++) {
      const length = lo + rng() * (hi - lo);
      const angle = rng() * 2 * Math.PI;
      const step: [number, number] = [Math.round(length * Math.cos(angle) * 10) / 10, Math.round(length * Math.sin(angle) * 10) / 10];
      if (driftStaysFair(ctx, d, step, ctx.expectedGoal - 1)) {
        ctx.dots[d] = { ...ctx.dots[d], mark: { kind: "drifter", step } };
        placed++;
        break;
      }
      countReason(ctx, "drifter-unfair-step");
    }
  }
  return placed;
}
