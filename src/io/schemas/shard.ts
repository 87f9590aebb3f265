import { z } from "zod";
import { boundedInt, boundedNumber, seedSchema } from "./bounded-number.ts";
import { modelSchema } from "./model.ts";
import { planSchema } from "./plan.ts";
import { candidateSchema } from "./pool.ts";
import { rampSchema } from "./ramp.ts";
import { checkBody, conceptsSchema, fileGameSchema, metricsSchema, perGame, type BodyGame } from "./shared.ts";

const countsSchema = z.record(z.string(), boundedNumber()).describe("the generator's counters (rejections, no-candidate, composer figures)");

/** A batch a shard grew (SPEC 9): the task as the pipeline built it, and its candidates in index order. */
const grownBatchSchemaOf = (game: BodyGame | undefined) => z.strictObject({
  task: z.strictObject({
    kind: z.literal("grow"),
    game: fileGameSchema(game),
    seed: seedSchema,
    chapter: boundedInt().min(1),
    part: boundedInt().min(1),
    batch: boundedInt().min(0),
    level: z.strictObject({ number: boundedInt().min(1), target: boundedNumber() }),
    count: boundedInt().min(1),
    rules: z.array(z.string()),
    settings: z.record(z.string(), z.unknown()),
    attempts: boundedInt().min(1),
    metric: z.string().min(1).optional(),
  }),
  result: z.strictObject({ candidates: z.array(candidateSchema), stats: countsSchema }),
});

/** One composing stream a shard ran (SPEC 4.6 / 5.5): levels 1..count. */
const composedSetSchemaOf = (game: BodyGame | undefined) => z.strictObject({
  task: z.strictObject({
    kind: z.literal("compose"),
    game: fileGameSchema(game),
    seed: seedSchema,
    count: boundedInt().min(1),
    attempt: boundedInt().min(0),
  }),
  result: z.strictObject({
    levels: z.array(z.looseObject({ level: z.unknown(), solution: z.unknown(), metrics: metricsSchema, rules: z.array(z.string()), concepts: conceptsSchema.optional() })),
    stats: countsSchema,
  }),
});

/**
 * A shard of a sharded `generate` (`levelramp/shard@1`, SPEC 9): a partial
 * pool that `merge` puts together with the other shards of the run. It
 * records its shard (K of N, K from 1), the seed, everything that can change
 * a candidate (`inputs`: the generator's code fingerprint, the chapters, the
 * pipeline settings, the plan, the selection model and the ramp, in full) and
 * `settingsHash`, the SHA-256 of the canonical JSON of the game and `inputs`,
 * and `tasksHash`, the checksum of its candidates (`shardTasksHash`).
 * `tasks` are the first-round tasks the shard ran, in plan order, each with
 * its answer: composing streams (only in the shard that composes) and
 * batches. Drops of repeats and conflict pairs need the whole pool: they are
 * `merge`'s work, so a shard is not a pool `select` reads.
 */
export const shardSchemaOf = perGame((game: BodyGame | undefined) => z
  .strictObject({
    format: z.literal("levelramp/shard@1"),
    game: fileGameSchema(game),
    seed: seedSchema,
    shard: z
      .strictObject({ index: boundedInt().min(1).describe("K, counting from 1"), count: boundedInt().min(1).max(100_000).describe("N") })
      .refine((s) => s.index <= s.count, { message: "expected index ≤ count (K of N, K from 1)" }),
    settingsHash: z.string().regex(/^[0-9a-f]{64}$/, "expected 64 hex digits (SHA-256)"),
    tasksHash: z
      .string()
      .regex(/^[0-9a-f]{64}$/, "expected 64 hex digits (SHA-256)")
      .describe("SHA-256 of the canonical JSON of seed, shard and tasks: the checksum of the shard's candidates, checked on read"),
    inputs: z.strictObject({
      generator: z.string().min(1).describe("<game>@<version>+<hash of the code a batch of the game runs and the game's models>"),
      chapters: z.array(boundedInt().min(1)).min(1),
      settings: z.record(z.string(), z.unknown()).describe("models/pipeline/build.json as the run read it"),
      plan: planSchema,
      model: modelSchema,
      ramp: rampSchema,
    }),
    tasks: z.array(z.union([grownBatchSchemaOf(game), composedSetSchemaOf(game)])),
  })
  .superRefine((shard, ctx) => {
    shard.tasks.forEach((t, i) => {
      if ("candidates" in t.result) t.result.candidates.forEach((c, j) => checkBody(game, shard.game, c.level, ["tasks", i, "result", "candidates", j, "level"], ctx));
      else t.result.levels.forEach((l, j) => checkBody(game, shard.game, l.level, ["tasks", i, "result", "levels", j, "level"], ctx));
    });
  }));

/** The shard file's format as `levelramp schema shard` prints it (a game's shard parses with {@link shardSchemaOf}). */
export const shardSchema = shardSchemaOf();

export type ShardFile = z.infer<typeof shardSchema>;
