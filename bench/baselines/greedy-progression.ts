// The peer the concept benches measure levelramp against: a greedy progression by novelty and
// practice, as the research prototype that orders levels by their concepts chooses (Butler et al.,
// "A Mixed-Initiative Tool for Designing Level Progressions in Games", CHI 2015, on Refraction:
// the next level is picked online, one at a time, by a cost of how much it brings that is new and
// how well it practises what was just brought; nothing is proven). Written here from that
// description alone, over levelramp's own problem so both see the same pools, slots and targets.
import type { SelectionProblem } from "../../src/select/problem/selection-problem.ts";

const NONE: readonly string[] = [];

/** The greedy's weights and its practice target. */
export interface GreedyOptions {
  /** Levels that introduce nothing wanted after each introduction (the model's `practice`). */
  practice: number;
  /** The concepts in the order the designer wants them (an `introduce` order); others are new whenever first met. */
  order?: readonly string[];
  /**
   * `tie-break` (default, the prototype's way): novelty and practice first,
   * the ramp among equals; `first`: the ramp first — among the levels no
   * easier than the last one, the nearest its target, novelty and practice
   * among equals (a greedy that tries to hold the ramp instead).
   */
  ramp?: "tie-break" | "first";
}

/**
 * Picks one eligible, unused candidate per slot, in slot order, never looking
 * back or ahead. Its cost of a candidate:
 *
 * - novelty: |new concepts − wanted|, where one new concept is wanted once
 *   `practice` levels have passed since the last introduction (and some
 *   concept is still to come), none before;
 * - order: +1 when a new concept is not the next one of `order` still to come;
 * - practice: +1 while practising, for a level that does not carry the
 *   concept introduced last.
 *
 * Ties go to the value nearest the slot's ramp target, then the smaller id
 * (with `ramp: "first"` the order of the two is swapped, among levels no
 * easier than the last). It holds eligibility and "each candidate at most
 * once"; no other rule, no look-ahead.
 *
 * @returns a candidate index per slot (a slot with no unused candidate left keeps −1).
 */
export function greedyProgression(problem: SelectionProblem, metricValues: Float64Array, o: GreedyOptions): number[] {
  const rank = new Map((o.order ?? []).map((c, k) => [c, k]));
  const introduced = new Set<string>();
  const used = new Uint8Array(problem.candidates.length);
  const allConcepts = new Set(problem.candidates.flatMap((c) => c.concepts ?? []));
  let since = o.practice;
  let last: string | undefined;
  let floor = -Infinity;
  const rampFirst = o.ramp === "first";
  const picks: number[] = [];
  problem.slots.forEach((slot, s) => {
    const nextInOrder = (o.order ?? []).find((c) => !introduced.has(c));
    const want = since >= o.practice && introduced.size < allConcepts.size ? 1 : 0;
    let best = -1;
    let bestCost = Infinity;
    let bestDev = Infinity;
    for (const k of problem.eligible[s]) {
      if (used[k] || (rampFirst && metricValues[k] < floor)) continue;
      const concepts = problem.candidates[k].concepts ?? NONE;
      let fresh = 0;
      let outOfOrder = false;
      for (const c of concepts) {
        if (introduced.has(c)) continue;
        fresh++;
        if (c !== nextInOrder && rank.has(c)) outOfOrder = true;
      }
      let cost = Math.abs(fresh - want) + (outOfOrder ? 1 : 0);
      if (want === 0 && last !== undefined && !concepts.includes(last)) cost += 1;
      const dev = Math.abs(metricValues[k] - slot.target);
      const [a, b, bestA, bestB] = rampFirst ? [dev, cost, bestDev, bestCost] : [cost, dev, bestCost, bestDev];
      if (a < bestA || (a === bestA && (b < bestB || (b === bestB && problem.candidates[k].id < problem.candidates[best].id)))) {
        best = k;
        bestCost = cost;
        bestDev = dev;
      }
    }
    picks.push(best);
    if (best < 0) return;
    used[best] = 1;
    floor = metricValues[best];
    const fresh = (problem.candidates[best].concepts ?? []).filter((c) => !introduced.has(c));
    for (const c of fresh) introduced.add(c);
    if (fresh.length > 0) {
      since = 0;
      last = fresh[fresh.length - 1];
    } else since++;
  });
  return picks;
}
