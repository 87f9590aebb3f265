import type { ApsisArrow, ApsisBody } from "../../io/schemas/apsis-body.ts";
import { LevelrampError } from "../../io/errors.ts";
import type { Rng } from "../../random/create-rng.ts";
import { pick } from "../../random/random-int.ts";
import { loadBuilderModel, type BuilderModel } from "../model/builder-model.ts";
import { drawArrowTry } from "./draw-arrow-try.ts";
import { GrowingSky, type ArrowCandidate, type GrowthMeasure } from "./growing-sky.ts";
import { skyLimits } from "../sky/sky-limits.ts";
import { loadSkyModel, type SkyModel } from "../model/sky-model.ts";

/** Marks the builder puts in while it builds, each in agreement with the build order (SPEC 5.4). */
export interface RuleTargets {
  /** Key-and-lock pairs wanted: the key always on a newer arrow than its lock. */
  keys?: number;
  /** Numbered arrows wanted: numbers agree with the build order (the newest numbered is 1). */
  numbers?: number;
  /** Rings (2..rings) that fall: every arrow inside such a ring is placed before any arrow on it. */
  fallingRings?: readonly number[];
}

/** What to build (SPEC 5.2). */
export interface BuildSkyOptions {
  /**
   * Arrows to place (≥ 1), or a range [least, most]: with a reads window the
   * build stops at the first arrow (from the least-th on) that lands it in
   * the window; without one it places exactly `least`.
   */
  arrows: number | readonly [number, number];
  /** Reads window [lo, hi] the finished sky (with its rules) must land in; none = no aim. */
  reads?: readonly [number, number];
  /**
   * Depth window [lo, hi] in rounds the finished sky must land in; none = no
   * aim. Depth never falls while a sky grows backwards, so a try that would
   * pass `hi` is turned down (`try-over-depth`) and the build ends only at an
   * arrow that lands both windows.
   */
  depth?: readonly [number, number];
  /** Marks to build in. */
  rules?: RuleTargets;
  /** The random stream (the only source of randomness). */
  rng: Rng;
  /** Builder settings (default `models/apsis/builder.json`). */
  model?: BuilderModel;
  /** Sky sizes (default `models/apsis/sky.json`). */
  sky?: SkyModel;
  /** Counters by reason (tries turned down, builds given up), incremented in place. */
  stats?: Record<string, number>;
}

/** A sky built backwards, arrows in build order (oldest first), not yet shuffled. */
export interface BuiltSky {
  /** The body, arrows in build order, with their marks. */
  body: ApsisBody;
  /** Rounds by build index, from the builder's fast path (to be proven by the solver). */
  rounds: number[];
  depth: number;
  reads: number;
  freeAtStart: number;
  /** Tries drawn in all. */
  tries: number;
}

/**
 * Why a build was given up: no try fitted (`full`), every candidate overshot
 * the reads window, the last arrow left it short (`undershoot`), the reads
 * were reached but the depth window's floor was not (`shallow`), or every
 * candidate passed the depth window's top (`deep`).
 */
export type BuildFailure = "full" | "overshoot" | "undershoot" | "shallow" | "deep";

/** A build's outcome: the sky, or why there is none. */
export type BuildOutcome = { ok: true; sky: BuiltSky } | { ok: false; reason: BuildFailure; tries: number };

interface Dressed {
  candidate: ArrowCandidate;
  numbered: boolean;
  lock: number;
  held: number[];
  measure: GrowthMeasure;
  score: number;
}

/**
 * Builds one sky backwards (SPEC 5.2): starting empty, each new arrow is the
 * best of up to `candidates` accepted tries (80% aimed into a free arrow's
 * way), scored on depth, arrows free at the start, ring crowding and reads;
 * a try is accepted only if it fits and its own way out is clear of every
 * arrow placed before it, so taking the arrows away newest first always
 * clears the sky. Rule marks are dressed onto candidates in agreement with
 * the build order, so their holds count in the score. With a reads window,
 * candidates that would leave no room to finish inside it are dropped (every
 * arrow still due adds at least one read), and the build ends at the first
 * arrow, from the least-th on, that can land the sky in the window (the best
 * such candidate); reaching `most` arrows short of it is an undershoot.
 * With a depth window (rounds) tries that would pass its top are turned
 * down, and landing also needs depth ≥ its floor: since depth never falls as
 * arrows join, the finished sky lands inside both windows.
 * Bounded by tries, never by time.
 *
 * @returns the built sky, or the failure: the tries ran out (`full`), the
 *   reads window could not be met (`overshoot`, `undershoot`), the reads
 *   were met below the depth floor (`shallow`) or every try passed the depth
 *   top (`deep`), also counted in `stats` as `build-<reason>`.
 * @throws LevelrampError (exit 2) `apsis/builder: ...` on a bad arrow count,
 *   falling ring or depth window.
 */
export function buildSky(options: BuildSkyOptions): BuildOutcome {
  const model = options.model ?? loadBuilderModel();
  const sky = options.sky ?? loadSkyModel();
  const { rng } = options;
  const [least, most] = typeof options.arrows === "number" ? [options.arrows, options.arrows] : options.arrows;
  const stats = options.stats ?? {};
  const count = (key: string) => (stats[key] = (stats[key] ?? 0) + 1);
  const ringTotal = sky.ringRadii.length;
  if (!Number.isInteger(least) || !Number.isInteger(most) || least < 1 || most < least) {
    throw new LevelrampError("apsis/builder", `expected whole arrow counts 1 ≤ least ≤ most, got [${least}, ${most}]`, 2);
  }
  const rules = options.rules ?? {};
  const falling = [...new Set(rules.fallingRings ?? [])].sort((a, b) => a - b);
  for (const k of falling) {
    if (!(Number.isInteger(k) && k >= 2 && k <= ringTotal)) throw new LevelrampError("apsis/builder", `expected falling rings in 2..${ringTotal}, got ${k}`, 2);
  }
  const phases = fallingPhases(falling, ringTotal, Math.round((least + most) / 2), model.fallingInnerShare);
  let phase = 0;
  const [lo, hi] = options.reads ?? [0, Infinity];
  const [depthLo, depthHi] = options.depth ?? [0, Infinity];
  if (!(depthLo <= depthHi)) throw new LevelrampError("apsis/builder", `expected a depth window [lo, hi] with lo ≤ hi, got [${depthLo}, ${depthHi}]`, 2);
  // Set once some candidate reached the reads window while the sky was still too shallow.
  let readsWithoutDepth = false;
  const w = model.weights;
  const grow = new GrowingSky(skyLimits(sky));
  const numbered: number[] = [];
  const lockOf: number[] = [];
  const keyFor: number[] = [];
  let tries = 0;

  let finished = false;
  for (let step = 0; step < most && !finished; step++) {
    // Arrows that must still come after this one; each adds at least one read.
    const left = Math.max(0, least - step - 1);
    while (phase < falling.length && insideCount(grow.ringCounts, falling[phase]) >= phases[phase].quota) phase++;
    const allowed = phases[Math.min(phase, falling.length)].rings;
    const needNumbers = Math.max(0, (rules.numbers ?? 0) - numbered.length);
    const needKeys = Math.max(0, (rules.keys ?? 0) - keyFor.length);
    const markChance = (need: number) => (need === 0 ? 0 : Math.min(1, need / (left + 1)));
    const openLocks: number[] = [];
    for (let i = 0; i < grow.size; i++) if (lockOf[i] === undefined) openLocks.push(i);
    let squares = 0;
    for (let r = 1; r <= ringTotal; r++) squares += grow.ringCounts[r] * grow.ringCounts[r];

    const dressed: Dressed[] = [];
    let overWindow = 0;
    let overDepth = 0;
    const budget = model.candidates * model.triesPerCandidate;
    for (let t = 0; t < budget && dressed.length < model.candidates; t++) {
      tries++;
      const drawn = drawArrowTry(grow, rng, model.aimedShare, allowed);
      const checked = grow.check(drawn.arrow);
      if (typeof checked === "string") {
        count(`try-${checked}`);
        continue;
      }
      const held = checked.blocks.slice();
      const isNumbered = rng() < markChance(needNumbers);
      if (isNumbered) held.push(...numbered);
      let lock = -1;
      if (rng() < markChance(needKeys) && openLocks.length > 0) {
        lock = pick(rng, openLocks);
        held.push(lock);
      }
      if (falling.includes(checked.arrow.ring)) {
        for (let i = 0; i < grow.size; i++) if (grow.placements[i].ring < checked.arrow.ring) held.push(i);
      }
      const measure = grow.measureWith(held);
      if (measure.reads + left > hi) {
        count("try-over-window");
        overWindow++;
        continue;
      }
      if (measure.depth > depthHi) {
        count("try-over-depth");
        overDepth++;
        continue;
      }
      // Σ ring count² / arrows after adding it: one more on a crowded ring costs more.
      const crowding = (squares + 2 * grow.ringCounts[checked.arrow.ring] + 1) / (grow.size + 1);
      const score = w.depth * measure.depth + w.reads * measure.reads - w.freeAtStart * measure.freeAtStart - w.crowding * crowding;
      dressed.push({ candidate: checked, numbered: isNumbered, lock, held, measure, score });
    }
    if (dressed.length === 0) {
      const reason: BuildFailure = readsWithoutDepth ? "shallow" : overWindow > 0 ? "overshoot" : overDepth > 0 ? "deep" : "full";
      count(`build-${reason}`);
      return { ok: false, reason, tries };
    }
    let pool = dressed;
    if (step + 1 >= least) {
      const inReads = dressed.filter((d) => d.measure.reads >= lo);
      const landing = inReads.filter((d) => d.measure.depth >= depthLo);
      if (inReads.length > landing.length) readsWithoutDepth = true;
      if (landing.length > 0) {
        pool = landing;
        finished = true;
      } else if (step + 1 === most) {
        const reason: BuildFailure = readsWithoutDepth ? "shallow" : "undershoot";
        count(`build-${reason}`);
        return { ok: false, reason, tries };
      }
    }
    let best = pool[0];
    for (const d of pool) if (d.score > best.score) best = d;
    const index = grow.size;
    if (best.numbered) numbered.push(index);
    if (best.lock >= 0) {
      lockOf[best.lock] = index;
      keyFor.push(index);
    }
    grow.add(best.candidate, best.held);
  }

  const body = finishBody(grow, numbered, lockOf, falling, sky.hearts);
  return { ok: true, sky: { body, rounds: grow.rounds.slice(), depth: grow.depth, reads: grow.reads, freeAtStart: grow.freeAtStart, tries } };
}

/**
 * Falling-ring phases: phase p allows the rings at or outside the p-th falling
 * ring (none before the first) except the falling rings not yet open. Phase p
 * ends once the rings inside falling ring p+1 hold their quota (share ×
 * arrows × (k − 1) / rings), which keeps every arrow inside a falling ring
 * older than every arrow on it. The last entry has no quota.
 */
function fallingPhases(falling: readonly number[], ringTotal: number, arrows: number, share: number): Array<{ rings: number[]; quota: number }> {
  const out: Array<{ rings: number[]; quota: number }> = [];
  for (let p = 0; p <= falling.length; p++) {
    const floor = p === 0 ? 1 : falling[p - 1];
    const closed = new Set(falling.slice(p));
    const rings: number[] = [];
    for (let r = floor; r <= ringTotal; r++) if (!closed.has(r)) rings.push(r);
    const next = falling[p];
    out.push({ rings, quota: next === undefined ? Infinity : Math.max(1, Math.round((share * arrows * (next - 1)) / ringTotal)) });
  }
  return out;
}

function insideCount(ringCounts: readonly number[], ring: number): number {
  let n = 0;
  for (let r = 1; r < ring; r++) n += ringCounts[r];
  return n;
}

/** Names keys A, B, ... in the order they were placed; numbers count down the build order (the newest numbered is 1). */
function finishBody(grow: GrowingSky, numbered: number[], lockOf: number[], falling: readonly number[], hearts: number): ApsisBody {
  const arrows: ApsisArrow[] = grow.placements.map((p) => ({ ring: p.ring, angle: p.angle, length: p.length, direction: p.direction }));
  numbered.forEach((index, p) => (arrows[index].number = numbered.length - p));
  const keyed = lockOf
    .map((key, lock) => ({ key, lock }))
    .filter((pair) => pair.key !== undefined)
    .sort((a, b) => a.key - b.key);
  keyed.forEach((pair, i) => {
    const name = keyName(i);
    arrows[pair.key].key = name;
    arrows[pair.lock].lock = name;
  });
  const body: ApsisBody = { hearts, arrows };
  const standing = falling.filter((k) => arrows.some((a) => a.ring === k));
  if (standing.length > 0) body.fallingRings = standing;
  return body;
}

/** Key names: A..Z, then A2..Z2, ... */
function keyName(i: number): string {
  const letter = String.fromCharCode(65 + (i % 26));
  return i < 26 ? letter : `${letter}${Math.floor(i / 26) + 1}`;
}
