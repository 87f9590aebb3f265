import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Game } from "../../game/game.ts";
import { readGameFile } from "../../game/registry/read-game-file.ts";
import { canonicalJson } from "../../io/canonical-json.ts";
import { levelsSchemaOf } from "../../io/schemas/levels.ts";
import { readReusablePool } from "../reuse/reusable-pool.ts";
import { InputError, NoAnswerError } from "../../io/errors.ts";
import { addCounts } from "../../io/hostile/own-key.ts";
import { roundMetric } from "../../io/round-metric.ts";
import type { ComposeRecord, PartRecord } from "../../io/schemas/grown-records.ts";
import type { LevelsFile } from "../../io/schemas/levels.ts";
import type { Candidate, Pool } from "../../io/schemas/pool.ts";
import { problemOfLevels } from "../../select/diagnose/recheck-status.ts";
import { objectiveOf } from "../../select/problem/objective.ts";
import { rampTarget } from "../../select/ramp/ramp-target.ts";
import { partTaskTemplate, planParts, type PlanPartWork } from "../inputs/plan-parts.ts";
import { partKey, reuseGenerator } from "../reuse/reuse-keys.ts";
import { verifyLevels, type LevelFailure } from "../verify/verify-levels.ts";
import type { ChainStand } from "./grow-aims.ts";
import { PIPELINE_NAMES, type FromSet, type PartStats, type PipelineOptions, type PipelineStats } from "./pipeline-result.ts";

const module = "pipeline/from";

/**
 * What a whole build holds after the parts `build --from` keeps, derived
 * from the earlier set (none of it grown or selected again): the pool's
 * candidates and conflict pairs of those parts, their records, the levels
 * chosen (their pool indices, in level order), where the chain stood after
 * each part, the solvers of their selection steps and the figures.
 */
export interface KeptChain {
  /** The levels file they come from. */
  file: string;
  /** The kept chapters, in plan order. */
  chapters: number[];
  /** How many of the run's parts (plan order, from its first) are kept. */
  parts: number;
  candidates: Candidate[];
  conflicts: NonNullable<Pool["conflicts"]>;
  records: PartRecord[];
  compose: ComposeRecord | undefined;
  /** Pool indices of the kept levels, in level order. */
  picks: number[];
  /** Where the chain stood after each kept part. */
  standAfter: ChainStand[];
  /** The kept parts' selection steps: their solvers and whether each was proven. */
  solvers: string[];
  optimal: boolean;
  /** The figures of the kept parts, as a whole build has them after those parts. */
  stats: PipelineStats;
  /** Sentences for the designer: what was kept, and what differs from the inputs a whole build would have used for it. */
  notes: string[];
}

/**
 * `build --from` (SPEC 2; docs/pipeline.md "Rebuilding from a chapter"):
 * the chapters before the first one asked for are kept from an earlier
 * set, after checking them against the current rules; the run then builds
 * the asked chapters as a whole build from the set's first chapter would,
 * with the chain, the de-duplication, the pool and the figures that build
 * has after the kept parts. When nothing before the first asked chapter
 * changed, the files are a whole build's, byte for byte.
 *
 * Checks, in order: the set is of this game and seed and its levels start
 * at a chapter before the asked ones and reach the chapter before them
 * (exit 2); its pools.json is the pool its levels were chosen from, grown by
 * a build, with a record of every kept part (exit 2); the kept levels pass
 * the current rules — the game's checks, the selection model, the plan's
 * slots and each chapter's rules, no two the same (`verifyLevels` with the
 * current model and plan; exit 1 naming every level that breaks).
 *
 * @param options the run's options; `chapters` are the asked ones.
 * @returns the chapters of the whole run (the set's first to the last asked) and the kept chain.
 * @throws InputError (exit 2) or NoAnswerError (exit 1) as above.
 */
export async function keepChapters(options: PipelineOptions, from: FromSet): Promise<{ chapters: number[]; kept: KeptChain }> {
  // 1. Which chapters are kept, and the whole run's chapters.
  const { kept: keptChapters, chapters } = keptRange(options, from);
  // 2. The pool is the one these levels were chosen from, grown part by part by a build.
  const levels = from.levels.levels.filter((l) => keptChapters.includes(l.chapter));
  const composed = keptChapters[0] === options.plan.chapters[0].chapter ? options.plan.composed : 0;
  const parts = planParts(options.plan, options.game, keptChapters, rampTarget(options.ramp), { composed, poolPerLevel: options.settings.poolPerLevel, planFile: options.planFile });
  checkPoolOfLevels(from);
  // 3. The kept levels against the current rules: exit 1 naming each that breaks.
  await checkKeptLevels(options, from, levels);
  // 4. What a whole build holds after the kept parts.
  const kept = deriveChain(options, from, keptChapters, parts, levels, composed > 0);
  return { chapters, kept };
}

/** The kept chapters (plan order, from the set's first up to the first asked) and the whole run's chapters. */
function keptRange(options: PipelineOptions, from: FromSet): { kept: number[]; chapters: number[] } {
  const { plan, chapters: asked, seed } = options;
  const names = { ...PIPELINE_NAMES, ...options.names };
  const game = options.game.name;
  const order = plan.chapters.map((c) => c.chapter);
  const where = { file: from.file };
  if (from.levels.game !== game) throw new InputError(module, `expected a levels file of ${game}; it is of ${from.levels.game}`, { ...where, jsonPath: "$.game" });
  if (from.levels.seed !== seed) throw new InputError(module, `expected levels built with seed ${JSON.stringify(seed)}; these were built with seed ${JSON.stringify(from.levels.seed)} (a set of two seeds is no build's: ${names.setSeed}, or build the whole set)`, { ...where, jsonPath: "$.seed" });
  const have = new Set(from.levels.levels.map((l) => l.chapter));
  const first = order.findIndex((c) => have.has(c));
  const start = order.indexOf(asked[0]);
  if (first < 0 || start <= first) {
    throw new InputError(module, `expected levels of a chapter before chapter ${asked[0]} to keep; ${from.file} starts at chapter ${order[first] ?? "none of the plan's"} (without ${names.from}, build ${asked.length > 1 ? "the chapters" : "the chapter"} as they are; ${names.reuse} keeps what can be kept of its pools)`, where);
  }
  const kept = order.slice(first, start);
  const missing = kept.filter((c) => !have.has(c));
  if (missing.length > 0) {
    throw new InputError(module, `expected every chapter from ${order[first]} to ${kept[kept.length - 1]} to keep before chapter ${asked[0]}; ${from.file} has no level of chapter ${missing.join(", ")} (start ${names.chapters} at chapter ${missing[0]} at the latest)`, where);
  }
  return { kept, chapters: [...kept, ...asked] };
}

/** The set's pool is the one its levels were chosen from (its `build` lists them), and a build's (its parts record their selection steps). */
function checkPoolOfLevels(from: FromSet): void {
  const { pool, file } = from.pool;
  const listed = pool.build?.levels ?? [];
  const same = listed.length === from.levels.levels.length && listed.every((l, i) => l.number === from.levels.levels[i].number && l.id === from.levels.levels[i].id);
  if (!same) {
    throw new InputError(module, `expected the pool ${from.file}'s levels were chosen from (its build lists each level's number and id); this pool's build ${pool.build ? "lists other levels" : "lists none (written by generate, merge or select)"}`, { file, jsonPath: "$.build" });
  }
}

/**
 * The kept levels checked as `verify --model <current> --plan <current>`
 * checks a file (the current ramp's targets; the game's checks with the
 * current code and engine models; the model's rules; the plan's slots and
 * chapter rules; no two the same).
 *
 * @throws NoAnswerError (exit 1) naming every level that breaks, and where a rebuild must start at the latest.
 */
async function checkKeptLevels(options: PipelineOptions, from: FromSet, levels: LevelsFile["levels"]): Promise<void> {
  const { model, ramp, plan, planFile, modelFile } = options;
  const target = rampTarget(ramp);
  const own = levels.map((l) => {
    const t = target(l.number);
    const v = l.metrics[model.metric];
    return { ...l, target: t, deviation: v === undefined ? 0 : roundMetric(v - t) };
  });
  const prefix: LevelsFile = { ...from.levels, model, ramp, status: "feasible", optimal: false, plan: undefined, fixed: undefined, levels: own };
  prefix.objective = roundMetric(objectiveOf(problemOfLevels(prefix)).total(own.map((_, s) => s)));
  const result = await verifyLevels(prefix, { game: options.game, model, modelFile, plan, planFile });
  if (result.ok) return;
  const failing = result.failures.filter((f) => f.level > 0);
  const earliest = failing.reduce((m, f) => Math.min(m, f.level), Infinity);
  const chapter = from.levels.levels.find((l) => l.number === earliest)?.chapter ?? levels[0].chapter;
  const names = { ...PIPELINE_NAMES, ...options.names };
  const where = chapter === levels[0].chapter ? `nothing of it can be kept: build chapter ${chapter} on again without ${names.from}` : `rebuild from chapter ${chapter} at the latest (${names.chapters} ${chapter}-…)`;
  throw new NoAnswerError(module, [`${new Set(failing.map((f) => f.level)).size} kept level(s) of ${from.file} break the current rules; ${where}:`, ...result.failures.map(failureLine)], result);
}

const failureLine = (f: LevelFailure) => (f.level === 0 ? `  the kept levels: ${f.reason}: ${f.message}` : `  level ${f.level}${f.id ? ` (${f.id})` : ""}: ${f.reason}: ${f.message}`);

/** The state of a whole build after the kept parts, from the set's pool, records and levels. */
function deriveChain(options: PipelineOptions, from: FromSet, chapters: number[], parts: PlanPartWork[], levels: LevelsFile["levels"], composes: boolean): KeptChain {
  const { pool, records, file } = from.pool;
  const inKept = new Set(chapters);
  // the kept parts' candidates and pairs: a prefix of the pool (a build appends part by part, in plan order)
  const cut = pool.candidates.findIndex((c) => !inKept.has(c.chapter));
  const candidates = cut < 0 ? pool.candidates : pool.candidates.slice(0, cut);
  if (cut >= 0 && pool.candidates.slice(cut).some((c) => inKept.has(c.chapter))) {
    throw new InputError(module, `expected the candidates of chapters ${chapters[0]}–${chapters[chapters.length - 1]} first (a build appends its pool part by part); a later chapter's come between them`, { file, jsonPath: `$.candidates[${cut}]` });
  }
  const ids = new Map(candidates.map((c, i) => [c.id, i]));
  const conflicts = (pool.conflicts ?? []).filter((p) => ids.has(p.ids[0]) && ids.has(p.ids[1]));
  const kept = records.parts.slice(0, parts.length);
  parts.forEach((p, i) => {
    const r = kept[i];
    if (!r || r.chapter !== p.chapter || r.part !== p.part || !r.selection) {
      throw new InputError(module, `expected the record of chapter ${p.chapter} part ${p.part}'s growing and selection step (a build's, in plan order); ${r ? `found chapter ${r.chapter} part ${r.part}${r.selection ? "" : " without its selection step"}` : "there is none"}`, { file, jsonPath: `$.grown.parts[${i}]` });
    }
  });
  const picks = levels.map((l) => {
    const k = ids.get(l.id);
    if (k === undefined) throw new InputError(module, `expected level ${l.number}'s candidate ${l.id} among the kept parts' candidates of the pool`, { file, jsonPath: "$.candidates" });
    return k;
  });
  const metric = options.model.metric;
  const target = rampTarget(options.ramp);
  const standAfter = parts.map((p) => {
    const last = levels.find((l) => l.number === p.levels[p.levels.length - 1].number)!;
    const end = last.metrics[metric];
    return { end, offset: end - target(last.number) };
  });
  return {
    file: from.file,
    chapters,
    parts: parts.length,
    candidates,
    conflicts,
    records: kept,
    compose: composes ? records.compose : undefined,
    picks,
    standAfter,
    solvers: kept.map((r) => r.selection!.solver),
    optimal: kept.every((r) => r.selection!.optimal),
    stats: keptStats(candidates, conflicts, kept, composes ? records.compose : undefined),
    notes: keptNotes(options, from, parts, kept, levels),
  };
}

/** A whole build's figures after the kept parts: counted from their pool entries and records in the order that build took them. */
function keptStats(candidates: Candidate[], conflicts: NonNullable<Pool["conflicts"]>, records: PartRecord[], compose: ComposeRecord | undefined): PipelineStats {
  const generator: Record<string, number> = {};
  let repeatedIds = 0;
  for (const r of records) {
    for (const b of r.batches) {
      addCounts(generator, b.stats);
      repeatedIds += b.candidates.filter((c) => typeof c !== "string").length;
    }
  }
  const dropped: Record<string, number> = {};
  // a drop reads "<reason> <id of the level it repeats>"
  for (const c of candidates) if (c.dropped !== undefined) addCounts(dropped, { [c.dropped.slice(0, c.dropped.lastIndexOf(" "))]: 1 });
  const paired: Record<string, number> = {};
  for (const p of conflicts) addCounts(paired, { [p.reason ?? ""]: 1 });
  const grown = candidates.filter((c) => c.fixedLevel === undefined).length;
  const parts: PartStats[] = records.map((r) => ({ ...r.stats }));
  return { composed: candidates.length - grown, grown, repeatedIds, generator, compose: compose ? { ...compose.stats } : {}, dedup: { dropped, conflicts: paired, checked: grown }, parts };
}

/** What was kept, and what differs from the inputs a whole build with these inputs would have grown and chosen the kept parts with. */
function keptNotes(options: PipelineOptions, from: FromSet, parts: PlanPartWork[], records: PartRecord[], levels: LevelsFile["levels"]): string[] {
  const { model, ramp, game, seed, settings } = options;
  const last = levels[levels.length - 1];
  const notes = [`levels ${levels[0].number}–${last.number} (chapter${parts[0].chapter === last.chapter ? "" : "s"} ${parts[0].chapter === last.chapter ? last.chapter : `${parts[0].chapter}–${last.chapter}`}) kept from ${from.file}, checked against the current rules; the chain continues from level ${last.number} at ${model.metric} ${last.metrics[model.metric]}`];
  const generator = reuseGenerator(game, "grow");
  const moved = parts.filter((p, i) => partKey(generator, partTaskTemplate(p, { game: game.name, seed, attempts: settings.attemptsPerCandidate, metric: model.metric })) !== records[i].key);
  if (moved.length > 0) {
    notes.push(`kept parts grown with other inputs than this build's (generator, its settings or rules): ${moved.map((p) => `c${p.chapter}p${p.part}`).join(", ")}; a whole build would grow them again (their levels pass the current rules)`);
  }
  if (canonicalJson(from.levels.model) !== canonicalJson(model)) notes.push(`the kept levels were chosen under ${from.file}'s selection model, not this one; a whole build may choose others`);
  const target = rampTarget(from.levels.ramp);
  const now = rampTarget(ramp);
  if (levels.some((l) => Math.abs(target(l.number) - now(l.number)) > 1e-9)) notes.push(`the kept levels were chosen for ${from.file}'s ramp, which differs from this one at them; a whole build may choose others`);
  return notes;
}

/**
 * Reads what `build --from` starts from: the levels file (its game loaded
 * first) and the set's pools.json beside it.
 *
 * @param game the run's game: the files must be of it.
 * @throws InputError (exit 2): a bad levels file, no pools.json beside it, or a pool without its record (readReusablePool).
 */
export async function readFromSet(file: string, game: Game): Promise<FromSet> {
  const { value: levels } = await readGameFile(file, levelsSchemaOf, game);
  const poolFile = join(dirname(file), "pools.json");
  if (!existsSync(poolFile)) throw new InputError(module, `expected the set's pools.json beside ${file} (a build from an earlier set keeps the pool of the chapters it keeps); there is none at ${poolFile}`, { file });
  return { file, levels, pool: await readReusablePool(poolFile, game) };
}
