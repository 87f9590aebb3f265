import type { CarillonState } from "../level/carillon-state.ts";
import { dotCount } from "../level/dot-set.ts";
import type { CarillonFair } from "../model/fair-model.ts";
import { checkFairGeometry } from "./fair-geometry.ts";
import { checkRuleGeometry } from "./rule-geometry.ts";
import type { CarillonProblem } from "./fair-problem.ts";
import { fairSolution, meetsPopRule } from "./fair-solution.ts";
import type { FieldEngine } from "../solver/field-engine.ts";
import type { SolveResult } from "../solver/solve-field.ts";
import type { SearchLimits } from "../solver/tap-search.ts";
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
 * Fair to read (SPEC 4.2, 4.4), on a solved field: the gap and reach margin
 * for every pair ({@link checkFairGeometry}; on a field with marks
 * {@link checkRuleGeometry}: every ring a dot can emit, horn cone edges, and
 * every drifter position read before the goal's taps); some optimal solution
 * whose every tap pops at least `minPopDots` and `minPopShare` of the field
 * at that moment (the lexicographically smallest is returned as the stored
 * solution), else a `fair-pop` problem naming the failing tap of the
 * solver's solution; and no tap whose outcome depends on the order of hits
 * at the same moment (`fair-order`): on a plain field every tap from the
 * start and along the stored solution is replayed with ties reversed; on a
 * field with rules, every tap any search has played on this engine so far
 * (the solver, the bits recursion, this check's own search).
 *
 * @throws NoAnswerError past the search limits.
 */
export function checkFairToRead(engine: FieldEngine, solved: SolveResult, fair: CarillonFair, limits: SearchLimits): FairReport {
  const problems = engine.rules
    ? checkRuleGeometry(engine.field, engine.frames, fair, solved.goal - 1)
    : checkFairGeometry(engine.field, fair);
  const { model } = engine;
  const found = fairSolution(model, solved.goal, fair, limits);
  if (!found.solution) problems.push(popProblem(engine, solved, fair));
  if (engine.rules) {
    for (const o of engine.rules.orderDependent) {
      problems.push({
        reason: "fair-order",
        message: `after ${o.taps} tap${o.taps === 1 ? "" : "s"} with dots [${o.alive.join(", ")}] left, tapping dot ${o.dot} ends differently depending on the order of hits at the same moment`,
        dots: [o.dot],
      });
    }
    return { problems, solution: found.solution, states: found.states };
  }
  const path = found.solution ?? solved.solution;
  const states: Array<{ state: CarillonState; taps: number[] }> = [];
  let state = model.start();
  states.push({ state, taps: [] });
  for (let i = 0; i < path.length - 1; i++) {
    state = model.tap(state, path[i]).next;
    states.push({ state, taps: path.slice(0, i + 1) });
  }
  problems.push(...checkTieOrder(engine.field, engine.frames, states).problems);
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
