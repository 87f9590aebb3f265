import { stateKey, type CarillonState } from "../level/carillon-state.ts";
import { dotsOf } from "../level/dot-set.ts";
import type { CarillonProblem } from "./fair-problem.ts";
import type { CarillonField } from "../level/compile-field.ts";
import type { RingFrames } from "../level/ring-frames.ts";
import type { Ring } from "../level/ring-table.ts";
import { simulateTap } from "../level/simulate-tap.ts";

/**
 * SPEC 2 / 4.1: a field whose outcome depends on the order of two hits at the
 * same moment is not shipped. For every tap from each of `states`, the tap is
 * played with ties in index order; if two hits fell within the time
 * tolerance, it is played again with ties reversed, and a different next
 * state is a `fair-order` problem naming the state (taps before it) and tap.
 *
 * Plain dots never make the order matter (a hit either pops a dot or finds it
 * gone); the check is there for the rules, whose hits crack, echo and count.
 *
 * @param states states to check, each with the taps that led to it (the
 *   start state and every state along the stored solution).
 */
export function checkTieOrder(
  field: CarillonField,
  rings: Ring[] | RingFrames,
  states: ReadonlyArray<{ state: CarillonState; taps: readonly number[] }>,
): { problems: CarillonProblem[]; replays: number } {
  const problems: CarillonProblem[] = [];
  const tol = field.physics.timeTolerance;
  let replays = 0;
  for (const { state, taps } of states) {
    for (const dot of dotsOf(state.alive)) {
      const first = simulateTap(field, state, dot, { rings });
      let tie = false;
      for (let i = 1; i < first.events.length && !tie; i++) tie = Math.abs(first.events[i].time - first.events[i - 1].time) <= tol;
      if (!tie) continue;
      replays++;
      const second = simulateTap(field, state, dot, { rings, tieOrder: "reverse" });
      if (stateKey(first.next) !== stateKey(second.next)) {
        problems.push({
          reason: "fair-order",
          message: `after taps [${taps.join(", ")}], tapping dot ${dot} ends differently depending on the order of hits at the same moment`,
          dots: [dot],
        });
      }
    }
  }
  return { problems, replays };
}
