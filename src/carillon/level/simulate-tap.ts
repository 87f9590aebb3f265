import type { CarillonState } from "./carillon-state.ts";
import { addDot, hasDot, isEmptyDotSet, removeDot, type DotSet } from "./dot-set.ts";
import type { CarillonField } from "./compile-field.ts";
import { HitQueue, type TieOrder } from "./hit-queue.ts";
import type { RingFrame, RingFrames } from "./ring-frames.ts";
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
  /** Beats after the tap at which each dot of `popped` popped (empty when not recorded). */
  popTimes: number[];
  /** The dot whose ring (or duet partner) popped each dot of `popped`, −1 for the tapped dot (empty when not recorded). */
  poppedBy: number[];
  /** Every event processed, in ring-arrival time order (empty when not recorded). */
  events: TapEvent[];
  /** Whether two hits fell within the time tolerance of each other (the outcome may depend on their order). */
  tied: boolean;
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
  /** Record events, pop times and poppers (default true); the searches only need the next state and the pops. */
  record?: boolean;
}

const KIND_BELL = 1;
const KIND_HOME = 2;
const kindCodes = new WeakMap<CarillonField, Uint8Array>();
const SIZE_INDEX = { small: 0, normal: 1, big: 2 } as const;

/** Per dot: 1 for a heavy bell, 2 for a home note, 0 for any other dot (cached per field). */
function kindsOf(field: CarillonField): Uint8Array {
  let codes = kindCodes.get(field);
  if (!codes) {
    codes = new Uint8Array(field.count);
    for (const b of field.byMark.bell) codes[b] = KIND_BELL;
    for (const h of field.byMark.home) codes[h] = KIND_HOME;
    kindCodes.set(field, codes);
  }
  return codes;
}

/** Everything one tap in progress holds (no closures: this runs millions of times). */
interface Play {
  field: CarillonField;
  kinds: Uint8Array;
  own: Ring[];
  frame: RingFrame | null;
  alive: DotSet;
  cracked: DotSet;
  queue: HitQueue;
  record: boolean;
  popped: number[];
  popTimes: number[];
  poppedBy: number[];
  events: TapEvent[];
  homeChecks: number[];
}

/** Whether round bell `d` may pop now: every lower-numbered round bell has popped (any other dot: always). */
function inTurn(p: Play, d: number): boolean {
  const o = p.field.order[d];
  if (o === 0) return true;
  const rounds = p.field.byMark.round;
  for (let i = 0; i < rounds.length; i++) if (p.field.order[rounds[i]] < o && hasDot(p.alive, rounds[i])) return false;
  return true;
}

function popDot(p: Play, d: number, time: number, by: number): void {
  removeDot(p.alive, d);
  removeDot(p.cracked, d);
  p.popped.push(d);
  if (p.record) {
    p.popTimes.push(time);
    p.poppedBy.push(by);
  }
  let ring = p.own[d];
  const echoes = p.frame ? p.frame.echo[d] : undefined;
  if (echoes && by >= 0) ring = echoes[SIZE_INDEX[p.field.sizes[by]]];
  const targets = ring.targets;
  for (let i = 0; i < targets.length; i++) {
    const t = targets[i];
    if (hasDot(p.alive, t)) p.queue.push({ time: time + ring.times[i], target: t, emitter: d });
  }
  if (p.kinds[d] === KIND_HOME) p.homeChecks.push(time);
  const partner = p.field.partner[d];
  if (partner >= 0 && hasDot(p.alive, partner)) {
    if (p.record) p.events.push({ time, target: partner, emitter: d, effect: "duet" });
    popDot(p, partner, time, d);
  }
}

/** Settles every home-note moment before `before` (minus the tolerance): a dot still on the field then loses the level. */
function settleHomes(p: Play, before: number, tol: number): boolean {
  let lost = false;
  while (p.homeChecks.length > 0 && before > p.homeChecks[0] + tol) {
    p.homeChecks.shift();
    if (!isEmptyDotSet(p.alive)) lost = true;
  }
  return lost;
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
 *   that moment is processed, so it does not depend on their order; the tap
 *   still plays out (its preview).
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
  const tol = field.physics.timeTolerance;
  const record = options.record ?? true;
  const p: Play = {
    field,
    kinds: kindsOf(field),
    own: frame ? frame.own : (options.rings as Ring[]),
    frame,
    alive: state.alive.slice(),
    cracked: state.cracked.slice(),
    queue: new HitQueue(tol, options.tieOrder ?? "index"),
    record,
    popped: [],
    popTimes: [],
    poppedBy: [],
    events: [],
    homeChecks: [],
  };
  let lost = false;
  let tied = false;
  let last = 0;
  let hits = 0;

  if (inTurn(p, dot)) popDot(p, dot, 0, -1);
  else if (record) p.events.push({ time: 0, target: dot, emitter: -1, effect: "out-of-turn" });
  const queue = p.queue;
  while (queue.size > 0) {
    const hit = queue.pop();
    if (p.homeChecks.length > 0 && settleHomes(p, hit.time, tol)) lost = true;
    if (hits > 0 && hit.time - last <= tol) tied = true;
    hits++;
    const t = hit.target;
    let effect: HitEffect;
    if (!hasDot(p.alive, t)) effect = "gone";
    else if (p.kinds[t] === KIND_BELL && !hasDot(p.cracked, t)) {
      addDot(p.cracked, t);
      effect = "crack";
    } else if (!inTurn(p, t)) effect = "out-of-turn";
    else effect = "pop";
    if (record) p.events.push({ time: hit.time, target: t, emitter: hit.emitter, effect });
    if (effect === "pop") popDot(p, t, hit.time, hit.emitter);
    last = hit.time;
  }
  if (p.homeChecks.length > 0 && settleHomes(p, Infinity, tol)) lost = true;

  return {
    next: {
      alive: p.alive,
      cracked: p.cracked,
      positions: frames?.moves ? frames.at(state.taps + 1).positions : state.positions,
      taps: state.taps + 1,
      lost,
    },
    popped: p.popped,
    popTimes: p.popTimes,
    poppedBy: p.poppedBy,
    events: p.events,
    tied,
  };
}
