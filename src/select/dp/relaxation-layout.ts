import type { DpContext } from "./dp-context.ts";
import type { KeptLists } from "./slot-bounds.ts";

/**
 * The chain relaxation's positions ({@link relaxationBounds}): each slot's kept classes laid
 * out flat in ascending primary value (slot i at `off[i] .. off[i+1]` of `cls`), their slot
 * costs, and the longest run each one's bucket can make there (`cap`).
 */
export interface RelaxationLayout {
  off: Int32Array;
  cls: Int32Array;
  cost: Float64Array;
  cap: Int32Array;
  linf: boolean;
}

/**
 * Lays out the kept classes of every slot for the sweeps ({@link RelaxationLayout}): each
 * list sorted by primary value once (left as it is when already sorted), slot costs in the
 * objective's units, run caps (SPEC 6 `dp`, "Scale"). Throws nothing.
 */
export function relaxationLayout(ctx: DpContext, kept: KeptLists): RelaxationLayout {
  const S = ctx.problem.slots.length;
  const { obj, pv, rep } = ctx;
  const linf = obj.norm === "Linf";
  // Positions off[i] .. off[i+1] for slot i; run position r (0-based) of position k at k·L + r.
  const byPrimary = kept.lists.map((list) => primaryOrder(list, pv));
  const off = new Int32Array(S + 1);
  for (let i = 0; i < S; i++) off[i + 1] = off[i] + kept.lists[kept.listOfSlot[i]].length;
  const total = off[S];
  const cls = new Int32Array(total);
  const cost = new Float64Array(total);
  // Each list's classes as their representatives, once: a slot's costs are then one call.
  const reps = byPrimary.map((list) => Int32Array.from(list, (c) => rep[c]));
  for (let i = 0; i < S; i++) {
    cls.set(byPrimary[kept.listOfSlot[i]], off[i]);
    obj.slotCosts(i, reps[kept.listOfSlot[i]], cost, off[i]);
  }
  return { off, cls, cost, cap: runCaps(ctx, kept, off, cls), linf };
}

/**
 * The bounds of both sweeps together: per position and run position, F ⊕ B less the position's
 * own cost (kept in `backward`, which becomes `lbRun`), each position's least over its run
 * positions (`lb`), and the relaxed optimum (the least F of the last slot). Values in the
 * objective's units (max(F, B) for Linf); `backward` is overwritten. SPEC 6 `dp`, "Scale".
 * Throws nothing.
 */
export function combineSweeps(layout: RelaxationLayout, forward: Float64Array, backward: Float64Array, L: number): { lb: Float64Array; lbRun: Float64Array; relaxed: number } {
  const { off, cost, linf } = layout;
  const S = off.length - 1;
  const total = off[S];
  const lb = new Float64Array(total);
  for (let k = 0; k < total; k++) {
    let best = Infinity;
    for (let r = 0; r < L; r++) {
      const v = linf ? Math.max(forward[k * L + r], backward[k * L + r]) : forward[k * L + r] + backward[k * L + r] - cost[k];
      backward[k * L + r] = v;
      if (v < best) best = v;
    }
    lb[k] = best;
  }
  let relaxed = Infinity;
  for (let k = off[S - 1] * L; k < off[S] * L; k++) relaxed = Math.min(relaxed, forward[k]);
  return { lb, lbRun: backward, relaxed };
}

/**
 * Adds value `x` of class `d` at entry `r` (a run position; group · L + run position in the grouped
 * sweeps) to a bucket's gathered minima: the least
 * (`same`, its class `sameCls`) and the least of any other class (`same2`). A class of one
 * member may not follow itself in a run (it ships once): it reads `same2` where it holds `same`.
 * `x` in the objective's units; the sweeps of SPEC 6 `dp`, "Scale". Throws nothing.
 */
export function gather(same: Float64Array, sameCls: Int32Array, same2: Float64Array, r: number, x: number, d: number): void {
  if (x < same[r]) {
    same2[r] = same[r];
    same[r] = x;
    sameCls[r] = d;
  } else if (x < same2[r]) same2[r] = x;
}

/**
 * Per position (slot i's classes at `off[i] .. off[i+1]` of `cls`), the longest run its
 * class's bucket can make there: the primary run's length, or the bucket's usable candidates
 * if fewer — counted over every class, or, where the primary run starts afresh at chapter
 * starts (a run then lies in one chapter), over the kept classes of the slots of the
 * position's chapter (a run re-sequencing a chapter's own levels holds no more of a value
 * than the chapter has).
 */
function runCaps(ctx: DpContext, kept: KeptLists, off: Int32Array, cls: Int32Array): Int32Array {
  const S = off.length - 1;
  const cap = new Int32Array(off[S]);
  const count = (classes: Iterable<number>) => {
    const members = new Map<number, number>();
    for (const c of classes) members.set(ctx.pb[c], (members.get(ctx.pb[c]) ?? 0) + ctx.mult[c]);
    return members;
  };
  const fill = (from: number, to: number, members: Map<number, number>) => {
    for (let i = from; i < to; i++) for (let k = off[i]; k < off[i + 1]; k++) cap[k] = Math.min(ctx.L, members.get(ctx.pb[cls[k]]) ?? 0);
  };
  if (!ctx.primaryRestarts) {
    // One cap per class (its bucket's, over every class), then one read per position.
    const members = count(Array.from({ length: ctx.classes.count }, (_, c) => c));
    const capOf = Int32Array.from({ length: ctx.classes.count }, (_, c) => Math.min(ctx.L, members.get(ctx.pb[c]) ?? 0));
    for (let k = 0; k < cap.length; k++) cap[k] = capOf[cls[k]];
    return cap;
  }
  // One chapter at a time: slots from..to−1, the union of their kept lists.
  for (let from = 0; from < S; ) {
    let to = from + 1;
    while (to < S && ctx.problem.slots[to].chapter === ctx.problem.slots[from].chapter) to++;
    const union = new Set<number>();
    const lists = new Set<number>();
    for (let i = from; i < to; i++) lists.add(kept.listOfSlot[i]);
    for (const j of lists) for (const c of kept.lists[j]) union.add(c);
    fill(from, to, count(union));
    from = to;
  }
  return cap;
}

/** A list's classes in ascending primary value (the list itself when it already is). */
function primaryOrder(list: Int32Array, pv: Float64Array): Int32Array {
  for (let k = 1; k < list.length; k++) {
    if (pv[list[k]] < pv[list[k - 1]]) return list.slice().sort((a, b) => pv[a] - pv[b] || a - b);
  }
  return list;
}
