import { z } from "zod";
import { boundedInt, boundedNumber, derivedNumber, seedSchema } from "./bounded-number.ts";
import { modelSchema } from "./model.ts";
import { rampSchema } from "./ramp.ts";
import { checkBody, conceptsSchema, fileGameSchema, metricsSchema, perGame, type BodyGame } from "./shared.ts";

/** One shipped level of a levels file (SPEC 3); `deviation` = value − target. */
export const shippedLevelSchema = z.looseObject({
  number: boundedInt().min(1),
  chapter: boundedInt().min(1),
  part: boundedInt().min(1),
  id: z.string().min(1),
  metrics: metricsSchema,
  target: boundedNumber(),
  deviation: derivedNumber(),
  bestDeviation: derivedNumber().optional().describe("smallest deviation any eligible candidate could have had (pool coverage)"),
  rules: z.array(z.string()).optional(),
  concepts: conceptsSchema.optional().describe("the ideas a player must use to solve it (SPEC 12); absent: none"),
  level: z.unknown().optional(),
  solution: z.unknown().optional(),
});

/** The levels file `levelramp/levels@1` (SPEC 3): self-contained, with model and ramp embedded; of `game` (its bodies checked by the game's schema) or generic. */
export const levelsSchemaOf = perGame((game: BodyGame | undefined) => z
  .looseObject({
    format: z.literal("levelramp/levels@1"),
    game: fileGameSchema(game),
    seed: seedSchema.nullable(),
    model: modelSchema,
    ramp: rampSchema,
    objective: derivedNumber(),
    status: z.enum(["optimal", "feasible"]).optional().describe("optimal: proven; feasible: valid, not proven (absent in files before statuses: read from `optimal`)"),
    optimal: z.boolean().describe("true exactly when status is optimal"),
    bound: derivedNumber().optional().describe("a proven lower bound on the optimum (feasible answers)"),
    gap: derivedNumber().min(0).optional().describe("(objective − bound) / objective"),
    optimum: derivedNumber().optional().describe("--min-moves: the optimum the answer is within `tolerance` of"),
    tolerance: derivedNumber().min(0).optional(),
    note: z.string().optional().describe("why a feasible answer is not proven optimal"),
    fixed: z
      .array(z.strictObject({ level: boundedInt().min(1), kind: z.enum(["pin", "keep", "composed"]) }))
      .optional()
      .describe("levels the selection could not move (pins, kept levels, composed levels)"),
    solver: z.string().optional(),
    plan: z
      .strictObject({
        parts: z.array(z.strictObject({ chapter: boundedInt().min(1), part: boundedInt().min(1), first: boundedInt().min(1), last: boundedInt().min(1) })),
      })
      .optional()
      .describe("the plan's parts this file fills, levels first..last of each: verify checks every level's number, chapter and part against them"),
    levels: z.array(shippedLevelSchema).min(1, { error: "expected at least one level (a levels file with none ships nothing)" }),
  })
  .superRefine((file, ctx) => {
    if (file.status !== undefined && file.optimal !== (file.status === "optimal")) {
      ctx.addIssue({ code: "custom", path: ["optimal"], message: `expected ${file.status === "optimal"} (optimal is true exactly when status is "optimal"; status is "${file.status}")` });
    }
    file.levels.forEach((l, i) => {
      if (i > 0 && l.number <= file.levels[i - 1].number) {
        ctx.addIssue({ code: "custom", path: ["levels", i, "number"], message: "expected level numbers in increasing order" });
      }
      if (l.level !== undefined) checkBody(game, file.game, l.level, ["levels", i, "level"], ctx);
    });
  }));

/** The levels file's format as `levelramp schema levels` prints it, and a generic file's (a game's levels parse with {@link levelsSchemaOf}). */
export const levelsSchema = levelsSchemaOf();

/** One shipped level of a levels file (SPEC 3): its global number, id, chapter and part, metrics, target and (for a game) body. */
export type ShippedLevel = z.infer<typeof shippedLevelSchema>;
/** A levels file `levelramp/levels@1` (SPEC 3): the shipped order, with the model and ramp it was selected under and its status (SPEC 6). */
export type LevelsFile = z.infer<typeof levelsSchema>;
