import { dotSetKey, emptyDotSet, fullDotSet, isEmptyDotSet, type DotSet } from "./dot-set.ts";
import type { CarillonField } from "./compile-field.ts";

/**
 * Everything a field remembers between taps (SPEC 4.5: remaining dots,
 * cracked bells, drifter positions), plus the taps spent. Plain fields use
 * `alive` and `taps` only; the other members are there so the rules of SPEC
 * 4.4 extend the same state instead of replacing it.
 */
export interface CarillonState {
  /** Dots still on the field. */
  readonly alive: DotSet;
  /** Heavy bells cracked by one hit (the crack lasts between taps). */
  readonly cracked: DotSet;
  /** Centres `[x0, y0, x1, y1, …]` when some dot moves (drifters), else null: the field's own centres. */
  readonly positions: Float64Array | null;
  /** Taps spent so far. */
  readonly taps: number;
  /** A state with no way on (a home note popped too early). */
  readonly lost: boolean;
}

/** The state before the first tap: every dot on the field, nothing cracked. */
export function startState(field: CarillonField): CarillonState {
  return { alive: fullDotSet(field.count), cracked: emptyDotSet(field.count), positions: null, taps: 0, lost: false };
}

/** Whether the field is cleared (no dot left) and not lost. */
export function isCleared(state: CarillonState): boolean {
  return !state.lost && isEmptyDotSet(state.alive);
}

/**
 * A key equal exactly for states that play the same from here on: the
 * remaining dots, cracked bells, and (only when something moves, since
 * positions follow the tap count) the tap count. Taps spent do not change what
 * a plain field does next, so they are left out there and transpositions meet.
 */
export function stateKey(state: CarillonState): string {
  // States are never changed once made, and the searches ask for the same state's key many times.
  const known = keys.get(state);
  if (known !== undefined) return known;
  let k = dotSetKey(state.alive);
  if (!isEmptyDotSet(state.cracked)) k += `|c${dotSetKey(state.cracked)}`;
  if (state.positions) k += `|t${state.taps}`;
  if (state.lost) k += "|lost";
  keys.set(state, k);
  return k;
}

const keys = new WeakMap<CarillonState, string>();
