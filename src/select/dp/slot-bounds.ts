import type { DpContext } from "./dp-context.ts";

/** What the bounds read of a dp context (the MILP's rounds make one of these without the dp). */
export type BoundsContext = Pick<DpContext, "obj" | "classes" | "rep" | "mult" | "problem">;

/**
 * Lower bounds of the objective through each (slot, class), for pruning the
 * dp (SPEC 6 `dp`, "Scale"). Every piece of the objective is ≥ 0 — a slot
 * cost |v − t| or (v − t)², an evenness cost λ·|…| — so any sequence that puts
 * class c in slot i costs at least
 *
 *   LB(i, c) = cost(i, c) + Σ_{k ≠ i} min_d cost(k, d)        (L1, L2)
 *   LB(i, c) = max(cost(i, c), max_{k ≠ i} min_d cost(k, d))  (Linf)
 *
 * (d over slot k's usable classes). A state whose class has LB > T lies on no
 * sequence of cost ≤ T, so the dp may drop it: the answer of the pruned dp is
 * the true optimum as soon as it is ≤ T, and every sequence within the tie
 * tolerance of it is kept, so the forward pass picks the same ids.
 */
export interface SlotBounds {
  /** Σ (or max, Linf) over slots of the least slot cost: a lower bound of the objective. */
  floor: number;
  /** Least slot cost of each slot (Infinity where no class is usable). */
  least: Float64Array;
  /** The next larger slot cost of each slot (Infinity where every usable class costs the least). */
  next: Float64Array;
  /** Largest slot cost of each slot's usable classes (−Infinity where none). */
  most: Float64Array;
  linf: boolean;
  /** Per distinct eligible list: its usable classes in ascending metric value, and those values. */
  orders: Array<{ cls: Int32Array; value: Float64Array }>;
}

/**
 * Each slot's least, next and largest slot cost over its usable classes, and
 * the floor (SPEC 6 `dp`, "Scale"; costs in the objective's units: metric
 * units for L1 and Linf, their square for L2). Work: one sort per distinct
 * eligible list, then per slot a binary search for the target and a few steps
 * out from it (the cost only grows with the distance of the value from the
 * target). Throws nothing; a slot with no usable class has least Infinity.
 */
export function slotBounds(ctx: BoundsContext): SlotBounds {
  const { obj, classes } = ctx;
  const S = ctx.problem.slots.length;
  const orders = classes.lists.map((list) => valueOrder(ctx, list));
  const least = new Float64Array(S).fill(Infinity);
  const next = new Float64Array(S).fill(Infinity);
  const most = new Float64Array(S).fill(-Infinity);
  const linf = obj.norm === "Linf";
  let floor = 0;
  for (let i = 0; i < S; i++) {
    const { cls, value } = orders[classes.listOfSlot[i]];
    const n = cls.length;
    if (n > 0) {
      const cost = (k: number) => obj.slotCost(i, ctx.rep[cls[k]]);
      most[i] = Math.max(cost(0), cost(n - 1));
      // Outward from the target, in ascending cost, until a cost above the least.
      let r = firstAtLeast(value, ctx.problem.slots[i].target);
      let l = r - 1;
      while (l >= 0 || r < n) {
        const left = l >= 0 ? cost(l) : Infinity;
        const right = r < n ? cost(r) : Infinity;
        const c = left <= right ? left : right;
        if (left <= right) l--;
        else r++;
        if (least[i] === Infinity) least[i] = c;
        else if (c > least[i]) {
          next[i] = c;
          break;
        }
      }
    }
    floor = linf ? (least[i] > floor ? least[i] : floor) : floor + least[i];
  }
  return { floor, least, next, most, linf, orders };
}

/** A list's usable classes sorted by metric value (then class). */
function valueOrder(ctx: BoundsContext, list: Int32Array): { cls: Int32Array; value: Float64Array } {
  const usable = list.filter((c) => ctx.mult[c] > 0);
  const metric = (c: number) => ctx.obj.value(ctx.rep[c]);
  usable.sort((a, b) => metric(a) - metric(b) || a - b);
  return { cls: usable, value: Float64Array.from(usable, metric) };
}

/** First index of an ascending array whose value is ≥ x (its length when none). */
function firstAtLeast(a: Float64Array, x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid] >= x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Each slot's classes left by a bound: distinct lists (as the classes they hold) and each slot's list. */
export interface KeptLists {
  lists: Int32Array[];
  listOfSlot: Int32Array;
  /** Whether the bound keeps every usable class of every slot (pruning would change nothing). */
  all: boolean;
  /** Classes kept, summed over slots. */
  size: number;
}

/**
 * The usable classes of each slot whose lower bound is at most `limit`
 * (see {@link SlotBounds}): a range of its list's value order around the
 * target. Consecutive slots left with the same classes share one list. A slot
 * may be left with none (then no sequence costs ≤ limit). `limit` is in the
 * objective's units (SPEC 6); throws nothing.
 */
export function keptLists(ctx: BoundsContext, bounds: SlotBounds, limit: number): KeptLists {
  const { obj, classes } = ctx;
  const S = ctx.problem.slots.length;
  const lists: Int32Array[] = [];
  const listOfSlot = new Int32Array(S);
  let all = true;
  let size = 0;
  let lastFrom = -1;
  let lastTo = -1;
  let lastOrder = -1;
  for (let i = 0; i < S; i++) {
    // What this slot's class may cost: the limit less every other slot's least cost.
    const room = bounds.linf ? limit : limit - (bounds.floor - bounds.least[i]);
    if (bounds.most[i] > room) all = false;
    const j = classes.listOfSlot[i];
    const { cls, value } = bounds.orders[j];
    const at = firstAtLeast(value, ctx.problem.slots[i].target);
    let from = at;
    let to = at;
    while (from > 0 && obj.slotCost(i, ctx.rep[cls[from - 1]]) <= room) from--;
    while (to < cls.length && obj.slotCost(i, ctx.rep[cls[to]]) <= room) to++;
    size += to - from;
    if (j === lastOrder && from === lastFrom && to === lastTo) listOfSlot[i] = lists.length - 1;
    else {
      listOfSlot[i] = lists.length;
      lists.push(cls.slice(from, to));
      [lastOrder, lastFrom, lastTo] = [j, from, to];
    }
  }
  return { lists, listOfSlot, all, size };
}

/**
 * The first round's width: 1% of the floor, or — where that is more — the
 * median over slots of the step from a slot's least cost to its next one (so
 * a floor of 0, a ramp every slot hits, still lets each slot take a second class).
 */
export function firstWidth(bounds: SlotBounds, floor: number): number {
  const steps: number[] = [];
  for (let i = 0; i < bounds.least.length; i++) if (bounds.next[i] < Infinity) steps.push(bounds.next[i] - bounds.least[i]);
  steps.sort((a, b) => a - b);
  const width = Math.max(0.01 * floor, steps.length > 0 ? steps[steps.length >> 1] : 0);
  return width > 0 ? width : 1;
}
