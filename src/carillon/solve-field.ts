import { NoAnswerError } from "../io/errors.ts";
import { dotCount } from "./dot-set.ts";
import { TapSearch, type SearchLimits } from "./tap-search.ts";
import type { TapModel } from "./tap-model.ts";

/** The solver's answer (SPEC 4.5). */
export interface SolveResult {
  /** Fewest taps that clear the field. */
  goal: number;
  /** The lexicographically smallest optimal solution (dot indices in tap order). */
  solution: number[];
  /** Every first tap that begins some optimal solution, ascending. */
  winningFirstTaps: number[];
  /** States expanded. */
  states: number;
}

/**
 * Exact fewest taps by search over states (SPEC 4.5): iterative deepening
 * from the model's lower bound, one transposition table throughout. Then
 * each first tap is tried against the goal to find every winning first tap.
 *
 * @param limits `maxStates` (models/carillon/solver.json) and an optional
 *   wall-clock `deadlineMs` that only aborts.
 * @throws NoAnswerError (exit 1) past the limits, or when no number of taps up
 *   to the dot count clears the field.
 */
export function solveField(model: TapModel, limits: SearchLimits): SolveResult {
  const search = new TapSearch(model, limits);
  const start = model.start();
  const most = dotCount(start.alive);
  let goal = Math.max(1, model.lowerBound(start));
  let solution: number[] | null = null;
  for (; goal <= most; goal++) {
    solution = search.path(start, goal);
    if (solution) break;
  }
  if (!solution) throw new NoAnswerError("carillon/solver", `no sequence of up to ${most} taps clears the field`);
  const winningFirstTaps: number[] = [];
  for (const dot of model.tapsFrom(start)) {
    const result = model.tap(start, dot);
    if (search.path(result.next, goal - 1)) winningFirstTaps.push(dot);
  }
  return { goal, solution, winningFirstTaps, states: search.states };
}
