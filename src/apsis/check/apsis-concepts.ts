import type { ApsisBody } from "../level/apsis-body.ts";
import { rulesInEffect, type ApsisRule } from "../level/apsis-rules.ts";
import { loadSkyModel, type SkyModel } from "../model/sky-model.ts";
import { solveSky } from "../solver/solve-sky.ts";
import { ruleNeeded } from "./rule-needed.ts";

/**
 * The concepts an Apsis sky needs (SPEC 12): the rules of SPEC 5.4 (`key`,
 * `number`, `falling`) in effect on it whose removal (the others kept)
 * changes some arrow's round — SPEC 5.4's "a level must need its rule",
 * asked of each rule. A shipped sky needs every rule it carries (verify
 * checks it), so its concepts are, in practice, the rules in effect; the
 * test says so rather than assumes it. A plain sky has none (no solve).
 *
 * @param rounds the sky's rounds by arrow index, when already known (saves one solve).
 * @returns the needed rules in `APSIS_RULES` order.
 * @throws NoAnswerError (exit 1) when the sky, or the sky without a rule, cannot be cleared.
 */
export function apsisConcepts(body: ApsisBody, sky: SkyModel = loadSkyModel(), rounds?: readonly number[]): ApsisRule[] {
  const rules = rulesInEffect(body);
  if (rules.length === 0) return [];
  const withRules = rounds ?? solveSky(body, sky).rounds;
  return rules.filter((rule) => ruleNeeded(body, rule, sky, withRules).needed);
}
