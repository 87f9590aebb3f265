import { z } from "zod";
import { dedupThresholdsFile, dedupThresholdsShape } from "../../dedup/dedup-thresholds.ts";
import { readJsonFile } from "../../io/read-json-file.ts";

/** Apsis's section of `models/dedup/thresholds.json` (SPEC 7), editable by a designer. */
export const apsisDedupThresholdsSchema = z.strictObject({
  /** Share of the larger sky's arrows a "near copy" matching must pair (default 0.5). */
  nearCopyShare: z.number().min(0).max(1),
  /** Largest direction difference of two paired arrows, degrees (default 10). */
  directionDegrees: z.number().min(0).max(180),
  /** Largest midpoint distance of two paired arrows, sky units (default 40). */
  midpointUnits: z.number().positive(),
  /** Radii of rings 1..5, sky units (SPEC 5.1: 80, 125, 170, 215, 260); keep in step with the Apsis geometry model. */
  ringRadii: z.array(z.number().positive()).min(1).max(63),
});

export type ApsisDedupThresholds = z.infer<typeof apsisDedupThresholdsSchema>;

/** The thresholds file as Apsis reads it: the game-free numbers and its own section (other sections pass). */
export const apsisDedupSettingsSchema = z.looseObject({ ...dedupThresholdsShape, apsis: apsisDedupThresholdsSchema });

/** What Apsis's de-duplication reads of the thresholds file. */
export type ApsisDedupSettings = z.infer<typeof apsisDedupSettingsSchema>;

let cached: ApsisDedupSettings | undefined;

/**
 * The package's thresholds for Apsis (`models/dedup/thresholds.json`), read once.
 *
 * @throws InputError (exit 2) naming the file and JSON path when the file or its Apsis section is bad.
 */
export function defaultApsisDedupThresholds(): ApsisDedupSettings {
  cached ??= readJsonFile(apsisDedupSettingsSchema, dedupThresholdsFile);
  return cached;
}
