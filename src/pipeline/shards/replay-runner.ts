import type { Game } from "../../game/game.ts";
import type { ComposeTask, ComposeTaskResult, GrowBatchResult, GrowBatchTask, PipelineTask } from "../workers/pipeline-task.ts";
import { taskKey } from "./shard-tasks.ts";
import { createTaskRunner, type TaskRunner } from "../workers/task-runner.ts";

/**
 * A task runner that answers from recorded tasks (SPEC 9, `merge`): a task
 * whose key ({@link taskKey}) was recorded by a shard gets the shard's
 * answer; any other task (an extra round, which needs a whole part's first
 * round to decide) runs on a task runner of `workers` threads, started only
 * when the first such task comes. Because every task is a pure function of
 * its key, the answers are the ones an unsharded run computes.
 */
export class ReplayRunner implements TaskRunner {
  /** Tasks answered from the records. */
  replayed = 0;
  /** Tasks run here (not recorded). */
  ran = 0;
  private readonly records: ReadonlyMap<string, unknown>;
  private readonly workers: number;
  private readonly game: Game;
  private fallback: TaskRunner | null = null;

  /**
   * @param records answers by task key.
   * @param workers worker threads for the tasks run here (≤ 1: this thread).
   * @param game the run's game, for the tasks run here.
   */
  constructor(records: ReadonlyMap<string, unknown>, workers: number, game: Game) {
    this.records = records;
    this.workers = workers;
    this.game = game;
  }

  /** Threads of the runner for tasks run here (0 until one runs, or when it runs in this thread). */
  get threads(): number {
    return this.fallback?.threads ?? 0;
  }

  run(task: GrowBatchTask): Promise<GrowBatchResult>;
  run(task: ComposeTask): Promise<ComposeTaskResult>;
  run(task: PipelineTask): Promise<unknown> {
    const recorded = this.records.get(taskKey(task));
    if (recorded !== undefined) {
      this.replayed++;
      return Promise.resolve(recorded);
    }
    this.ran++;
    this.fallback ??= createTaskRunner(this.workers, this.game);
    return task.kind === "grow" ? this.fallback.run(task) : this.fallback.run(task);
  }

  async close(): Promise<void> {
    const f = this.fallback;
    this.fallback = null;
    await f?.close();
  }
}
