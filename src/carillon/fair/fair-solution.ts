import { dotCount } from "../level/dot-set.ts";
import type { CarillonFair } from "../model/fair-model.ts";
import type { TapModel, TapResult } from "../solver/tap-model.ts";
import type { CarillonState } from "../level/carillon-state.ts";
import { TapSearch, type SearchLimits } from "../solver/tap-search.ts";

/**
 * Whether one tap meets the pop rule of SPEC 4.2: it pops at least
 * `minPopDots` (2) dots and at least `minPopShare` (10%) of the dots on the
 * field at that moment.
 */
export function meetsPopRule(fair: CarillonFair, state: CarillonState, result: TapResult): boolean {
  const remaining = dotCount(state.alive);
  return result.popCount >= fair.minPopDots && result.popCount >= fair.minPopShare * remaining - 1e-9;
}

/**
 * The stored solution (SPEC 4.2): the lexicographically smallest optimal
 * solution every tap of which meets the pop rule, or null when no optimal
 * solution does (the field is then not fair to read).
 *
 * @param goal the field's exact goal (from {@link solveField}).
 * @throws NoAnswerError past the search limits.
 */
export function fairSolution(model: TapModel, goal: number, fair: CarillonFair, limits: SearchLimits): { solution: number[] | null; states: number } {
  const search = new TapSearch(model, limits, (state, _dot, result) => meetsPopRule(fair, state, result), "carillon/fair-solution");
  const solution = search.path(model.start(), goal);
  return { solution, states: search.states };
}
