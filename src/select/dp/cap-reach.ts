import type { DpContext } from "./dp-context.ts";
import type { KeptLists } from "./slot-bounds.ts";

/**
 * Each slot's usable classes narrowed to those whose primary bucket some
 * sequence of the chain relaxation can hold there ({@link relaxationBounds};
 * SPEC 6 `dp`, "Scale"): values never fall, so the levels before slot i
 * (0-based) and the level at i lie in buckets up to the class's own, each
 * bucket in one run of at most `cap(b)` levels (the primary run's length, or
 * the bucket's usable candidates if fewer). A class of bucket b can stand at
 * slot i only when the caps of the buckets up to b sum to at least i + 1 and
 * those of the buckets from b up to at least S − i. Every relaxed sequence —
 * every real one too — keeps to that, so the relaxation over the narrowed
 * lists has the same optimum and gives the same bound to every class it
 * keeps (the others lie on no relaxed sequence: their bound is infinite).
 * Each slot's classes form one range of its list in primary order, found by
 * binary search: on a pool of few values and many candidates each (400 of
 * 20,000 sudoku ratings halved to 235 values) it leaves out about half the
 * class-slot pairs before a sweep looks at them.
 *
 * Only where no run restarts (no chapter-scoped rule, no run that restarts at
 * introductions): there a bucket may hold runs in two chapters.
 *
 * @param lists each distinct list's usable classes, in any order
 * @returns the narrowed lists (each slot its own range of its list, sorted by
 *   primary value), or undefined where the rules restart runs or nothing is left out
 */
export function capReach(ctx: DpContext, lists: readonly Int32Array[], listOfSlot: Int32Array): KeptLists | undefined {
  if (ctx.introRuns || ctx.primaryRestarts || ctx.restart.includes(1)) return undefined;
  const S = ctx.problem.slots.length;
  const { pb, pv, mult, L } = ctx;
  // Every bucket's cap, over every class (as the sweeps count it), in ascending bucket order.
  const members = new Map<number, number>();
  for (let c = 0; c < ctx.classes.count; c++) members.set(pb[c], (members.get(pb[c]) ?? 0) + mult[c]);
  const buckets = Float64Array.from(members.keys()).sort();
  const before = new Float64Array(buckets.length);
  const after = new Float64Array(buckets.length);
  for (let j = 0, sum = 0; j < buckets.length; j++) before[j] = sum += Math.min(L, members.get(buckets[j])!);
  for (let j = buckets.length - 1, sum = 0; j >= 0; j--) after[j] = sum += Math.min(L, members.get(buckets[j])!);
  const sorted = lists.map((list) => list.slice().sort((a, b) => pv[a] - pv[b] || a - b));
  const out: Int32Array[] = [];
  const outOfSlot = new Int32Array(S);
  let size = 0;
  let whole = 0;
  for (let i = 0; i < S; i++) {
    const list = sorted[listOfSlot[i]];
    whole += list.length;
    // The lowest bucket whose caps up to it reach slot i, and the highest whose caps from it reach the last slot.
    const lo = buckets[firstIndex(buckets.length, (j) => before[j] >= i + 1)] ?? Infinity;
    const hi = buckets[firstIndex(buckets.length, (j) => after[j] < S - i) - 1] ?? -Infinity;
    const from = firstIndex(list.length, (k) => pb[list[k]] >= lo);
    const to = firstIndex(list.length, (k) => pb[list[k]] > hi);
    const range = list.subarray(from, Math.max(from, to));
    size += range.length;
    const previous = i > 0 ? out[outOfSlot[i - 1]] : undefined;
    if (previous && previous.length === range.length && previous.byteOffset === range.byteOffset && previous.buffer === range.buffer) outOfSlot[i] = out.length - 1;
    else {
      outOfSlot[i] = out.length;
      out.push(range);
    }
  }
  return size === whole ? undefined : { lists: out, listOfSlot: outOfSlot, all: false, size };
}

/** The first index in [0, n) at which a predicate that is false, then true, holds (n when never). */
function firstIndex(n: number, holds: (j: number) => boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (holds(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
