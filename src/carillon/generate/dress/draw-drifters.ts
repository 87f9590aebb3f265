import { pick, shuffle } from "../../../random/index.ts";
import { unmarkedDots, type DressContext } from "./dress-context.ts";
import { driftCoordinate } from "../../level/drift.ts";

/**
 * Where every dot but the one being drawn stands at each tap count
 * `1..lastTaps` (drifters already placed moving, every other dot still), and
 * the distance beyond which no pair with that dot can break a rule of
 * {@link driftStaysFair}: what the draw of one dot's step reads again for
 * each of the grid's steps.
 */
export interface DriftScene {
  /** The dot being drawn. */
  readonly dot: number;
  readonly lastTaps: number;
  /** Centres by tap count: `xs[t - 1][b]`, field units. */
  readonly xs: Float64Array[];
  readonly ys: Float64Array[];
  /** Squared distance (field units²) beyond which a dot keeps the gap and both reach margins with `dot`, with a unit of slack. */
  readonly farSq: number;
  /** Pairs that came within 1e-6 units of a threshold and were decided again with `Math.hypot` (what {@link driftStaysFairReference} uses). */
  exact: number;
  /** Pairs decided by the squared-distance test alone. */
  far: number;
  /** The last pair that broke a margin (tap count, other dot; −1 for none): tried first for the next step, since one close neighbour usually rules out many steps. */
  killerT: number;
  killerB: number;
  /** Steps answered by the last breaking pair alone. */
  killed: number;
}

/** Where every dot stands at each tap count `1..lastTaps` (drifters already placed moving): the part of a {@link DriftScene} all dots of one draw share. */
export interface DriftPositions {
  readonly lastTaps: number;
  readonly xs: Float64Array[];
  readonly ys: Float64Array[];
}

/** The positions the drifter draw reads, as `ctx.dots` marks the drifters now. */
export function driftPositions(ctx: DressContext, lastTaps: number): DriftPositions {
  const { field, dots } = ctx;
  const xs: Float64Array[] = [];
  const ys: Float64Array[] = [];
  for (let t = 1; t <= lastTaps; t++) {
    const x = field.x.slice();
    const y = field.y.slice();
    for (let b = 0; b < field.count; b++) {
      const m = dots[b].mark;
      if (m?.kind !== "drifter") continue;
      x[b] = driftCoordinate(field.x[b], m.step[0], field.radius[b], field.width, t);
      y[b] = driftCoordinate(field.y[b], m.step[1], field.radius[b], field.height, t);
    }
    xs.push(x);
    ys.push(y);
  }
  return { lastTaps, xs, ys };
}

/**
 * The scene {@link driftStaysFairIn} reads for dot `d`, an undrifting dot
 * (the other dots' positions as `ctx.dots` marks them now, or `positions`
 * when already built for this draw; `d`'s own entry is never read).
 */
export function driftScene(ctx: DressContext, d: number, lastTaps: number, positions: DriftPositions = driftPositions(ctx, lastTaps)): DriftScene {
  const { field, models } = ctx;
  const { minGap, reachMargin } = models.fair;
  let far = 0;
  for (let b = 0; b < field.count; b++) {
    if (b === d) continue;
    far = Math.max(far, field.radius[d] + field.radius[b] + minGap, field.radius[b] + field.sizeReach[d] + reachMargin, field.radius[d] + field.reach[b] + reachMargin);
  }
  return { dot: d, lastTaps, xs: positions.xs, ys: positions.ys, farSq: (far + 1) * (far + 1), exact: 0, far: 0, killerT: -1, killerB: -1, killed: 0 };
}

/** Whether dot d at (x, y) and dot b at (bx, by) break the gap or a reach margin ({@link driftStaysFairIn}'s test of one pair). */
function pairBreaks(ctx: DressContext, scene: DriftScene, x: number, y: number, b: number, bx: number, by: number): boolean {
  const { field, models } = ctx;
  const { minGap, reachMargin } = models.fair;
  const d = scene.dot;
  const dx = x - bx;
  const dy = y - by;
  const sq = dx * dx + dy * dy;
  if (sq > scene.farSq) {
    scene.far++;
    return false;
  }
  const rd = field.radius[d];
  const rb = field.radius[b];
  const sizeReach = field.sizeReach[d];
  const reachB = field.reach[b];
  let dist = Math.sqrt(sq);
  const near =
    Math.abs(dist - rd - rb - minGap) < NEAR_THRESHOLD ||
    Math.abs(Math.abs(dist - rb - sizeReach) - reachMargin) < NEAR_THRESHOLD ||
    Math.abs(Math.abs(dist - rd - reachB) - reachMargin) < NEAR_THRESHOLD;
  if (near) {
    scene.exact++;
    dist = Math.hypot(dx, dy);
  }
  return dist - rd - rb < minGap || Math.abs(dist - rb - sizeReach) < reachMargin || Math.abs(dist - rd - reachB) < reachMargin;
}

/** Pairs within this many units of a threshold are decided again with `Math.hypot` (the square root can differ from it in the last bit). */
const NEAR_THRESHOLD = 1e-6;

/**
 * {@link driftStaysFair} on a prepared {@link DriftScene}: the same answer,
 * without allocating. A pair farther apart than `scene.farSq` keeps every
 * margin and is skipped on its squared distance; any other pair is decided by
 * `Math.sqrt`, and again by `Math.hypot` (as the reference does) when it lies
 * within 1e-6 units of a threshold, so no decision depends on the last bit.
 */
export function driftStaysFairIn(ctx: DressContext, scene: DriftScene, step: readonly [number, number]): boolean {
  const { field } = ctx;
  const d = scene.dot;
  const rd = field.radius[d];
  // The pair that broke the last step first: the answer is only whether some pair breaks.
  if (scene.killerT > 0) {
    const t = scene.killerT;
    const x = driftCoordinate(field.x[d], step[0], rd, field.width, t);
    const y = driftCoordinate(field.y[d], step[1], rd, field.height, t);
    if (pairBreaks(ctx, scene, x, y, scene.killerB, scene.xs[t - 1][scene.killerB], scene.ys[t - 1][scene.killerB])) {
      scene.killed++;
      return false;
    }
  }
  for (let t = 1; t <= scene.lastTaps; t++) {
    const x = driftCoordinate(field.x[d], step[0], rd, field.width, t);
    const y = driftCoordinate(field.y[d], step[1], rd, field.height, t);
    const xs = scene.xs[t - 1];
    const ys = scene.ys[t - 1];
    for (let b = 0; b < field.count; b++) {
      if (b === d) continue;
      if (pairBreaks(ctx, scene, x, y, b, xs[b], ys[b])) {
        scene.killerT = t;
        scene.killerB = b;
        return false;
      }
    }
  }
  return true;
}

/**
 * Whether dot `d` drifting by `step` keeps the gap and the reach margin (both
 * ways, own-size rings) with every other dot at each tap count `1..lastTaps`
 * — other drifters already placed moving too. A quick filter while drawing:
 * the dressed field's full fair-to-read check ({@link checkRuleGeometry},
 * every ring a dot can emit) decides. (A draw asks this of many steps of one
 * dot: {@link driftScene} once, then {@link driftStaysFairIn} per step.)
 */
export function driftStaysFair(ctx: DressContext, d: number, step: readonly [number, number], lastTaps: number): boolean {
  return driftStaysFairIn(ctx, driftScene(ctx, d, lastTaps), step);
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
  const still: number[] = [];
  for (let b = 0; b < field.count; b++) still.push(b !== d && !ctx.dots[b].mark ? reachAt(field.x[d], field.y[d], b) : 0);
  for (let t = 1; t <= lastTaps; t++) {
    const x = driftCoordinate(field.x[d], step[0], field.radius[d], field.width, t);
    const y = driftCoordinate(field.y[d], step[1], field.radius[d], field.height, t);
    for (let b = 0; b < field.count; b++) {
      if (b !== d && !ctx.dots[b].mark && reachAt(x, y, b) !== still[b]) return true;
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
  // Positions change only when a drifter is placed; steps ruled out are counted once per dot.
  let positions = driftPositions(ctx, horizon);
  for (const d of shuffle(rng, unmarkedDots(ctx))) {
    if (placed >= count) break;
    const offset = rng() * 2 * Math.PI;
    const fair: Array<[number, number]> = [];
    const moving: Array<[number, number]> = [];
    const scene = driftScene(ctx, d, horizon, positions);
    let unfair = 0;
    for (let a = 0; a < directions; a++) {
      const angle = offset + (a * 2 * Math.PI) / directions;
      for (let l = 0; l < lengths; l++) {
        const length = lengths === 1 ? (lo + hi) / 2 : lo + ((hi - lo) * l) / (lengths - 1);
        const step: [number, number] = [Math.round(length * Math.cos(angle) * 10) / 10, Math.round(length * Math.sin(angle) * 10) / 10];
        if (!driftStaysFairIn(ctx, scene, step)) {
          unfair++;
          continue;
        }
        fair.push(step);
        if (driftChangesReach(ctx, d, step, horizon)) moving.push(step);
      }
    }
    if (unfair > 0) ctx.stats["drifter-unfair-step"] = (ctx.stats["drifter-unfair-step"] ?? 0) + unfair;
    const from = moving.length > 0 ? moving : fair;
    if (from.length === 0) continue;
    ctx.dots[d] = { ...ctx.dots[d], mark: { kind: "drifter", step: pick(rng, from) } };
    placed++;
    positions = driftPositions(ctx, horizon);
  }
  return placed;
}
