import type { CarillonState } from "./carillon-state.ts";
import type { CarillonField } from "./field.ts";

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
 * closure-based model ({@link plainTapModel}); the event simulation
 * ({@link simulatedTapModel}) is the reference every model is tested against,
 * and the base the rules of SPEC 4.4 build on.
 */
export interface TapModel {
  readonly field: CarillonField;
  /** The state before the first tap. */
  start(): CarillonState;
  /** Taps from `state` (dots on the field, ascending). */
  tapsFrom(state: CarillonState): number[];
  /** Plays one tap. @throws Error when `dot` is not on the field. */
  tap(state: CarillonState, dot: number): TapResult;
  /** An admissible lower bound on the taps still needed to clear `state` (Infinity when it cannot be cleared). */
  lowerBound(state: CarillonState): number;
}
