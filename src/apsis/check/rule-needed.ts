import type { ApsisBody } from "../level/apsis-body.ts";
import { withoutRule, type ApsisRule } from "../level/apsis-rules.ts";
import { loadSkyModel, type SkyModel } from "../model/sky-model.ts";
import { solveSky } from "../solver/solve-sky.ts";

/** Whether a level needs one of its rules, and the arrows whose round the rule changes. */
export interface RuleNeed {
  rule: ApsisRule;
  needed: boolean;
  /** Arrow indices whose round differs with the rule taken off (ascending). */
  changed: number[];
}

/**
 * A level must need its rule (SPEC 5.4): with that rule's marks taken off
 * (the other rules kept), some arrow's round must differ.
 *
 * @param rounds the level's rounds by arrow index, when already known (saves one solve).
 * @throws NoAnswerError (exit 1) when either sky cannot be cleared (a cycle).
 */
export function ruleNeeded(body: ApsisBody, rule: ApsisRule, sky: SkyModel = loadSkyModel(), rounds?: readonly number[]): RuleNeed {
  const withRule = rounds ?? solveSky(body, sky).rounds;
  const without = solveSky(withoutRule(body, rule), sky).rounds;
  const changed: number[] = [];
  without.forEach((r, i) => {
    if (r !== withRule[i]) changed.push(i);
  });
  return { rule, needed: changed.length > 0, changed };
}
