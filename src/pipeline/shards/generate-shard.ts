import type { ShardFile } from "../../io/schemas/shard.ts";
import { shardTasksHash } from "../../io/hostile/shard-tasks-hash.ts";
import { addCounts } from "../../io/hostile/own-key.ts";
import type { ShardSpec } from "./parse-shard.ts";
import { PipelineRun } from "../level-set/pipeline-run.ts";
import { PIPELINE_NAMES, type PipelineOptions } from "../level-set/pipeline-result.ts";
import { InputError } from "../../io/errors.ts";
import type { ComposeTask, ComposeTaskResult, GrowBatchTask, PipelineTask } from "../workers/pipeline-task.ts";
import { generationInputs, settingsHash } from "./settings-hash.ts";
import { shardTasks } from "./shard-tasks.ts";
import { createTaskRunner, type TaskRunner } from "../workers/task-runner.ts";
import { ReusedAnswers } from "../reuse/reusable-pool.ts";

/** What one shard of a sharded `generate` gives. */
export interface ShardResult {
  /** The shard file (`levelramp/shard@1`). */
  shard: ShardFile;
  /** First-round tasks of the whole run, of them this shard's, and of those the ones answered from the pool reused (`reuse`), which the shard does not hold. */
  tasks: { total: number; mine: number; reused: number };
  /** Candidates this shard grew (before any de-duplication). */
  candidates: number;
  /** The generator's counters over this shard's batches and composing. */
  stats: Record<string, number>;
  /** Worker threads it ran on (0: this thread). */
  threads: number;
}

const add = addCounts;

/**
 * One shard of `generate` (SPEC 9, `generate --shard K/N`): runs only this
 * shard's share of the run's first-round tasks ({@link shardTasks}: round
 * robin over composing, then every part's batches in plan order) and records
 * each task with its answer. Shard 1 composes the first levels (when the run
 * composes), with the whole loop of composing streams a repeat inside a set
 * asks for, so every stream is recorded. Nothing is de-duplicated and no
 * extra round is grown here: both need the whole pool, and `merge` does them
 * (mergeShards). The worker count never changes a byte of the shard. With
 * `options.reuse` (an earlier run's pool), the tasks of its share the pool
 * holds are left out: `merge` answers them from the same pool.
 *
 * @param options as for `generate` (`select` is false).
 * @param shard K of N (K from 1).
 * @throws InputError (exit 2) as generate, or with `keepAims` (merge answers
 *   only batches with their recorded aims); NoAnswerError (exit 1) when every
 *   composing stream gives a set with a repeat.
 */
export async function generateShard(options: PipelineOptions, shard: ShardSpec): Promise<ShardResult> {
  const { seed, events } = options;
  if (options.keepAims) throw new InputError("pipeline/shard", `${options.names?.keepAims ?? PIPELINE_NAMES.keepAims} is for a run on one machine: a shard leaves out only the batches the pool holds with their aims, as merge answers them`);
  const game = options.game.name;
  // 1. What can change a candidate, and its hash: merge takes only shards that agree on both, and on the seed.
  const inputs = generationInputs(options);
  // 2. A generate run whose composing streams are recorded; the run's first-round tasks, dealt out to the shards.
  const base = options.runner ?? createTaskRunner(options.workers, options.game);
  const composed: Array<{ task: ComposeTask; result: ComposeTaskResult }> = [];
  const runner: TaskRunner = {
    get threads() {
      return base.threads;
    },
    run: ((task: PipelineTask) => {
      if (task.kind === "grow") return base.run(task);
      return base.run(task).then((result) => (composed.push({ task, result }), result));
    }) as TaskRunner["run"],
    close: () => base.close(),
  };
  const run = new PipelineRun({ ...options, select: false, runner, events: { log: events?.log } });
  try {
    const all = shardTasks(run, shard.count);
    const share = all.filter((t) => t.shard === shard.index);
    const answers = options.reuse ? new ReusedAnswers(options.reuse, options.game, false, options.seed) : null;
    // A composing task held by the pool goes through the run, which answers it from there (unrecorded).
    const mine = share.filter((t) => t.task.kind === "compose" || !answers?.holds(t.task));
    events?.total?.("pools", mine.length);
    // 3. Composing, when it is this shard's task: the whole loop (a set with a repeat is composed again on the next stream).
    const composing = mine.some((t) => t.task.kind === "compose") ? run.startComposing() : null;
    if (composing) {
      await run.takeComposed(composing);
      events?.advance?.("pools", 1);
    }
    // 4. This shard's batches, queued at once on the worker pool and recorded in plan order.
    const batches = mine.map((t) => t.task).filter((t): t is GrowBatchTask => t.kind === "grow");
    const results = await Promise.all(
      batches.map((task) => {
        const p = base.run(task);
        p.then(() => events?.advance?.("pools", 1), () => {});
        return p;
      }),
    );
    const stats: Record<string, number> = {};
    for (const c of composed) add(stats, c.result.stats);
    for (const r of results) add(stats, r.stats);
    const place = { index: shard.index, count: shard.count };
    const tasks = [...composed, ...batches.map((task, i) => ({ task: task, result: results[i] }))];
    const file = {
      format: "levelramp/shard@1",
      game,
      seed,
      shard: place,
      settingsHash: settingsHash(game, inputs),
      tasksHash: shardTasksHash({ seed, shard: place, tasks }),
      inputs,
      tasks,
    } as unknown as ShardFile;
    const reused = share.length - mine.length + (answers && composed.length === 0 && mine.some((t) => t.task.kind === "compose") ? 1 : 0);
    return { shard: file, tasks: { total: all.length, mine: share.length, reused }, candidates: results.reduce((n, r) => n + r.candidates.length, 0), stats, threads: base.threads };
  } finally {
    // the run closes its runner; with reuse that may never have reached `base`
    await run.close();
    await base.close();
  }
}
