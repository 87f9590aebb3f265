import { objectiveTolerance } from "../problem/objective.ts";
import type { DpContext } from "./dp-context.ts";
import type { KeptLists } from "./slot-bounds.ts";

/**
 * The classes a bound keeps ({@link keptLists}), less those on no sequence of
 * cost ≤ `limit` even when only the primary key's `nonDecreasing` is kept
 * (SPEC 6 `dp`, "Scale"). Dropping the other rules — `maxRun`, the other
 * keys' pairwise rules, `maxRise`, evenness, each candidate used once — only
 * lowers a sequence's cost, so the relaxed problem's best sequence through
 * (slot i, class c) costs at most what any real sequence through it costs:
 *
 *   F(i, c) = cost(i, c) ⊕ min { F(i−1, d) : pv(d) ≤ pv(c) }   (forward)
 *   B(i, c) = cost(i, c) ⊕ min { B(i+1, d) : pv(d) ≥ pv(c) }   (backward)
 *   LB(i, c) = F(i, c) + B(i, c) − cost(i, c)    (L1, L2;  max(F, B) for Linf)
 *
 * with ⊕ the objective's sum (max for Linf) and d over the next or previous
 * slot's kept classes (a class the bound dropped lies on no sequence of cost
 * ≤ limit, so leaving it out keeps every such sequence). Where a chapter
 * starts and some rule is chapter-scoped, the step is left free. A class whose
 * LB is above `limit` (less a tolerance that keeps every sequence the
 * objective's sums could put at the limit) is dropped: every sequence of cost
 * ≤ limit keeps all its classes, so the pruned dp's answer and tie-break are
 * the full dp's whenever that answer is ≤ limit.
 *
 * Work: two sweeps with a pointer over consecutive slots' classes in primary
 * value order, O(kept classes) (a list not already in that order is sorted
 * once). Each slot gets its own list, consecutive equal lists shared.
 *
 * @param kept each slot's classes (from {@link keptLists}), in any order
 * @param limit in the objective's units (SPEC 6)
 * @returns the classes left (a slot may be left with none: then no sequence costs ≤ limit) and
 *   `relaxed`, the relaxed problem's least cost over the kept classes (Infinity when a slot has none)
 */
export function chainRelaxation(ctx: DpContext, kept: KeptLists, limit: number): KeptLists & { relaxed: number } {
  const S = ctx.problem.slots.length;
  const { obj, pv, rep } = ctx;
  const linf = obj.norm === "Linf";
  // Each slot's classes flat, in ascending primary value: positions off[i] .. off[i+1].
  const byPrimary = kept.lists.map((list) => primaryOrder(list, pv));
  const off = new Int32Array(S + 1);
  for (let i = 0; i < S; i++) off[i + 1] = off[i] + kept.lists[kept.listOfSlot[i]].length;
  const total = off[S];
  const cls = new Int32Array(total);
  const cost = new Float64Array(total);
  for (let i = 0; i < S; i++) {
    const list = byPrimary[kept.listOfSlot[i]];
    cls.set(list, off[i]);
    for (let k = off[i]; k < off[i + 1]; k++) cost[k] = obj.slotCost(i, rep[cls[k]]);
  }
  const free = ctx.restart;
  const forward = new Float64Array(total);
  const backward = new Float64Array(total);
  // Forward: the best relaxed prefix ending in each class.
  for (let i = 0; i < S; i++) {
    let p = i > 0 ? off[i - 1] : 0;
    let best = i > 0 ? Infinity : 0;
    if (i > 0 && free[i]) for (; p < off[i]; p++) best = Math.min(best, forward[p]);
    for (let k = off[i]; k < off[i + 1]; k++) {
      for (; i > 0 && p < off[i] && pv[cls[p]] <= pv[cls[k]]; p++) best = Math.min(best, forward[p]);
      forward[k] = linf ? Math.max(best, cost[k]) : best + cost[k];
    }
  }
  // Backward: the best relaxed suffix starting in each class.
  for (let i = S - 1; i >= 0; i--) {
    const last = i < S - 1;
    let p = last ? off[i + 2] - 1 : 0;
    let best = last ? Infinity : 0;
    if (last && free[i + 1]) for (; p >= off[i + 1]; p--) best = Math.min(best, backward[p]);
    for (let k = off[i + 1] - 1; k >= off[i]; k--) {
      for (; last && p >= off[i + 1] && pv[cls[p]] >= pv[cls[k]]; p--) best = Math.min(best, backward[p]);
      backward[k] = linf ? Math.max(best, cost[k]) : best + cost[k];
    }
  }
  // Keep the classes whose relaxed bound is within the limit.
  const room = limit + objectiveTolerance(limit);
  const lists: Int32Array[] = [];
  const listOfSlot = new Int32Array(S);
  const buffer = new Int32Array(total);
  let size = 0;
  let relaxed = Infinity;
  for (let k = off[S - 1]; k < off[S]; k++) relaxed = Math.min(relaxed, forward[k]);
  for (let i = 0; i < S; i++) {
    let n = 0;
    for (let k = off[i]; k < off[i + 1]; k++) {
      const lb = linf ? Math.max(forward[k], backward[k]) : forward[k] + backward[k] - cost[k];
      if (lb <= room) buffer[n++] = cls[k];
    }
    size += n;
    const previous = i > 0 ? lists[listOfSlot[i - 1]] : undefined;
    if (previous && sameClasses(previous, buffer, n)) listOfSlot[i] = lists.length - 1;
    else {
      listOfSlot[i] = lists.length;
      lists.push(buffer.slice(0, n));
    }
  }
  return { lists, listOfSlot, all: kept.all && size === kept.size, size, relaxed };
}

/** A list's classes in ascending primary value (the list itself when it already is). */
function primaryOrder(list: Int32Array, pv: Float64Array): Int32Array {
  for (let k = 1; k < list.length; k++) {
    if (pv[list[k]] < pv[list[k - 1]]) return list.slice().sort((a, b) => pv[a] - pv[b] || a - b);
  }
  return list;
}

/** Whether `a` holds exactly `b[0 .. n)`. */
function sameClasses(a: Int32Array, b: Int32Array, n: number): boolean {
  if (a.length !== n) return false;
  for (let k = 0; k < n; k++) if (a[k] !== b[k]) return false;
  return true;
}
