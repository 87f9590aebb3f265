import type { TapOutcome } from "../../level/simulate-tap.ts";
import { onGrid } from "./on-grid.ts";

/** The rhythm of a played solution (SPEC 4.6). */
export interface Rhythm {
  /** Ring arrivals that popped a dot (every pop but the tapped dots). */
  arrivals: number;
  /** Of those, arrivals whose travel time — (dist − radius(B)) / speed beats after the emitter popped — is on the grid. */
  onGrid: number;
  /** Pops (the tapped dots' own excluded) at a time since their tap that is on the grid. */
  popsOnGrid: number;
  /** `onGrid / arrivals` (1 when nothing arrives). */
  score: number;
}

/**
 * Rhythm of the taps of a solution, as played by the engine's event
 * simulation: each popped dot but the tapped one was popped by one ring
 * arrival, `popTime − popTime(emitter)` beats after its emitter popped; the
 * score is the share of those on the grid (`grid` 0.5: beats and
 * half-beats, within `tolerance` beats). Hits on dots already popped are
 * silent and not counted. `popsOnGrid` also counts pops whose time since
 * the tap is on the grid: equal to `onGrid` when every arrival before them
 * was on it, lower after an off-grid junction (the pulse then runs on,
 * shifted).
 */
export function rhythmOf(outcomes: readonly TapOutcome[], grid: number, tolerance: number): Rhythm {
  let arrivals = 0;
  let on = 0;
  let popsOnGrid = 0;
  for (const o of outcomes) {
    for (let k = 1; k < o.popped.length; k++) {
      const emitter = o.popped.indexOf(o.poppedBy[k]);
      arrivals++;
      if (onGrid(o.popTimes[k] - o.popTimes[emitter], grid, tolerance)) on++;
      if (onGrid(o.popTimes[k], grid, tolerance)) popsOnGrid++;
    }
  }
  return { arrivals, onGrid: on, popsOnGrid, score: arrivals === 0 ? 1 : on / arrivals };
}
