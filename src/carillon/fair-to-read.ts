import type { CarillonState } from "./carillon-state.ts";
import { dotCount } from "./dot-set.ts";
import type { CarillonFair } from "./fair-model.ts";
import { checkFairGeometry } from "./fair-geometry.ts";
import type { CarillonProblem } from "./fair-problem.ts";
import { fairSolution, meetsPopRule } from "./fair-solution.ts";
import type { FieldEngine } from "./field-engine.ts";
import type { SolveResult } from "./solve-field.ts";
import type { SearchLimits } from "./tap-search.ts";
import { checkTieOrder } from "./tie-order-check.ts";

/** The result of the fair-to-read check. */
export interface FairReport {
  /** Empty when the field is fair to read. */
  problems: CarillonProblem[];
  /** The stored solution: lexicographically smallest optimal solution meeting the pop rule (null if none). */
  solution: number[] | null;
  /** States the pop-rule search expanded. */
  states: number;
}

/**
 * Fair to read (SPEC 4.2), on a solved field: the gap and reach margin for
 * every pair ({@link checkFairGeometry}); some optimal solution whose every
 * tap pops at least `minPopDots` and `minPopShare` of the field at that
 * moment (the lexicographically smallest is returned as the stored
 * solution), else a `fair-pop` problem naming the failing tap of the solver's
 * solution; and no tap from the start or along the stored solution whose
 * outcome depends on the order of hits at the same moment (`fair-order`).
 *
 * @throws NoAnswerError past the search limits.
 */
export function checkFairToRead(engine: FieldEngine, solved: SolveResult, fair: CarillonFair, limits: SearchLimits): FairReport {
  const problems = checkFairGeometry(engine.field, fair);
  const { model } = engine;
  const found = fairSolution(model, solved.goal, fair, limits);
  if (!found.solution) problems.push(popProblem(engine, solved, fair));
  const path = found.solution ?? solved.solution;
  const states: Array<{ state: CarillonState; taps: number[] }> = [];
  let state = model.start();
  states.push({ state, taps: [] });
  for (let i = 0; i < path.length - 1; i++) {
    state = model.tap(state, path[i]).next;
    states.push({ state, taps: path.slice(0, i + 1) });
  }
  problems.push(...checkTieOrder(engine.field, engine.rings, states).problems);
  return { problems, solution: found.solution, states: found.states };
}

function popProblem(engine: FieldEngine, solved: SolveResult, fair: CarillonFair): CarillonProblem {
  const { model } = engine;
  let state = model.start();
  for (let i = 0; i < solved.solution.length; i++) {
    const dot = solved.solution[i];
    const result = model.tap(state, dot);
    if (!meetsPopRule(fair, state, result)) {
      return {
        reason: "fair-pop",
        message:
          `no optimal solution pops at least ${fair.minPopDots} dots and ${fair.minPopShare * 100}% of the field on every tap; ` +
          `in the solver's solution [${solved.solution.join(", ")}], tap ${i + 1} (dot ${dot}) pops ${result.popCount} of ${dotCount(state.alive)} dots`,
        dots: [dot],
      };
    }
    state = result.next;
  }
  return {
    reason: "fair-pop",
    message: `no optimal solution pops at least ${fair.minPopDots} dots and ${fair.minPopShare * 100}% of the field on every tap`,
    dots: [],
  };
}
