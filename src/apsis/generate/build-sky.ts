import type { ApsisArrow, ApsisBody } from "../level/apsis-body.ts";
import { LevelrampError } from "../../io/errors.ts";
import type { Rng } from "../../random/create-rng.ts";
import { loadBuilderModel, type BuilderModel } from "../model/builder-model.ts";
import { buildCourse, type BuildCourse } from "./build-course.ts";
import { drawArrowTry } from "./draw-arrow-try.ts";
import { fallingPhases, type FallingPhase } from "./falling-phases.ts";
import { GrowingSky, type ArrowCandidate, type GrowthMeasure } from "./growing-sky.ts";
import { ringCap } from "../measure/ring-spread.ts";
import { skyLimits } from "../level/sky-limits.ts";
import { trimSky, type TrimMiss } from "./trim-sky.ts";
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
   * the window, or trims back into the range (see {@link buildSky}); without
   * one it places exactly `least`.
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
  /**
   * The arrow count the build steers towards (within `arrows`; default the
   * range's middle): with a reads window the build follows a course that
   * reaches the window's middle at this count (and `trimArrows` more past
   * it), and falling-ring phases are sized for it.
   */
  plannedArrows?: number;
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
 * Why a build was given up: no try fitted (`full`), the sky stood over the
 * reads window however it was trimmed (`overshoot`), it ended short of it
 * (`undershoot`), the reads were reached but the depth window's floor was
 * not (`shallow`), or every candidate passed the depth window's top (`deep`).
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

/** The checked settings of one build. */
interface BuildPlan {
  least: number;
  most: number;
  /** Arrows the course ends on: the planned count plus the arrows a trim may take out. */
  courseArrows: number;
  /** Arrows a trim may take out at the end (0 without a reads window). */
  trim: number;
  falling: number[];
  reads: readonly [number, number];
  depth: readonly [number, number];
  course: BuildCourse | undefined;
  cap: number;
}

/**
 * Builds one sky backwards (SPEC 5.2): starting empty, each new arrow is the
 * best of up to `candidates` accepted tries (80% aimed into a free arrow's
 * way), scored on depth, arrows free at the start, ring crowding and reads;
 * a try is accepted only if it fits and its own way out is clear of every
 * arrow placed before it, so taking the arrows away newest first always
 * clears the sky. Rule marks are dressed onto candidates in agreement with
 * the build order, so their holds count in the score; a new key's lock is
 * tried on up to `lockChoices` older arrows and the best-scoring is kept.
 *
 * No ring may hold more than {@link ringCap} arrows at any step, so every
 * finished sky of `spread.fromArrows` or more arrows keeps every ring at or
 * below `spread.maxRingShare` of its arrows (a hard limit, not a cost).
 *
 * With a reads window the build steers along a {@link buildCourse} that
 * reaches the window's middle at `plannedArrows` and goes on, at the same
 * reads per arrow, to `trimArrows` arrows more (and reaches the depth
 * window's middle, when one is given): each candidate's score loses `track`
 * per read behind the course, `trackAhead` per read ahead of it and
 * `trackDepth` per round off it. The build ends at the first arrow, from the
 * least-th to the most-th, whose best candidate lands both windows; failing
 * that it places up to `trimArrows` arrows past `most` and {@link trimSky}
 * takes the fewest arrows out that land it (with `trimArrows` 0 the old rule
 * holds: tries that leave no room in the window, as every arrow still due
 * adds a read, are dropped). Key and lock arrows are never taken out, nor
 * the last two numbered arrows or the last arrow on a falling ring. Depth
 * never falls as arrows join, so tries that would pass the depth window's
 * top are turned down. Bounded by tries, never by time.
 *
 * @returns the built sky, or the failure: the tries ran out (`full`), the
 *   reads window could not be met (`overshoot`, `undershoot`), the reads
 *   were met below the depth floor (`shallow`) or every try passed the depth
 *   top (`deep`), also counted in `stats` as `build-<reason>`.
 * @throws LevelrampError (exit 2) `apsis/builder: ...` on a bad arrow count
 *   (or one over `maxArrows`), planned count, falling ring or depth window.
 */
export function buildSky(options: BuildSkyOptions): BuildOutcome {
  const model = options.model ?? loadBuilderModel();
  const sky = options.sky ?? loadSkyModel();
  const stats = options.stats ?? {};
  const plan = checkBuild(options, model, sky);
  const build = new SkyBuild(plan, options.rules ?? {}, options.rng, model, sky, stats);
  const fail = (reason: BuildFailure): BuildOutcome => {
    stats[`build-${reason}`] = (stats[`build-${reason}`] ?? 0) + 1;
    return { ok: false, reason, tries: build.tries };
  };
  const [lo, hi] = plan.reads;
  const [depthLo] = plan.depth;
  // Set once some candidate reached the reads window while the sky was still too shallow.
  let readsWithoutDepth = false;
  for (let step = 0; step < plan.most + plan.trim; step++) {
    const placed = step + 1;
    const dressed = build.weighStep(step);
    if (typeof dressed === "string") return fail(dressed === "full" || !readsWithoutDepth ? dressed : "shallow");
    let pool = dressed;
    let landed = false;
    if (placed >= plan.least && placed <= plan.most) {
      const inReads = dressed.filter((d) => d.measure.reads >= lo && d.measure.reads <= hi);
      const landing = inReads.filter((d) => d.measure.depth >= depthLo);
      if (inReads.length > landing.length) readsWithoutDepth = true;
      if (landing.length > 0) {
        pool = landing;
        landed = true;
      } else if (placed === plan.most && plan.trim === 0) {
        return fail(readsWithoutDepth ? "shallow" : "undershoot");
      }
    }
    let best = pool[0];
    for (const d of pool) if (d.score > best.score) best = d;
    build.place(best);
    if (landed) return { ok: true, sky: build.finish(new Uint8Array(build.grow.size)) };
  }
  // Past `most` without landing: take out the fewest arrows that land the sky back in the range.
  let miss = (build.grow.reads < lo ? "undershoot" : "overshoot") as TrimMiss;
  for (let k = Math.max(1, build.grow.size - plan.most); k <= Math.min(plan.trim, build.grow.size - plan.least) && miss !== "undershoot"; k++) {
    const trimmed = trimSky(build.grow, build.removable(), k, { reads: plan.reads, depth: plan.depth, readsAim: (lo + hi) / 2 });
    if (typeof trimmed === "string") {
      miss = trimmed === "shallow" || miss === "shallow" ? "shallow" : trimmed;
      continue;
    }
    const removed = new Uint8Array(build.grow.size);
    for (const i of trimmed.removed) removed[i] = 1;
    stats[`trimmed-${k}`] = (stats[`trimmed-${k}`] ?? 0) + 1;
    return { ok: true, sky: build.finish(removed) };
  }
  return fail(miss);
}

/** Checks a build's options and works out its plan. */
function checkBuild(options: BuildSkyOptions, model: BuilderModel, sky: SkyModel): BuildPlan {
  const [least, most] = typeof options.arrows === "number" ? [options.arrows, options.arrows] : options.arrows;
  const ringTotal = sky.ringRadii.length;
  if (!Number.isInteger(least) || !Number.isInteger(most) || least < 1 || most < least) {
    throw new LevelrampError("apsis/builder", `expected whole arrow counts 1 ≤ least ≤ most, got [${least}, ${most}]`, 2);
  }
  if (most > model.maxArrows) {
    throw new LevelrampError("apsis/builder", `expected at most ${model.maxArrows} arrows (the builder's maxArrows), got a count up to ${most}`, 2);
  }
  const planned = options.plannedArrows ?? Math.round((least + most) / 2);
  if (!(Number.isInteger(planned) && planned >= least && planned <= most)) {
    throw new LevelrampError("apsis/builder", `expected a whole planned arrow count in [${least}, ${most}], got ${planned}`, 2);
  }
  const falling = [...new Set(options.rules?.fallingRings ?? [])].sort((a, b) => a - b);
  for (const k of falling) {
    if (!(Number.isInteger(k) && k >= 2 && k <= ringTotal)) throw new LevelrampError("apsis/builder", `expected falling rings in 2..${ringTotal}, got ${k}`, 2);
  }
  const [lo, hi] = options.reads ?? [0, Infinity];
  const [depthLo, depthHi] = options.depth ?? [0, Infinity];
  if (!(depthLo <= depthHi)) throw new LevelrampError("apsis/builder", `expected a depth window [lo, hi] with lo ≤ hi, got [${depthLo}, ${depthHi}]`, 2);
  const trim = options.reads ? model.trimArrows : 0;
  const courseArrows = planned + trim;
  const mid = (lo + hi) / 2;
  const course = options.reads
    ? buildCourse({ arrows: courseArrows, reads: (mid * courseArrows) / planned, depth: options.depth ? depthHi : undefined })
    : undefined;
  return { least, most, courseArrows, trim, falling, reads: [lo, hi], depth: [depthLo, depthHi], course, cap: ringCap(least, most, model.spread) };
}

/** One backwards build in progress: the growing sky, the marks placed so far, and how candidates are drawn and scored. */
class SkyBuild {
  readonly grow: GrowingSky;
  tries = 0;
  private readonly numbered: number[] = [];
  private readonly lockOf: number[] = [];
  private readonly keyFor: number[] = [];
  private readonly phases: FallingPhase[];
  private phase = 0;

  constructor(
    private readonly plan: BuildPlan,
    private readonly rules: RuleTargets,
    private readonly rng: Rng,
    private readonly model: BuilderModel,
    private readonly sky: SkyModel,
    private readonly stats: Record<string, number>,
  ) {
    this.grow = new GrowingSky(skyLimits(sky));
    this.phases = fallingPhases(plan.falling, sky.ringRadii.length, plan.courseArrows, model.fallingInnerShare);
  }

  private count(key: string): void {
    this.stats[key] = (this.stats[key] ?? 0) + 1;
  }

  /**
   * Draws and dresses the candidates for the arrow after `step` arrows: up to
   * `candidates` accepted tries (more at a step that may end the build, until
   * one lands), or why none was kept.
   */
  weighStep(step: number): Dressed[] | "full" | "overshoot" | "deep" {
    const { grow, plan, model, rng } = this;
    const ringTotal = this.sky.ringRadii.length;
    // Arrows that must still come after this one; each adds at least one read.
    const left = Math.max(0, plan.least - step - 1);
    const falling = plan.falling;
    while (this.phase < falling.length && insideCount(grow.ringCounts, falling[this.phase]) >= this.phases[this.phase].quota) this.phase++;
    const allowed = this.phases[Math.min(this.phase, falling.length)].rings.filter((r) => grow.ringCounts[r] < plan.cap);
    if (allowed.length === 0) return "full";
    const needNumbers = Math.max(0, (this.rules.numbers ?? 0) - this.numbered.length);
    const needKeys = Math.max(0, (this.rules.keys ?? 0) - this.keyFor.length);
    const markChance = (need: number) => (need === 0 ? 0 : Math.min(1, need / (left + 1)));
    const openLocks: number[] = [];
    for (let i = 0; i < grow.size; i++) if (this.lockOf[i] === undefined) openLocks.push(i);
    let squares = 0;
    for (let r = 1; r <= ringTotal; r++) squares += grow.ringCounts[r] * grow.ringCounts[r];
    const [lo, hi] = plan.reads;
    let overWindow = 0;
    let overDepth = 0;
    /** Keeps a dressed variant unless it passes the depth top or (without trimming) leaves no room in the reads window. */
    const admit = (measure: GrowthMeasure): boolean => {
      if (plan.trim === 0 && measure.reads + left > hi) {
        this.count("try-over-window");
        overWindow++;
        return false;
      }
      if (measure.depth > plan.depth[1]) {
        this.count("try-over-depth");
        overDepth++;
        return false;
      }
      return true;
    };

    const dressed: Dressed[] = [];
    // At a step that may end the build, tries go on past `candidates` until one lands (or the budget is spent).
    const landingStep = step + 1 >= plan.least && step + 1 <= plan.most;
    let landed = false;
    const budget = model.candidates * model.triesPerCandidate;
    for (let t = 0; t < budget && (dressed.length < model.candidates || (landingStep && !landed)); t++) {
      this.tries++;
      const drawn = drawArrowTry(grow, rng, model.aimedShare, allowed, model.aimHeightPower);
      const checked = grow.check(drawn.arrow);
      if (typeof checked === "string") {
        this.count(`try-${checked}`);
        continue;
      }
      const ring = checked.arrow.ring;
      const bare = checked.blocks.slice();
      if (falling.includes(ring)) {
        for (let i = 0; i < grow.size; i++) if (grow.placements[i].ring < ring) bare.push(i);
      }
      const isNumbered = rng() < markChance(needNumbers);
      const held = isNumbered ? [...bare, ...this.numbered] : bare;
      const locks = rng() < markChance(needKeys) ? sampleLocks(openLocks, held, model.lockChoices, rng) : [];
      let best: Dressed | null = null;
      const weigh = (numbered: boolean, lock: number, holds: number[]) => {
        const measure = grow.measureWith(holds);
        if (!admit(measure)) return;
        const score = this.scoreOf(measure, ring, squares);
        if (!best || score > best.score) best = { candidate: checked, numbered, lock, held: holds, measure, score };
      };
      for (const lock of locks.length === 0 ? [-1] : locks) weigh(isNumbered, lock, lock < 0 ? held : [...held, lock]);
      // A mark that would pass the depth top is left off: the arrow may still join bare (marks still due stay due).
      if (!best && (isNumbered || locks.length > 0)) weigh(false, -1, bare);
      if (best === null) continue;
      const kept: Dressed = best;
      dressed.push(kept);
      if (kept.measure.reads >= lo && kept.measure.reads <= hi && kept.measure.depth >= plan.depth[0]) landed = true;
    }
    if (dressed.length > 0) return dressed;
    return overWindow > 0 ? "overshoot" : overDepth > 0 ? "deep" : "full";
  }

  /** A candidate's score: depth, reads, free arrows and crowding weighed, less its distance from the course. */
  private scoreOf(measure: GrowthMeasure, ring: number, squares: number): number {
    const { grow, plan } = this;
    const w = this.model.weights;
    // Σ ring count² / arrows after adding it: one more on a crowded ring costs more.
    const crowding = (squares + 2 * grow.ringCounts[ring] + 1) / (grow.size + 1);
    let score = w.reads * measure.reads - w.freeAtStart * measure.freeAtStart - w.crowding * crowding;
    const depthCourse = plan.course?.depth(grow.size + 1);
    // With a depth window the course sets the depth (no deeper is better: the window has a top); without one, deeper is better.
    if (depthCourse === undefined) score += w.depth * measure.depth;
    else if (measure.depth < depthCourse) score -= w.trackDepth * (depthCourse - measure.depth);
    if (plan.course) {
      const off = measure.reads - plan.course.reads(grow.size + 1);
      score -= off < 0 ? -w.track * off : w.trackAhead * off;
    }
    return score;
  }

  /** Places a dressed candidate as the newest arrow, with its marks. */
  place(d: Dressed): void {
    const index = this.grow.size;
    if (d.numbered) this.numbered.push(index);
    if (d.lock >= 0) {
      this.lockOf[d.lock] = index;
      this.keyFor.push(index);
    }
    this.grow.add(d.candidate, d.held);
  }

  /**
   * Arrows a trim may take out: none carrying a key or a lock, no numbered
   * arrow unless two would be left whatever is taken, and no arrow on a
   * falling ring that a trim could leave empty.
   */
  removable(): number[] {
    const keyed = new Set<number>(this.keyFor);
    this.lockOf.forEach((key, lock) => key !== undefined && keyed.add(lock));
    const numberedSet = new Set(this.numbered);
    const out: number[] = [];
    for (let i = 0; i < this.grow.size; i++) {
      if (keyed.has(i)) continue;
      if (numberedSet.has(i) && this.numbered.length < 2 + this.plan.trim) continue;
      const ring = this.grow.placements[i].ring;
      if (this.plan.falling.includes(ring) && this.grow.ringCounts[ring] <= this.plan.trim) continue;
      out.push(i);
    }
    return out;
  }

  /** The finished sky with the arrows flagged in `removed` taken out. */
  finish(removed: Uint8Array): BuiltSky {
    const grow = this.grow;
    const rounds = new Int32Array(grow.size);
    const m = grow.measureWithout(removed, rounds);
    const kept: number[] = [];
    for (let i = 0; i < grow.size; i++) if (!removed[i]) kept.push(i);
    const body = finishBody(grow, kept, this.numbered, this.lockOf, this.plan.falling, this.sky.hearts);
    return { body, rounds: kept.map((i) => rounds[i]), depth: m.depth, reads: m.reads, freeAtStart: m.freeAtStart, tries: this.tries };
  }
}

/**
 * Up to `choices` distinct older arrows a new key's lock may go on, drawn
 * uniformly from the open locks that the new arrow does not already hold
 * (a lock on an arrow it blocks anyway would teach nothing).
 */
function sampleLocks(openLocks: readonly number[], held: readonly number[], choices: number, rng: Rng): number[] {
  const heldSet = new Set(held);
  const pool = openLocks.filter((i) => !heldSet.has(i));
  const out: number[] = [];
  for (let k = 0; k < choices && pool.length > 0; k++) {
    const j = Math.floor(rng() * pool.length);
    out.push(pool[j]);
    pool[j] = pool[pool.length - 1];
    pool.pop();
  }
  return out;
}

function insideCount(ringCounts: readonly number[], ring: number): number {
  let n = 0;
  for (let r = 1; r < ring; r++) n += ringCounts[r];
  return n;
}

/**
 * The body of the arrows `kept` (build indices, ascending), in build order:
 * keys named A, B, ... in the order they were placed; numbers count down the
 * build order (the newest numbered is 1); falling rings left without arrows
 * are dropped.
 */
function finishBody(grow: GrowingSky, kept: readonly number[], numbered: readonly number[], lockOf: readonly number[], falling: readonly number[], hearts: number): ApsisBody {
  const at = new Map(kept.map((i, k) => [i, k]));
  const arrows: ApsisArrow[] = kept.map((i) => {
    const p = grow.placements[i];
    return { ring: p.ring, angle: p.angle, length: p.length, direction: p.direction };
  });
  const numberedKept = numbered.filter((i) => at.has(i));
  numberedKept.forEach((index, p) => (arrows[at.get(index)!].number = numberedKept.length - p));
  const keyed = lockOf
    .map((key, lock) => ({ key, lock }))
    .filter((pair) => pair.key !== undefined && at.has(pair.key) && at.has(pair.lock))
    .sort((a, b) => a.key - b.key);
  keyed.forEach((pair, i) => {
    const name = keyName(i);
    arrows[at.get(pair.key)!].key = name;
    arrows[at.get(pair.lock)!].lock = name;
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
