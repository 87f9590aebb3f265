import type { CarillonState } from "./carillon-state.ts";
import { hasDot, removeDot } from "./dot-set.ts";
import type { CarillonField } from "./field.ts";
import { HitQueue, type TieOrder } from "./hit-queue.ts";
import type { Ring } from "./ring-table.ts";

/** What one processed hit did: `pop` popped the target; `gone` found it already popped. */
export type HitEffect = "pop" | "gone";

/** One hit as processed, in processing order. */
export interface TapEvent {
  /** Beats after the tap. */
  time: number;
  target: number;
  emitter: number;
  effect: HitEffect;
}

/** The result of one tap. */
export interface TapOutcome {
  /** The state after the tap (tap count + 1). */
  next: CarillonState;
  /** Dots popped by this tap in pop order, the tapped dot first: the tap's preview. */
  popped: number[];
  /** Beats after the tap at which each dot of `popped` popped. */
  popTimes: number[];
  /** The dot whose ring popped each dot of `popped` (−1 for the tapped dot). */
  poppedBy: number[];
  /** Every hit processed, in ring-arrival time order. */
  events: TapEvent[];
}

/** Options of {@link simulateTap}. */
export interface SimulateOptions {
  /** Order of hits at the same moment (default `index`, SPEC 4.1). */
  tieOrder?: TieOrder;
  /** Rings per dot (from {@link ringTable}); required while nothing moves, for speed. */
  rings: Ring[];
}

/**
 * Plays one tap event by event (SPEC 4.1): the tapped dot pops at time 0 and
 * emits its ring; every dot the ring reaches is hit when the ring arrives
 * (`(dist − radius) / speed` beats after the emitter popped); hits are
 * processed in time order, hits within the time tolerance (1e-9 beats) by
 * target index; a plain dot pops when hit, a hit on a dot already popped does
 * nothing. The tap ends when no ring is travelling.
 *
 * The event loop is where the rules of SPEC 4.4 plug in (cracks, echoes,
 * duets, round order, home note): each is a different effect of a hit on a
 * marked dot, and each needs exactly this arrival order.
 *
 * @throws Error (`carillon/simulate-tap: ...`) when `dot` is not on the field,
 *   the state is lost, or a dot carries a mark this engine does not play.
 */
export function simulateTap(field: CarillonField, state: CarillonState, dot: number, options: SimulateOptions): TapOutcome {
  if (state.lost) throw new Error("carillon/simulate-tap: the state is lost; no tap can follow");
  if (dot < 0 || dot >= field.count || !hasDot(state.alive, dot)) {
    throw new Error(`carillon/simulate-tap: dot ${dot} is not on the field`);
  }
  const alive = state.alive.slice();
  const popped: number[] = [];
  const popTimes: number[] = [];
  const poppedBy: number[] = [];
  const events: TapEvent[] = [];
  const queue = new HitQueue(field.physics.timeTolerance, options.tieOrder ?? "index");

  const pop = (d: number, time: number, by: number): void => {
    const mark = field.marks[d];
    if (mark) throw new Error(`carillon/simulate-tap: dot ${d} carries a '${mark.kind}' mark, which this engine does not play yet`);
    removeDot(alive, d);
    popped.push(d);
    popTimes.push(time);
    poppedBy.push(by);
    const ring = options.rings[d];
    for (let i = 0; i < ring.targets.length; i++) {
      const t = ring.targets[i];
      if (hasDot(alive, t)) queue.push({ time: time + ring.times[i], target: t, emitter: d });
    }
  };

  pop(dot, 0, -1);
  while (queue.size > 0) {
    const hit = queue.pop();
    if (!hasDot(alive, hit.target)) {
      events.push({ ...hit, effect: "gone" });
      continue;
    }
    events.push({ ...hit, effect: "pop" });
    pop(hit.target, hit.time, hit.emitter);
  }

  return {
    next: { alive, cracked: state.cracked, positions: state.positions, taps: state.taps + 1, lost: false },
    popped,
    popTimes,
    poppedBy,
    events,
  };
}
