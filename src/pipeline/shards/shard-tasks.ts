import { canonicalJson } from "../../io/canonical-json.ts";
import type { PipelineRun } from "../level-set/pipeline-run.ts";
import type { PipelineTask } from "../workers/pipeline-task.ts";

/** A task of a sharded run with its place in the run's list and the shard that runs it. */
export interface ShardedTask {
  task: PipelineTask;
  /** 0-based position in the run's list of first-round tasks. */
  position: number;
  /** The shard that runs it, 1..count. */
  shard: number;
}

/**
 * How `generate --shard K/N` shares out a run (SPEC 9). The run's
 * first-round tasks in plan order — composing the first levels (when the run
 * composes; its whole loop of streams stays with one task), then each part's
 * batches `0..levels − 1` in (chapter, part, batch) order — are dealt round
 * robin: task `i` goes to shard `(i mod N) + 1`. So a task's shard is a fixed
 * function of its identity within the plan and chapters asked for (the
 * settings hash every shard carries), never of timing or worker count; every
 * shard gets a slice of every chapter, so early (cheap) and late (dear)
 * chapters spread evenly; the compose task is shard 1's. Extra rounds are not
 * in the list: whether a part needs one depends on all of its first-round
 * batches, so `merge` grows them (see mergeShards).
 *
 * @param run a `generate` run (select false) before any task ran.
 * @param count N, the number of shards.
 */
export function shardTasks(run: PipelineRun, count: number): ShardedTask[] {
  const tasks: PipelineTask[] = [...(run.composedCount > 0 ? [run.composeTask(0)] : []), ...run.firstRoundTasks()];
  return tasks.map((task, position) => ({ task, position, shard: (position % count) + 1 }));
}

/**
 * The identity of a task, as shards record it and `merge` looks it up: its
 * canonical JSON without `source` (where a worker thread imports a game
 * registered at run time, which may differ from machine to machine).
 */
export function taskKey(task: PipelineTask): string {
  return canonicalJson({ ...task, source: undefined });
}

/** `batch 2 of chapter 1 part 3` or `composing levels 1–5 (stream 0)`, for messages. */
export function describeTask(task: PipelineTask): string {
  if (task.kind === "compose") return `composing levels 1–${task.count} (stream ${task.attempt})`;
  return `batch ${task.batch} of chapter ${task.chapter} part ${task.part}`;
}
