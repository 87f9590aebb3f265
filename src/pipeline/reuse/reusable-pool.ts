import type { Game } from "../../game/game.ts";
import { readGameFile } from "../../game/registry/read-game-file.ts";
import { candidateId } from "../../io/candidate-id.ts";
import { InputError, jsonPath } from "../../io/errors.ts";
import { parseWith } from "../../io/read-json-file.ts";
import { grownRecordsSchema, type BatchRecord, type ComposeRecord, type GrownRecords, type PartRecord } from "../../io/schemas/grown-records.ts";
import { poolSchemaOf, type Candidate, type Pool } from "../../io/schemas/pool.ts";
import type { BodyGame } from "../../io/schemas/shared.ts";
import type { ComposeTask, ComposeTaskResult, GrowBatchResult, GrowBatchTask, GrownCandidate, PipelineTask } from "../workers/pipeline-task.ts";
import { checkGeneratorForm, composeKey, partKey, reuseGenerator } from "./reuse-keys.ts";

const module = "pipeline/reuse";

/** A pool read for reuse (`--reuse`, `build --from`): the pool and its record of how it was grown. */
export interface ReusablePool {
  /** The file it was read from, for messages. */
  file: string;
  pool: Pool;
  records: GrownRecords;
}

/**
 * Parses a pool file that a build or generate wrote, with its record of how
 * it was grown (`grown`, docs/pipeline.md "Pools reused"): the pool's own
 * checks (SPEC 3), then the record's, then that every candidate a batch
 * names by id is a candidate of the pool grown by that batch of that part.
 *
 * @param raw the file's JSON.
 * @param game the pool's game (its bodies parse with its schema); absent: a generic pool.
 * @throws InputError (exit 2) naming the file and JSON path: not a pool, a
 *   pool without `grown` (written by `select`, an earlier levelramp, or by
 *   hand), or a record that does not fit the pool.
 */
export function parseReusablePool(raw: unknown, file: string, game?: BodyGame): ReusablePool {
  const pool = parseWith(poolSchemaOf(game), raw, file);
  if (pool.grown === undefined) {
    throw new InputError(module, "expected a pool that build or generate wrote, with its record of how it was grown (grown); this one has none (written by select, by an earlier levelramp, or by hand): build the whole set once to have one", { file, jsonPath: "$" });
  }
  const records = parseWith(grownRecordsSchema, pool.grown, file);
  const byId = new Map(pool.candidates.map((c, i) => [c.id, { c, i }]));
  records.parts.forEach((p, pi) =>
    p.batches.forEach((b, bi) =>
      b.candidates.forEach((entry, k) => {
        if (typeof entry !== "string") return;
        const where = { file, jsonPath: jsonPath(["grown", "parts", pi, "batches", bi, "candidates", k]) };
        const held = byId.get(entry)?.c;
        if (!held) throw new InputError(module, `expected the id of a candidate of this pool; "${entry}" is not one`, where);
        if (held.chapter !== p.chapter || held.part !== p.part || held.provenance?.batch !== b.batch) {
          throw new InputError(module, `expected a candidate grown by batch ${b.batch} of chapter ${p.chapter} part ${p.part}; ${entry} is of chapter ${held.chapter} part ${held.part}, batch ${held.provenance?.batch ?? "none"}`, where);
        }
      }),
    ),
  );
  return { file, pool, records };
}

/**
 * The answers an earlier run's pool holds (docs/pipeline.md "Pools
 * reused"): for a batch task, the candidates and counters that run took for
 * the batch with the same part key ({@link partKey}), number and aim; for a
 * compose task, the stream with the same compose key and attempt. Only when
 * the run's generator is the one the pool was grown by (the key holds it),
 * and never for a game without a version. Each answer is the pure function
 * of its task (SPEC 9), so a run answered from it writes the bytes a run
 * that grows everything writes.
 */
export class ReusedAnswers {
  readonly source: ReusablePool;
  /** Whether a recorded batch answers a task aimed elsewhere (`keepAims`). */
  readonly keepAims: boolean;
  private readonly byKey = new Map<string, { part: PartRecord; batches: Map<string, BatchRecord>; levels: Map<string, BatchRecord> }>();
  private readonly byId: Map<string, Candidate>;
  private readonly compose: ComposeRecord | undefined;
  private readonly composeGenerator: string | null;
  private readonly growGenerator: string | null;
  private readonly seed: number | string | undefined;

  /**
   * @param game the run's game (its generator must be the pool's).
   * @param keepAims answer a batch with the one recorded with the same part
   *   key, number and level whatever it was aimed at (docs/pipeline.md
   *   "Keeping the recorded aims"); default false: only the same aim answers,
   *   and the run writes a whole build's bytes.
   * @param seed the run's seed: a pool of another seed answers nothing, and
   *   {@link refusal} says so (absent: not checked here; the keys still hold it).
   * @throws InputError (exit 2) for a pool whose generator is named in the older form ({@link checkGeneratorForm}).
   */
  constructor(source: ReusablePool, game: Pick<Game, "name" | "version">, keepAims = false, seed?: number | string) {
    checkGeneratorForm(source.records.generator, source.pool.game, source.file);
    this.source = source;
    this.keepAims = keepAims;
    this.seed = seed;
    this.growGenerator = reuseGenerator(game, "grow");
    this.composeGenerator = reuseGenerator(game, "compose");
    this.byId = new Map(source.pool.candidates.map((c) => [c.id, c]));
    const usable = this.refusal === null && source.pool.game === game.name;
    if (usable) {
      for (const part of source.records.parts) {
        const held = this.byKey.get(part.key) ?? { part, batches: new Map(), levels: new Map<string, BatchRecord>() };
        for (const b of part.batches) {
          if (!held.batches.has(batchKey(b))) held.batches.set(batchKey(b), b);
          if (!held.levels.has(levelKey(b))) held.levels.set(levelKey(b), b);
        }
        this.byKey.set(part.key, held);
      }
    }
    this.compose = usable && this.composeGenerator !== null ? source.records.compose : undefined;
  }

  /**
   * Why nothing can be reused, or null: a game without a version; a pool
   * grown by another generator (the code a batch of the game runs, its
   * engine models or its version changed since: every batch's key holds it, so no
   * batch and no composing stream of the pool is this run's); a pool of
   * another seed. Known before anything is grown, so a run can say it first.
   */
  get refusal(): string | null {
    const { records, pool } = this.source;
    if (this.growGenerator === null) return `${pool.game} declares no version, so its candidates cannot be told from another version's`;
    if (records.generator === null) return `${this.source.file} was grown by a game that declared no version`;
    if (records.generator !== this.growGenerator) {
      return `it was grown by ${records.generator} and this run grows with ${this.growGenerator} (the game's code a batch runs, its engine models or its version changed since; a batch is a function of them), so every batch is grown again`;
    }
    if (this.seed !== undefined && pool.seed !== undefined && String(pool.seed) !== String(this.seed)) return `it was grown from seed ${pool.seed} and this run's seed is ${this.seed}, so every batch is grown again`;
    return null;
  }

  /** Whether the pool holds the answer to `task` (a batch or composing stream whose inputs did not change). */
  holds(task: PipelineTask): boolean {
    if (task.kind === "compose") return this.compose !== undefined && this.compose.key === composeKey(this.composeGenerator, task) && this.compose.streams.some((s) => s.attempt === task.attempt);
    return this.recordOf(task) !== undefined;
  }

  /** Whether the pool holds a batch of `task`'s part as this run keys it (its generator inputs unchanged), whatever its number. */
  holdsPart(task: GrowBatchTask): boolean {
    return this.byKey.has(partKey(this.growGenerator, task));
  }

  /**
   * The recorded batch that answers `task`: the one with the same part key,
   * number and aim; with `keepAims`, else the one with the same part key,
   * number and level, aimed wherever it was.
   */
  private recordOf(task: GrowBatchTask): BatchRecord | undefined {
    const held = this.byKey.get(partKey(this.growGenerator, task));
    return held?.batches.get(batchKey(task)) ?? (this.keepAims ? held?.levels.get(levelKey(task)) : undefined);
  }

  /**
   * Whether the pool holds `task`'s batch with the same part key, number and
   * level but aimed elsewhere: a batch only the aim keeps from being reused
   * (the ramp's target or the chain before it moved; docs/pipeline.md "Pools
   * reused"). False for a batch the pool answers.
   */
  reaimed(task: GrowBatchTask): boolean {
    const held = this.byKey.get(partKey(this.growGenerator, task));
    return !this.keepAims && held !== undefined && !held.batches.has(batchKey(task)) && held.levels.has(levelKey(task));
  }

  /**
   * The earlier run's answer to a batch task, or undefined when its inputs
   * differ from every recorded batch's. With `keepAims`, a batch recorded
   * with another aim answers too; the answer's `aim` is then the target it
   * was grown at (the pool's record keeps it).
   */
  growAnswer(task: GrowBatchTask): GrowBatchResult | undefined {
    const record = this.recordOf(task);
    if (!record) return undefined;
    const candidates = record.candidates.map((entry) => (typeof entry === "string" ? this.grown(entry, task) : (entry as unknown as GrownCandidate)));
    for (const c of candidates) {
      if (c.id !== candidateId(task.game, task.chapter, task.part, c.level)) {
        throw new InputError(module, `expected each candidate's id to be its body's (SPEC 2); ${c.id} of batch ${task.batch} of chapter ${task.chapter} part ${task.part} is not (the pool was changed by hand)`, { file: this.source.file });
      }
    }
    const aim = record.level.target === task.level.target ? {} : { aim: record.level.target };
    return { candidates, stats: { ...record.stats }, ...aim };
  }

  /** The earlier run's answer to a compose task, or undefined. */
  composeAnswer(task: ComposeTask): ComposeTaskResult | undefined {
    if (!this.compose || this.compose.key !== composeKey(this.composeGenerator, task)) return undefined;
    const stream = this.compose.streams.find((s) => s.attempt === task.attempt);
    if (!stream) return undefined;
    const levels =
      stream.levels ??
      this.source.pool.candidates
        .filter((c) => c.fixedLevel !== undefined)
        .sort((a, b) => a.fixedLevel! - b.fixedLevel!)
        .map((c) => ({ level: c.level, solution: c.solution, metrics: c.metrics, rules: c.rules, ...(c.concepts ? { concepts: c.concepts } : {}) }));
    return { levels, stats: { ...stream.stats } };
  }

  /** A pool candidate as its batch grew it: without what the run added (`dropped`). */
  private grown(id: string, task: GrowBatchTask): GrownCandidate {
    const { dropped: _dropped, ...c } = this.byId.get(id)!;
    if (c.provenance?.seed !== task.seed) throw new InputError(module, `expected ${id} to be grown from seed ${JSON.stringify(task.seed)}`, { file: this.source.file });
    return c as unknown as GrownCandidate;
  }
}

/** A batch's number and aim, as one map key. */
function batchKey(b: { batch: number; level: { number: number; target: number } }): string {
  return `${b.batch}/${b.level.number}/${b.level.target}`;
}

/** A batch's number and level, whatever its aim, as one map key. */
function levelKey(b: { batch: number; level: { number: number } }): string {
  return `${b.batch}/${b.level.number}`;
}

/**
 * Reads an earlier run's pool for reuse ({@link parseReusablePool}), its game
 * opened first.
 *
 * @param game the run's game: the pool must be of it.
 * @throws InputError (exit 2) as parseReusablePool, or for a pool of another game.
 */
export async function readReusablePool(file: string, game: Game): Promise<ReusablePool> {
  const { value: read } = await readGameFile(file, (g) => (raw, f) => parseReusablePool(raw, f, g), game);
  if (read.pool.game !== game.name) throw new InputError(module, `expected a pool of ${game.name} to reuse; this one is of ${read.pool.game}`, { file, jsonPath: "$.game" });
  return read;
}
