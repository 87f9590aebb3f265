import type { CarillonState } from "../level/carillon-state.ts";
import type { CarillonField } from "../level/compile-field.ts";

/** What one tap does, as the state search sees it. */
export interface TapResult {
  /** The state after the tap. */
  next: CarillonState;
  /** Dots the tap popped, the tapped dot included (the preview's size). */
  popCount: number;
}

/**
 * How taps change a field's state: the one seam between the rules and the
 * searches (solver, bits, fair solution). Plain fields have a fast
 * closure-based model ({@link plainTapModel}); fields with marks play every
 * tap through the event simulation ({@link rulesTapModel}), which is also the
 * reference ({@link simulatedTapModel}) the fast model is tested against.
 */
export interface TapModel {
  readonly field: CarillonField;
  /** The state before the first tap. */
  start(): CarillonState;
  /** Taps from `state` (dots on the field, ascending). */
  tapsFrom(state: CarillonState): number[];
  /** Plays one tap. @throws Error when `dot` is not on the field. */
  tap(state: CarillonState, dot: number): TapResult;
  /**
   * An admissible lower bound on the taps still needed to clear `state`
   * within `horizon` more taps (Infinity when it cannot be cleared so). The
   * horizon only matters where dots move (drifters); without one the bound
   * holds for any number of taps.
   */
  lowerBound(state: CarillonState, horizon?: number): number;
  /**
   * Optional: true only when tapping `dot` in `state` leaves a state whose
   * lower bound is at least `state`'s, so a search that would prune on the
   * bound after the tap may prune without computing it (the plain model: a
   * dot outside every source component). False promises nothing.
   */
  keepsLowerBound?(state: CarillonState, dot: number): boolean;
}
