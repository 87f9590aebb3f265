import type { CarillonBody } from "../level/carillon-body.ts";
import type { CarillonModels } from "../model/load-models.ts";
import { plainBody } from "./mark-units.ts";
import { solveBody } from "../solver/solve-body.ts";
import type { SolveResult } from "../solver/solve-field.ts";

/** What {@link needsItsRule} found. */
export interface NeedsItsRuleResult {
  /** Whether the level needs its rule. */
  needed: boolean;
  /** Goal with the marks and with none. */
  goal: number;
  plainGoal: number;
  /** First taps that win three stars on the plain field but lose one with the marks, ascending. */
  lostFirstTaps: number[];
  /** The solver's answer on the plain field. */
  plain: SolveResult;
}

/**
 * "The level needs its rule" (SPEC 4.5): with every mark removed, the field
 * must need a different number of taps, or some first tap that wins three
 * stars on the plain field must lose one with the marks.
 *
 * @param solved the solver's answer on `body`, when already known.
 * @throws NoAnswerError past the solver's limits.
 */
export function needsItsRule(body: CarillonBody, models: CarillonModels, solved?: SolveResult): NeedsItsRuleResult {
  const withRules = solved ?? solveBody(body, models);
  const plain = solveBody(plainBody(body), models);
  const winning = new Set(withRules.winningFirstTaps);
  const lostFirstTaps = plain.winningFirstTaps.filter((d) => !winning.has(d));
  return {
    needed: plain.goal !== withRules.goal || lostFirstTaps.length > 0,
    goal: withRules.goal,
    plainGoal: plain.goal,
    lostFirstTaps,
    plain,
  };
}
