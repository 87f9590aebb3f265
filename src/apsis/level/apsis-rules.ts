import type { ApsisBody } from "./apsis-body.ts";
import { LevelrampError } from "../../io/errors.ts";

/** The rules of SPEC 5.4 by the names plans and pools use. */
export const APSIS_RULES = ["key", "number", "falling"] as const;

/** One Apsis rule: `key` (key and lock), `number` (numbers), `falling` (falling rings). */
export type ApsisRule = (typeof APSIS_RULES)[number];

/** Whether `name` is an Apsis rule name. */
export function isApsisRule(name: string): name is ApsisRule {
  return (APSIS_RULES as readonly string[]).includes(name);
}

/**
 * Checks a rule list from a plan or pool.
 *
 * @throws LevelrampError (exit 2) `apsis/rules: ...` naming an unknown rule.
 */
export function parseApsisRules(names: readonly string[]): ApsisRule[] {
  const out: ApsisRule[] = [];
  for (const name of names) {
    if (!isApsisRule(name)) throw new LevelrampError("apsis/rules", `unknown rule "${name}" (expected one of ${APSIS_RULES.join(", ")})`, 2);
    if (!out.includes(name)) out.push(name);
  }
  return out;
}

/** The rules a sky's marks put in effect (SPEC 5.4), in {@link APSIS_RULES} order. */
export function rulesInEffect(body: ApsisBody): ApsisRule[] {
  const out: ApsisRule[] = [];
  if (body.arrows.some((a) => a.key !== undefined || a.lock !== undefined)) out.push("key");
  if (body.arrows.some((a) => a.number !== undefined)) out.push("number");
  if ((body.fallingRings ?? []).length > 0) out.push("falling");
  return out;
}

/** The same sky with one rule's marks taken off (arrows keep their indices). */
export function withoutRule(body: ApsisBody, rule: ApsisRule): ApsisBody {
  if (rule === "falling") {
    const { fallingRings: _dropped, ...rest } = body;
    return { ...rest, arrows: body.arrows.map((a) => ({ ...a })) };
  }
  return {
    ...body,
    arrows: body.arrows.map((a) => {
      const copy = { ...a };
      if (rule === "key") {
        delete copy.key;
        delete copy.lock;
      } else delete copy.number;
      return copy;
    }),
  };
}
