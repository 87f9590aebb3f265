import { PipelineRun } from "./pipeline-run.ts";
import { keepChapters, type KeptChain } from "./kept-chain.ts";
import { InputError, NoAnswerError } from "../../io/errors.ts";
import { ReuseRunner, reuseTotals, type ReuseSummary } from "../reuse/reuse-runner.ts";
import { PIPELINE_NAMES, type PipelineOptions, type PipelineResult } from "./pipeline-result.ts";

export type { PartStats, PipelineOptions, PipelineResult, PipelineStats } from "./pipeline-result.ts";

/**
 * The main job (SPEC 1 job 1, 6, 9): levels 1..`plan.composed` composed
 * (when level 1 is built), then for each part/tier in plan order: grow its
 * pool in batches (`poolPerLevel` candidates per level not composed, each
 * batch a pure function of seed, game, chapter, part and batch index, run on
 * the worker pool and merged in batch order), drop candidates too close to
 * any level already chosen and mark conflict pairs of near-duplicates inside
 * the pool (SPEC 7), then extend the selection with every earlier level
 * fixed (the chain continues across part, tier and chapter boundaries). A
 * part whose pool cannot fill its levels, or whose selection has no answer,
 * grows up to `extraRounds` more rounds of batches before the run stops.
 *
 * A composed set in which two levels are the same (SPEC 7) is composed again
 * on the next stream, at most `composeAttempts` streams in all.
 *
 * With `select: false` (`generate`) nothing is selected: the pools are grown,
 * candidates repeating a composed level are dropped and conflict pairs marked,
 * and a part grows extra rounds only while it has fewer candidates than levels.
 *
 * @returns the pool (every candidate, chosen or not, with drop reasons,
 *   conflicts and composed levels with `fixedLevel`) and the levels file.
 * @throws NoAnswerError (exit 1) naming the chapter and part: a pool that
 *   cannot fill its part, or no selection, after the extra rounds.
 * @throws InputError (exit 2) for bad plan settings, a plan
 *   composing levels for a game without a composer, or a rule the game cannot play.
 */
export async function runPipeline(options: PipelineOptions & { select: boolean }): Promise<PipelineResult> {
  if (options.keepAims && !options.reuse && !options.from) {
    const names = { ...PIPELINE_NAMES, ...options.names };
    throw new InputError("pipeline/reuse", `${names.keepAims} keeps the aims of an earlier pool's batches: give that pool (${names.reuse})`);
  }
  // 1. With --from, the kept chapters checked and what a whole build holds after them.
  const { run: runOptions, kept } = await fromKept(options);
  // 2. The parts of the run's chapters, the pool (the kept parts' entries in it), the worker pool.
  const run = new PipelineRun(runOptions, kept);
  options.events?.log?.(run.chainStart);
  for (const note of kept?.notes ?? []) options.events?.log?.(note);
  try {
    // 3. The progress totals; start composing levels 1..composed, then queue the first round of the first parts' batches.
    run.announceTotals();
    const composing = run.startComposing();
    run.queueFirstRounds(run.firstBuilt + run.lookahead);
    // 4. The composed levels join the pool fixed to their numbers (composed again while two are the same).
    if (composing) await run.takeComposed(composing);
    // 5. Part by part after the kept ones: take its batches, drop repeats, extend the chain; extra rounds until the chain continues.
    for (let i = run.firstBuilt; i < run.parts.length; i++) await run.buildPart(i);
    // 6. The levels file of the whole chain (build only); the pool's record of how it was grown, last.
    const levels = options.select ? run.levelsFile() : null;
    run.pool.grown = run.recorder.finish(run.stats.compose);
    const reuse = run.runner instanceof ReuseRunner ? { reuse: run.runner.summary() } : {};
    const keptSummary = kept ? { kept: { file: kept.file, chapters: kept.chapters, levels: kept.picks.length } } : {};
    const chainStart = run.chainStart + aimsKeptSentence(reuse.reuse);
    return { pool: run.pool, levels, stats: run.stats, chainStart, threads: run.runner.threads, ...reuse, ...keptSummary };
  } catch (err) {
    // A run with an earlier pool that stops part-way says what it had answered from it and grown ({@link stoppedRunReuse}).
    if (err instanceof NoAnswerError && run.runner instanceof ReuseRunner && isRecord(err.detail)) err.detail.reuse = run.runner.summary();
    throw err;
  } finally {
    await run.close();
  }
}

/**
 * With keepAims, when batches were reused as grown for another aim: the
 * sentence report.txt and report.json add to what the chain starts from, so
 * the set says itself that it may differ from a whole build's
 * (docs/pipeline.md "Keeping the recorded aims"). Empty otherwise, so a run
 * that kept no other aim writes a whole build's bytes.
 */
function aimsKeptSentence(summary: ReuseSummary | undefined): string {
  if (!summary?.keepAims) return "";
  const { reused, grown, aimedElsewhere: elsewhere } = reuseTotals(summary);
  if (elsewhere === 0) return "";
  const total = reused + grown;
  return `; ${elsewhere} of the ${total} batches of candidates were reused from an earlier pool as grown for its ramp or chain (the recorded aims kept), so this set may differ from a whole build's with the same inputs`;
}

/**
 * The run's options and kept chain: with `from` (`build --from`), the kept
 * chapters are checked and derived ({@link keepChapters}), the run spans the
 * set's first chapter to the last asked, and it reuses the set's pool unless
 * another is given.
 *
 * @throws InputError (exit 2) for `from` without selection (generate), and as keepChapters.
 */
async function fromKept(options: PipelineOptions & { select: boolean }): Promise<{ run: PipelineOptions & { select: boolean }; kept?: KeptChain }> {
  const { from } = options;
  if (!from) return { run: options };
  if (!options.select) {
    const names = { ...PIPELINE_NAMES, ...options.names };
    throw new InputError("pipeline/from", `${names.from} keeps a build's chosen levels: it is for a build, not for growing a pool alone (${names.reuse} reuses an earlier pool)`);
  }
  const { chapters, kept } = await keepChapters(options, from);
  return { run: { ...options, chapters, reuse: options.reuse ?? from.pool }, kept };
}

/** {@link runPipeline} with selection: the `build` job (SPEC 2). */
export function buildLevels(options: PipelineOptions): Promise<PipelineResult> {
  return runPipeline({ ...options, select: true });
}

/**
 * {@link runPipeline} without selection: the `generate` job (SPEC 2), pools
 * only — the candidates grown, proven, measured and de-duplicated, with their
 * conflict pairs and the record of how they were grown (`result.pool`;
 * `generate --out` writes it as `JSON.stringify(pool, null, 2)` and a
 * newline). Options: `loadPipelineOptions`. For one shard of the run:
 * `generateShard`.
 */
export function generatePools(options: PipelineOptions): Promise<PipelineResult> {
  return runPipeline({ ...options, select: false });
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

/**
 * What a run with an earlier pool (`reuse`) had answered from it and grown
 * when it stopped without an answer (exit 1): the NoAnswerError's `detail.reuse`,
 * the same shape as a finished run's `reuse` (docs/pipeline.md "Said in the
 * output"; SPEC 9), counting the batches taken or queued up to the stop.
 * Throws nothing.
 *
 * @param err what `buildLevels` or `generatePools` threw.
 * @returns undefined for any other error, or a run without a pool.
 */
export function stoppedRunReuse(err: unknown): ReuseSummary | undefined {
  if (!(err instanceof NoAnswerError) || !isRecord(err.detail)) return undefined;
  const reuse = err.detail.reuse;
  return isRecord(reuse) && Array.isArray(reuse.parts) ? (reuse as unknown as ReuseSummary) : undefined;
}
