import { arrowShape, type ArrowPlacement, type ArrowShape } from "../level/arrow-shape.ts";
import { capsulesClear, fitsAlone } from "../level/arrow-fits.ts";
import { pointSegmentDistanceSq } from "../level/segment-distance.ts";
import type { SkyLimits } from "../level/sky-limits.ts";
import { wayDistanceSq, wayThroughSun } from "../level/way-out.ts";

/** An arrow that may join the sky: it fits, its way out is clear, and every distance it adds is fair to read. */
export interface ArrowCandidate {
  arrow: ArrowPlacement;
  shape: ArrowShape;
  /** Older arrows whose way out this arrow stands on (it will block them). */
  blocks: number[];
}

/** The sky's measure after a (possible) addition: rounds summed up (SPEC 5.3). */
export interface GrowthMeasure {
  depth: number;
  reads: number;
  freeAtStart: number;
}

/** Why a try was turned down (counted in the builder's stats). */
export type TryRejection = "fits" | "way-sun" | "gap" | "way-blocked" | "unfair";

/**
 * A sky being built backwards (SPEC 5.2), arrows in build order (oldest
 * first). Every hold edge goes from a newer arrow to an older one, so the
 * rounds are recomputed in one pass from the newest arrow down, without a
 * graph: this is the builder's fast path, checked against the graphology
 * solver (`solveSky`) in tests and before any sky is kept.
 */
export class GrowingSky {
  readonly placements: ArrowPlacement[] = [];
  readonly shapes: ArrowShape[] = [];
  /** holders[i]: the newer arrows that block or hold arrow i. */
  readonly holders: number[][] = [];
  /**
   * Height of each arrow, by build index: the longest hold chain from it
   * down through older arrows (1 = it holds nothing). Blocking a free arrow
   * of height h makes the sky at least h + 1 rounds deep.
   */
  readonly heights: number[] = [];
  /** Round of each arrow (1-based), by build index. */
  rounds: number[] = [];
  readonly ringCounts: number[];
  depth = 0;
  reads = 0;
  freeAtStart = 0;
  private readonly halves: number[] = [];
  private readonly gap: number;
  private readonly fairOff: number;
  private scratch = new Int32Array(64);
  private marks = new Int32Array(64);
  private stamp = 0;

  constructor(readonly limits: SkyLimits) {
    this.ringCounts = new Array<number>(limits.sky.ringRadii.length + 1).fill(0);
    this.gap = Math.sqrt(limits.gapSq);
    this.fairOff = Math.sqrt(limits.fairOffSq);
  }

  /** Number of arrows placed. */
  get size(): number {
    return this.shapes.length;
  }

  /**
   * Checks a try against the sky as it stands (SPEC 5.1/5.2): fits (rim, sun,
   * gap), its way out misses the sun and is clear of every arrow placed, and
   * every segment-to-way distance it adds is fair to read. Returns the
   * candidate, or the reason it was turned down.
   */
  check(arrow: ArrowPlacement): ArrowCandidate | TryRejection {
    const limits = this.limits;
    const s = arrowShape(arrow, limits.sky);
    if (!fitsAlone(s, limits)) return "fits";
    if (wayThroughSun(s, limits)) return "way-sun";
    const half = arrow.length / 2;
    const blocks: number[] = [];
    for (let j = 0; j < this.shapes.length; j++) {
      const o = this.shapes[j];
      const oh = this.halves[j];
      const dmx = s.mx - o.mx;
      const dmy = s.my - o.my;
      const near = half + oh + this.gap;
      if (dmx * dmx + dmy * dmy < near * near && !capsulesClear(s, o, limits)) return "gap";
      // Its own way: every older arrow clearly off it (clear and fair).
      const offOwn = this.fairOff + oh;
      if (pointSegmentDistanceSq(o.mx, o.my, s.hx, s.hy, s.ex, s.ey) < offOwn * offOwn) {
        const d = wayDistanceSq(o, s);
        if (d < limits.blockSq) return "way-blocked";
        if (d < limits.fairOffSq) return "unfair";
      }
      // Older arrows' ways: clearly on (it blocks them) or clearly off.
      const offTheirs = this.fairOff + half;
      if (pointSegmentDistanceSq(s.mx, s.my, o.hx, o.hy, o.ex, o.ey) < offTheirs * offTheirs) {
        const d = wayDistanceSq(s, o);
        if (d <= limits.fairOnSq) blocks.push(j);
        else if (d < limits.fairOffSq) return "unfair";
      }
    }
    return { arrow, shape: s, blocks };
  }

  /**
   * The measure the sky would have with one more arrow (round 1) that holds
   * the older arrows in `held` (blocks and rule holds), without changing the sky.
   */
  measureWith(held: readonly number[]): GrowthMeasure {
    const n = this.shapes.length;
    this.ensure(n + 1);
    const stamp = ++this.stamp;
    for (const i of held) this.marks[i] = stamp;
    const r = this.scratch;
    let reads = 1;
    let depth = 1;
    let free = 1;
    for (let i = n - 1; i >= 0; i--) {
      let round = this.marks[i] === stamp ? 2 : 1;
      for (const j of this.holders[i]) if (r[j] + 1 > round) round = r[j] + 1;
      r[i] = round;
      reads += round;
      if (round > depth) depth = round;
      if (round === 1) free++;
    }
    return { depth, reads, freeAtStart: free };
  }

  /**
   * The measure the sky would have with the arrows flagged in `removed` taken
   * out (their holds go with them), without changing the sky. Taking arrows
   * out never breaks the build order: every arrow left still has its way
   * clear of every older arrow left, and every hold left still points from a
   * newer arrow to an older one. `rounds` gets each arrow's round (0 for one
   * taken out) when given.
   */
  measureWithout(removed: Uint8Array, rounds?: Int32Array): GrowthMeasure {
    const n = this.shapes.length;
    this.ensure(n);
    const r = rounds ?? this.scratch;
    let reads = 0;
    let depth = 0;
    let free = 0;
    for (let i = n - 1; i >= 0; i--) {
      if (removed[i]) {
        r[i] = 0;
        continue;
      }
      let round = 1;
      for (const j of this.holders[i]) if (!removed[j] && r[j] + 1 > round) round = r[j] + 1;
      r[i] = round;
      reads += round;
      if (round > depth) depth = round;
      if (round === 1) free++;
    }
    return { depth, reads, freeAtStart: free };
  }

  /** Adds a checked candidate as the newest arrow, holding the older arrows in `held` (its blocks plus rule holds). */
  add(candidate: ArrowCandidate, held: readonly number[]): void {
    const n = this.shapes.length;
    const m = this.measureWith(held);
    const rounds = Array.from(this.scratch.subarray(0, n));
    rounds.push(1);
    this.rounds = rounds;
    this.depth = m.depth;
    this.reads = m.reads;
    this.freeAtStart = m.freeAtStart;
    this.placements.push(candidate.arrow);
    this.shapes.push(candidate.shape);
    this.halves.push(candidate.arrow.length / 2);
    this.holders.push([]);
    let height = 1;
    for (const i of new Set(held)) {
      this.holders[i].push(n);
      if (this.heights[i] + 1 > height) height = this.heights[i] + 1;
    }
    this.heights.push(height);
    this.ringCounts[candidate.arrow.ring]++;
  }

  private ensure(size: number): void {
    if (this.scratch.length >= size) return;
    const grow = Math.max(size, this.scratch.length * 2);
    this.scratch = new Int32Array(grow);
    this.marks = new Int32Array(grow);
    this.stamp = 0;
  }
}
