import { readJsonFile } from "../io/read-json-file.ts";
import { fileURLToPath } from "node:url";
import { z } from "zod";

/**
 * The numbers of SPEC 7 ("No two levels the same"), editable by a designer in
 * `models/dedup/thresholds.json`.
 */
export const dedupThresholdsSchema = z
  .strictObject({
  format: z.literal("levelramp/dedup@1"),
  carillon: z.strictObject({
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
  }),
  apsis: z.strictObject({
    /** Share of the larger sky's arrows a "near copy" matching must pair (default 0.5). */
    nearCopyShare: z.number().min(0).max(1),
    /** Largest direction difference of two paired arrows, degrees (default 10). */
    directionDegrees: z.number().min(0).max(180),
    /** Largest midpoint distance of two paired arrows, sky units (default 40). */
    midpointUnits: z.number().positive(),
    /** Radii of rings 1..5, sky units (SPEC 5.1: 80, 125, 170, 215, 260); keep in step with the Apsis geometry model. */
    ringRadii: z.array(z.number().positive()).min(1).max(63),
  }),
  /** Work limit of one canonical labelling (search-tree nodes) before it fails (default 200000). */
  canonicalSearchNodes: z.number().int().positive(),
  })
  .refine((t) => t.carillon.identicalUnits <= t.carillon.matchUnits, {
    path: ["carillon", "identicalUnits"],
    message: "expected identicalUnits at most matchUnits (an identical field is always the same picture)",
  });

export type DedupThresholds = z.infer<typeof dedupThresholdsSchema>;
export type CarillonDedupThresholds = DedupThresholds["carillon"];
export type ApsisDedupThresholds = DedupThresholds["apsis"];

const defaultFile = fileURLToPath(new URL("../../models/dedup/thresholds.json", import.meta.url));
let cached: DedupThresholds | undefined;

/**
 * Reads and validates a thresholds file (SPEC 7).
 *
 * @param file path of the JSON file; default `models/dedup/thresholds.json` of the package.
 * @throws InputError (exit 2) when the file is missing, not JSON, or does not match {@link dedupThresholdsSchema}.
 */
export function loadDedupThresholds(file: string = defaultFile): DedupThresholds {
  return readJsonFile(dedupThresholdsSchema, file);
}

/** The package's default thresholds (`models/dedup/thresholds.json`), read once. @throws InputError as {@link loadDedupThresholds}. */
export function defaultDedupThresholds(): DedupThresholds {
  cached ??= loadDedupThresholds();
  return cached;
}
