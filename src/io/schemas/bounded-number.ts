import { z } from "zod";
import { NUMBER_LIMIT } from "../input-limits.ts";

const WITHIN = `expected a finite number within ±1e9`;

/**
 * The one number schema of every file format (SPEC 2: "every number read
 * from a file is finite and within ±1e9"): models, ramps, plans, pools,
 * levels and level bodies build their numbers on it, so a ramp point of
 * 1.7e308 or a metric of 1e999 (which JSON reads as Infinity) is refused
 * with its JSON path, and the JSON Schemas carry the bound.
 */
export function boundedNumber() {
  return z
    .number({ error: (issue) => (issue.code === "invalid_type" && typeof issue.input === "number" ? WITHIN : undefined) })
    .min(-NUMBER_LIMIT, { error: WITHIN })
    .max(NUMBER_LIMIT, { error: WITHIN });
}

/**
 * A number levelramp derives from bounded ones and writes (a level's
 * deviation, a file's objective, bound, gap, optimum, tolerance): finite, with
 * no ±1e9 bound. A sum of deviations passes 1e9 with bounded inputs (60
 * levels against a ramp point of 1e9 give an objective of 3e10), and a file
 * levelramp wrote must be one it reads again; verify recomputes each of them.
 */
export function derivedNumber() {
  return z.number({ error: (issue) => (issue.code === "invalid_type" && typeof issue.input === "number" ? "expected a finite number" : undefined) });
}

/** A whole number on {@link boundedNumber} (level numbers, chapters, counts, ...). */
export function boundedInt() {
  return boundedNumber().int({ error: "expected a whole number" });
}

/**
 * A seed (SPEC 9): a whole number from 0 to 2^53 − 1 (a larger one would be
 * rounded when read), or a string.
 */
export const seedSchema = z.union([
  z.number().int({ error: "expected a whole-number seed from 0 to 2^53 − 1 (a larger one is rounded when read; give it as a string)" }).min(0).max(Number.MAX_SAFE_INTEGER),
  z.string().min(1),
]);
