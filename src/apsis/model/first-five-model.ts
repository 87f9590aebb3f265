import { z } from "zod";
import { readJsonFile } from "../../io/read-json-file.ts";
import { rampSchema, type Ramp } from "../../io/schemas/ramp.ts";
import { apsisModelPath } from "./sky-model.ts";

/**
 * `models/apsis/first-five.json` (SPEC 5.5): how the composed levels 1–5 are
 * drawn and scored. Looks = symmetry + spread + balance; teaching = reads on
 * target (the reads ramp's value at the level, from `models/apsis/ramp.json`:
 * the file holds no targets of its own) and the share of rounds holding an
 * arrow that was blocked before.
 */
export const firstFiveModelSchema = z.strictObject({
  format: z.literal("levelramp/apsis-first-five@1"),
  draws: z.number().int().min(1).describe("small systems drawn per level (100,000)"),
  symmetricShare: z.number().min(0).max(1).describe("share of draws made symmetric under a turn or a mirror"),
  turns: z.array(z.number().int().min(2)).min(1).describe("k-fold turns a symmetric draw may use (360 / k whole degrees)"),
  radialShare: z.number().min(0).max(1).describe("share of drawn arrows pointing straight out from the sun"),
  sharedAngleShare: z.number().min(0).max(1).describe("share of drawn arrows put at the angle of an arrow already drawn (another ring)"),
  levels: z
    .array(
      z.strictObject({
        level: z.number().int().min(1),
        arrows: z.tuple([z.number().int().min(1), z.number().int().min(1)]).describe("arrow count range [low, high]"),
      }),
    )
    .min(1),
  weights: z.strictObject({
    symmetry: z.number().describe("per unit share of arrows matched under the best turn or mirror"),
    spread: z.number().describe("per unit of normalised ring-occupancy entropy"),
    balance: z.number().describe("per unit of balance (1 = centroid on the sun)"),
    readsOff: z.number().describe("cost per read away from the target"),
    taught: z.number().describe("per unit share of rounds that hold an arrow blocked before"),
  }),
});

/** First-five settings (SPEC 5.5). */
export type FirstFiveModel = z.infer<typeof firstFiveModelSchema>;

let defaultFirstFive: FirstFiveModel | undefined;

/**
 * Loads first-five settings; without `file`, `models/apsis/first-five.json` (cached).
 *
 * @throws InputError (exit 2) when the file is missing or does not match {@link firstFiveModelSchema}.
 */
export function loadFirstFiveModel(file?: string): FirstFiveModel {
  if (file !== undefined) return readJsonFile(firstFiveModelSchema, file);
  defaultFirstFive ??= readJsonFile(firstFiveModelSchema, apsisModelPath("first-five.json"));
  return defaultFirstFive;
}

let defaultRamp: Ramp | undefined;

/**
 * Loads the ramp the first five aim at (SPEC 5.5); without `file`,
 * `models/apsis/ramp.json` (cached).
 *
 * @throws InputError (exit 2) when the file is missing or is not a ramp.
 */
export function loadApsisRamp(file?: string): Ramp {
  if (file !== undefined) return readJsonFile(rampSchema, file);
  defaultRamp ??= readJsonFile(rampSchema, apsisModelPath("ramp.json"));
  return defaultRamp;
}
