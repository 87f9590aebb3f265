import { Piscina } from "piscina";
import type { Game } from "../../game/game.ts";
import { InputError } from "../../io/errors.ts";
import { defaultWorkers, maxWorkers } from "../../io/max-workers.ts";
import { runPipelineTask, unwrapOutcome, type ComposeTaskResult, type ComposeTask, type GrowBatchResult, type GrowBatchTask, type PipelineTask, type TaskOutcome } from "./pipeline-task.ts";

/** Runs pipeline tasks: on a piscina worker pool, or in this thread. */
export interface TaskRunner {
  /** Worker threads (0 = in this thread: a task runs when it is submitted). */
  readonly threads: number;
  /** Threads the runner will run tasks on once it starts them, when it starts them late (default `threads`). */
  readonly plannedThreads?: number;
  run(task: GrowBatchTask): Promise<GrowBatchResult>;
  run(task: ComposeTask): Promise<ComposeTaskResult>;
  /** Stops the worker threads. */
  close(): Promise<void>;
}

/**
 * The worker threads' entry: the compiled `pipeline-worker.js` beside this
 * file when levelramp runs compiled (the package's `dist/`), and
 * `pipeline-worker.dev.js` (registers tsx, then loads `pipeline-worker.ts`)
 * when it runs from its TypeScript sources (vitest, benchmarks).
 */
export function pipelineWorkerUrl(): URL {
  const compiled = import.meta.url.endsWith(".js");
  return new URL(compiled ? "./pipeline-worker.js" : "./pipeline-worker.dev.js", import.meta.url);
}

/**
 * A task runner (SPEC 9). With `workers` ≤ 1 tasks run in this thread with
 * `game`, started when submitted; otherwise on a piscina pool of `workers`
 * threads running {@link pipelineWorkerUrl}, each of which opens the game
 * once from `game.source` (given to the pool as its `workerData`). The answer
 * never depends on which thread ran a task.
 *
 * @param game the run's game.
 * @throws InputError (exit 2) for more than {@link maxWorkers} threads.
 */
export function createTaskRunner(workers: number, game: Game): TaskRunner {
  if (!(workers <= maxWorkers())) throw new InputError("pipeline/workers", `expected at most ${maxWorkers()} worker threads (4 × ${defaultWorkers()} cores, at most 64); got ${workers}`);
  if (workers <= 1) {
    return {
      threads: 0,
      run: ((task: PipelineTask) => runPipelineTask(game, task).then(unwrapOutcome)) as TaskRunner["run"],
      close: async () => {},
    };
  }
  const pool = new Piscina({
    filename: pipelineWorkerUrl().href,
    minThreads: workers,
    maxThreads: workers,
    workerData: { game: game.source },
  });
  // piscina emits "error" for a message from a worker whose task it no longer holds: a task that
  // was still running when the run stopped on another task's error and closed the pool (an outside
  // game's fault on one worker while the other works). After close that answer has no one to go
  // to: drop it. Before close it would be a bug: the next run reports it (exit 70); close never
  // throws, so the error that stopped the run stays the one the user sees.
  let closing = false;
  let closed: Promise<void> | undefined;
  let stray: Error | undefined;
  pool.on("error", (err: Error) => {
    if (!closing) stray ??= err;
  });
  return {
    threads: workers,
    run: (async (task: PipelineTask) => {
      if (stray) throw stray;
      return unwrapOutcome((await pool.run(task)) as TaskOutcome<unknown>);
    }) as TaskRunner["run"],
    // closing twice (a runner shared by two owners) destroys the pool once
    close: () => (closed ??= ((closing = true), pool.destroy())),
  };
}
