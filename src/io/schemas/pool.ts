import { z } from "zod";
import { checkBody, gameSchema, metricsSchema } from "./shared.ts";

/** Where a generated candidate came from (SPEC 2): seed, batch and index within the batch. */
export const provenanceSchema = z.strictObject({
  seed: z.union([z.number(), z.string()]),
  batch: z.number().int().min(0),
  index: z.number().int().min(0),
});

/** One candidate of a pool (SPEC 3). */
export const candidateSchema = z.looseObject({
  id: z.string().min(1),
  chapter: z.number().int().min(1),
  part: z.number().int().min(1),
  metrics: metricsSchema,
  rules: z.array(z.string()).default([]),
  level: z.unknown().optional(),
  solution: z.unknown().optional(),
  provenance: provenanceSchema.optional(),
  fixedLevel: z.number().int().min(1).optional().describe("a composed level: this candidate is that level number"),
  dropped: z.string().optional().describe("why the build dropped it; select honours the drop"),
});

/** The pool file `levelramp/pool@1` (SPEC 3). */
export const poolSchema = z
  .looseObject({
    format: z.literal("levelramp/pool@1"),
    game: gameSchema,
    seed: z.union([z.number(), z.string()]).optional(),
    generator: z.unknown().optional(),
    candidates: z.array(candidateSchema),
    conflicts: z
      .array(z.strictObject({ ids: z.tuple([z.string(), z.string()]), reason: z.string().optional() }))
      .optional()
      .describe("near-duplicate pairs inside a pool: never both shipped"),
    build: z
      .strictObject({
        objective: z.number().finite(),
        levels: z.array(z.strictObject({ number: z.number().int().min(1), id: z.string() })),
      })
      .optional()
      .describe("what the build that grew this pool chose (part by part), for comparison by select"),
  })
  .superRefine((pool, ctx) => {
    const seen = new Map<string, number>();
    pool.candidates.forEach((c, i) => {
      const first = seen.get(c.id);
      if (first !== undefined) {
        ctx.addIssue({ code: "custom", path: ["candidates", i, "id"], message: `expected a unique id; "${c.id}" is also candidates[${first}]` });
      } else seen.set(c.id, i);
      if (c.level !== undefined) checkBody(pool.game, c.level, ["candidates", i, "level"], ctx);
    });
  });

export type Candidate = z.infer<typeof candidateSchema>;
export type Pool = z.infer<typeof poolSchema>;
