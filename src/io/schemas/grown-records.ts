import { z } from "zod";
import { ownRecord } from "../hostile/own-key.ts";
import { boundedInt, boundedNumber } from "./bounded-number.ts";
import { candidateSchema } from "./pool.ts";
import { metricsSchema } from "./shared.ts";

const sha256 = z.string().regex(/^[0-9a-f]{64}$/, "expected 64 hex digits (SHA-256)");

/** Counters by reason (the generator's rejections, `no-candidate`, a composer's figures), read without a prototype. */
const countsSchema = z.record(z.string().min(1), boundedNumber()).overwrite(ownRecord).describe("counters by reason");

/**
 * One batch a pool's run grew (docs/pipeline.md "Pools reused"): its number
 * and the level it was aimed at (the task's `level`: number and aim), its
 * candidates in index order — each the id of the pool candidate it became, or,
 * for a body the pool already held (an exact repeat, stored once), the
 * candidate in full — and the generator's counters.
 */
export const batchRecordSchema = z.strictObject({
  batch: boundedInt().min(0),
  level: z.strictObject({ number: boundedInt().min(1), target: boundedNumber() }),
  candidates: z.array(z.union([z.string().min(1), candidateSchema])),
  stats: countsSchema,
});

/** A part's figures as report.json's `stats.parts` holds them (PartStats). */
export const partFiguresSchema = z.strictObject({
  chapter: boundedInt().min(1),
  part: boundedInt().min(1),
  levels: boundedInt().min(0),
  grownLevels: boundedInt().min(0),
  grown: boundedInt().min(0),
  dropped: boundedInt().min(0),
  conflicts: boundedInt().min(0),
  extraRounds: boundedInt().min(0),
  refineRounds: boundedInt().min(0),
  givenUp: boundedInt().min(0),
});

/**
 * What a run grew for one part (Carillon part, Apsis tier): `key`, the
 * SHA-256 of everything a batch of the part is a function of besides its
 * number and aim (the generator, game, seed, chapter, part, rules, generator
 * settings, candidates per batch, attempts, metric); the part's figures; for
 * a build, the solver of its selection step and whether it was proven; and
 * its batches in the order the run took them (first round, then extra and
 * refine rounds).
 */
export const partRecordSchema = z.strictObject({
  chapter: boundedInt().min(1),
  part: boundedInt().min(1),
  key: sha256,
  stats: partFiguresSchema,
  selection: z.strictObject({ solver: z.string().min(1), optimal: z.boolean() }).optional(),
  batches: z.array(batchRecordSchema),
});

/** A composed level as the composer gives it (level 1..count). */
const composedLevelSchema = z.looseObject({ level: z.unknown(), solution: z.unknown(), metrics: metricsSchema, rules: z.array(z.string()) });

/**
 * The composing a run did: `key` (SHA-256 of the generator, game, seed and
 * count), each stream it took in order with the composer's counters — the
 * levels in full for a set dropped because two of its levels were the same;
 * the kept set's levels are the pool's composed candidates — and the kept
 * set's figures as report.json's `stats.compose` holds them.
 */
export const composeRecordSchema = z.strictObject({
  key: sha256,
  streams: z.array(z.strictObject({ attempt: boundedInt().min(0), levels: z.array(composedLevelSchema).optional(), stats: countsSchema })),
  stats: countsSchema,
});

/**
 * A pool's record of how it was grown (`pools.json` `grown`,
 * docs/pipeline.md "Pools reused"): what a later build reads to reuse every
 * batch whose inputs did not change (`--reuse`), and to continue a kept
 * chain with the figures of the parts it keeps (`build --from`).
 * `generator` names what grew the batches, `<game>@<version>+<hash>` over
 * the code a batch of the game runs and its engine models, `null`
 * for a game without a version (a game registered at run time that declares
 * none): its batches cannot be told apart from another version's, so none is
 * reused.
 */
export const grownRecordsSchema = z.strictObject({
  generator: z.string().min(1).nullable(),
  compose: composeRecordSchema.optional(),
  parts: z.array(partRecordSchema),
});

export type BatchRecord = z.infer<typeof batchRecordSchema>;
export type PartRecord = z.infer<typeof partRecordSchema>;
export type ComposeRecord = z.infer<typeof composeRecordSchema>;
export type GrownRecords = z.infer<typeof grownRecordsSchema>;
