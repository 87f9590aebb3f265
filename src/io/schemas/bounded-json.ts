import { z } from "zod";
import { NUMBER_LIMIT } from "../input-limits.ts";

/** Deepest nesting of arrays and objects a bounded JSON value may have. */
export const MAX_JSON_DEPTH = 64;

/**
 * Any JSON value held to the bounds of every input (SPEC 2): numbers finite
 * and within ±1e9, arrays and objects nested at most {@link MAX_JSON_DEPTH}
 * deep, no `undefined`, function or other non-JSON value; `null` only when
 * `nullable`. The body of an outside game's level (SPEC 10) and its plan
 * parts' generator settings are checked with it: levelramp stores them as
 * they are and never looks inside.
 *
 * @param what the words for the value in messages, e.g. `a level body`.
 */
export function boundedJson(what = "a JSON value", nullable = false) {
  return z.unknown().superRefine((value, ctx) => {
    if (value === null && !nullable) {
      ctx.addIssue({ code: "custom", message: `expected ${what}, not null` });
      return;
    }
    const problem = jsonProblem(value, [], 0);
    if (problem) ctx.addIssue({ code: "custom", path: problem.path, message: problem.message });
  });
}

/** The first place where `value` is no bounded JSON (depth first), or undefined. */
function jsonProblem(value: unknown, path: PropertyKey[], depth: number): { path: PropertyKey[]; message: string } | undefined {
  switch (typeof value) {
    case "string":
    case "boolean":
      return undefined;
    case "number":
      return Number.isFinite(value) && Math.abs(value) <= NUMBER_LIMIT ? undefined : { path, message: "expected a finite number within ±1e9" };
    case "object": {
      if (value === null) return undefined;
      if (depth >= MAX_JSON_DEPTH) return { path, message: `expected arrays and objects nested at most ${MAX_JSON_DEPTH} deep` };
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          const p = jsonProblem(value[i], [...path, i], depth + 1);
          if (p) return p;
        }
        return undefined;
      }
      for (const [k, v] of Object.entries(value)) {
        const p = jsonProblem(v, [...path, k], depth + 1);
        if (p) return p;
      }
      return undefined;
    }
    default:
      return { path, message: `expected a JSON value; got ${typeof value}` };
  }
}
