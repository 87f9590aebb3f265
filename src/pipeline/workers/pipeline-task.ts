import { candidateId } from "../../io/candidate-id.ts";
import { InputError, LevelrampError, NoAnswerError } from "../../io/errors.ts";
import { createRng, deriveSeed } from "../../random/create-rng.ts";
import type { GeneratedLevel } from "../../game/game-backend.ts";
import type { Game } from "../../game/game.ts";
import type { PlannedLevel } from "../inputs/plan-parts.ts";

/** Where a grown candidate came from (SPEC 2): seed, batch and index within the batch. */
export interface Provenance {
  seed: number | string;
  batch: number;
  index: number;
}

/** A grown, proven and measured candidate, in the pool's key order (SPEC 3). */
export interface GrownCandidate {
  id: string;
  chapter: number;
  part: number;
  metrics: Record<string, number>;
  rules: string[];
  /** The concepts the level needs (SPEC 12); absent when it needs none. */
  concepts?: string[];
  level: unknown;
  solution: unknown;
  provenance: Provenance;
}

/**
 * One batch of a part's pool (SPEC 9): `count` candidates aimed at one level,
 * a pure function of (seed, game, chapter, part, batch), so batches can run
 * on any thread (or any machine) and be merged in batch order.
 */
export interface GrowBatchTask {
  kind: "grow";
  /** The game's name (the run's game grows the batch). */
  game: string;
  seed: number | string;
  chapter: number;
  part: number;
  batch: number;
  /** The level the batch's candidates are grown for. */
  level: PlannedLevel;
  count: number;
  rules: string[];
  settings: Record<string, unknown>;
  /** `backend.generate` calls one candidate may take. */
  attempts: number;
  /** The selection model's metric: what `level.target` is a value of (absent in shards of earlier versions). */
  metric?: string;
}

/** The composed first levels (SPEC 4.6 / 5.5): levels 1..count. */
export interface ComposeTask {
  kind: "compose";
  /** The game's name (the run's game composes). */
  game: string;
  seed: number | string;
  count: number;
  /** 0 for the first composing stream; k > 0 composes again on stream k (when an earlier set held a repeat). */
  attempt: number;
}

export type PipelineTask = GrowBatchTask | ComposeTask;

/** What a batch gives: its candidates in index order and its rejection counters. */
export interface GrowBatchResult {
  candidates: GrownCandidate[];
  /** Rejection counters of the game's generator, plus `no-candidate` (a candidate given up after every attempt). */
  stats: Record<string, number>;
  /**
   * The target the candidates were grown at, when it is not the task's: a
   * batch an earlier pool answers as grown for another aim (`keepAims`,
   * docs/pipeline.md "Keeping the recorded aims"). Absent for a batch grown
   * for its task.
   */
  aim?: number;
}

/** What composing gives: the levels 1..count. */
export interface ComposeTaskResult {
  levels: Array<GeneratedLevel<unknown, unknown>>;
  stats: Record<string, number>;
}

/** A LevelrampError carried across a thread boundary. */
export interface CarriedError {
  module: string;
  message: string;
  exitCode: 1 | 2;
  detail?: unknown;
}

export type TaskOutcome<T> = { ok: true; value: T } | { ok: false; error: CarriedError };

/**
 * Grows one batch (SPEC 9): candidate `index` draws from its own stream
 * `deriveSeed(seed, game, chapter, part, batch, index)` and may take up to
 * `attempts` generate calls on it; a candidate that gives nothing is counted
 * (`no-candidate`) and left out. Ids are {@link candidateId}s.
 *
 * @param game the run's game (its name is `task.game`).
 * @throws whatever the game throws (bad settings, an unsupported rule).
 */
export async function growBatch(game: Game, task: GrowBatchTask): Promise<GrowBatchResult> {
  const stats: Record<string, number> = {};
  const candidates: GrownCandidate[] = [];
  for (let index = 0; index < task.count; index++) {
    const rng = createRng(deriveSeed(task.seed, task.game, task.chapter, task.part, task.batch, index));
    const inPart = task.batch * task.count + index;
    let got: GeneratedLevel<unknown, unknown> | null = null;
    for (let a = 0; a < task.attempts && !got; a++) {
      got = await game.generate({
        chapter: task.chapter,
        part: task.part,
        level: task.level.number,
        target: task.level.target,
        metric: task.metric,
        rules: task.rules,
        settings: task.settings,
        rng,
        stats,
        seed: a === 0 ? deriveSeed(task.seed, task.chapter, task.part, inPart) : deriveSeed(task.seed, task.chapter, task.part, inPart, a),
        index: inPart,
      });
    }
    if (!got) {
      stats["no-candidate"] = (stats["no-candidate"] ?? 0) + 1;
      continue;
    }
    candidates.push({
      id: candidateId(task.game, task.chapter, task.part, got.level),
      chapter: task.chapter,
      part: task.part,
      metrics: got.metrics,
      rules: got.rules,
      ...conceptsOf(got),
      level: got.level,
      solution: got.solution,
      provenance: { seed: task.seed, batch: task.batch, index },
    });
  }
  return { candidates, stats };
}

/**
 * A generated level's concepts as a pool candidate carries them (SPEC 12):
 * `{ concepts }` when it needs any, else nothing (absent: none), so a plain
 * level's candidate is what it was before concepts.
 */
export function conceptsOf(got: Pick<GeneratedLevel<unknown, unknown>, "concepts">): { concepts?: string[] } {
  return got.concepts && got.concepts.length > 0 ? { concepts: [...got.concepts] } : {};
}

/**
 * Composes levels 1..count with the game's `composeFirst` on the stream
 * `deriveSeed(seed, game, "composed")` (attempt 0) or
 * `deriveSeed(seed, game, "composed", attempt)`.
 *
 * @throws InputError (exit 2) for a game without a composer.
 */
export async function runComposeTask(game: Game, task: ComposeTask): Promise<ComposeTaskResult> {
  const stats: Record<string, number> = {};
  if (!game.composeFirst) throw new InputError("pipeline/compose", `expected a game that composes its first levels; ${task.game} does not`);
  const stream = task.attempt === 0 ? deriveSeed(task.seed, task.game, "composed") : deriveSeed(task.seed, task.game, "composed", task.attempt);
  const levels = await game.composeFirst(task.count, createRng(stream), stats);
  return { levels, stats };
}

/**
 * Runs a task with the run's game and wraps its answer, so a LevelrampError
 * crosses a worker thread with its module, exit code and detail (other
 * errors are bugs and are thrown as they are). `game` may be a promise of
 * the game (a worker thread opening it): an error opening it is the task's.
 */
export async function runPipelineTask(game: Game | Promise<Game>, task: PipelineTask): Promise<TaskOutcome<GrowBatchResult | ComposeTaskResult>> {
  try {
    const g = await game;
    return { ok: true, value: task.kind === "grow" ? await growBatch(g, task) : await runComposeTask(g, task) };
  } catch (err) {
    return { ok: false, error: carryError(err) };
  }
}

/** A LevelrampError as plain data for the thread boundary; any other error is thrown again. */
function carryError(err: unknown): CarriedError {
  if (!(err instanceof LevelrampError)) throw err;
  const prefix = `${err.module}: `;
  const message = err.message.startsWith(prefix) ? err.message.slice(prefix.length) : err.message;
  return { module: err.module, message, exitCode: err.exitCode, detail: err instanceof NoAnswerError ? err.detail : undefined };
}

/** The answer of a task, or its error rebuilt as an InputError (exit 2) / NoAnswerError (exit 1). */
export function unwrapOutcome<T>(outcome: TaskOutcome<T>): T {
  if (outcome.ok) return outcome.value;
  const e = outcome.error;
  // A line break left in a message is one of its own lines (outside text in it is escaped: errors.ts), so the lines come back as they were.
  const lines = e.message.split("\n");
  throw e.exitCode === 2 ? new InputError(e.module, lines) : new NoAnswerError(e.module, lines, e.detail);
}
