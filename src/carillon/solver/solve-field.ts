import { NoAnswerError } from "../../io/errors.ts";
import { dotCount } from "../level/dot-set.ts";
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
 * @param limits `maxStates` (models/carillon/solver.json), an optional
 *   wall-clock `deadlineMs` that only aborts, and an optional `maxGoal`.
 * @throws NoAnswerError (exit 1) past the limits, or when no number of taps up
 *   to the dot count (or `maxGoal`) clears the field; its `detail.reason` is
 *   `goal-over-limit` when `maxGoal` cut the search short, `unsolvable`
 *   otherwise (a home note that can never pop last).
 */
export function solveField(model: TapModel, limits: SearchLimits): SolveResult {
  const search = new TapSearch(model, limits);
  const start = model.start();
  const dots = dotCount(start.alive);
  const most = Math.min(dots, limits.maxGoal ?? dots);
  let goal = Math.max(1, model.lowerBound(start, most));
  let solution: number[] | null = null;
  for (; goal <= most; goal++) {
    solution = search.path(start, goal);
    if (solution) break;
  }
  if (!solution) {
    const capped = most < dots;
    throw new NoAnswerError(
      "carillon/solver",
      capped ? `no sequence of up to ${most} taps (the limit maxGoal) clears the field` : `no sequence of up to ${most} taps clears the field`,
      { reason: capped ? "goal-over-limit" : "unsolvable", states: search.states },
    );
  }
  const winningFirstTaps: number[] = [];
  for (const dot of model.tapsFrom(start)) {
    const result = model.tap(start, dot);
    if (search.path(result.next, goal - 1)) winningFirstTaps.push(dot);
  }
  return { goal, solution, winningFirstTaps, states: search.states };
}

/**
 * Whether a field's answer is exactly `expected` (SPEC 4.5): the same goal
 * and the same set of winning first taps, as {@link solveField} would find
 * them, but stopping at the first difference. First taps are tried in
 * ascending order, each searched against `goal − 1` (one transposition table
 * throughout); only when every one wins or loses as expected is the field
 * also checked to need no fewer taps. "Every mark matters" asks this of
 * every mark, and most marks matter, so most checks end after a few taps.
 *
 * @throws NoAnswerError (exit 1) past the limits.
 */
export function hasAnswer(model: TapModel, expected: Pick<SolveResult, "goal" | "winningFirstTaps">, limits: SearchLimits): boolean {
  const { goal } = expected;
  if (expected.winningFirstTaps.length === 0) return false;
  const search = new TapSearch(model, limits);
  const start = model.start();
  if (model.lowerBound(start, goal) > goal) return false;
  const winning = new Set(expected.winningFirstTaps);
  for (const dot of model.tapsFrom(start)) {
    const wins = search.path(model.tap(start, dot).next, goal - 1) !== null;
    if (wins !== winning.has(dot)) return false;
  }
  // Some first tap wins in `goal`; the goal is the same only if nothing shorter clears the field.
  return search.path(start, goal - 1) === null;
}
