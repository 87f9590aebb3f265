import type { DpContext } from "./dp-context.ts";
import type { RelaxationGroups } from "./relaxation-groups.ts";
import { combineSweeps, gather, type RelaxationLayout } from "./relaxation-layout.ts";

/**
 * The chain relaxation's two sweeps (`relaxationBounds`) where pairwise rules on other keys
 * bind ({@link RelaxationGroups}: a `maxDrop` on depth): a class follows another only where
 * their groups may follow each other (chapter-scoped rules lifted at a chapter start, those
 * scoped to introductions everywhere). Each sweep keeps its running minima per group of the
 * slot it reads besides the plain ones; a class reads the plain ones when no group that may not
 * come before (after) it lies within reach — no member's value up to (from) its own — and the
 * groups one by one otherwise. Work: the plain sweeps' O(kept classes × run length), times the
 * groups of the other slot for the classes a rule binds. A lower bound still: every real step
 * keeps these rules, and the sweep takes every step the plain one does that they allow.
 *
 * SPEC 6 `dp`, "Scale". Throws nothing.
 *
 * @param groups at least two groups ({@link RelaxationGroups}; `relaxationBounds` takes the plain sweeps for one)
 * @returns each position's relaxed bound (`lb`), per run position (`lbRun`, position k's at k·L + r),
 *   and the relaxed optimum — all in the objective's units (metric units for L1 and Linf, their
 *   square for L2); Infinity where no relaxed sequence passes
 */
export function groupedRelaxationBounds(ctx: DpContext, layout: RelaxationLayout, groups: RelaxationGroups): { lb: Float64Array; lbRun: Float64Array; relaxed: number } {
  const forward = forwardSweep(ctx, layout, groups);
  const backward = backwardSweep(ctx, layout, groups);
  return combineSweeps(layout, forward, backward, ctx.L);
}

/** The backward sweep B, group by group ({@link groupedRelaxationBounds}). */
function backwardSweep(ctx: DpContext, layout: RelaxationLayout, groups: RelaxationGroups): Float64Array {
  const S = ctx.problem.slots.length;
  const { off, cls, cost, cap, linf } = layout;
  const L = ctx.L;
  const backward = new Float64Array(off[S] * L).fill(Infinity);
  const sweep = new GroupedSweep(ctx, layout, groups, backward, -1);
  // The last slot's states cost nothing more.
  for (let k = off[S - 1]; k < off[S]; k++) for (let r = 0; r < cap[k]; r++) backward[k * L + r] = cost[k];
  for (let i = S - 2; i >= 0; i--) {
    if (ctx.restart[i + 1] || ctx.introRuns) freeStep(backward, cls, ctx.pb, cap, cost, L, linf, off[i + 1], off[i + 2], off[i], off[i + 1], -1, groups, ctx.restart[i + 1] === 1);
    else sweep.slot(off[i], off[i + 1], off[i + 1], off[i + 2]);
  }
  return backward;
}

/** The forward sweep F, group by group ({@link groupedRelaxationBounds}). */
function forwardSweep(ctx: DpContext, layout: RelaxationLayout, groups: RelaxationGroups): Float64Array {
  const S = ctx.problem.slots.length;
  const { off, cls, cost, cap, linf } = layout;
  const L = ctx.L;
  const forward = new Float64Array(off[S] * L).fill(Infinity);
  const sweep = new GroupedSweep(ctx, layout, groups, forward, 1);
  // The first slot's states start a run.
  for (let k = off[0]; k < off[1]; k++) forward[k * L] = cost[k];
  for (let i = 1; i < S; i++) {
    if (ctx.restart[i] || ctx.introRuns) freeStep(forward, cls, ctx.pb, cap, cost, L, linf, off[i - 1], off[i], off[i], off[i + 1], 1, groups, ctx.restart[i] === 1);
    else sweep.slot(off[i], off[i + 1], off[i - 1], off[i]);
  }
  return forward;
}

/**
 * One grouped sweep (dir 1 forward: F from the slot before; −1 backward: B from the slot after),
 * slot by slot: the other slot's positions are walked once, in the slot's value order (forward
 * ascending, backward descending), keeping per group of the other slot and in all — the least
 * value of an outer bucket (lower forward, higher backward) and, per run position, the least
 * value gathered in the current bucket, its class and the least of any other class.
 */
class GroupedSweep {
  private readonly G: number;
  private readonly L: number;
  /** Per group of the other slot: the least value of an outer bucket; and of any group. */
  private readonly outer: Float64Array;
  private outerAll = Infinity;
  /** Per group and run position (g·L + r): the least value gathered in the current bucket, its class, the least of any other class. */
  private readonly same: Float64Array;
  private readonly sameCls: Int32Array;
  private readonly same2: Float64Array;
  /** The same over every group (index r). */
  private readonly sameA: Float64Array;
  private readonly sameClsA: Int32Array;
  private readonly same2A: Float64Array;
  /** The groups gathered in the current bucket (cleared when it ends), and a mark per group. */
  private readonly touched: Int32Array;
  private readonly mark: Uint8Array;
  private nt = 0;
  /** The groups of the other slot. */
  private readonly present: Int32Array;
  private np = 0;
  /** Per group of the slot: the nearest value (forward: least; backward: greatest) of a group of the other slot it may not follow (precede). */
  private readonly reach: Float64Array;

  constructor(
    private readonly ctx: DpContext,
    private readonly layout: RelaxationLayout,
    private readonly groups: RelaxationGroups,
    private readonly table: Float64Array,
    private readonly dir: 1 | -1,
  ) {
    const G = (this.G = groups.count);
    const L = (this.L = ctx.L);
    this.outer = new Float64Array(G);
    this.same = new Float64Array(G * L).fill(Infinity);
    this.sameCls = new Int32Array(G * L).fill(-1);
    this.same2 = new Float64Array(G * L).fill(Infinity);
    this.sameA = new Float64Array(L);
    this.sameClsA = new Int32Array(L);
    this.same2A = new Float64Array(L);
    this.touched = new Int32Array(G);
    this.mark = new Uint8Array(G);
    this.present = new Int32Array(G);
    this.reach = new Float64Array(G);
  }

  /** Fills the slot's positions [at, end) from the other slot's [from, to). */
  slot(at: number, end: number, from: number, to: number): void {
    const { ctx, table, L, dir } = this;
    const { pv, pb } = ctx;
    const { cls, cost, cap, linf } = this.layout;
    this.begin(from, to);
    const forward = dir === 1;
    // The other slot's positions in the order the slot's are visited, with a pointer.
    let q = forward ? from : to - 1;
    let bucket = NaN;
    for (let n = 0; n < end - at; n++) {
      const k = forward ? at + n : end - 1 - n;
      const c = cls[k];
      if (pb[c] !== bucket) {
        this.closeBucket();
        bucket = pb[c];
      }
      // The other slot's positions up to c (forward: values up to c's; backward: from c's up).
      for (; forward ? q < to : q >= from; q += dir) {
        const d = cls[q];
        const outerBucket = forward ? pb[d] < bucket : pb[d] > bucket;
        if (!outerBucket && (pb[d] !== bucket || (forward ? pv[d] > pv[c] : pv[d] < pv[c]))) break;
        if (outerBucket) this.addOuter(q);
        else this.addSame(q);
      }
      const own = cost[k];
      const once = ctx.mult[c] < 2;
      const g = this.groups.of[c];
      // Every class gathered may come before (after) c unless a group that may not lies within reach.
      const every = forward ? pv[c] < this.reach[g] : pv[c] > this.reach[g];
      const outer = this.outerFor(g, every);
      // (Forward, run position 0 is written whatever the cap, as the plain sweep does.)
      const runs = forward && cap[k] === 0 ? 1 : cap[k];
      for (let r = 0; r < runs; r++) {
        // Forward: run position r starts a run (r = 0) or follows r − 1 in the bucket; backward: a
        // new run follows, or run position r + 1 in the bucket.
        const inner = forward ? (r === 0 ? Infinity : this.sameFor(g, r - 1, c, once, every)) : r + 1 < cap[k] ? this.sameFor(g, r + 1, c, once, every) : Infinity;
        const best = forward && r > 0 ? inner : inner < outer ? inner : outer;
        table[k * L + r] = linf ? (best > own ? best : own) : best + own;
      }
    }
    this.closeBucket();
  }

  /** Starts a slot against the other slot's positions [from, to): their groups, each group's reach, cleared minima. */
  private begin(from: number, to: number): void {
    const { groups, present, reach, G } = this;
    const { ok, least, most } = groups;
    const np = (this.np = groupsOf(this.layout.cls, groups.of, from, to, present));
    this.outer.fill(Infinity);
    this.outerAll = Infinity;
    const forward = this.dir === 1;
    reach.fill(forward ? Infinity : -Infinity);
    for (let g = 0; g < G; g++) {
      for (let t = 0; t < np; t++) {
        const h = present[t];
        if (forward && !ok[h * G + g] && least[h] < reach[g]) reach[g] = least[h];
        if (!forward && !ok[g * G + h] && most[h] > reach[g]) reach[g] = most[h];
      }
    }
    for (let r = 0; r < this.L; r++) {
      this.sameA[r] = this.same2A[r] = Infinity;
      this.sameClsA[r] = -1;
    }
  }

  /** The current bucket ends: what it gathered joins the outer minima (forward: at any run position; backward: as a run's first), and is cleared. */
  private closeBucket(): void {
    const { L, same, sameA, outer, touched } = this;
    const runs = this.dir === 1 ? L : 1;
    for (let r = 0; r < runs; r++) if (sameA[r] < this.outerAll) this.outerAll = sameA[r];
    for (let r = 0; r < L; r++) {
      sameA[r] = this.same2A[r] = Infinity;
      this.sameClsA[r] = -1;
    }
    for (let t = 0; t < this.nt; t++) {
      const h = touched[t];
      for (let r = 0; r < runs; r++) if (same[h * L + r] < outer[h]) outer[h] = same[h * L + r];
      for (let x = h * L; x < h * L + L; x++) {
        same[x] = this.same2[x] = Infinity;
        this.sameCls[x] = -1;
      }
      this.mark[h] = 0;
    }
    this.nt = 0;
  }

  /** The other slot's position q lies in an outer bucket (forward: lower, at any run position; backward: higher, as a run's first). */
  private addOuter(q: number): void {
    const { L, table, outer } = this;
    const h = this.groups.of[this.layout.cls[q]];
    const runs = this.dir === 1 ? L : 1;
    for (let r = 0; r < runs; r++) {
      const v = table[q * L + r];
      if (v < this.outerAll) this.outerAll = v;
      if (v < outer[h]) outer[h] = v;
    }
  }

  /** The other slot's position q lies in the current bucket: gathered per run position. */
  private addSame(q: number): void {
    const { L, table } = this;
    const d = this.layout.cls[q];
    const h = this.groups.of[d];
    if (!this.mark[h]) this.touched[this.nt++] = h;
    this.mark[h] = 1;
    for (let r = 0; r < L; r++) {
      gather(this.sameA, this.sameClsA, this.same2A, r, table[q * L + r], d);
      gather(this.same, this.sameCls, this.same2, h * L + r, table[q * L + r], d);
    }
  }

  /** The least outer value a class of group g may take: of any group (`every`), or of the groups that may come before (after) g. */
  private outerFor(g: number, every: boolean): number {
    if (every) return this.outerAll;
    const { G, present, outer } = this;
    const ok = this.groups.ok;
    let best = Infinity;
    for (let t = 0; t < this.np; t++) {
      const h = present[t];
      if ((this.dir === 1 ? ok[h * G + g] : ok[g * G + h]) && outer[h] < best) best = outer[h];
    }
    return best;
  }

  /** The least value gathered at run position r that class c (group g) may take: not itself when it has one member (`once`). */
  private sameFor(g: number, r: number, c: number, once: boolean, every: boolean): number {
    if (every) return once && this.sameClsA[r] === c ? this.same2A[r] : this.sameA[r];
    const { G, L, present, same, sameCls, same2 } = this;
    const ok = this.groups.ok;
    let best = Infinity;
    for (let t = 0; t < this.np; t++) {
      const h = present[t];
      if (!(this.dir === 1 ? ok[h * G + g] : ok[g * G + h])) continue;
      const x = h * L + r;
      const v = once && sameCls[x] === c ? same2[x] : same[x];
      if (v < best) best = v;
    }
    return best;
  }
}

/** The distinct groups of positions [from, to) into `out`; returns how many. */
function groupsOf(cls: Int32Array, gOf: Int32Array, from: number, to: number, out: Int32Array): number {
  if (out.length === 1) {
    out[0] = 0;
    return 1;
  }
  let n = 0;
  for (let p = from; p < to; p++) {
    const g = gOf[cls[p]];
    let seen = false;
    for (let t = 0; t < n && !seen; t++) seen = out[t] === g;
    if (!seen) out[n++] = g;
  }
  return n;
}

/**
 * A step left free (a chapter start with a chapter-scoped rule, or any step where the primary
 * run may restart at introductions): into position k, a run starts after any class of the
 * other slot, or goes on after any class of its bucket — of a group that may come before (or,
 * backward, after) its own ({@link RelaxationGroups}; at a chapter start, `chapter`, with the
 * chapter-scoped rules lifted). Forward (dir 1) fills `table` at slot positions [at, end) from
 * the previous slot's [from, to); backward (dir −1) from the next slot's.
 */
function freeStep(table: Float64Array, cls: Int32Array, pb: Float64Array, cap: Int32Array, cost: Float64Array, L: number, linf: boolean, from: number, to: number, at: number, end: number, dir: 1 | -1, groups: RelaxationGroups, chapter: boolean): void {
  const G = groups.count;
  const gOf = groups.of;
  const ok = chapter ? groups.okRestart : groups.ok;
  // The other slot, per group: the least value of any class that may start the run (forward: at
  // any run position; backward: as the first of a new run), and per bucket the least value at
  // each position.
  const any = new Float64Array(G).fill(Infinity);
  const byBucket = new Map<number, Float64Array>();
  const present = new Int32Array(G);
  const np = groupsOf(cls, gOf, from, to, present);
  for (let p = from; p < to; p++) {
    let row = byBucket.get(pb[cls[p]]);
    if (!row) byBucket.set(pb[cls[p]], (row = new Float64Array(G * L).fill(Infinity)));
    const h = gOf[cls[p]];
    for (let r = 0; r < L; r++) {
      const v = table[p * L + r];
      if (v < row[h * L + r]) row[h * L + r] = v;
      if ((dir === 1 || r === 0) && v < any[h]) any[h] = v;
    }
  }
  // Forward, group h comes before g (ok[h·G + g]); backward, after it (ok[g·G + h]).
  const hStep = dir === 1 ? G : 1;
  const gStep = dir === 1 ? 1 : G;
  for (let k = at; k < end; k++) {
    const c = cls[k];
    const g = gOf[c] * gStep;
    const row = byBucket.get(pb[c]);
    let start = Infinity;
    for (let t = 0; t < np; t++) {
      const h = present[t];
      if (any[h] < start && ok[h * hStep + g] === 1) start = any[h];
    }
    for (let r = 0; r < cap[k]; r++) {
      // Forward: position r starts a run (r = 0) or follows position r − 1 of the bucket; backward: it is followed by a new run or by r + 1.
      let best = dir === -1 || r === 0 ? start : Infinity;
      const other = dir === 1 ? r - 1 : r + 1 < cap[k] ? r + 1 : -1;
      if (row && other >= 0) {
        for (let t = 0; t < np; t++) {
          const h = present[t];
          if (row[h * L + other] < best && ok[h * hStep + g] === 1) best = row[h * L + other];
        }
      }
      table[k * L + r] = linf ? (best > cost[k] ? best : cost[k]) : best + cost[k];
    }
  }
}
