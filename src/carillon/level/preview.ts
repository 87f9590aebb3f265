import type { CarillonState } from "./carillon-state.ts";
import type { CarillonField } from "./compile-field.ts";
import type { RingFrames } from "./ring-frames.ts";
import { simulateTap } from "./simulate-tap.ts";

/**
 * A tap's preview (SPEC 4.1): every dot tapping `dot` would pop from `state`,
 * the tapped dot first, then in pop order (ring-arrival time, ties by index).
 * Played through the event simulation, so it applies every rule the
 * simulation plays.
 *
 * @param engine the compiled field and its ring frames (a {@link fieldEngine} is one).
 * @throws Error when `dot` is not on the field.
 */
export function preview(engine: { readonly field: CarillonField; readonly frames: RingFrames }, state: CarillonState, dot: number): number[] {
  return simulateTap(engine.field, state, dot, { rings: engine.frames }).popped;
}
