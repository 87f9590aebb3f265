import { z } from "zod";
import { modelSchema } from "./model.ts";
import { rampSchema } from "./ramp.ts";
import { checkBody, gameSchema, metricsSchema } from "./shared.ts";

/** One shipped level of a levels file (SPEC 3); `deviation` = value − target. */
export const shippedLevelSchema = z.looseObject({
  number: z.number().int().min(1),
  chapter: z.number().int().min(1),
  part: z.number().int().min(1),
  id: z.string().min(1),
  metrics: metricsSchema,
  target: z.number().finite(),
  deviation: z.number().finite(),
  bestDeviation: z.number().finite().optional().describe("smallest deviation any eligible candidate could have had (pool coverage)"),
  rules: z.array(z.string()).optional(),
  level: z.unknown().optional(),
  solution: z.unknown().optional(),
});

/** The levels file `levelramp/levels@1` (SPEC 3): self-contained, with model and ramp embedded. */
export const levelsSchema = z
  .looseObject({
    format: z.literal("levelramp/levels@1"),
    game: gameSchema,
    seed: z.union([z.number(), z.string(), z.null()]),
    model: modelSchema,
    ramp: rampSchema,
    objective: z.number().finite(),
    status: z.enum(["optimal", "feasible"]).optional().describe("optimal: proven; feasible: valid, not proven (absent in files before statuses: read from `optimal`)"),
    optimal: z.boolean().describe("true exactly when status is optimal"),
    bound: z.number().finite().optional().describe("a proven lower bound on the optimum (feasible answers)"),
    gap: z.number().finite().min(0).optional().describe("(objective − bound) / objective"),
    optimum: z.number().finite().optional().describe("--min-moves: the optimum the answer is within `tolerance` of"),
    tolerance: z.number().finite().min(0).optional(),
    note: z.string().optional().describe("why a feasible answer is not proven optimal"),
    fixed: z
      .array(z.strictObject({ level: z.number().int().min(1), kind: z.enum(["pin", "keep", "composed"]) }))
      .optional()
      .describe("levels the selection could not move (pins, kept levels, composed levels)"),
    solver: z.string().optional(),
    levels: z.array(shippedLevelSchema),
  })
  .superRefine((file, ctx) => {
    if (file.status !== undefined && file.optimal !== (file.status === "optimal")) {
      ctx.addIssue({ code: "custom", path: ["optimal"], message: `expected ${file.status === "optimal"} (optimal is true exactly when status is "optimal"; status is "${file.status}")` });
    }
    file.levels.forEach((l, i) => {
      if (i > 0 && l.number <= file.levels[i - 1].number) {
        ctx.addIssue({ code: "custom", path: ["levels", i, "number"], message: "expected level numbers in increasing order" });
      }
      if (l.level !== undefined) checkBody(file.game, l.level, ["levels", i, "level"], ctx);
    });
  });

export type ShippedLevel = z.infer<typeof shippedLevelSchema>;
export type LevelsFile = z.infer<typeof levelsSchema>;
