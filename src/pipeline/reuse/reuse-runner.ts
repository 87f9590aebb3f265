import type { ComposeTask, ComposeTaskResult, GrowBatchResult, GrowBatchTask, PipelineTask } from "../workers/pipeline-task.ts";
import type { TaskRunner } from "../workers/task-runner.ts";
import type { ReusedAnswers } from "./reusable-pool.ts";

/** How one part's batches were answered by a run with `--reuse`. */
export interface PartReuse {
  chapter: number;
  part: number;
  /** Batches answered from the earlier pool. */
  reused: number;
  /** Batches the pool does not hold (their inputs differ from every recorded batch's): grown here (in `merge`, answered by the shards or grown here). */
  grown: number;
  /** Of `grown`, the batches the pool holds with the same inputs but another aim (the ramp or the chain moved it); 0 with `keepAims`. */
  reaimed: number;
  /** With `keepAims`: of `reused`, the batches answered as grown for another aim than this run's (a ramp or model change, or a chain that moved). */
  aimedElsewhere?: number;
  /** With `keepAims`: of `grown`, the batches of a part the pool holds with the same inputs that the earlier run never grew (this run took more extra rounds, or a refine round for a chain above the ramp); the rest of `grown` are of parts whose generator inputs changed, or new parts. */
  unrecorded?: number;
  /** With `keepAims`: refine rounds this run would grow for the part that the pool does not hold, left ungrown (the part keeps the continuation it found): for a chain below the ramp, or one the later parts' recorded candidates can continue (docs/pipeline.md "Keeping the recorded aims"). */
  refineNotGrown?: number;
  /** With `keepAims`: the ceiling the part's chain was kept under (metric units), when its own best levels would have ended where the later parts' recorded candidates cannot continue; absent otherwise. */
  ceiling?: number;
}

/** What a run with `--reuse` reused and grew (docs/pipeline.md "Pools reused"); never part of an output file. */
export interface ReuseSummary {
  /** The pool the answers came from. */
  file: string;
  /** Why nothing could be reused, when nothing could (a game without a version); null otherwise. */
  refusal: string | null;
  /** Present when the run kept the recorded aims (`keepAims`, docs/pipeline.md "Keeping the recorded aims"): a batch aimed elsewhere was reused as grown (`aimedElsewhere`), and the set may then differ from a whole build's. */
  keepAims?: true;
  /** Composing streams answered from the pool and run here. */
  compose: { reused: number; grown: number };
  /** Per part the run grew, in the order it took them. */
  parts: PartReuse[];
}

/** What a run with `--reuse` did in all, summed over its parts: batches reused and grown, and of them re-aimed ({@link PartReuse.reaimed}) and aimed elsewhere ({@link PartReuse.aimedElsewhere}). */
export function reuseTotals(summary: ReuseSummary): { reused: number; grown: number; reaimed: number; aimedElsewhere: number } {
  const totals = { reused: 0, grown: 0, reaimed: 0, aimedElsewhere: 0 };
  for (const p of summary.parts) {
    totals.reused += p.reused;
    totals.grown += p.grown;
    totals.reaimed += p.reaimed;
    totals.aimedElsewhere += p.aimedElsewhere ?? 0;
  }
  return totals;
}

/**
 * A task runner that answers from an earlier run's pool what it holds
 * ({@link ReusedAnswers}: every batch and composing stream whose inputs did
 * not change) and hands every other task to `inner`, made on the first such
 * task (so a run that reuses everything starts no worker thread). It counts
 * per part what was reused and what was grown.
 */
export class ReuseRunner implements TaskRunner {
  readonly plannedThreads: number;
  private readonly answers: ReusedAnswers;
  private readonly makeInner: () => TaskRunner;
  private inner: TaskRunner | null = null;
  private readonly parts = new Map<string, PartReuse>();
  private readonly compose = { reused: 0, grown: 0 };

  /**
   * @param answers the earlier pool's answers.
   * @param makeInner the runner of the tasks grown here (called at most once, on the first).
   * @param plannedThreads threads `makeInner` starts (0: this thread), for how far ahead a run queues.
   */
  constructor(answers: ReusedAnswers, makeInner: () => TaskRunner, plannedThreads: number) {
    this.answers = answers;
    this.makeInner = makeInner;
    this.plannedThreads = plannedThreads;
  }

  /** Threads the tasks grown here ran on (0 until one runs, or in this thread). */
  get threads(): number {
    return this.inner?.threads ?? 0;
  }

  run(task: GrowBatchTask): Promise<GrowBatchResult>;
  run(task: ComposeTask): Promise<ComposeTaskResult>;
  run(task: PipelineTask): Promise<unknown> {
    try {
      const answer = task.kind === "grow" ? this.answers.growAnswer(task) : this.answers.composeAnswer(task);
      this.count(task, answer);
      if (answer !== undefined) return Promise.resolve(answer);
    } catch (err) {
      return Promise.reject(err);
    }
    this.inner ??= this.makeInner();
    return task.kind === "grow" ? this.inner.run(task) : this.inner.run(task);
  }

  /**
   * With `keepAims`, whether a part whose chain drifts off the ramp (`side`,
   * chainDrift) may grow the refine round `tasks`: when the pool holds every
   * batch of it, when the part's generator inputs changed (it is grown as a
   * whole build grows it), or when the chain would end **above** the ramp. A
   * chain that may not fall carries that lead into every later part, whose
   * recorded batches were aimed under it: kept, it pushes them onto extra
   * rounds aimed ever higher until a part cannot continue (a whole Carillon
   * build with the last ramp point moved stopped so in chapter 13; docs/pipeline.md
   * "Refine rounds"), so the run needs the round and grows it (counted as
   * `unrecorded`). A chain **below** the ramp blocks no later part: keeping
   * the aims grows none the earlier run did not, and the round left out is
   * counted (`refineNotGrown`). With `guarded` (the run checked that the
   * later parts' recorded candidates continue the chain the part chose, kept
   * under its ceiling if need be), a chain above the ramp blocks nothing
   * either, and its round is left out the same way. Always true without keepAims.
   */
  mayRefine(tasks: readonly GrowBatchTask[], side: "above" | "below", guarded = false): boolean {
    if (!this.answers.keepAims || tasks.length === 0 || !this.answers.holdsPart(tasks[0]) || (side === "above" && !guarded)) return true;
    if (tasks.every((t) => this.answers.holds(t))) return true;
    const p = this.parts.get(`${tasks[0].chapter}/${tasks[0].part}`);
    if (p) p.refineNotGrown = (p.refineNotGrown ?? 0) + 1;
    return false;
  }

  /**
   * With `keepAims`, the recorded answers to one round of a part's batch
   * tasks when the pool holds every one of them (each as grown, whatever its
   * aim), else null; counted nowhere (a look ahead, not a batch of the run).
   */
  recorded(tasks: readonly GrowBatchTask[]): GrowBatchResult[] | null {
    if (!this.answers.keepAims || !tasks.every((t) => this.answers.holds(t))) return null;
    return tasks.map((t) => this.answers.growAnswer(t)!);
  }

  /** Notes the ceiling a part's chain was kept under ({@link PartReuse.ceiling}). */
  keptUnder(chapter: number, part: number, ceiling: number): void {
    const p = this.parts.get(`${chapter}/${part}`);
    if (p) p.ceiling = ceiling;
  }

  /** Why nothing of the earlier pool can be reused ({@link ReusedAnswers.refusal}), or null: known before any task runs. */
  get refusal(): string | null {
    return this.answers.refusal;
  }

  /** What was reused and grown so far. */
  summary(): ReuseSummary {
    return { file: this.answers.source.file, refusal: this.refusal, ...(this.answers.keepAims ? { keepAims: true as const } : {}), compose: { ...this.compose }, parts: [...this.parts.values()].map((p) => ({ ...p })) };
  }

  async close(): Promise<void> {
    const inner = this.inner;
    this.inner = null;
    await inner?.close();
  }

  /** Counts a task: answered from the pool (`answer`) or grown, and why (a moved aim; with keepAims, an aim kept or a batch never grown). */
  private count(task: PipelineTask, answer: GrowBatchResult | ComposeTaskResult | undefined): void {
    const reused = answer !== undefined;
    if (task.kind === "compose") {
      this.compose[reused ? "reused" : "grown"]++;
      return;
    }
    const key = `${task.chapter}/${task.part}`;
    const keep = this.answers.keepAims;
    let p = this.parts.get(key);
    if (!p) this.parts.set(key, (p = { chapter: task.chapter, part: task.part, reused: 0, grown: 0, reaimed: 0, ...(keep ? { aimedElsewhere: 0, unrecorded: 0, refineNotGrown: 0 } : {}) }));
    p[reused ? "reused" : "grown"]++;
    if (!reused && this.answers.reaimed(task)) p.reaimed++;
    if (keep && reused && (answer as GrowBatchResult).aim !== undefined) p.aimedElsewhere!++;
    if (keep && !reused && this.answers.holdsPart(task)) p.unrecorded!++;
  }
}
