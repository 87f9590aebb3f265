import { z } from "zod";
import { dedupThresholdsFile, dedupThresholdsShape } from "../../dedup/dedup-thresholds.ts";
import { readJsonFile } from "../../io/read-json-file.ts";

/** Carillon's section of `models/dedup/thresholds.json` (SPEC 7), editable by a designer. */
export const carillonDedupThresholdsSchema = z
  .strictObject({
    /** Share of the larger field's dots a "same picture" matching must pair (default 0.55). */
    pictureShare: z.number().min(0).max(1),
    /** Largest centre distance of two paired dots, field units (default 45). */
    matchUnits: z.number().positive(),
    /** Share of the larger field's dots a "same answer" matching must pair (default 0.30). */
    answerShare: z.number().min(0).max(1),
    /** Two horn marks are the same mark when their facings (after the turn) differ by at most this, degrees (default 10). */
    hornFacingDegrees: z.number().min(0).max(180),
    /** Two drifter marks are the same mark when their steps (after the turn) differ by at most this, field units (default 5). */
    drifterStepUnits: z.number().min(0),
    /** Tolerance of "identical" (positions, facings, steps), field units / degrees (default 1e-6). */
    identicalUnits: z.number().min(0),
  })
  .refine((t) => t.identicalUnits <= t.matchUnits, {
    path: ["identicalUnits"],
    message: "expected identicalUnits at most matchUnits (an identical field is always the same picture)",
  });

export type CarillonDedupThresholds = z.infer<typeof carillonDedupThresholdsSchema>;

/** The thresholds file as Carillon reads it: the game-free numbers and its own section (other sections pass). */
export const carillonDedupSettingsSchema = z.looseObject({ ...dedupThresholdsShape, carillon: carillonDedupThresholdsSchema });

/** What Carillon's de-duplication reads of the thresholds file. */
export type CarillonDedupSettings = z.infer<typeof carillonDedupSettingsSchema>;

let cached: CarillonDedupSettings | undefined;

/**
 * The package's thresholds for Carillon (`models/dedup/thresholds.json`), read once.
 *
 * @throws InputError (exit 2) naming the file and JSON path when the file or its Carillon section is bad.
 */
export function defaultCarillonDedupThresholds(): CarillonDedupSettings {
  cached ??= readJsonFile(carillonDedupSettingsSchema, dedupThresholdsFile);
  return cached;
}
