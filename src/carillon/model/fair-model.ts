import { z } from "zod";

/**
 * `models/carillon/fair.json` (SPEC 4.2, 4.4): what makes a field fair to
 * read, the horn's cone-edge margin included.
 */
export const carillonFairSchema = z.strictObject({
  format: z.literal("levelramp/carillon-fair@1"),
  minGap: z.number().min(0).describe("field units, edge to edge, between any two dots"),
  reachMargin: z.number().min(0).describe("field units: |dist(A,B) − radius(B) − reach(A)| is at least this"),
  minPopDots: z.number().int().min(1).describe("dots every tap of the stored solution pops, at least"),
  minPopShare: z.number().min(0).max(1).describe("share of the dots on the field that every stored tap pops, at least"),
  hornAngleMargin: z
    .number()
    .min(0)
    .describe("degrees: every dot whose edge lies within a horn's doubled reach + reachMargin has its centre at least this far from the cone's edges"),
});

/** Fair-to-read defaults (SPEC 4.2). */
export type CarillonFair = z.infer<typeof carillonFairSchema>;
