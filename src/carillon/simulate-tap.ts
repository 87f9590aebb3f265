import type { CarillonState } from "./carillon-state.ts";
import { addDot, hasDot, isEmptyDotSet, removeDot } from "./dot-set.ts";
import type { CarillonField } from "./field.ts";
import { HitQueue, type TieOrder } from "./hit-queue.ts";
import { DOT_SIZES } from "./physics-model.ts";
import type { RingFrames } from "./ring-frames.ts";
import type { Ring } from "./ring-table.ts";

/**
 * What one processed event did: `pop` popped the target; `gone` found it
 * already popped; `crack` cracked a heavy bell; `out-of-turn` was lost on a
 * round bell whose turn has not come (a hit, or the tap itself when
 * `emitter` is −1); `duet` popped a duet dot because its partner popped.
 */
export type HitEffect = "pop" | "gone" | "crack" | "out-of-turn" | "duet";

/** One event as processed, in processing order. */
export interface TapEvent {
  /** Beats after the tap. */
  time: number;
  target: number;
  /** Dot whose ring (or, for `duet`, whose pop) caused it; −1 for the tap itself. */
  emitter: number;
  effect: HitEffect;
}

/** The result of one tap. */
export interface TapOutcome {
  /** The state after the tap (tap count + 1; drifters moved; `lost` when a home note popped too early). */
  next: CarillonState;
  /** Dots popped by this tap in pop order, the tapped dot first when it popped: the tap's preview. */
  popped: number[];
  /** Beats after the tap at which each dot of `popped` popped. */
  popTimes: number[];
  /** The dot whose ring (or duet partner) popped each dot of `popped` (−1 for the tapped dot). */
  poppedBy: number[];
  /** Every event processed, in ring-arrival time order. */
  events: TapEvent[];
}

/** Options of {@link simulateTap}. */
export interface SimulateOptions {
  /** Order of hits at the same moment (default `index`, SPEC 4.1). */
  tieOrder?: TieOrder;
  /**
   * The field's rings: its {@link RingFrames} (any field), or a plain ring
   * table (from {@link ringTable}) for a field where nothing moves and no
   * echo stone lies.
   */
  rings: Ring[] | RingFrames;
}

/**
 * Plays one tap event by event (SPEC 4.1, 4.4) — the one simulation every
 * rule lives in. The tapped dot pops at time 0 and emits its ring; every dot
 * a ring reaches is hit when the ring arrives (`(dist − radius) / speed`
 * beats after the emitter popped); hits are processed in time order, hits
 * within the time tolerance (1e-9 beats) by target index. A hit on:
 * - a plain dot, drifter or home note pops it; a popped dot is `gone`;
 * - a heavy bell (`bell`): the first hit ever cracks it (the crack stays
 *   between taps), a hit on a cracked bell pops it; a tap pops it at once;
 * - an echo stone (`echo`): pops it, and it emits a full ring with the reach
 *   of the size of the dot whose ring popped it (a horn counts as its plain
 *   size); tapped, it emits its own size's ring;
 * - a horn (`horn`): pops it; its ring reaches twice as far, only dots whose
 *   centres lie in its ±45° cone;
 * - a duet dot (`duet`): pops it, and its partner pops at the same moment
 *   wherever it is (and emits its own ring);
 * - a round bell (`round`): pops it once every lower-numbered round bell has
 *   popped; otherwise the hit is lost on it (no crack, no ring) — a later
 *   ring of the same tap may still pop it; a tap out of turn pops nothing
 *   and is still a tap spent;
 * - a home note (`home`): pops it; if at that moment any other dot is still
 *   on the field and not popping at that same moment (within the tolerance),
 *   the level is lost (`next.lost`). The check waits until every event of
 *   that moment is processed, so it does not depend on their order.
 * The tap ends when no ring is travelling; then every drifter moves by its
 * step, bouncing off the field's edges (`next.positions`).
 *
 * @throws Error (`carillon/simulate-tap: ...`) when `dot` is not on the
 *   field, the state is lost, or a plain ring table is given for a field that
 *   needs ring frames.
 */
export function simulateTap(field: CarillonField, state: CarillonState, dot: number, options: SimulateOptions): TapOutcome {
  if (state.lost) throw new Error("carillon/simulate-tap: the state is lost; no tap can follow");
  if (dot < 0 || dot >= field.count || !hasDot(state.alive, dot)) {
    throw new Error(`carillon/simulate-tap: dot ${dot} is not on the field`);
  }
  const frames = Array.isArray(options.rings) ? null : (options.rings as RingFrames);
  if (!frames && (field.byMark.echo.length > 0 || field.byMark.drifter.length > 0)) {
    throw new Error("carillon/simulate-tap: a field with echo stones or drifters needs its ring frames, not a plain ring table");
  }
  const frame = frames ? frames.at(state.taps) : null;
  const own: Ring[] = frame ? frame.own : (options.rings as Ring[]);
  const tol = field.physics.timeTolerance;
  const alive = state.alive.slice();
  const cracked = state.cracked.slice();
  const popped: number[] = [];
  const popTimes: number[] = [];
  const poppedBy: number[] = [];
  const events: TapEvent[] = [];
  const queue = new HitQueue(tol, options.tieOrder ?? "index");
  const homeChecks: number[] = [];
  let lost = false;

  const inTurn = (d: number): boolean => {
    const o = field.order[d];
    if (o === 0) return true;
    for (const r of field.byMark.round) if (field.order[r] < o && hasDot(alive, r)) return false;
    return true;
  };

  const pop = (d: number, time: number, by: number): void => {
    removeDot(alive, d);
    removeDot(cracked, d);
    popped.push(d);
    popTimes.push(time);
    poppedBy.push(by);
    let ring = own[d];
    const echoes = frame?.echo[d];
    if (echoes && by >= 0) ring = echoes[DOT_SIZES.indexOf(field.sizes[by])];
    for (let i = 0; i < ring.targets.length; i++) {
      const t = ring.targets[i];
      if (hasDot(alive, t)) queue.push({ time: time + ring.times[i], target: t, emitter: d });
    }
    if (field.marks[d]?.kind === "home") homeChecks.push(time);
    const p = field.partner[d];
    if (p >= 0 && hasDot(alive, p)) {
      events.push({ time, target: p, emitter: d, effect: "duet" });
      pop(p, time, d);
    }
  };

  const checkHomes = (before: number): void => {
    while (homeChecks.length > 0 && before > homeChecks[0] + tol) {
      homeChecks.shift();
      if (!isEmptyDotSet(alive)) lost = true;
    }
  };

  if (inTurn(dot)) pop(dot, 0, -1);
  else events.push({ time: 0, target: dot, emitter: -1, effect: "out-of-turn" });
  while (queue.size > 0) {
    const hit = queue.pop();
    checkHomes(hit.time);
    const t = hit.target;
    if (!hasDot(alive, t)) {
      events.push({ ...hit, effect: "gone" });
    } else if (field.marks[t]?.kind === "bell" && !hasDot(cracked, t)) {
      addDot(cracked, t);
      events.push({ ...hit, effect: "crack" });
    } else if (!inTurn(t)) {
      events.push({ ...hit, effect: "out-of-turn" });
    } else {
      events.push({ ...hit, effect: "pop" });
      pop(t, hit.time, hit.emitter);
    }
  }
  checkHomes(Infinity);

  return {
    next: {
      alive,
      cracked,
      positions: frames?.moves ? frames.at(state.taps + 1).positions : state.positions,
      taps: state.taps + 1,
      lost,
    },
    popped,
    popTimes,
    poppedBy,
    events,
  };
}
