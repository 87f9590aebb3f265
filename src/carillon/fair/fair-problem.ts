import type { LevelProblem } from "../../game/game-backend.ts";

/** A fair-to-read or validation problem, naming the dots (or taps) involved. */
export interface CarillonProblem extends LevelProblem {
  /** Dots involved, by index (a pair for gap/margin, the tapped dot for a tap). */
  dots: number[];
}
