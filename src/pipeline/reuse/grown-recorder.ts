import type { Game } from "../../game/game.ts";
import type { BatchRecord, ComposeRecord, GrownRecords, PartRecord } from "../../io/schemas/grown-records.ts";
import type { ComposeTask, ComposeTaskResult, GrowBatchResult, GrowBatchTask } from "../workers/pipeline-task.ts";
import { composeKey, partKey, reuseGenerator } from "./reuse-keys.ts";

/** A part's figures as the run keeps them (PartStats): the record holds the very object, so it is written with its last values. */
type PartFigures = PartRecord["stats"];

/**
 * Writes down how a run grows its pool (`pools.json` `grown`,
 * docs/pipeline.md "Pools reused"): each part's key, figures and batches in
 * the order the run takes them, and the composing streams. A batch's
 * candidates are recorded by id when they joined the pool from that batch
 * (the pool holds them whole), and in full when the pool already held the
 * body (an exact repeat, stored once), so a later run can give back every
 * batch exactly as grown.
 */
export class GrownRecorder {
  private readonly growGenerator: string | null;
  private readonly composeGenerator: string | null;
  private readonly parts: PartRecord[] = [];
  private compose: ComposeRecord | undefined;
  /** Whether this run composed (its figures are then written at the end), rather than keeping an earlier run's record. */
  private composedHere = false;

  /** @param game the run's game ({@link reuseGenerator} names its generator). */
  constructor(game: Pick<Game, "name" | "version">) {
    this.growGenerator = reuseGenerator(game, "grow");
    this.composeGenerator = reuseGenerator(game, "compose");
  }

  /** The generator batches are keyed by (null: a game without a version, whose batches are never reused). */
  get generator(): string | null {
    return this.growGenerator;
  }

  /** The key of a part whose batches are made from `template` ({@link partKey}). */
  keyOf(template: Omit<GrowBatchTask, "kind" | "source" | "batch" | "level">): string {
    return partKey(this.growGenerator, template);
  }

  /** Starts a part's record (in plan order); its figures are `stats`, written as they stand when the pool is. */
  startPart(key: string, stats: PartFigures): PartRecord {
    // keys in the order the file's schema reads them back (`selection` is written only once set: JSON leaves undefined out)
    const record: PartRecord = { chapter: stats.chapter, part: stats.part, key, stats, selection: undefined, batches: [] };
    this.parts.push(record);
    return record;
  }

  /** Keeps a part's record as an earlier run wrote it (a kept part of `build --from`). */
  keepPart(record: PartRecord): void {
    this.parts.push(record);
  }

  /**
   * Adds a batch the run took into `record`.
   *
   * @param joined for each candidate of `result` (index order), whether it joined the pool from this batch.
   */
  batch(record: PartRecord, task: GrowBatchTask, result: GrowBatchResult, joined: readonly boolean[]): void {
    const entry: BatchRecord = {
      batch: task.batch,
      // the aim the candidates were grown at: a batch reused for another aim (keepAims) keeps its own
      level: { number: task.level.number, target: result.aim ?? task.level.target },
      candidates: result.candidates.map((c, i) => (joined[i] ? c.id : { ...c })),
      stats: { ...result.stats },
    };
    record.batches.push(entry);
  }

  /** The selection step that fixed the part's levels (build only). */
  selected(record: PartRecord, solver: string, optimal: boolean): void {
    record.selection = { solver, optimal };
  }

  /**
   * Adds a composing stream the run took.
   *
   * @param kept true for the set the pool keeps (its levels are the pool's composed candidates), false for a set dropped for a repeat (kept in full).
   */
  composed(task: ComposeTask, result: ComposeTaskResult, kept: boolean): void {
    this.compose ??= { key: composeKey(this.composeGenerator, task), streams: [], stats: {} };
    this.composedHere = true;
    this.compose.streams.push({ attempt: task.attempt, ...(kept ? {} : { levels: result.levels.map((l) => ({ ...l })) }), stats: { ...result.stats } });
  }

  /** Keeps the composing as an earlier run wrote it (`build --from` keeping level 1). */
  keepCompose(record: ComposeRecord | undefined): void {
    this.compose = record;
  }

  /** The record, with the kept composed set's figures (report.json's `stats.compose`). */
  finish(composeStats: Record<string, number>): GrownRecords {
    if (this.compose && this.composedHere) this.compose.stats = composeStats;
    return { generator: this.growGenerator, ...(this.compose ? { compose: this.compose } : {}), parts: this.parts };
  }
}
