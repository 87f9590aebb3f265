import { z } from "zod";
import { boundedInt, boundedNumber } from "../../io/schemas/bounded-number.ts";

const range = (what: string) =>
  z
    .tuple([boundedNumber().min(0), boundedNumber().min(0)])
    .refine(([lo, hi]) => lo <= hi, { message: `expected [low, high] ${what} with low ≤ high` });

/**
 * A plan part's `generator` settings for Apsis (SPEC 3, 5.2): per tier, the
 * arrow count range and the reads window, how near its level's target a
 * candidate must land, the depth window and how far arrow counts may leave
 * the range, how many builds a candidate may take, and how many
 * marks each rule brings (rule counts apply only when the chapter brings the
 * rule; absent counts come from `models/apsis/builder.json` `ruleDefaults`).
 */
export const apsisGeneratorSchema = z.strictObject({
  arrows: range("arrows").refine(([lo]) => Number.isInteger(lo) && lo >= 1, { message: "expected whole arrow counts ≥ 1" }),
  reads: range("reads"),
  aim: boundedNumber().min(0).default(2).describe("a candidate's reads land within ± this of its level's target (inside the tier window)"),
  arrowSlack: boundedInt().min(0).default(2).describe("a build may stop this many arrows before or after the candidate's planned count to land in its window"),
  arrowMargin: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe("when given, every built sky keeps its arrow count within the tier's `arrows` range ± this; absent, the planned count may drift 2 outside the range and a build ± `arrowSlack` around it"),
  depth: range("depth")
    .optional()
    .describe("depth window [lo, hi] in rounds every candidate of the tier lands in (the builder turns down tries past hi and ends only once depth ≥ lo)"),
  builds: boundedInt().min(1).default(8).describe("builds one candidate may take before it is given up"),
  keys: boundedInt().min(1).optional().describe("key-and-lock pairs (chapters with `key`)"),
  numbers: boundedInt().min(2).optional().describe("numbered arrows (chapters with `number`)"),
  fallingRings: boundedInt().min(1).optional().describe("how many rings fall (chapters with `falling`)"),
  fallingChoices: z.array(boundedInt().min(2)).min(1).optional().describe("rings that may fall"),
});

/** Checked Apsis generator settings. */
export type ApsisGeneratorSettings = z.output<typeof apsisGeneratorSchema>;
