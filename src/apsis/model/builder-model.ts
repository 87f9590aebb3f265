import { z } from "zod";
import { readJsonFile } from "../../io/read-json-file.ts";
import { apsisModelPath } from "./sky-model.ts";

/**
 * `models/apsis/builder.json` (SPEC 5.2): how the backwards builder weighs
 * its candidates. Every try is bounded by count, never by time.
 */
export const builderModelSchema = z.strictObject({
  format: z.literal("levelramp/apsis-builder@1"),
  candidates: z.number().int().min(1).describe("accepted candidates weighed for each new arrow (36)"),
  aimedShare: z.number().min(0).max(1).describe("share of tries aimed into a free arrow's way (0.8)"),
  aimHeightPower: z.number().min(0).describe("an aimed try picks a free arrow with weight height^this (0 = uniform; higher aims at the deepest chains)"),
  triesPerCandidate: z.number().int().min(1).describe("tries allowed per wanted candidate before the step makes do with fewer"),
  weights: z.strictObject({
    depth: z.number().describe("score per round of depth"),
    freeAtStart: z.number().describe("cost per arrow free at the start"),
    crowding: z.number().describe("cost per unit of ring crowding (Σ ring count² / arrows)"),
    reads: z.number().describe("score per read"),
    track: z.number().min(0).describe("cost per read behind the build's course (only when the build aims at a reads window)"),
    trackAhead: z.number().min(0).describe("cost per read ahead of the build's course (cheaper: arrows still due can coast, a sky left behind may not catch up)"),
    trackDepth: z.number().min(0).describe("cost per round off the build's depth course (only when the build aims at a depth window)"),
  }),
  trimArrows: z.number().int().min(0).max(3).describe("arrows a build aimed at a reads window may place past its count and take out again to land (0 = never)"),
  lockChoices: z.number().int().min(1).describe("older arrows a new key's lock is tried on (the best-scoring is kept)"),
  maxArrows: z.number().int().min(1).describe("no sky is built with more arrows than this (32: about what the five rings hold; past it the climb comes from depth and rules)"),
  spread: z
    .strictObject({
      maxRingShare: z.number().gt(0).max(1).describe("largest share of a sky's arrows one ring may hold (0.35)"),
      fromArrows: z.number().int().min(1).describe("the share holds for skies of at least this many arrows (20)"),
    })
    .describe("no ring crowded: a hard limit on every sky the builder finishes (SPEC 5.2)"),
  fallingInnerShare: z
    .number()
    .min(0)
    .describe("falling ring k: the rings inside k close (and ring k opens) once they hold this × their fair share (arrows × (k − 1) / rings)"),
  ruleDefaults: z.strictObject({
    keys: z.number().int().min(1).describe("key-and-lock pairs per sky when a tier does not say"),
    numbers: z.number().int().min(2).describe("numbered arrows per sky when a tier does not say"),
    fallingRings: z.number().int().min(1).describe("falling rings per sky when a tier does not say"),
    fallingChoices: z.array(z.number().int().min(2)).min(1).describe("rings that may fall"),
  }),
});

/** Builder settings (SPEC 5.2). */
export type BuilderModel = z.infer<typeof builderModelSchema>;

let defaultBuilder: BuilderModel | undefined;

/**
 * Loads builder settings; without `file`, the default `models/apsis/builder.json` (cached).
 *
 * @throws InputError (exit 2) when the file is missing or does not match {@link builderModelSchema}.
 */
export function loadBuilderModel(file?: string): BuilderModel {
  if (file !== undefined) return readJsonFile(builderModelSchema, file);
  defaultBuilder ??= readJsonFile(builderModelSchema, apsisModelPath("builder.json"));
  return defaultBuilder;
}
