import { z } from "zod";
import { boundedInt, boundedNumber, derivedNumber, seedSchema } from "./bounded-number.ts";
import { checkBody, conceptsSchema, fileGameSchema, metricsSchema, perGame, type BodyGame } from "./shared.ts";

/** Where a generated candidate came from (SPEC 2): seed, batch and index within the batch. */
export const provenanceSchema = z.strictObject({
  seed: seedSchema,
  batch: boundedInt().min(0),
  index: boundedInt().min(0),
});

/** One candidate of a pool (SPEC 3). */
export const candidateSchema = z.looseObject({
  id: z.string().min(1),
  chapter: boundedInt().min(1),
  part: boundedInt().min(1),
  metrics: metricsSchema,
  rules: z.array(z.string()).default([]),
  concepts: conceptsSchema.optional().describe("the ideas a player must use to solve it (SPEC 12); absent: none"),
  level: z.unknown().optional().describe("the level body; in a generic pool, the candidate's level number in a shipped order (SPEC 3 \"An order\")"),
  solution: z.unknown().optional(),
  provenance: provenanceSchema.optional(),
  fixedLevel: boundedInt().min(1).optional().describe("a composed level: this candidate is that level number"),
  dropped: z.string().optional().describe("why the build dropped it; select honours the drop"),
});

/** The pool file `levelramp/pool@1` (SPEC 3), of `game` (its bodies checked by the game's schema) or generic. */
export const poolSchemaOf = perGame((game: BodyGame | undefined) => z
  .looseObject({
    format: z.literal("levelramp/pool@1"),
    game: fileGameSchema(game),
    seed: seedSchema.optional(),
    generator: z.unknown().optional(),
    candidates: z.array(candidateSchema).min(1, { error: "expected at least one candidate (an empty pool has nothing to select from)" }),
    conflicts: z
      .array(z.strictObject({ ids: z.tuple([z.string(), z.string()]), reason: z.string().optional() }))
      .optional()
      .describe("near-duplicate pairs inside a pool: never both shipped"),
    build: z
      .strictObject({
        objective: derivedNumber(),
        levels: z.array(z.strictObject({ number: boundedInt().min(1), id: z.string() })),
      })
      .optional()
      .describe("what the build that grew this pool chose (part by part), for comparison by select"),
    grown: z
      .unknown()
      .optional()
      .describe('how the pool was grown, batch by batch (docs/pipeline.md "Pools reused"): checked where a build reads it (build --from, --reuse)'),
  })
  .superRefine((pool, ctx) => {
    const seen = new Map<string, number>();
    pool.candidates.forEach((c, i) => {
      const first = seen.get(c.id);
      if (first !== undefined) {
        ctx.addIssue({ code: "custom", path: ["candidates", i, "id"], message: `expected a unique id; "${c.id}" is also candidates[${first}]` });
      } else seen.set(c.id, i);
      // A generic candidate's level is a number: its level in a shipped order (SPEC 3 "An order"), checked by the order reader.
      if (c.level !== undefined && !(pool.game === "generic" && typeof c.level === "number")) checkBody(game, pool.game, c.level, ["candidates", i, "level"], ctx);
    });
    pool.conflicts?.forEach((pair, i) => {
      pair.ids.forEach((id, j) => {
        if (!seen.has(id)) ctx.addIssue({ code: "custom", path: ["conflicts", i, "ids", j], message: `expected the id of a candidate of this pool; "${id}" is not one` });
      });
      // The model's conflict constraint refuses the same (model.ts): a pair of one id says nothing a solver can keep.
      if (pair.ids[0] === pair.ids[1]) ctx.addIssue({ code: "custom", path: ["conflicts", i, "ids", 1], message: `expected two distinct ids (a conflict says "never both ship"); "${pair.ids[1]}" is also ids[0]` });
    });
  }));

/** The pool file's format as `levelramp schema pool` prints it, and a generic pool's (a game's pool parses with {@link poolSchemaOf}). */
export const poolSchema = poolSchemaOf();

/** One candidate level of a pool (SPEC 3): its id, chapter and part, metrics, rules, concepts and (for a game) its body and provenance. */
export type Candidate = z.infer<typeof candidateSchema>;
/** A pool file `levelramp/pool@1` (SPEC 3): the candidates a selection picks from, their conflicts, and the build that grew them. */
export type Pool = z.infer<typeof poolSchema>;
