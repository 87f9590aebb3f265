import { isCleared, type CarillonState } from "../../level/carillon-state.ts";
import type { TapModel, TapResult } from "../../solver/tap-model.ts";

/** What {@link goalBounds} found: the goal lies in `[lower, upper]`. */
export interface GoalBounds {
  /** The tap model's admissible lower bound at the start (Infinity: cannot be cleared). */
  lower: number;
  /** Taps of a solution found by playing the roots greedily (Infinity: none found within `most` taps). */
  upper: number;
  /** The fewest dots one tap of that solution popped (Infinity when there is none). */
  leastPop: number;
}

/**
 * Bounds on a dressed field's goal before any search (SPEC 4.5's checks are
 * the costly part of dressing): `lower` is the tap model's admissible lower
 * bound at the start; `upper` the length of one solution built greedily —
 * at each step the first of `roots` (in the order given) still on the field
 * whose tap pops something and does not lose the level, else the remaining
 * dot whose tap pops the most without losing (the lowest index on a tie) —
 * or Infinity when that play loses, stalls or needs more than `most` taps;
 * `leastPop` is the fewest dots a tap of that play popped (a tap popping one
 * dot there is usually a chain cut down to a single dot, which fails the pop
 * rule of SPEC 4.2 in every solution).
 * On a guarded field the roots are the answer before any mark, so a dressing
 * whose marks join two chains plays in one tap fewer than its roots, and one
 * whose marks cut a chain in one more.
 *
 * @param roots the grown field's roots, in the order to try them (round bells by number, the home note's chain last).
 * @param most the most taps to play before giving up.
 */
export function goalBounds(model: TapModel, roots: readonly number[], most: number): GoalBounds {
  const start = model.start();
  const lower = model.lowerBound(start, most);
  const none = { lower, upper: Infinity, leastPop: Infinity };
  if (lower > most) return none;
  let state: CarillonState = start;
  let taps = 0;
  let leastPop = Infinity;
  while (!isCleared(state)) {
    if (taps >= most || state.lost) return none;
    const alive = model.tapsFrom(state);
    let next: TapResult | null = null;
    for (const r of roots) {
      if (!alive.includes(r)) continue;
      const tap = model.tap(state, r);
      if (tap.popCount > 0 && !tap.next.lost) {
        next = tap;
        break;
      }
    }
    if (!next) {
      for (const d of alive) {
        const tap = model.tap(state, d);
        if (!tap.next.lost && tap.popCount > (next?.popCount ?? 0)) next = tap;
      }
    }
    if (!next) return none;
    leastPop = Math.min(leastPop, next.popCount);
    state = next.next;
    taps++;
  }
  return { lower, upper: taps, leastPop };
}
