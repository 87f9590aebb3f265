import { startState, stateKey, type CarillonState } from "../level/carillon-state.ts";
import { dotsOf } from "../level/dot-set.ts";
import type { CarillonField } from "../level/compile-field.ts";
import type { TieOrder } from "../level/hit-queue.ts";
import { ringFrames, type RingFrames } from "../level/ring-frames.ts";
import { RulesLowerBound } from "./rules-lower-bound.ts";
import { simulateTap, type TapOutcome } from "../level/simulate-tap.ts";
import type { TapModel, TapResult } from "./tap-model.ts";

/** A tap whose outcome depended on the order of hits at the same moment (SPEC 2: not shipped). */
export interface OrderDependence {
  /** Taps spent before it. */
  taps: number;
  /** Dots on the field then, ascending. */
  alive: number[];
  /** The tapped dot. */
  dot: number;
}

/** The tap model of a field with rules, with what it found while being played. */
export interface RulesTapModel extends TapModel {
  readonly frames: RingFrames;
  /**
   * Every tap played so far (by any search using this model) whose next state
   * differs when hits at the same moment are processed in reverse order.
   */
  readonly orderDependent: OrderDependence[];
  /** Taps replayed with ties reversed (ties happened). */
  readonly replays: () => number;
}

/** Options of {@link rulesTapModel}. */
export interface RulesTapModelOptions {
  /** Ring frames (default: built from the field). */
  frames?: RingFrames;
  /** Tie order of the simulation (default `index`). */
  tieOrder?: TieOrder;
  /**
   * Lower bound: `rules` (default, {@link RulesLowerBound}) or `trivial`
   * (1 while dots remain; for differential tests of the bound).
   */
  bound?: "rules" | "trivial";
  /** Replay taps with ties reversed and record order dependence (default true). */
  checkOrder?: boolean;
  /**
   * Taps and bounds remembered (by state and dot) before the memory is
   * cleared and refilled (default 200000). Searches replay the same states
   * (each deepening of the solver, the winning-first-tap searches, the stored
   * solution's search and the bits recursion), so remembering them saves
   * most simulations; the cap keeps memory bounded and never changes an
   * answer.
   */
  memory?: number;
  /**
   * A lower bound and its remembered values shared with other models whose
   * fields have the same rings and bound ({@link TapModelCache}); default: its own.
   */
  sharedBound?: SharedLowerBound;
}

/** A {@link RulesLowerBound} with the bounds it computed, by state key (and horizon where something moves). */
export interface SharedLowerBound {
  readonly bound: RulesLowerBound;
  readonly values: Map<string, number>;
}

/**
 * The tap model of a field with marks (SPEC 4.4, 4.5): every tap is played by
 * the event simulation ({@link simulateTap}), so the solver, the stored
 * solution's search and the bits recursion all see the rules exactly as
 * play does; the state carries cracked bells, the tap count and drifter
 * positions. Each tap in which two events fell at the same moment is played
 * again with ties reversed; a different next state is recorded in
 * `orderDependent`, so every tap any search used is checked, not only the
 * stored solution's.
 */
export function rulesTapModel(field: CarillonField, options: RulesTapModelOptions = {}): RulesTapModel {
  const frames = options.frames ?? ringFrames(field);
  const bound = options.sharedBound?.bound ?? new RulesLowerBound(field, frames);
  const orderDependent: OrderDependence[] = [];
  const seen = new Set<string>();
  const checkOrder = options.checkOrder ?? true;
  const memory = options.memory ?? 200_000;
  // Taps remembered by state key, then by dot (one key per state, not one string per tap).
  const taps = new Map<string, Array<TapResult | undefined>>();
  let remembered = 0;
  const bounds = options.sharedBound?.values ?? new Map<string, number>();
  let replays = 0;

  const play = (state: CarillonState, dot: number): TapOutcome => {
    const first = simulateTap(field, state, dot, { rings: frames, tieOrder: options.tieOrder, record: false });
    if (!checkOrder || !first.tied) return first;
    replays++;
    const second = simulateTap(field, state, dot, { rings: frames, tieOrder: options.tieOrder === "reverse" ? "index" : "reverse", record: false });
    if (stateKey(first.next) !== stateKey(second.next)) {
      const key = `${stateKey(state)}>${dot}`;
      if (!seen.has(key)) {
        seen.add(key);
        orderDependent.push({ taps: state.taps, alive: dotsOf(state.alive), dot });
      }
    }
    return first;
  };

  return {
    field,
    frames,
    orderDependent,
    replays: () => replays,
    start: () => {
      const s = startState(field);
      return frames.moves ? { ...s, positions: frames.at(0).positions } : s;
    },
    tapsFrom: (state) => dotsOf(state.alive),
    tap(state: CarillonState, dot: number): TapResult {
      const key = stateKey(state);
      let byDot = taps.get(key);
      const known = byDot?.[dot];
      // Remembered by state key, which leaves out the tap count where nothing moves: only that is refreshed.
      if (known) return known.next.taps === state.taps + 1 ? known : { next: { ...known.next, taps: state.taps + 1 }, popCount: known.popCount };
      const outcome = play(state, dot);
      const result = { next: outcome.next, popCount: outcome.popped.length };
      if (remembered >= memory) {
        taps.clear();
        remembered = 0;
        byDot = undefined;
      }
      if (!byDot) {
        byDot = [];
        taps.set(key, byDot);
      }
      byDot[dot] = result;
      remembered++;
      return result;
    },
    lowerBound(state: CarillonState, horizon?: number): number {
      if (options.bound === "trivial") return state.lost ? Infinity : dotsOf(state.alive).length > 0 ? 1 : 0;
      const key = frames.moves ? `${stateKey(state)}#${horizon ?? ""}` : stateKey(state);
      const known = bounds.get(key);
      if (known !== undefined) return known;
      const value = bound.bound(state, horizon);
      if (bounds.size >= memory) bounds.clear();
      bounds.set(key, value);
      return value;
    },
  };
}
