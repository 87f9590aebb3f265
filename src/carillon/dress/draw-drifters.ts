import { pick, shuffle } from "../../random/index.ts";
import { countReason, unmarkedDots, type DressContext } from "./dress-context.ts";
import { driftCoordinate } from "../engine/drift.ts";

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
 * Whether dot `d` drifting by `step` changes which dots its ring reaches or
 * which rings reach it at some tap count `1..lastTaps` (own-size rings, as
 * {@link driftStaysFair}): a drifter that never does cannot matter.
 */
export function driftChangesReach(ctx: DressContext, d: number, step: readonly [number, number], lastTaps: number): boolean {
  const { field } = ctx;
  const reachAt = (x: number, y: number, b: number): number => {
    const dist = Math.hypot(x - field.x[b], y - field.y[b]);
    return (dist - field.radius[b] <= field.sizeReach[d] ? 1 : 0) | (dist - field.radius[d] <= field.reach[b] ? 2 : 0);
  };
  for (let t = 1; t <= lastTaps; t++) {
    const x = driftCoordinate(field.x[d], step[0], field.radius[d], field.width, t);
    const y = driftCoordinate(field.y[d], step[1], field.radius[d], field.height, t);
    for (let b = 0; b < field.count; b++) {
      if (b !== d && !ctx.dots[b].mark && reachAt(x, y, b) !== reachAt(field.x[d], field.y[d], b)) return true;
    }
  }
  return false;
}

/**
 * Drifters (SPEC 4.4): up to `count` dots, tried in a uniform random order.
 * For each, a grid of steps (`dressing.driftGrid`: directions evenly spaced
 * from a random offset × lengths evenly spaced over `driftStep`, the part's
 * or generator.json's) is weighed: a step is a candidate when the field stays
 * fair ({@link driftStaysFair}) up to the expected goal's last tap, and a
 * preferred one when it also changes the drifter's reach
 * ({@link driftChangesReach}). The step is drawn uniformly among the
 * preferred candidates, else among the candidates; a dot with none is
 * skipped. The dressed field is checked again in full with the proven goal.
 *
 * @returns the drifters placed.
 */
export function drawDrifters(ctx: DressContext, count: number): number {
  const { models, rng } = ctx;
  const [lo, hi] = ctx.driftStep;
  const { directions, lengths } = models.generator.dressing.driftGrid;
  const horizon = ctx.expectedGoal - 1;
  let placed = 0;
  for (const d of shuffle(rng, unmarkedDots(ctx))) {
    if (placed >= count) break;
    const offset = rng() * 2 * Math.PI;
    const fair: Array<[number, number]> = [];
    const moving: Array<[number, number]> = [];
    for (let a = 0; a < directions; a++) {
      const angle = offset + (a * 2 * Math.PI) / directions;
      for (let l = 0; l < lengths; l++) {
        const length = lengths === 1 ? (lo + hi) / 2 : lo + ((hi - lo) * l) / (lengths - 1);
        const step: [number, number] = [Math.round(length * Math.cos(angle) * 10) / 10, Math.round(length * Math.sin(angle) * 10) / 10];
        if (!driftStaysFair(ctx, d, step, horizon)) {
          countReason(ctx, "drifter-unfair-step");
          continue;
        }
        fair.push(step);
        if (driftChangesReach(ctx, d, step, horizon)) moving.push(step);
      }
    }
    const from = moving.length > 0 ? moving : fair;
    if (from.length === 0) continue;
    ctx.dots[d] = { ...ctx.dots[d], mark: { kind: "drifter", step: pick(rng, from) } };
    placed++;
  }
  return placed;
}
