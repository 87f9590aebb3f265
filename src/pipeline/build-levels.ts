import { DedupIndex } from "../dedup/dedup-index.ts";
import type { DedupComparison } from "../dedup/dedup-types.ts";
import { NoAnswerError } from "../io/errors.ts";
import { candidateId } from "../io/candidate-id.ts";
import type { LevelsFile } from "../io/schemas/levels.ts";
import type { Candidate, Pool } from "../io/schemas/pool.ts";
import { buildProblem, type BuiltProblem } from "../select/build-problem.ts";
import { toLevelsFile } from "../select/levels-file.ts";
import { Objective } from "../select/objective.ts";
import { extendSelection } from "../select/extend-selection.ts";
import { rampTarget } from "../select/ramp-target.ts";
import { makeSelection } from "../select/selection-problem.ts";
import { slotGroups } from "../select/slot-groups.ts";
import { gameKit, type PipelineGame } from "./game-kit.ts";
import type { PipelineInputs } from "./load-pipeline-inputs.ts";
import { growAims, type ChainStand } from "./grow-aims.ts";
import type { PipelineEvents } from "./pipeline-events.ts";
import type { PipelineSettings } from "./pipeline-settings.ts";
import type { ComposeTaskResult, GrowBatchResult, GrownCandidate } from "./pipeline-task.ts";
import { planParts, type PlanPartWork } from "./plan-parts.ts";
import { PoolDeduper, type DedupCounts, type PoolConflict } from "./pool-dedup.ts";
import { createTaskRunner, type TaskRunner } from "./task-runner.ts";

/** What a pipeline run reads: the model files ({@link PipelineInputs}) and the run's choices. */
export interface PipelineOptions extends PipelineInputs {
  game: PipelineGame;
  /** Chapters to build, in plan order (see parseChapters). */
  chapters: number[];
  seed: number;
  /** Worker threads for generation (≤ 1: this thread). Never changes an output. */
  workers: number;
  settings: PipelineSettings;
  events?: PipelineEvents;
}

/** One part's figures. */
export interface PartStats {
  chapter: number;
  part: number;
  /** Levels of the part; of them `grownLevels` are grown (the rest composed). */
  levels: number;
  grownLevels: number;
  /** Candidates grown (proven, measured) into the pool. */
  grown: number;
  /** Of them, dropped as too close to a level already chosen. */
  dropped: number;
  /** Conflict pairs marked inside the pool. */
  conflicts: number;
  /** Extra rounds of batches the part needed. */
  extraRounds: number;
  /** Candidates the generator gave up on (every attempt gave nothing). */
  givenUp: number;
}

/** Figures of a pipeline run (`--stats`). Counts only: the same for any worker count. */
export interface PipelineStats {
  /** Composed levels (0 when the game cannot compose yet or level 1 is not built). */
  composed: number;
  /** Candidates grown in all. */
  grown: number;
  /** Grown candidates whose body repeated one already in the same pool exactly (same id); kept once. */
  repeatedIds: number;
  /** The game's rejection counters while growing, plus `no-candidate`. */
  generator: Record<string, number>;
  /** The composer's figures for the kept set, plus `repeat-in-set`: composed sets dropped because two of their levels were the same. */
  compose: Record<string, number>;
  /** De-duplication: drops and conflict pairs per reason. */
  dedup: DedupCounts;
  parts: PartStats[];
}

/** What a build gives: the pool file, and (when selecting) the levels file. */
export interface PipelineResult {
  pool: Pool;
  levels: LevelsFile | null;
  stats: PipelineStats;
  /** One sentence on what the chain starts from (composed levels, grown levels 1–5, or a later chapter). */
  chainStart: string;
  /** Worker threads generation ran on (0: this thread). Never part of an output file. */
  threads: number;
}

const add = (into: Record<string, number>, from: Record<string, number>) => {
  for (const [k, v] of Object.entries(from)) into[k] = (into[k] ?? 0) + v;
};

/**
 * The main job (SPEC 1 job 1, 6, 9): levels 1..`plan.composed` composed
 * (when level 1 is built and the game can compose; otherwise grown like any
 * level), then for each part/tier in plan order: grow its pool in batches
 * (`poolPerLevel` candidates per level not composed, each batch a pure
 * function of seed, game, chapter, part and batch index, run on the worker
 * pool and merged in batch order), drop candidates too close to any level
 * already chosen and mark conflict pairs of near-duplicates inside the pool
 * (SPEC 7), then extend the selection with every earlier level fixed (the
 * chain continues across part, tier and chapter boundaries). A part whose
 * pool cannot fill its levels, or whose selection has no answer, grows up to
 * `extraRounds` more rounds of batches before the run stops.
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
 * @throws InputError (exit 2) for bad plan settings or a rule the game cannot play.
 */
export async function runPipeline(options: PipelineOptions & { select: boolean }): Promise<PipelineResult> {
  const { game, plan, settings, events } = options;
  const kit = gameKit(game);
  const target = rampTarget(options.ramp);
  const firstPlanChapter = plan.chapters[0].chapter;
  const wantsComposed = options.chapters[0] === firstPlanChapter ? plan.composed : 0;
  const canCompose = wantsComposed > 0 && kit.backend.composeFirst !== undefined;
  const composedCount = canCompose ? wantsComposed : 0;
  const parts = planParts(plan, kit.backend, options.chapters, target, { composed: composedCount, poolPerLevel: settings.poolPerLevel, planFile: options.planFile });
  const firstLevel = parts[0]?.levels[0]?.number ?? 1;
  const chainStart = describeChainStart(game, wantsComposed, composedCount, firstLevel, parts[0]?.chapter, options.select);
  events?.log?.(chainStart);

  const stats: PipelineStats = { composed: 0, grown: 0, repeatedIds: 0, generator: {}, compose: {}, dedup: { dropped: {}, conflicts: {}, checked: 0 }, parts: [] };
  const pool: Pool = {
    format: "levelramp/pool@1",
    game,
    seed: options.seed,
    generator: { chapters: options.chapters, composed: composedCount, poolPerLevel: settings.poolPerLevel, attemptsPerCandidate: settings.attemptsPerCandidate, extraRounds: settings.extraRounds },
    candidates: [],
    conflicts: [],
  };
  const ids = new Set<string>();
  const deduper = new PoolDeduper(kit);
  const runner = createTaskRunner(options.workers);
  // generate selects nothing, so no aim waits for a chain: queue every part at once.
  const lookahead = runner.threads === 0 ? 0 : options.select ? settings.lookaheadParts : parts.length;
  let batchesTotal = 0;
  // Aims follow the chain (growAims): part q's first round sees the chain after part
  // q − lookaheadParts − 1, whatever the worker count; extra rounds see it right before q.
  const standAfter: Array<ChainStand | null> = [];
  const firstRoundStand = (q: number): ChainStand | null => standAfter[q - settings.lookaheadParts - 1] ?? null;
  const aimsFor = (part: PlanPartWork, stand: ChainStand | null) => growAims(options.model, part.grow.map((l) => l.target), stand);
  const grow = (part: PlanPartWork, round: number, aims: number[]): Array<Promise<GrowBatchResult>> => {
    batchesTotal += part.grow.length;
    events?.total?.("pools", batchesTotal);
    return part.grow.map((level, b) => {
      const p = runner.run({
        kind: "grow",
        game,
        seed: options.seed,
        chapter: part.chapter,
        part: part.part,
        batch: round * part.grow.length + b,
        level: aims[b] === level.target ? level : { ...level, target: aims[b] },
        count: part.poolPerLevel,
        rules: part.rules,
        settings: part.settings,
        attempts: settings.attemptsPerCandidate,
      });
      p.then(() => events?.advance?.("pools", 1), () => {});
      return p;
    });
  };

  try {
    const composeOn = (attempt: number): Promise<ComposeTaskResult> => {
      batchesTotal += 1;
      events?.total?.("pools", batchesTotal);
      const p = runner.run({ kind: "compose", game, seed: options.seed, count: composedCount, attempt });
      p.then(() => events?.advance?.("pools", 1), () => {});
      return p;
    };
    const compose = composedCount > 0 ? composeOn(0) : null;
    const queued: Array<Array<Promise<GrowBatchResult>>> = [];
    const queueUpTo = (k: number) => {
      for (let i = queued.length; i <= Math.min(k, parts.length - 1); i++) queued.push(grow(parts[i], 0, aimsFor(parts[i], firstRoundStand(i))));
    };
    queueUpTo(lookahead);
    events?.total?.("selection", options.select ? parts.length : 0);

    if (compose) {
      let composed = await compose;
      let repeats = 0;
      for (let attempt = 0; ; attempt++) {
        // the kept set's own figures (composers may report scores, which do not add up across sets)
        stats.compose = { ...composed.stats, ...(repeats > 0 ? { "repeat-in-set": repeats } : {}) };
        const repeat = firstRepeat(kit, composed.levels!.map((g) => g.level));
        if (!repeat) break;
        repeats++;
        stats.compose["repeat-in-set"] = repeats;
        const what = `composed levels ${repeat.first} and ${repeat.second} are the same (${repeat.reason}, SPEC 7)`;
        if (attempt + 1 >= settings.composeAttempts) {
          throw new NoAnswerError("pipeline/build", `${what} on every one of ${settings.composeAttempts} composing streams; the composer must pick levels that differ`, { repeat });
        }
        events?.log?.(`${what}; composing again on the next stream (${attempt + 2} of ${settings.composeAttempts})`);
        composed = await composeOn(attempt + 1);
      }
      const slots = parts.flatMap((p) => p.levels.map((l) => ({ ...l, chapter: p.chapter, part: p.part })));
      composed.levels!.forEach((g, i) => {
        const slot = slots[i];
        const c: Candidate = {
          id: candidateId(game, slot.chapter, slot.part, g.level),
          chapter: slot.chapter,
          part: slot.part,
          metrics: g.metrics,
          rules: g.rules,
          level: g.level,
          solution: g.solution,
          fixedLevel: slot.number,
        };
        pool.candidates.push(c);
        ids.add(c.id);
        deduper.addChosen(c.id, g.level);
      });
      stats.composed = composed.levels!.length;
    }

    let picks: number[] = [];
    let optimal = true;
    const solvers = new Set<string>();
    const chapterSet = new Set(options.chapters);
    const inputs = () => ({ pool, poolFile: "pools.json", plan, planFile: options.planFile, model: options.model, modelFile: options.modelFile, ramp: options.ramp, rampFile: options.rampFile, chapters: chapterSet });
    const solveOptions = { timeLimitMs: settings.selectionTimeLimitSeconds * 1000 };

    for (let pi = 0; pi < parts.length; pi++) {
      const part = parts[pi];
      queueUpTo(pi + lookahead);
      const ps: PartStats = { chapter: part.chapter, part: part.part, levels: part.levels.length, grownLevels: part.grow.length, grown: 0, dropped: 0, conflicts: 0, extraRounds: 0, givenUp: 0 };
      const partRejections: Record<string, number> = {};
      stats.parts.push(ps);
      const poolKey = `${part.chapter}/${part.part}`;
      let batches = queued[pi];
      for (let round = 0; ; round++) {
        const fresh: GrownCandidate[] = [];
        for (const b of batches) {
          const r = await b;
          add(stats.generator, r.stats);
          add(partRejections, r.stats);
          fresh.push(...r.candidates);
        }
        events?.total?.("dedup", stats.dedup.checked + fresh.length);
        for (const c of fresh) {
          if (ids.has(c.id)) {
            stats.repeatedIds++;
            events?.advance?.("dedup", 1);
            continue;
          }
          ids.add(c.id);
          stats.grown++;
          ps.grown++;
          const verdict = deduper.check(poolKey, c.id, c.level);
          const cand: Candidate = { ...c };
          if (verdict.dropped !== undefined) {
            cand.dropped = verdict.dropped;
            ps.dropped++;
          }
          pool.candidates.push(cand);
          pool.conflicts!.push(...verdict.conflicts.map((x: PoolConflict) => ({ ids: x.ids, reason: x.reason })));
          ps.conflicts += verdict.conflicts.length;
          events?.advance?.("dedup", 1);
        }
        stats.dedup = deduper.counts;
        ps.givenUp = partRejections["no-candidate"] ?? 0;
        const left = ps.grown - ps.dropped;
        let why: string | null = null;
        if (left < part.grow.length) {
          why = `its pool has ${left} candidate(s) left after de-duplication (${ps.grown} grown, ${ps.dropped} dropped as repeats of chosen levels) for ${part.grow.length} level(s)`;
          if (ps.givenUp > 0) why += `; the generator gave up on ${ps.givenUp} candidate(s) (most frequent rejections: ${topReasons(partRejections)})`;
        } else if (options.select) {
          const built = buildProblem(inputs());
          const group = slotGroups(built.problem).find((g) => g.chapter === part.chapter && g.part === part.part)!;
          try {
            const r = await extendSelection(built.problem, picks, group, solveOptions);
            optimal &&= r.optimal;
            solvers.add(r.solver);
            picks = [...picks, ...r.picks.slice(group.start, group.end)];
            const end = built.problem.candidates[picks[picks.length - 1]]?.metrics[options.model.metric];
            standAfter[pi] = end === undefined ? null : { end, offset: end - built.problem.slots[picks.length - 1].target };
            for (const k of r.picks.slice(group.start, group.end)) {
              const src = built.sources[k];
              if (src.kind === "pool") deduper.addChosen(pool.candidates[src.index].id, pool.candidates[src.index].level);
            }
            events?.advance?.("selection", 1);
          } catch (err) {
            if (!(err instanceof NoAnswerError)) throw err;
            why = `the pool cannot continue the chain yet (${err.message})`;
          }
        }
        if (why === null) break;
        if (round >= settings.extraRounds) {
          throw new NoAnswerError(
            "pipeline/build",
            `chapter ${part.chapter} part ${part.part} (${levelRange(part)}): ${why}, after ${round} extra round(s) of batches`,
            { chapter: part.chapter, part: part.part, why, stats: { ...ps }, generator: stats.generator },
          );
        }
        ps.extraRounds++;
        const stand = standAfter[pi - 1] ?? null;
        const aims = aimsFor(part, stand);
        const aimed = stand !== null && aims.some((a, j) => a !== part.grow[j].target);
        events?.log?.(`chapter ${part.chapter} part ${part.part}: ${why}; growing more candidates (extra round ${round + 1} of ${settings.extraRounds}${aimed ? `, aimed no lower than the chain's end ${stand.end.toFixed(3)}` : ""})`);
        batches = grow(part, round + 1, aims);
      }
    }

    let levels: LevelsFile | null = null;
    if (options.select) {
      const built: BuiltProblem = buildProblem(inputs());
      const selection = makeSelection({
        picks,
        objective: new Objective(built.problem).total(picks),
        // Part by part: each part optimal given the earlier ones; the whole is not proven (SPEC 6 status).
        status: optimal && parts.length === 1 ? "optimal" : "feasible",
        note: optimal ? "part by part: each part proven optimal given the earlier ones" : "part by part; some part's solve was not proven optimal",
        solver: `incremental(${[...solvers].sort().join("+")})`,
        stats: {},
      });
      levels = toLevelsFile({ built, selection, pool, model: options.model, ramp: options.ramp });
      // What the build chose, so a later `select` over pools.json can say how it compares.
      pool.build = { objective: levels.objective, levels: levels.levels.map((l) => ({ number: l.number, id: l.id })) };
    }
    return { pool, levels, stats, chainStart, threads: runner.threads };
  } finally {
    await runner.close();
  }
}

/** {@link runPipeline} with selection: the `build` job (SPEC 2). */
export function buildLevels(options: PipelineOptions): Promise<PipelineResult> {
  return runPipeline({ ...options, select: true });
}

/** {@link runPipeline} without selection: the `generate` job (SPEC 2), pools only. */
export function generatePools(options: PipelineOptions): Promise<PipelineResult> {
  return runPipeline({ ...options, select: false });
}

/** `level 7` or `levels 6–10`. */
function levelRange(part: PlanPartWork): string {
  const first = part.levels[0].number;
  const last = part.levels[part.levels.length - 1].number;
  return first === last ? `level ${first}` : `levels ${first}–${last}`;
}

/** The first pair of levels (1-based positions) of a composed set that are the same (SPEC 7), with the strongest reason. */
function firstRepeat(kit: ReturnType<typeof gameKit>, bodies: unknown[]): { first: number; second: number; reason: string } | null {
  const index = new DedupIndex<unknown, unknown, DedupComparison<unknown>>(kit.dedupGame);
  for (let i = 0; i < bodies.length; i++) {
    const verdict = index.addIfNew(String(i + 1), kit.dedupRecord(bodies[i]));
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

function describeChainStart(game: string, wanted: number, composed: number, firstLevel: number, firstChapter: number | undefined, select: boolean): string {
  if (!select) {
    // generate: pools only, no chain
    if (composed > 0) return `levels 1–${composed} are composed and go into the pool fixed to their numbers; candidates repeating them are dropped`;
    if (wanted > 0) return `${game} cannot compose its first levels yet: levels 1–${wanted} get pools like any other level`;
    return `pools for levels ${firstLevel} on (chapter ${firstChapter})`;
  }
  if (firstLevel > 1) {
    return `levels 1–${firstLevel - 1} are not built: the chain starts fresh at level ${firstLevel} (chapter ${firstChapter}) with no earlier level to continue from`;
  }
  if (composed > 0) return `levels 1–${composed} are composed and fixed; selection starts at level ${composed + 1}, continuing the chain from level ${composed}`;
  if (wanted > 0) return `${game} cannot compose its first levels yet: levels 1–${wanted} are grown and selected like any other level`;
  return "the plan composes no levels: every level is grown and selected";
}
