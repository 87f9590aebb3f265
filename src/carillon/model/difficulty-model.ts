import { z } from "zod";

/** One lean model of the guesser (SPEC 4.5): how a dot's preview size becomes its weight. */
export const leanSchema = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("threshold"),
    share: z.number().min(0).max(1).describe("a preview at least this share of the largest preview is 'large'"),
    above: z.number().positive().describe("weight of a dot with a large preview"),
    below: z.number().min(0).describe("weight of any other dot"),
  }),
  z.strictObject({ kind: z.literal("uniform") }),
  z.strictObject({ kind: z.literal("proportional") }),
]);

/** A lean model. */
export type Lean = z.infer<typeof leanSchema>;

/**
 * `models/carillon/difficulty.json` (SPEC 4.5): the named lean models, the
 * default one, and the state limit of the bits recursion.
 */
export const carillonDifficultySchema = z
  .strictObject({
    format: z.literal("levelramp/carillon-difficulty@1"),
    lean: z.string().min(1).describe("name of the default lean model"),
    leans: z.record(z.string().min(1), leanSchema),
    maxStates: z.number().int().min(1).describe("states the bits recursion may evaluate before it fails"),
  })
  .superRefine((m, ctx) => {
    if (!(m.lean in m.leans)) {
      ctx.addIssue({ code: "custom", path: ["lean"], message: `expected one of the lean names: ${Object.keys(m.leans).join(", ")}` });
    }
  });

/** Difficulty model of Carillon (SPEC 4.5). */
export type CarillonDifficulty = z.infer<typeof carillonDifficultySchema>;
