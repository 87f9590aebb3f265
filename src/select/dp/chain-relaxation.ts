import { objectiveTolerance } from "../problem/objective.ts";
import type { DpContext } from "./dp-context.ts";
import type { KeptLists } from "./slot-bounds.ts";
import { groupedRelaxationBounds } from "./grouped-relaxation.ts";
import { groupsAtOnce, relaxationGroups } from "./relaxation-groups.ts";
import { gather, relaxationLayout, type RelaxationLayout } from "./relaxation-layout.ts";

/**
 * The classes a bound keeps ({@link keptLists}), less those on no sequence of
 * cost ≤ `limit` even when only the primary run's own rules are kept (SPEC 6
 * `dp`, "Scale"): values never fall, and a run of one bucket of the primary
 * `maxRun` holds at most `cap(b)` levels — its length, or the usable
 * candidates of the bucket if fewer (in the chapter, where the run restarts
 * at chapter starts) — and a class of one member never follows itself.
 * Since values never fall, a bucket's run is the only time it is used.
 * Dropping the other rules — the other keys, `maxRise`, the other runs,
 * evenness, a class used more often than it has candidates but for that —
 * only lowers a sequence's cost, so the relaxed problem's best
 * sequence through (slot i, class c as the r-th level of its run) costs at
 * most what any real one does. With ⊕ the objective's sum (max for Linf), b(c)
 * the class's bucket and v(c) its primary value:
 *
 *   F(i, c, 1) = cost(i, c) ⊕ min { F(i−1, d, ·) : b(d) < b(c) }
 *   F(i, c, r) = cost(i, c) ⊕ min { F(i−1, d, r−1) : b(d) = b(c), v(d) ≤ v(c), d ≠ c if c has one member }   (2 ≤ r ≤ cap)
 *   B(i, c, r) = cost(i, c) ⊕ min( B(i+1, d, 1) : b(d) > b(c);  B(i+1, d, r+1) : b(d) = b(c), v(d) ≥ v(c), d ≠ c if c has one member, r < cap )
 *   LB(i, c)   = min over r of F(i, c, r) + B(i, c, r) − cost(i, c)   (max(F, B) for Linf)
 *
 * with d over the previous or next slot's kept classes (a class the bound
 * dropped lies on no sequence of cost ≤ limit, so leaving it out keeps every
 * such sequence). Where a chapter starts and some rule is chapter-scoped, the
 * step into that slot may start a run from any class and continue one from
 * any class of the bucket; so may every step where the primary key may fall
 * at an introduction (SPEC 12). A class whose LB is above `limit` (less a tolerance
 * that keeps every sequence the objective's sums could put at the limit) is
 * dropped: every sequence of cost ≤ limit keeps all its classes, so the pruned
 * dp's answer and tie-break are the full dp's whenever that answer is ≤ limit.
 *
 * Work: two sweeps with a pointer over consecutive slots' classes in primary
 * value order (buckets then come in order too), O(kept classes × run length)
 * (a list not already in that order is sorted once). Each slot gets its own
 * list, consecutive equal lists shared.
 *
 * @param kept each slot's classes (from {@link keptLists}), in any order
 * @param limit in the objective's units (SPEC 6)
 * @returns the classes left (a slot may be left with none: then no sequence costs ≤ limit) and
 *   `relaxed`, the relaxed problem's least cost over the kept classes (Infinity when a slot has none)
 */
export function chainRelaxation(ctx: DpContext, kept: KeptLists, limit: number): KeptLists & { relaxed: number } {
  return withinRelaxation(relaxationBounds(ctx, kept), limit, kept.all);
}

/**
 * The relaxed bound of every (slot, class) of {@link chainRelaxation}, before any limit:
 * `lb[k]` for position k of `cls` (slot i's classes at `off[i] .. off[i+1]`, ascending
 * primary value), and the relaxed optimum. One forward and one backward sweep; the
 * bounded rounds compute it once over every class and keep, round by round, the
 * classes under each limit ({@link withinRelaxation}) without sweeping again.
 */
export interface RelaxationBounds {
  off: Int32Array;
  cls: Int32Array;
  lb: Float64Array;
  /**
   * Per position k and run position r (0-based, `k·L + r`): the best relaxed sequence through
   * it with its class the (r+1)-th level of its run — a lower bound of every real sequence
   * whose primary run there is r+1 long (Infinity past the bucket's cap). `lb[k]` is its least.
   */
  lbRun: Float64Array;
  relaxed: number;
}

/**
 * Computes {@link RelaxationBounds} over the given classes (see {@link chainRelaxation}); throws nothing.
 *
 * @param grouped whether the sweeps keep the pairwise rules of other keys where they bind
 *   ({@link relaxationGroups}; a tighter bound, a costlier sweep); by default on pools small
 *   enough to keep them at once ({@link groupsAtOnce})
 */
export function relaxationBounds(ctx: DpContext, kept: KeptLists, grouped = groupsAtOnce(ctx)): RelaxationBounds {
  const layout = relaxationLayout(ctx, kept);
  // Pairwise rules on other keys that bind (a maxDrop on depth): the sweeps tell their groups apart.
  const groups = grouped ? relaxationGroups(ctx) : undefined;
  if (groups && groups.count > 1) return { off: layout.off, cls: layout.cls, ...groupedRelaxationBounds(ctx, layout, groups) };
  const S = ctx.problem.slots.length;
  const { pv, pb, L, mult, restart, introRuns } = ctx;
  const { off, cls, cost, cap, linf } = layout;
  const forward = forwardSweep(ctx, layout);
  const total = off[S];
  const backward = new Float64Array(total * L).fill(Infinity);
  // Per run position, the least value gathered in the current bucket, its class, and the least of any other class.
  const same = new Float64Array(L);
  const sameCls = new Int32Array(L);
  const same2 = new Float64Array(L);
  // Backward: the best relaxed suffix starting in each (class, run position).
  // Each position's bound at each run position, and over them all: slot i + 1's once its suffixes
  // are known (here, in the sweep's own loop, a cold process runs it in the code V8 optimised for
  // the sweep — in a function of its own, called once, it ran unoptimised: 100 of 1,000 sudoku's
  // cold solve 56 → 50 ms, medians of 11 at load 5–6).
  const lbRun = new Float64Array(total * L);
  const lb = new Float64Array(total);
  for (let i = S - 1; i >= -1; i--) {
    for (let k = off[i + 1], end = i < S - 1 ? off[i + 2] : k; k < end; k++) {
      let best = Infinity;
      for (let r = 0, at = k * L; r < L; r++, at++) {
        const v = linf ? Math.max(forward[at], backward[at]) : forward[at] + backward[at] - cost[k];
        lbRun[at] = v;
        if (v < best) best = v;
      }
      lb[k] = best;
    }
    if (i < 0) break;
    const from = off[i + 1];
    const to = i < S - 1 ? off[i + 2] : from;
    if (i < S - 1 && (restart[i + 1] || introRuns)) {
      freeStep(backward, cls, pb, cap, cost, L, linf, from, to, off[i], off[i + 1], -1);
      continue;
    }
    let q = to - 1;
    let higher = i < S - 1 ? Infinity : 0;
    let bucket = NaN;
    same.fill(i < S - 1 ? Infinity : 0);
    same2.fill(i < S - 1 ? Infinity : 0);
    sameCls.fill(-1);
    for (let k = off[i + 1] - 1; k >= off[i]; k--) {
      const c = cls[k];
      const bc = pb[c];
      const vc = pv[c];
      if (i < S - 1 && bc !== bucket) {
        // A lower bucket: the classes gathered for the last one now follow as new runs.
        if (same[0] < higher) higher = same[0];
        // (a loop, not three fill calls: here every class may be a bucket of its own)
        for (let r = 0; r < L; r++) {
          same[r] = same2[r] = Infinity;
          sameCls[r] = -1;
        }
        bucket = bc;
      }
      for (; q >= from && (pb[cls[q]] > bucket || (pb[cls[q]] === bucket && pv[cls[q]] >= vc)); q--) {
        if (pb[cls[q]] > bucket) {
          if (backward[q * L] < higher) higher = backward[q * L];
        } else for (let r = 0; r < L; r++) gather(same, sameCls, same2, r, backward[q * L + r], cls[q]);
      }
      const own = cost[k];
      const once = mult[c] < 2;
      const cp = cap[k];
      for (let r = 0, at = k * L; r < cp; r++, at++) {
        const goOn = r + 1 >= cp ? Infinity : once && sameCls[r + 1] === c ? same2[r + 1] : same[r + 1];
        const next = goOn < higher ? goOn : higher;
        backward[at] = linf ? (next > own ? next : own) : next + own;
      }
    }
  }
  let relaxed = Infinity;
  for (let k = off[S - 1] * L; k < off[S] * L; k++) if (forward[k] < relaxed) relaxed = forward[k];
  return { off, cls, lb, lbRun, relaxed };
}

/**
 * The classes of {@link RelaxationBounds} whose bound is within `limit` (less a tolerance that
 * keeps every sequence the objective's sums could put at the limit; with `onSome`, only classes
 * on some relaxed sequence, which `limit` Infinity then keeps alone), each slot its own list,
 * consecutive equal lists shared; `all` when every class stays and `whole` says the bounds
 * covered every usable class.
 */
export function withinRelaxation(bounds: RelaxationBounds, limit: number, whole: boolean, onSome = false): KeptLists & { relaxed: number } {
  const { off, cls, lb, relaxed } = bounds;
  const S = off.length - 1;
  const total = off[S];
  const room = limit + objectiveTolerance(limit);
  const lists: Int32Array[] = [];
  const listOfSlot = new Int32Array(S);
  const buffer = new Int32Array(total);
  let size = 0;
  for (let i = 0; i < S; i++) {
    let n = 0;
    for (let k = off[i]; k < off[i + 1]; k++) if (lb[k] <= room && !(onSome && lb[k] === Infinity)) buffer[n++] = cls[k];
    size += n;
    const previous = i > 0 ? lists[listOfSlot[i - 1]] : undefined;
    if (previous && sameClasses(previous, buffer, n)) listOfSlot[i] = lists.length - 1;
    else {
      listOfSlot[i] = lists.length;
      lists.push(buffer.slice(0, n));
    }
  }
  return { lists, listOfSlot, all: whole && size === total, size, relaxed };
}

/** The forward sweep F over the laid-out classes (one group: the other keys' rules left out). */
function forwardSweep(ctx: DpContext, layout: RelaxationLayout): Float64Array {
  const S = ctx.problem.slots.length;
  const { L, restart, introRuns } = ctx;
  const { off, cls, cost, cap, linf } = layout;
  const forward = new Float64Array(off[S] * L).fill(Infinity);
  const w = sweepData(ctx, layout);
  // The best relaxed prefix ending in each (class, run position), a slot per call (a function
  // called once per slot is optimised after a few slots; one loop over every slot ran longer
  // unoptimised in a cold process).
  for (let i = 0; i < S; i++) {
    if (i > 0 && (restart[i] || introRuns)) freeStep(forward, cls, ctx.pb, cap, cost, L, linf, off[i - 1], off[i], off[i], off[i + 1], 1);
    else forwardSlot(w, forward, i > 0 ? off[i - 1] : 0, off[i], off[i + 1], i === 0);
  }
  return forward;
}

/** What a sweep's slot step reads: the context's and the layout's arrays, and its scratch rows (one object shape). */
interface SweepData {
  pv: Float64Array;
  pb: Float64Array;
  mult: Int32Array;
  cls: Int32Array;
  cost: Float64Array;
  cap: Int32Array;
  L: number;
  linf: boolean;
  /** Per run position, the least value gathered in the current bucket, its class, and the least of any other class. */
  same: Float64Array;
  sameCls: Int32Array;
  same2: Float64Array;
}

function sweepData(ctx: DpContext, layout: RelaxationLayout): SweepData {
  const { pv, pb, mult, L } = ctx;
  const { cls, cost, cap, linf } = layout;
  return { pv, pb, mult, cls, cost, cap, L, linf, same: new Float64Array(L), sameCls: new Int32Array(L), same2: new Float64Array(L) };
}

/**
 * One slot of the forward sweep: positions [at, end) from the previous slot's [from, to) (the
 * first slot: from nothing). Runs go on within a bucket and start after a lower bucket.
 */
function forwardSlot(w: SweepData, forward: Float64Array, from: number, to: number, end: number, first: boolean): void {
  const { pv, pb, mult, cls, cost, cap, L, linf, same, sameCls, same2 } = w;
  let p = from;
  let lower = first ? 0 : Infinity;
  let bucket = NaN;
  same.fill(Infinity);
  same2.fill(Infinity);
  sameCls.fill(-1);
  for (let k = to; k < end; k++) {
    const c = cls[k];
    const bc = pb[c];
    const vc = pv[c];
    if (bc !== bucket) {
      // A higher bucket: the classes gathered for the last one now start runs.
      for (let r = 0; r < L; r++) {
        if (same[r] < lower) lower = same[r];
        same[r] = same2[r] = Infinity;
        sameCls[r] = -1;
      }
      bucket = bc;
    }
    for (; p < to; p++) {
      const d = cls[p];
      const bd = pb[d];
      if (bd < bucket) {
        for (let r = 0, at = p * L; r < L; r++, at++) if (forward[at] < lower) lower = forward[at];
      } else if (bd === bucket && pv[d] <= vc) {
        for (let r = 0; r < L; r++) gather(same, sameCls, same2, r, forward[p * L + r], d);
      } else break;
    }
    const own = cost[k];
    const once = mult[c] < 2;
    const at = k * L;
    forward[at] = linf ? (lower > own ? lower : own) : lower + own;
    for (let r = 1, cp = cap[k]; r < cp; r++) {
      const before = once && sameCls[r - 1] === c ? same2[r - 1] : same[r - 1];
      forward[at + r] = linf ? (before > own ? before : own) : before + own;
    }
  }
}

/**
 * A step left free (a chapter start with a chapter-scoped rule): into position k, a run
 * starts after any class of the other slot, or goes on after any class of its bucket.
 * Forward (dir 1) fills `table` at slot positions [at, end) from the previous slot's
 * [from, to); backward (dir −1) from the next slot's.
 */
function freeStep(table: Float64Array, cls: Int32Array, pb: Float64Array, cap: Int32Array, cost: Float64Array, L: number, linf: boolean, from: number, to: number, at: number, end: number, dir: 1 | -1): void {
  // The other slot: the least value of any class that may start the run (forward: at any run
  // position; backward: as the first of a new run), and per bucket the least value at each position.
  let any = Infinity;
  const byBucket = new Map<number, Float64Array>();
  for (let p = from; p < to; p++) {
    let row = byBucket.get(pb[cls[p]]);
    if (!row) byBucket.set(pb[cls[p]], (row = new Float64Array(L).fill(Infinity)));
    for (let r = 0; r < L; r++) {
      const v = table[p * L + r];
      if (v < row[r]) row[r] = v;
      if ((dir === 1 || r === 0) && v < any) any = v;
    }
  }
  for (let k = at; k < end; k++) {
    const c = cls[k];
    const row = byBucket.get(pb[c]);
    for (let r = 0; r < cap[k]; r++) {
      // Forward: position r starts a run (r = 0) or follows position r − 1 of the bucket; backward: it is followed by a new run or by r + 1.
      const start = dir === -1 || r === 0 ? any : Infinity;
      const goOn = !row ? Infinity : dir === 1 ? (r > 0 ? row[r - 1] : Infinity) : r + 1 < cap[k] ? row[r + 1] : Infinity;
      const best = start < goOn ? start : goOn;
      table[k * L + r] = linf ? (best > cost[k] ? best : cost[k]) : best + cost[k];
    }
  }
}

/** Whether `a` holds exactly `b[0 .. n)`. */
function sameClasses(a: Int32Array, b: Int32Array, n: number): boolean {
  if (a.length !== n) return false;
  for (let k = 0; k < n; k++) if (a[k] !== b[k]) return false;
  return true;
}
