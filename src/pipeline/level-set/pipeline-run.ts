import { DedupIndex } from "../../dedup/dedup-index.ts";
import type { DedupComparison } from "../../dedup/dedup-types.ts";
import { addIfNewLevel } from "../../game/add-if-new-level.ts";
import type { Game, GameDedup } from "../../game/game.ts";
import { candidateId } from "../../io/candidate-id.ts";
import { InputError, NoAnswerError, type Remedy } from "../../io/errors.ts";
import type { LevelsFile } from "../../io/schemas/levels.ts";
import type { Candidate, Pool } from "../../io/schemas/pool.ts";
import { buildProblem, type SelectionInputs } from "../../select/problem/build-problem.ts";
import { toLevelsFile } from "../../select/problem/levels-file.ts";
import { Objective } from "../../select/problem/objective.ts";
import { rampTarget } from "../../select/ramp/ramp-target.ts";
import { makeSelection, type SelectionProblem } from "../../select/problem/selection-problem.ts";
import type { SlotGroup } from "../../select/problem/slot-groups.ts";
import { SelectionNoAnswer } from "../../select/solve/solve-selection.ts";
import type { Diagnosis } from "../../select/diagnose/diagnose-infeasible.ts";
import { addCounts } from "../../io/hostile/own-key.ts";
import type { PartStats, PipelineOptions, PipelineStats } from "./pipeline-result.ts";
import { chainDrift } from "./chain-drift.ts";
import { ChainSelection } from "./chain-selection.ts";
import { ChainForesight } from "./chain-foresight.ts";
import { chooseUnderCeiling, type CeilingChoice, type ChainAhead } from "./choose-under-ceiling.ts";
import { chainCeiling } from "../../select/rules/chain-ceiling.ts";
import { extendSelection } from "../../select/solve/extend-selection.ts";
import type { KeptChain } from "./kept-chain.ts";
import { extraRoundRaise, growAims, type ChainStand } from "./grow-aims.ts";
import { conceptsOf, type ComposeTask, type ComposeTaskResult, type GrowBatchResult, type GrowBatchTask, type GrownCandidate } from "../workers/pipeline-task.ts";
import { partTaskTemplate, planParts, type PartTaskTemplate, type PlanPartWork } from "../inputs/plan-parts.ts";
import { PoolDeduper } from "./pool-dedup.ts";
import { createTaskRunner, type TaskRunner } from "../workers/task-runner.ts";
import { GrownRecorder } from "../reuse/grown-recorder.ts";
import { ReusedAnswers } from "../reuse/reusable-pool.ts";
import { ReuseRunner } from "../reuse/reuse-runner.ts";
import type { PartRecord } from "../../io/schemas/grown-records.ts";

const add = addCounts;

/** One part's working state: its figures and the generator's rejections while growing it. */
interface PartWork {
  part: PlanPartWork;
  /** Position of the part in plan order. */
  index: number;
  stats: PartStats;
  rejections: Record<string, number>;
  /** What the pool records of the part's growing (`pools.json` `grown`). */
  record: PartRecord;
}

/** A batch queued on the task runner: the task and its answer to come. */
interface QueuedBatch {
  task: GrowBatchTask;
  result: Promise<GrowBatchResult>;
}

/** Why a part needs another round: `refine` when its chain drifts (chainDrift), else no way on yet. */
interface NextRound {
  why: string;
  refine: boolean;
  /** What would help when `why` is a selection's limit (its error's remedies), passed on to the run's error. */
  remedies?: readonly Remedy[];
  /** The model's rule the selection's diagnosis names as removing the last candidates (e.g. `maxRise(reads, 1)`), when one does. */
  rule?: string;
}

/** The diagnosis of a selection proved infeasible (SPEC 6), when `err` is one; undefined for a limit or any other error. */
function infeasibleDiagnosis(err: NoAnswerError): Diagnosis | undefined {
  return err instanceof SelectionNoAnswer && err.status === "infeasible" ? (err.detail as Diagnosis | undefined) : undefined;
}

/** The rule a selection's diagnosis names, when it is one of the model's (not uniqueness, eligibility, conflicts or an unknown one). */
function blockingRule(err: NoAnswerError): string | undefined {
  const constraint = infeasibleDiagnosis(err)?.constraint;
  return constraint === undefined || ["unique", "eligibility", "conflict", "unknown", "chain"].includes(constraint) ? undefined : constraint;
}

/**
 * The state of one pipeline run (SPEC 1 job 1, 6, 9) and its steps, which
 * {@link runPipeline} calls in order: the game's back end, the plan's parts,
 * the pool and its de-duplication, the queued batches, the chain chosen so
 * far (picks, where it stands after each part) and the figures.
 */
export class PipelineRun {
  readonly game: Game;
  readonly parts: PlanPartWork[];
  readonly composedCount: number;
  /** One sentence on what the chain starts from. */
  readonly chainStart: string;
  readonly stats: PipelineStats = { composed: 0, grown: 0, repeatedIds: 0, generator: {}, compose: {}, dedup: { dropped: {}, conflicts: {}, checked: 0 }, parts: [] };
  readonly pool: Pool;
  readonly runner: TaskRunner;
  /** How the pool was grown, batch by batch (`pools.json` `grown`). */
  readonly recorder: GrownRecorder;
  /** Parts whose first round is queued ahead of the part being selected. */
  readonly lookahead: number;
  /** The first part this run builds (plan order): the parts before it are kept (`build --from`). */
  readonly firstBuilt: number;
  private readonly options: PipelineOptions & { select: boolean };
  private readonly ids = new Set<string>();
  private readonly deduper: PoolDeduper;
  private readonly selection: ChainSelection;
  /** With keepAims, when the model's metric may not fall: the later parts' recorded candidates, known ahead (chooseLevels); else null. */
  private readonly foresight: ChainForesight | null;
  private readonly queued: QueuedBatch[][] = [];
  /** Where the chain stands after each part (null before anything is chosen). */
  private readonly standAfter: Array<ChainStand | null> = [];
  /** Batches (compose and grow) and candidates the run will take: the plan's first rounds, up front; extra rounds add theirs. */
  private batchesTotal = 0;
  private candidatesTotal = 0;
  private picks: number[] = [];
  private optimal = true;
  private readonly solvers = new Set<string>();

  /**
   * Finds the game, plans the parts of the wanted chapters and starts the
   * worker pool.
   *
   * @throws InputError (exit 2): an unknown game, bad plan settings, a plan
   *   that composes levels for a game without a composer.
   */
  /**
   * @param kept `build --from`: what a whole build holds after the parts it
   *   keeps (keepChapters); those parts are neither grown nor selected.
   */
  constructor(options: PipelineOptions & { select: boolean }, kept?: KeptChain) {
    const { plan, settings } = options;
    const game = options.game.name;
    this.options = options;
    this.game = options.game;
    const firstLevelBuilt = options.chapters[0] === plan.chapters[0].chapter;
    this.composedCount = firstLevelBuilt ? plan.composed : 0;
    if (this.composedCount > 0 && !this.game.can.compose) {
      throw new InputError("pipeline/plan", `expected composed 0: ${game} cannot compose its first levels`, { file: options.planFile, jsonPath: "$.composed" });
    }
    this.parts = planParts(plan, this.game, options.chapters, rampTarget(options.ramp), { composed: this.composedCount, poolPerLevel: settings.poolPerLevel, planFile: options.planFile });
    this.chainStart = describeChainStart(this.composedCount, this.parts[0]?.levels[0]?.number ?? 1, this.parts[0]?.chapter, options.select);
    this.pool = {
      format: "levelramp/pool@1",
      game,
      seed: options.seed,
      generator: { chapters: options.chapters, composed: this.composedCount, poolPerLevel: settings.poolPerLevel, attemptsPerCandidate: settings.attemptsPerCandidate, extraRounds: settings.extraRounds },
      candidates: [],
      conflicts: [],
    };
    this.deduper = new PoolDeduper(this.game.dedup, kept ? kept.stats.dedup : undefined);
    this.recorder = new GrownRecorder(this.game);
    this.selection = new ChainSelection(this.selectionInputs());
    this.runner = runnerFor(options);
    this.foresight = this.foreseeing(options) ? new ChainForesight(this.runner as ReuseRunner, this.parts, (i, round) => this.growTasks(this.parts[i], round, this.aimsFor(this.parts[i], null)), 1 + settings.extraRounds + settings.refineRounds) : null;
    // An earlier pool nothing of which can be reused (another generator or seed): said before anything is grown, not only at the end.
    if (this.runner instanceof ReuseRunner && this.runner.refusal) options.events?.log?.(`reuse: nothing reused from ${options.reuse!.file}: ${this.runner.refusal}`);
    // generate selects nothing, so no aim waits for a chain: queue every part at once.
    this.lookahead = (this.runner.plannedThreads ?? this.runner.threads) === 0 ? 0 : options.select ? settings.lookaheadParts : this.parts.length;
    this.firstBuilt = kept ? this.takeKept(kept) : 0;
    const built = this.parts.slice(this.firstBuilt);
    this.batchesTotal = (this.composedCount > 0 && !kept ? 1 : 0) + built.reduce((n, p) => n + p.grow.length, 0);
    this.candidatesTotal = built.reduce((n, p) => n + p.grow.length * p.poolPerLevel, 0);
  }

  /**
   * Takes what a whole build holds after the kept parts (`build --from`):
   * their pool entries and pairs, records, chosen levels (into the
   * de-duplication's chosen ones, in level order), where the chain stood,
   * their selection steps and figures.
   *
   * @returns how many parts are kept.
   */
  private takeKept(kept: KeptChain): number {
    this.pool.candidates.push(...kept.candidates);
    this.pool.conflicts!.push(...kept.conflicts);
    for (const c of kept.candidates) this.ids.add(c.id);
    for (const k of kept.picks) this.deduper.addChosen(this.pool.candidates[k].id, this.pool.candidates[k].level);
    this.picks = [...kept.picks];
    kept.standAfter.forEach((s, i) => (this.standAfter[i] = s));
    for (const s of kept.solvers) this.solvers.add(s);
    this.optimal = kept.optimal;
    Object.assign(this.stats, kept.stats);
    this.recorder.keepCompose(kept.compose);
    for (const r of kept.records) this.recorder.keepPart(r);
    for (let i = 0; i < kept.parts; i++) this.queued.push([]);
    return kept.parts;
  }

  /**
   * Tells the progress bars their totals before any work (totals known up
   * front): the batches and candidates of every part's first round
   * (a batch the generator gives fewer candidates than asked lowers the
   * candidates' total; an extra round or a second composing stream raises
   * both), and the parts to select.
   */
  announceTotals(): void {
    const { events, select } = this.options;
    events?.total?.("pools", this.batchesTotal);
    events?.total?.("dedup", this.candidatesTotal);
    events?.total?.("selection", select ? this.parts.length - this.firstBuilt : 0);
  }

  /** Starts composing levels 1..composed on the first stream; null when nothing is composed. */
  startComposing(): Promise<ComposeTaskResult> | null {
    return this.composedCount > 0 && this.firstBuilt === 0 ? this.compose(0) : null;
  }

  /**
   * Queues the first round of batches of every part up to `last` (plan
   * order). Aims follow the chain (growAims): part q's first round sees the
   * chain after part q − lookaheadParts − 1, whatever the worker count.
   */
  queueFirstRounds(last: number): void {
    for (let i = this.queued.length; i <= Math.min(last, this.parts.length - 1); i++) {
      this.queued.push(this.grow(this.parts[i], 0, this.firstRoundAims(i)));
    }
  }

  /**
   * The first round's batch tasks of every part, in plan order, without
   * running any: what `generate --shard` shares out (SPEC 9). Only for
   * `generate`, where no chain steers the aims, so each task is a pure
   * function of the seed, the inputs and its (chapter, part, batch).
   *
   * @throws Error when the run selects (a build's aims follow its chain).
   */
  firstRoundTasks(): GrowBatchTask[] {
    if (this.options.select) throw new Error("pipeline/run: a build's first rounds follow its chain; only generate lists them ahead");
    return this.parts.flatMap((part, i) => this.growTasks(part, 0, this.firstRoundAims(i)));
  }

  /** The compose task on stream `attempt` (0: the first stream). */
  composeTask(attempt: number): ComposeTask {
    return { kind: "compose", game: this.game.name, seed: this.options.seed, count: this.composedCount, attempt };
  }

  /**
   * Takes the composed levels into the pool, fixed to their numbers (and
   * into the de-duplication's chosen levels). A set in which two levels are
   * the same (SPEC 7) is composed again on the next stream, at most
   * `composeAttempts` streams in all.
   *
   * @throws NoAnswerError (exit 1) when every stream gives a set with a repeat.
   */
  async takeComposed(first: Promise<ComposeTaskResult>): Promise<void> {
    const { settings, events } = this.options;
    let composed = await first;
    let repeats = 0;
    for (let attempt = 0; ; attempt++) {
      // the kept set's own figures (composers may report scores, which do not add up across sets)
      this.stats.compose = { ...composed.stats, ...(repeats > 0 ? { "repeat-in-set": repeats } : {}) };
      const repeat = await firstRepeat(this.game.dedup, composed.levels.map((g) => g.level));
      this.recorder.composed(this.composeTask(attempt), composed, repeat === null);
      if (!repeat) break;
      repeats++;
      this.stats.compose["repeat-in-set"] = repeats;
      const what = `composed levels ${repeat.first} and ${repeat.second} are the same (${repeat.reason}, SPEC 7)`;
      if (attempt + 1 >= settings.composeAttempts) {
        throw new NoAnswerError("pipeline/build", `${what} on every one of ${settings.composeAttempts} composing streams; the composer must pick levels that differ`, { repeat });
      }
      events?.log?.(`${what}; composing again on the next stream (${attempt + 2} of ${settings.composeAttempts})`);
      composed = await this.compose(attempt + 1);
    }
    const slots = this.parts.flatMap((p) => p.levels.map((l) => ({ ...l, chapter: p.chapter, part: p.part })));
    composed.levels.forEach((g, i) => {
      const slot = slots[i];
      const c: Candidate = {
        id: candidateId(this.game.name, slot.chapter, slot.part, g.level),
        chapter: slot.chapter,
        part: slot.part,
        metrics: g.metrics,
        rules: g.rules,
        ...conceptsOf(g),
        level: g.level,
        solution: g.solution,
        fixedLevel: slot.number,
      };
      this.pool.candidates.push(c);
      this.ids.add(c.id);
      this.deduper.addChosen(c.id, g.level);
    });
    this.stats.composed = composed.levels.length;
  }

  /**
   * Builds part `index` (plan order): takes each round's batches into the
   * pool (de-duplicated), then extends the chain over the part's levels; a
   * pool that cannot fill the part, or a chain that cannot continue, grows
   * another round of batches, up to `extraRounds`; a chain that would drift
   * off the ramp (chainDrift) grows a refine round, up to `refineRounds`,
   * and after them keeps the best continuation found.
   *
   * @throws NoAnswerError (exit 1) naming the chapter and part after the extra rounds.
   */
  async buildPart(index: number): Promise<void> {
    const part = this.parts[index];
    this.queueFirstRounds(index + this.lookahead);
    const stats: PartStats = { chapter: part.chapter, part: part.part, levels: part.levels.length, grownLevels: part.grow.length, grown: 0, dropped: 0, conflicts: 0, extraRounds: 0, refineRounds: 0, givenUp: 0 };
    const work: PartWork = { part, index, rejections: {}, stats, record: this.recorder.startPart(this.recorder.keyOf(this.partTemplate(part)), stats) };
    this.stats.parts.push(work.stats);
    let batches = this.queued[index];
    for (let round = 0; ; round++) {
      await this.takeBatches(work, batches);
      const next = await this.continueChain(work, round);
      if (next === null) return;
      batches = next.refine ? this.refineRound(work, round, next.why) : this.extraRound(work, round, next.why, next.remedies, next.rule);
    }
  }

  /** The levels file of the whole chain, from the whole pool's problem; the pool records what the build chose. */
  levelsFile(): LevelsFile {
    const { model, ramp } = this.options;
    const built = buildProblem(this.selectionInputs());
    const selection = makeSelection({
      picks: this.picks,
      objective: new Objective(built.problem).total(this.picks),
      // Part by part: each part optimal given the earlier ones; the whole is not proven (SPEC 6 status).
      status: this.optimal && this.parts.length === 1 ? "optimal" : "feasible",
      note: (this.optimal ? "part by part: each part proven optimal given the earlier ones" : "part by part; some part's solve was not proven optimal") + this.ceilingNote(),
      solver: `incremental(${[...this.solvers].sort().join("+")})`,
      stats: {},
    });
    const levels = toLevelsFile({ built, selection, pool: this.pool, model, ramp });
    // What the build chose, so a later `select` over pools.json can say how it compares.
    this.pool.build = { objective: levels.objective, levels: levels.levels.map((l) => ({ number: l.number, id: l.id })) };
    return levels;
  }

  /** With parts kept under a ceiling (chooseLevels): how many, for the levels file's note; else nothing. */
  private ceilingNote(): string {
    const n = this.runner instanceof ReuseRunner ? this.runner.summary().parts.filter((p) => p.ceiling !== undefined).length : 0;
    return n === 0 ? "" : ` (${n} of them under a ceiling, so that the later parts' recorded candidates could continue the chain)`;
  }

  /** Stops the worker threads. */
  close(): Promise<void> {
    return this.runner.close();
  }

  /**
   * Whether the run chooses each part knowing the later parts' recorded
   * candidates: a build (it selects) that keeps the recorded aims, with a
   * model whose metric may not fall anywhere (`nonDecreasing` on it, scoped
   * to the game), so a chain that ends higher than the later candidates
   * reach can block them (docs/pipeline.md "Keeping the recorded aims").
   */
  private foreseeing(options: PipelineOptions & { select: boolean }): boolean {
    const { model } = options;
    const climbs = model.constraints.some((c) => c.type === "nonDecreasing" && c.key === model.metric && (c.scope ?? "game") === "game");
    return options.select && options.keepAims === true && climbs && this.runner instanceof ReuseRunner && this.runner.refusal === null;
  }

  /** The selection's inputs: the pool as it stands, with the plan, model and ramp of the build. */
  private selectionInputs(): SelectionInputs {
    const o = this.options;
    return { pool: this.pool, poolFile: "pools.json", plan: o.plan, planFile: o.planFile, model: o.model, modelFile: o.modelFile, ramp: o.ramp, rampFile: o.rampFile, chapters: new Set(o.chapters), knownConcepts: new Set(this.game.conceptNames ?? []) };
  }

  private aimsFor(part: PlanPartWork, stand: ChainStand | null, raise = 0): number[] {
    return growAims(this.options.model, part.grow.map((l) => l.target), stand, raise);
  }

  /** Aims of part `i`'s first round: the chain after part i − lookaheadParts − 1 (whatever the worker count). */
  private firstRoundAims(i: number): number[] {
    return this.aimsFor(this.parts[i], this.standAfter[i - this.options.settings.lookaheadParts - 1] ?? null);
  }

  /** What every batch task of a part holds besides its number and aim (the part's key is made of it). */
  private partTemplate(part: PlanPartWork): PartTaskTemplate {
    const { seed, settings, model } = this.options;
    return partTaskTemplate(part, { game: this.game.name, seed, attempts: settings.attemptsPerCandidate, metric: model.metric });
  }

  /** One round of a part's batch tasks (one per grown level, aimed at `aims`); batch numbers `round × levels + b`. */
  private growTasks(part: PlanPartWork, round: number, aims: number[]): GrowBatchTask[] {
    const { seed, settings } = this.options;
    return part.grow.map((level, b) => ({
      kind: "grow",
      game: this.game.name,
      seed,
      chapter: part.chapter,
      part: part.part,
      batch: round * part.grow.length + b,
      level: aims[b] === level.target ? level : { ...level, target: aims[b] },
      count: part.poolPerLevel,
      rules: part.rules,
      settings: part.settings,
      attempts: settings.attemptsPerCandidate,
      metric: this.options.model.metric,
    }));
  }

  /** Queues one round of a part's batches (one per grown level, aimed at `aims`). */
  private grow(part: PlanPartWork, round: number, aims: number[]): QueuedBatch[] {
    const { events } = this.options;
    if (round > 0) {
      this.batchesTotal += part.grow.length;
      this.candidatesTotal += part.grow.length * part.poolPerLevel;
      events?.total?.("pools", this.batchesTotal);
      events?.total?.("dedup", this.candidatesTotal);
    }
    return this.growTasks(part, round, aims).map((task) => {
      const result = this.runner.run(task);
      result.then(() => events?.advance?.("pools", 1), () => {});
      return { task, result };
    });
  }

  /** Queues composing on stream `attempt`. */
  private compose(attempt: number): Promise<ComposeTaskResult> {
    const { events } = this.options;
    if (attempt > 0) {
      this.batchesTotal += 1;
      events?.total?.("pools", this.batchesTotal);
    }
    const p = this.runner.run(this.composeTask(attempt));
    p.then(() => events?.advance?.("pools", 1), () => {});
    return p;
  }

  /**
   * Takes a round's candidates into the pool in batch order: a repeated id is
   * kept once; a candidate too close to a chosen level is kept with its drop
   * reason; near-duplicates inside the pool become conflict pairs (SPEC 7).
   */
  private async takeBatches(work: PartWork, batches: QueuedBatch[]): Promise<void> {
    const { events } = this.options;
    const ps = work.stats;
    const fresh: GrownCandidate[] = [];
    const results: GrowBatchResult[] = [];
    for (const b of batches) {
      const r = await b.result;
      results.push(r);
      add(this.stats.generator, r.stats);
      add(work.rejections, r.stats);
      fresh.push(...r.candidates);
      this.candidatesTotal += r.candidates.length - work.part.poolPerLevel;
    }
    events?.total?.("dedup", this.candidatesTotal);
    // The record: each batch's candidates by id when they join the pool here, in full when the pool holds the body already.
    const joined = new Set<GrownCandidate>();
    const poolKey = `${work.part.chapter}/${work.part.part}`;
    for (const c of fresh) {
      if (this.ids.has(c.id)) {
        this.stats.repeatedIds++;
        events?.advance?.("dedup", 1);
        continue;
      }
      joined.add(c);
      this.ids.add(c.id);
      this.stats.grown++;
      ps.grown++;
      const verdict = await this.deduper.check(poolKey, c.id, c.level);
      const cand: Candidate = { ...c };
      if (verdict.dropped !== undefined) {
        cand.dropped = verdict.dropped;
        ps.dropped++;
      }
      this.pool.candidates.push(cand);
      this.pool.conflicts!.push(...verdict.conflicts.map((x) => ({ ids: x.ids, reason: x.reason })));
      ps.conflicts += verdict.conflicts.length;
      events?.advance?.("dedup", 1);
    }
    this.stats.dedup = this.deduper.counts;
    ps.givenUp = work.rejections["no-candidate"] ?? 0;
    batches.forEach((b, i) => this.recorder.batch(work.record, b.task, results[i], results[i].candidates.map((c) => joined.has(c))));
  }

  /**
   * Continues the chain over the part's levels (build only), every earlier
   * level fixed; the chosen levels join the de-duplication's chosen ones.
   * While refine rounds remain, a continuation that drifts off the ramp
   * (chainDrift) is not kept: the part grows more first.
   *
   * @returns null when the part is done, else why it needs another round.
   */
  private async continueChain(work: PartWork, round: number): Promise<NextRound | null> {
    const { part, stats: ps } = work;
    const left = ps.grown - ps.dropped;
    if (left < part.grow.length) {
      let why = `its pool has ${left} candidate(s) left after de-duplication (${ps.grown} grown, ${ps.dropped} dropped as repeats of chosen levels) for ${part.grow.length} level(s)`;
      if (ps.givenUp > 0) why += `; the generator gave up on ${ps.givenUp} candidate(s) (most frequent rejections: ${topReasons(work.rejections)})`;
      return { why, refine: false };
    }
    if (!this.options.select) return null;
    let choice: CeilingChoice;
    try {
      choice = await this.chooseLevels(work);
    } catch (err) {
      if (!(err instanceof NoAnswerError)) throw err;
      const fixed = this.fixedLevelsBreak(work, err);
      if (fixed !== null) throw fixed;
      return { why: `the pool cannot continue the chain yet (${err.message})`, refine: false, remedies: err.remedies, rule: blockingRule(err) };
    }
    const { selection, group, problem } = choice.step;
    const chosen = selection.picks.slice(group.start, group.end);
    const metric = this.options.model.metric;
    const end = problem.candidates[chosen[chosen.length - 1]]?.metrics[metric];
    if (choice.blocked) {
      const next = this.recordedRound(work, round);
      if (next) return next;
    }
    const drifted = this.drift(work, problem, group, end);
    const drift = drifted?.why ?? null;
    if (drifted !== null && ps.refineRounds < this.options.settings.refineRounds && this.mayRefine(work, round, drifted, this.foresight !== null && !choice.blocked)) return { why: drifted.why, refine: true };
    if (choice.ceiling !== undefined && this.runner instanceof ReuseRunner) this.runner.keptUnder(part.chapter, part.part, choice.ceiling);
    this.optimal &&= selection.optimal;
    this.solvers.add(selection.solver);
    this.recorder.selected(work.record, selection.solver, selection.optimal);
    this.picks = [...this.picks, ...chosen];
    this.standAfter[work.index] = end === undefined ? null : { end, offset: end - problem.slots[this.picks.length - 1].target };
    // candidate k of the problem is candidate k of the pool
    for (const k of chosen) this.deduper.addChosen(this.pool.candidates[k].id, this.pool.candidates[k].level);
    const stand = this.standAfter[work.index];
    if (stand) {
      const kept = drift !== null ? `; kept after ${ps.refineRounds} refine round(s): ${drift}` : "";
      this.options.events?.log?.(`chapter ${part.chapter} part ${part.part} (${levelRange(part)}) ${left > 0 ? `chosen from ${left} candidate(s)` : "composed"}: the chain ends at ${metric} ${fmt(stand.end)} (${stand.offset >= 0 ? `${fmt(stand.offset)} above` : `${fmt(-stand.offset)} below`} the ramp)${kept}`);
    }
    this.options.events?.advance?.("selection", 1);
    return null;
  }

  /**
   * The part's levels: its best continuation (ChainSelection.extend); in a
   * run that knows the later parts' recorded candidates (keepAims,
   * {@link ChainForesight}), the best from which they can still continue the
   * chain ({@link chooseUnderCeiling}), said in the log when that keeps the
   * part under a ceiling, or when no choice of the part lets them continue.
   *
   * @throws NoAnswerError when the part's candidates cannot continue the chain at all.
   */
  private async chooseLevels(work: PartWork): Promise<CeilingChoice> {
    const { part } = work;
    const options = { timeLimitSeconds: this.options.settings.selectionTimeLimitSeconds };
    const extend = (ceiling?: number) => this.selection.extend(this.pool, part.chapter, part.part, this.picks, options, ceiling);
    const best = await extend();
    if (this.foresight === null) return { step: best };
    const { through, candidates } = this.foresight.ahead(work.index);
    if (through === work.index) return { step: best };
    const last = this.parts[through];
    // the later parts as they would be now, after the part's batches were taken (their drops and pairs)
    const { problem, from, to } = this.selection.lookahead(this.pool, part.chapter, part.part, candidates, last.chapter, last.part);
    const rest: SlotGroup = { chapter: last.chapter, part: last.part, start: from, end: to };
    const ahead: ChainAhead = {
      ceiling: chainCeiling(problem, from, to, new Set(this.picks)),
      completes: async (picks) => {
        try {
          await extendSelection(problem, picks, rest, options);
          return true;
        } catch (err) {
          if (err instanceof NoAnswerError) return false;
          throw err;
        }
      },
    };
    const choice = await chooseUnderCeiling(best, extend, ahead, this.picks, this.options.model.metric);
    const metric = this.options.model.metric;
    const later = `the later parts' recorded candidates (through chapter ${last.chapter} part ${last.part})`;
    if (choice.ceiling !== undefined) this.options.events?.log?.(`chapter ${part.chapter} part ${part.part}: its best levels would end where ${later} cannot continue the chain (at most ${metric} ${fmt(ahead.ceiling)} from what they hold): kept at or under ${metric} ${fmt(choice.ceiling)}`);
    if (choice.blocked) this.options.events?.log?.(`chapter ${part.chapter} part ${part.part}: ${later} cannot continue the chain from any choice of its candidates (at most ${metric} ${fmt(ahead.ceiling)} from what they hold)`);
    return choice;
  }

  /**
   * When no choice of a blocked part lets the later parts continue: its
   * next round if the earlier pool holds it whole (taken as grown, growing
   * nothing; a refine round while refine rounds remain, else an extra
   * round), else null (the part keeps its best; the rounds the chain then
   * needs are grown as without the look ahead).
   */
  private recordedRound(work: PartWork, round: number): NextRound | null {
    const { settings } = this.options;
    const ps = work.stats;
    if (!this.foresight?.holdsRound(work.index, round + 1)) return null;
    const why = "the later parts' recorded candidates cannot continue the chain from any choice of its candidates yet, and the earlier pool holds its next round";
    if (ps.refineRounds < settings.refineRounds) return { why, refine: true };
    return ps.extraRounds < settings.extraRounds ? { why, refine: false } : null;
  }

  /**
   * Whether the part's continuation, ending at `end`, drifts off the ramp by
   * more than `refineTolerance` part climbs (chainDrift); only parts with
   * grown levels (a composed part has nothing to grow).
   *
   * @returns its side and a sentence for the log, or null.
   */
  private drift(work: PartWork, problem: SelectionProblem, group: SlotGroup, end: number | undefined): { side: "above" | "below"; why: string } | null {
    if (end === undefined || work.part.grow.length === 0 || group.end <= group.start) return null;
    const targets = problem.slots.slice(group.start, group.end).map((s) => s.target);
    const before = group.start > 0 ? problem.slots[group.start - 1].target : null;
    const enter = this.standAfter[work.index - 1]?.end ?? null;
    const d = chainDrift({ end, enter, targets, before, tolerance: this.options.settings.refineTolerance });
    if (d === null) return null;
    const metric = this.options.model.metric;
    const why = d.side === "above"
      ? `the chain would end at ${metric} ${fmt(end)}, ${fmt(d.over)} above ${fmt(d.limit)} (max(the chain's end, the ramp) + ${this.options.settings.refineTolerance} × the part's climb ${fmt(d.climb)})`
      : `the chain would end at ${metric} ${fmt(end)}, ${fmt(d.over)} below ${fmt(d.limit)} (the ramp − ${this.options.settings.refineTolerance} × the part's climb ${fmt(d.climb)})`;
    return { side: d.side, why };
  }

  /**
   * Whether the part may grow refine round `round + 1`: with keepAims, only
   * when the earlier pool holds it, the part's inputs changed, or the chain
   * would end above the ramp ({@link ReuseRunner.mayRefine}); a round left
   * out is said in the log.
   */
  private mayRefine(work: PartWork, round: number, drift: { side: "above" | "below"; why: string }, guarded: boolean): boolean {
    if (!(this.runner instanceof ReuseRunner)) return true;
    const tasks = this.growTasks(work.part, round + 1, this.aimsFor(work.part, this.standAfter[work.index - 1] ?? null));
    if (this.runner.mayRefine(tasks, drift.side, guarded)) return true;
    const which = drift.side === "below" ? "for a chain below the ramp" : "for a chain the later parts' recorded candidates can continue";
    this.options.events?.log?.(`chapter ${work.part.chapter} part ${work.part.part}: ${drift.why}; the earlier pool holds no refine round ${work.stats.refineRounds + 1} of it, and keeping the recorded aims grows none ${which}: the continuation found is kept`);
    return false;
  }

  /**
   * Queues a refine round of the part's batches: more candidates aimed at
   * the same values as an extra round's, max(target, the chain right before
   * the part), without raising them — the chain could continue, only too far
   * from the ramp.
   */
  private refineRound(work: PartWork, round: number, why: string): QueuedBatch[] {
    const { settings, events } = this.options;
    const { part, stats: ps } = work;
    const stand = this.standAfter[work.index - 1] ?? null;
    ps.refineRounds++;
    const aims = this.aimsFor(part, stand);
    const where = stand !== null && aims.some((a, j) => a !== part.grow[j].target) ? `max(target, the chain's end ${fmt(stand.end)})` : "the targets";
    events?.log?.(`chapter ${part.chapter} part ${part.part}: ${why}; growing more candidates (refine round ${ps.refineRounds} of ${settings.refineRounds}, aimed at ${where})`);
    return this.grow(part, round + 1, aims);
  }

  /**
   * Queues another round of the part's batches: more candidates, aimed at
   * max(target, the chain right before the part) and higher with every
   * round ({@link extraRoundRaise}); after `extraRounds` rounds, stops the
   * run with {@link stuckMessage}.
   *
   * @throws NoAnswerError (exit 1) naming the chapter, part, why, the chain's end, the best candidate and what to change.
   */
  private extraRound(work: PartWork, round: number, why: string, remedies: readonly Remedy[] = [], rule?: string): QueuedBatch[] {
    const { settings, events } = this.options;
    const { part, stats: ps } = work;
    const stand = this.standAfter[work.index - 1] ?? null;
    if (ps.extraRounds >= settings.extraRounds) {
      throw new NoAnswerError("pipeline/build", this.stuckMessage(work, ps.extraRounds, why, stand, rule), {
        chapter: part.chapter,
        part: part.part,
        why,
        chainEnd: stand?.end ?? null,
        best: this.bestOfPart(work)?.id ?? null,
        stats: { ...ps },
        generator: this.stats.generator,
      }, remedies);
    }
    ps.extraRounds++;
    const raise = extraRoundRaise(part.grow.map((l) => l.target), ps.extraRounds);
    const aims = this.aimsFor(part, stand, raise);
    const where = stand !== null && aims.some((a, j) => a - raise !== part.grow[j].target) ? `max(target, the chain's end ${fmt(stand.end)})` : "the targets";
    events?.log?.(`chapter ${part.chapter} part ${part.part}: ${why}; growing more candidates (extra round ${ps.extraRounds} of ${settings.extraRounds}, aimed at ${where} + ${fmt(raise)})`);
    return this.grow(part, round + 1, aims);
  }

  /**
   * When the selection proved that no sequence reaches a level before the
   * part's first grown level — a composed level, or one an earlier part
   * chose — the levels already fixed break the model by themselves, and no
   * candidate grown for this part can change that: the error that stops the
   * run at once (instead of growing every extra round in vain), naming the
   * rule that broke and what to change. Null when the break is at a level
   * the part's candidates fill (extra rounds may help).
   */
  private fixedLevelsBreak(work: PartWork, err: NoAnswerError): NoAnswerError | null {
    const diagnosis = infeasibleDiagnosis(err);
    const { part } = work;
    const firstFree = part.grow[0]?.number ?? part.levels[part.levels.length - 1].number + 1;
    if (diagnosis?.level === undefined || diagnosis.level >= firstFree) return null;
    const { modelFile, planFile } = this.options;
    const rule = diagnosis.constraint === "unknown" || diagnosis.constraint === "chain" ? "its chain constraints" : diagnosis.constraint;
    const composed = diagnosis.level <= this.composedCount ? `, or the levels the plan composes (${planFile ?? "the plan"} at $.composed)` : "";
    return new NoAnswerError(
      "pipeline/build",
      `chapter ${part.chapter} part ${part.part} (${levelRange(part)}): the levels fixed before level ${firstFree} break the selection model by themselves (${err.message}); no candidate grown for this part can change them, so none is grown; what to change: the model's ${rule} (${modelFile ?? "the selection model"})${composed}`,
      { chapter: part.chapter, part: part.part, why: err.message, diagnosis, stats: { ...work.stats }, generator: this.stats.generator },
    );
  }

  /** The part's unused, kept candidate with the highest value of the model's metric (ties: the earliest), or null. */
  private bestOfPart(work: PartWork): Candidate | null {
    const metric = this.options.model.metric;
    const used = new Set(this.picks);
    let best: Candidate | null = null;
    this.pool.candidates.forEach((c, k) => {
      if (c.chapter !== work.part.chapter || c.part !== work.part.part || c.dropped !== undefined || used.has(k)) return;
      const v = c.metrics[metric];
      if (v !== undefined && (best === null || v > best.metrics[metric])) best = c;
    });
    return best;
  }

  /**
   * Why a part stops the build, for the designer: the part and its levels,
   * why, the extra rounds (each aimed higher), where the chain ends, the
   * part's best candidate against it, and what to change (the part's
   * generator settings by file and JSON path, the pool size, the rounds).
   */
  private stuckMessage(work: PartWork, round: number, why: string, stand: ChainStand | null, rule?: string): string {
    const { part } = work;
    const { model, plan, planFile, modelFile } = this.options;
    const metric = model.metric;
    const lines = [`chapter ${part.chapter} part ${part.part} (${levelRange(part)}): ${why}, after ${round} extra round(s) of batches, each aimed higher`];
    if (stand !== null) {
      const level = part.levels[0].number - 1;
      lines.push(`the chain ends at ${metric} ${fmt(stand.end)} (level ${level}, ${stand.offset >= 0 ? `${fmt(stand.offset)} above` : `${fmt(-stand.offset)} below`} the ramp)`);
    }
    const best = this.bestOfPart(work);
    const pool = this.pool.candidates.filter((c) => c.chapter === part.chapter && c.part === part.part && c.dropped === undefined);
    if (best === null) lines.push("the part's pool holds no candidate");
    else {
      const above = stand === null ? pool.length : pool.filter((c) => (c.metrics[metric] ?? -Infinity) >= stand.end).length;
      const targets = `${fmt(part.levels[0].target)}–${fmt(part.levels[part.levels.length - 1].target)}`;
      lines.push(`the part's pool holds ${pool.length} candidate(s), ${above} at or above the chain's end; the best unused is ${best.id} at ${metric} ${fmt(best.metrics[metric])} (targets ${targets})`);
    }
    const ci = plan.chapters.findIndex((c) => c.chapter === part.chapter);
    const pj = ci < 0 ? -1 : plan.chapters[ci].parts.findIndex((p) => p.part === part.part);
    const at = `${planFile ?? "the plan"} at $.chapters[${ci}].parts[${pj}]`;
    const grow = `grow this part's candidates higher or denser (its generator settings, ${at}.generator), more candidates per level (poolPerLevel there), or more extra rounds (extraRounds in the pipeline settings)`;
    // A rule of the model that removed the last candidates is the first thing to look at: rounds aimed higher do not loosen it.
    lines.push(rule === undefined ? `what to change: ${grow}` : `what to change: the model's ${rule} (${modelFile ?? "the selection model"}), which removed the last candidates that could continue the chain; or ${grow}`);
    return lines.join("; ");
  }

}

/**
 * The run's task runner: the one given (merge's), else one of `workers`
 * threads; with `reuse`, in front of it a {@link ReuseRunner} answering what
 * the earlier pool holds (the other runner then starts on the first task
 * grown).
 */
function runnerFor(options: PipelineOptions): TaskRunner {
  const make = () => options.runner ?? createTaskRunner(options.workers, options.game);
  if (!options.reuse) return make();
  const planned = options.runner ? (options.runner.plannedThreads ?? options.runner.threads) : options.workers <= 1 ? 0 : options.workers;
  return new ReuseRunner(new ReusedAnswers(options.reuse, options.game, options.keepAims, options.seed), make, planned);
}

/** A metric value for a message (3 decimals). */
function fmt(v: number): string {
  return v.toFixed(3);
}

/** `level 7` or `levels 6–10`. */
function levelRange(part: PlanPartWork): string {
  const first = part.levels[0].number;
  const last = part.levels[part.levels.length - 1].number;
  return first === last ? `level ${first}` : `levels ${first}–${last}`;
}

/** The first pair of levels (1-based positions) of a composed set that are the same (SPEC 7), with the strongest reason. */
async function firstRepeat(dedup: GameDedup, bodies: unknown[]): Promise<{ first: number; second: number; reason: string } | null> {
  const index = new DedupIndex<unknown, unknown, DedupComparison<unknown>>(dedup.hooks);
  for (let i = 0; i < bodies.length; i++) {
    const verdict = await addIfNewLevel(dedup, index, String(i + 1), bodies[i]);
    if (verdict.same) return { first: Number(verdict.id), second: i + 1, reason: verdict.comparison.reasons[0] };
  }
  return null;
}

/** The three most frequent rejection reasons, e.g. `try-gap ×120, build-overshoot ×8, no-candidate ×4`. */
function topReasons(counts: Record<string, number>): string {
  return Object.entries(counts)
    .filter(([k]) => k !== "no-candidate")
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
    .slice(0, 3)
    .map(([k, v]) => `${k} ×${v}`)
    .join(", ");
}

/** What the chain starts from, in one sentence (printed first and kept in report.txt). */
function describeChainStart(composed: number, firstLevel: number, firstChapter: number | undefined, select: boolean): string {
  if (!select) {
    // generate: pools only, no chain
    if (composed > 0) return `levels 1–${composed} are composed and go into the pool fixed to their numbers; candidates repeating them are dropped`;
    return `pools for levels ${firstLevel} on (chapter ${firstChapter})`;
  }
  if (firstLevel > 1) {
    return `levels 1–${firstLevel - 1} are not built: the chain starts fresh at level ${firstLevel} (chapter ${firstChapter}) with no earlier level to continue from`;
  }
  if (composed > 0) return `levels 1–${composed} are composed and fixed; selection starts at level ${composed + 1}, continuing the chain from level ${composed}`;
  return "the plan composes no levels: every level is grown and selected";
}
