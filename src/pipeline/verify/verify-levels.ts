import { DedupIndex } from "../../dedup/dedup-index.ts";
import type { DedupComparison } from "../../dedup/dedup-types.ts";
import { candidateId } from "../../io/candidate-id.ts";
import { canonicalJson } from "../../io/canonical-json.ts";
import { InputError, LevelrampError, ProgramFault } from "../../io/errors.ts";
import { roundMetric } from "../../io/round-metric.ts";
import type { LevelsFile } from "../../io/schemas/levels.ts";
import type { Constraint, Model } from "../../io/schemas/model.ts";
import type { Plan } from "../../io/schemas/plan.ts";
import { planSlots } from "../../select/problem/plan-slots.ts";
import { breakRule, findBreaks } from "../../select/rules/find-breaks.ts";
import { rampTarget } from "../../select/ramp/ramp-target.ts";
import { addIfNewLevel } from "../../game/add-if-new-level.ts";
import type { Game } from "../../game/game.ts";
import { objectiveOf } from "../../select/problem/objective.ts";
import { problemOfLevels, recheckStatus, type StatusCheck } from "../../select/diagnose/recheck-status.ts";
import type { PipelineEvents } from "../inputs/pipeline-events.ts";

/** One reason a level fails verification. */
export interface LevelFailure {
  /** Global level number; 0 for a failure of the file as a whole (objective, model). */
  level: number;
  id: string;
  /**
   * Short reason: a back-end check (`goal`, `replay`, `solution`, `fair-gap`,
   * `rule-needed`, ...), `metrics` (stored metrics differ from a fresh
   * measure), `target` (target or deviation differ from the embedded ramp),
   * a model constraint (`nonDecreasing(bits)`, `maxRun(reads)`, `unique`, ...),
   * `duplicate` (the same level as an earlier one, SPEC 7), `no-body`,
   * `no-solution`, `id` (the id is not the hash of the body, or names
   * another chapter/part), `plan` (number, chapter and part are not a slot of
   * the plan's parts the file fills), `missing` (a level number of those parts,
   * or between the first and last, is not in the file), `objective` (the
   * stored objective is not the file's own), `model` (the embedded model is
   * not the one given with `--model`), `status` (the file says optimal, but a
   * better order of its levels exists), or `check-error` (a check could not run).
   */
  reason: string;
  message: string;
  /** True for a break of the model's rules (found by `findBreaks`): `verify` prints it as `level 3 (id): gold 2 after 4 — nonDecreasing(gold)`. */
  rule?: boolean;
  /** A chain rule break's values (see `ConstraintBreak.values`): a pair rule's [before, this level], a run's [value, levels in a row]. */
  values?: number[];
  /**
   * A concept rule's break (SPEC 12, see `ConstraintBreak.concepts`): the
   * concepts it is about — the level's new ones (`practice`, `maxNew`), the
   * one carried too early or missing (`introduce`, `introduceAt`), the
   * quota's, the repeated set (`maxRun(concepts)`).
   */
  concepts?: string[];
}

/** The answer of {@link verifyLevels}. */
export interface VerifyResult {
  ok: boolean;
  game: string;
  /** Levels in the file. */
  levels: number;
  failures: LevelFailure[];
  /** The file's status, re-derived where possible (SPEC 6 status). */
  status: StatusCheck;
  /** Which model the order, the objective and the status were checked against: `embedded`, or the file given. */
  model: string;
}

/** What {@link verifyLevels} checks against besides the file itself. */
export interface VerifyOptions {
  /** The file's game (`openGame`), which checks, measures and compares its levels; absent for a generic file. */
  game?: Game;
  /** The designer's current model (`verify --model`): constraints, objective and status are checked against it, and the embedded model must equal it. */
  model?: Model;
  /** Its file name, for messages. */
  modelFile?: string;
  /**
   * The designer's current plan (`verify --plan`): each level's number,
   * chapter and part against its parts (for the chapters the file holds)
   * instead of the parts the file embeds, and each level's rules against
   * its chapter's (reason `rules`).
   */
  plan?: Plan;
  /** Its file name, for messages. */
  planFile?: string;
  /**
   * Levels (by number) whose body, solution, metrics, rules and concepts
   * passed the game's checks earlier in this process with the same code
   * (`build --from` checks its kept levels first): those checks are not run
   * on them again; the repeat check is.
   */
  checked?: ReadonlySet<number>;
  events?: PipelineEvents;
}

/**
 * Verifies a levels file again (SPEC 1 job 5, SPEC 2 `verify`): for every
 * level, the target and deviation against the embedded ramp; for game levels,
 * that the body is a level at all (the game's `wellFormed`: nothing else is
 * checked on a body that is not), the id against a fresh hash of the body
 * (SPEC 2 stable ids: an arrow turned, a note changed, hearts changed), the
 * game's checks (`validate`: solution replayed, fair to read, rules needed),
 * the stored metrics against a fresh measure, the stored concepts against
 * the ones the body needs (SPEC 12, the game's `concepts`), and no two levels the same
 * (SPEC 7); across the file, every number, chapter and part against the
 * plan's parts the file fills (`plan` in files from this version; older
 * files: numbers contiguous), the model's constraints (the order never gets
 * easier, runs, rises, drops, pins, conflicts, each id once, via
 * findBreaks), the stored objective against the file's own, and its status
 * (a file that says optimal is re-solved over its own levels with the dp,
 * {@link recheckStatus}). With `options.model` (`verify --model M.json`), the
 * constraints, objective and status are those of the designer's current
 * model, and an embedded model that differs from it is a failure; without,
 * the embedded model is used and the result says so. With `options.plan`
 * (`verify --plan P.json`, the designer's current plan), the numbering is
 * checked against its parts and each level's rules against its chapter's
 * (`rules`): with `--model`, the file names exactly the levels a change of
 * the plan's rules or the model's breaks (the game's own rules are always
 * the current code's). A generic file gets
 * the model checks, numbering, targets and status only.
 *
 * @returns every failure, by level then in check order (file-wide ones as level 0); `ok` when there is none.
 * @throws InputError (exit 2) for a file of a game without `options.game`, or of another game than it.
 */
export async function verifyLevels(file: LevelsFile, options: VerifyOptions = {}): Promise<VerifyResult> {
  const { model: current, modelFile, plan, planFile, events } = options;
  const checkedBefore = options.checked;
  const failures: LevelFailure[] = [];
  const fail = (level: number, id: string, reason: string, message: string) => failures.push({ level, id, reason, message });
  const target = rampTarget(file.ramp);
  const metric = file.ramp.metric;
  const game = file.game === "generic" ? null : (options.game ?? null);
  if (file.game !== "generic" && game?.name !== file.game) throw new InputError("pipeline/verify", `expected the game of the file, ${file.game}, to verify its levels; ${game ? `got ${game.name}` : "none was given"}`);
  const index = game ? new DedupIndex<unknown, unknown, DedupComparison<unknown>>(game.dedup.hooks) : null;
  const model = current ?? file.model;
  events?.total?.("verification", file.levels.length);

  // 1. Each level: target and deviation; for a game, the body, its id, the game's checks, metrics, repeats.
  for (const l of file.levels) {
    const t = target(l.number);
    if (Math.abs(l.target - t) > 1e-6) fail(l.number, l.id, "target", `the stored target ${l.target} is not the ramp's ${t} at level ${l.number}`);
    const value = l.metrics[metric];
    if (value === undefined) fail(l.number, l.id, "metrics", `the level has no ${metric} (the ramp's metric)`);
    if (value !== undefined && Math.abs(l.deviation - roundMetric(value - l.target)) > 1e-6) {
      fail(l.number, l.id, "target", `the stored deviation ${l.deviation} is not value − target = ${roundMetric(value - l.target)}`);
    }
    if (plan) verifyRules(plan, planFile, l, fail);
    if (game && index) await verifyGameLevel(game, index, l, { eligibility: file.model.eligibility, checked: checkedBefore?.has(l.number) ?? false }, fail);
    events?.advance?.("verification", 1);
  }
  // 2. The numbering: every level a slot of the plan's parts the file fills (the current plan's, when given), none missing.
  verifyNumbering(file, fail, plan ? { parts: partsOf(plan, new Set(file.levels.map((l) => l.chapter))), of: planFile ?? "the plan given" } : undefined);
  // 3. The order under the model's constraints.
  // Every break, one each: a pair per pair rule it breaks, a level per level a run passes its length.
  const ids = new Map(file.levels.map((l) => [l.number, l.id]));
  for (const b of findBreaks(file.levels, model.constraints)) {
    failures.push({ level: b.level, id: ids.get(b.level) ?? "?", reason: breakRule(b), message: b.message, rule: true, ...(b.values ? { values: b.values } : {}), ...(b.concepts ? { concepts: b.concepts } : {}) });
  }
  // 4. The model itself, the stored objective, the status.
  const checked = current ? { ...file, model: current } : file;
  if (current && canonicalJson(current) !== canonicalJson(file.model)) {
    fail(0, "", "model", `the embedded model is not ${modelFile ?? "the model given"}: ${modelDifference(file.model, current)}`);
  }
  const own = roundMetric(objectiveOf(problemOfLevels(checked)).total(file.levels.map((_, s) => s)));
  if (Math.abs(own - file.objective) > 1e-6 * Math.max(1, Math.abs(own))) {
    fail(0, "", "objective", `the stored objective ${file.objective} is not the objective of these levels, ${own} (${model.objective.norm}${model.objective.evenness ? ` + evenness ${model.objective.evenness}` : ""} over the stored deviations)`);
  }
  const status = recheckStatus(checked);
  if (!status.ok) {
    const at = status.better ? file.levels.find((l) => l.number === status.better!.level) : undefined;
    fail(at?.number ?? 0, at?.id ?? "", "status", status.message);
  }
  failures.sort((a, b) => a.level - b.level);
  return { ok: failures.length === 0, game: file.game, levels: file.levels.length, failures, status, model: current ? (modelFile ?? "given") : "embedded" };
}

/** What differs between two models, in words (metric, eligibility, objective, constraints added or removed). */
function modelDifference(embedded: Model, current: Model): string {
  const parts: string[] = [];
  if (embedded.metric !== current.metric) parts.push(`metric ${embedded.metric} instead of ${current.metric}`);
  if (embedded.eligibility !== current.eligibility) parts.push(`eligibility ${embedded.eligibility} instead of ${current.eligibility}`);
  if (canonicalJson(embedded.objective) !== canonicalJson(current.objective)) parts.push(`objective ${canonicalJson(embedded.objective)} instead of ${canonicalJson(current.objective)}`);
  const words = (c: Constraint) => canonicalJson(c);
  const have = new Set(embedded.constraints.map(words));
  const want = new Set(current.constraints.map(words));
  const missing = current.constraints.filter((c) => !have.has(words(c)));
  const extra = embedded.constraints.filter((c) => !want.has(words(c)));
  if (missing.length) parts.push(`it lacks ${missing.map(words).join(", ")}`);
  if (extra.length) parts.push(`it adds ${extra.map(words).join(", ")}`);
  return parts.length ? parts.join("; ") : "the same content in another order";
}

/**
 * Numbering (SPEC 2 global level numbers): with the plan's parts in the file,
 * each level's number must be a slot of them with the same chapter and part,
 * and every slot filled; without (files from before `plan`), the numbers must
 * run without a gap from the first to the last.
 */
function verifyNumbering(file: LevelsFile, fail: (level: number, id: string, reason: string, message: string) => void, current?: { parts: PlanParts; of: string }): void {
  const have = new Set(file.levels.map((l) => l.number));
  const parts = current?.parts ?? file.plan?.parts;
  if (parts) {
    const whose = current ? `the parts of ${current.of} for the chapters the file holds` : "the plan's parts this file fills";
    const slot = new Map<number, { chapter: number; part: number }>();
    for (const p of parts) for (let n = p.first; n <= p.last; n++) slot.set(n, { chapter: p.chapter, part: p.part });
    for (const l of file.levels) {
      const s = slot.get(l.number);
      if (!s) fail(l.number, l.id, "plan", `level ${l.number} is not a slot of ${whose} (${parts.map((p) => `c${p.chapter}p${p.part}: ${p.first}–${p.last}`).join(", ") || "none"})`);
      else if (s.chapter !== l.chapter || s.part !== l.part) fail(l.number, l.id, "plan", `level ${l.number} is in chapter ${s.chapter} part ${s.part} of ${current ? current.of : "the plan"}; the file says chapter ${l.chapter} part ${l.part}`);
    }
    for (const [n, s] of slot) if (!have.has(n)) fail(n, "", "missing", `level ${n} (chapter ${s.chapter} part ${s.part}) is not in the file`);
    return;
  }
  const first = file.levels[0]?.number;
  const last = file.levels[file.levels.length - 1]?.number;
  if (first === undefined) return;
  for (let n = first + 1; n < last; n++) if (!have.has(n)) fail(n, "", "missing", `level ${n} is not in the file (its levels run ${first}–${last})`);
}

/** A plan's parts as a levels file records them: chapter, part, first and last level. */
type PlanParts = Array<{ chapter: number; part: number; first: number; last: number }>;

/** The parts of `plan` in `chapters`, with their global level numbers (SPEC 2). */
function partsOf(plan: Plan, chapters: ReadonlySet<number>): PlanParts {
  const parts: PlanParts = [];
  for (const s of planSlots(plan, () => 0, chapters)) {
    const last = parts[parts.length - 1];
    if (last && last.chapter === s.chapter && last.part === s.part && last.last === s.number - 1) last.last = s.number;
    else parts.push({ chapter: s.chapter, part: s.part, first: s.number, last: s.number });
  }
  return parts;
}

/**
 * A level's rules against the ones its chapter brings in the plan (as sets).
 * A game level without `rules` has none (files leave an empty list out); a
 * generic level (no body, no rules) is not checked.
 */
function verifyRules(plan: Plan, planFile: string | undefined, l: LevelsFile["levels"][number], fail: (level: number, id: string, reason: string, message: string) => void): void {
  const ch = plan.chapters.find((c) => c.chapter === l.chapter);
  const made = l.rules ?? (l.level !== undefined ? [] : undefined);
  if (!ch || made === undefined) return;
  const brings = ch.rules.length > 0 ? ch.rules : ch.rule ? [ch.rule] : [];
  const key = (rules: readonly string[]) => [...new Set(rules)].sort().join("\0");
  if (key(brings) !== key(made)) {
    fail(l.number, l.id, "rules", `chapter ${l.chapter} brings [${brings.join(", ")}] in ${planFile ?? "the plan given"}; the level was made for [${made.join(", ")}]`);
  }
}

type Fail = (level: number, id: string, reason: string, message: string) => void;

/**
 * The checks of one game level; a body that is not a level (wellFormed) gets
 * no other check. A level `checked` earlier in this process gets only the
 * repeat check (against the levels before it).
 */
async function verifyGameLevel(game: Game, index: DedupIndex<unknown, unknown, DedupComparison<unknown>>, l: LevelsFile["levels"][number], how: { eligibility: Model["eligibility"]; checked: boolean }, fail: Fail): Promise<void> {
  if (l.level === undefined) {
    fail(l.number, l.id, "no-body", "the level has no body to check");
    return;
  }
  if (!how.checked && !(await checkLevelItself(game, l, how.eligibility, fail))) return;
  const body = l.level;
  await guardCheck(l, fail, "the repeat check", async () => {
    const verdict = await addIfNewLevel(game.dedup, index, `level ${l.number}`, body);
    if (verdict.same) fail(l.number, l.id, "duplicate", `the same level as ${verdict.id} (${verdict.comparison.reasons.join(", ")})`);
  });
}

/** Runs one check of a level; a LevelrampError it raises is the level's `check-error` (a program's fault stops the command, SPEC 10). */
async function guardCheck(l: LevelsFile["levels"][number], fail: Fail, what: string, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (err) {
    if (!(err instanceof LevelrampError) || err instanceof ProgramFault) throw err;
    fail(l.number, l.id, "check-error", `${what} could not run: ${err.message}`);
  }
}

/**
 * A game level's own checks: well formed, its id the hash of its body (and
 * of its part), the game's checks on the stored solution, the stored metrics
 * and concepts against a fresh measure.
 *
 * @returns false when the body is not a level at all (no other check ran).
 */
async function checkLevelItself(game: Game, l: LevelsFile["levels"][number], eligibility: Model["eligibility"], fail: Fail): Promise<boolean> {
  const malformed = game.wellFormed(l.level);
  for (const p of malformed) fail(l.number, l.id, p.reason, p.message);
  if (malformed.length > 0) return false;
  const m = new RegExp(`^${game.name}-c(\\d+)-p(\\d+)-([0-9a-f]{10})$`).exec(l.id);
  if (m) {
    const fresh = candidateId(game.name, Number(m[1]), Number(m[2]), l.level);
    if (fresh !== l.id) fail(l.number, l.id, "id", `the id is not the hash of the body (the body hashes to ${fresh}): the level was changed after it was grown`);
    else if (eligibility === "part" && (Number(m[1]) !== l.chapter || Number(m[2]) !== l.part)) {
      fail(l.number, l.id, "id", `the level was grown for chapter ${m[1]} part ${m[2]}, but the file puts it in chapter ${l.chapter} part ${l.part} (the model's eligibility is "part")`);
    }
  }
  const guard = (what: string, work: () => Promise<void>) => guardCheck(l, fail, what, work);
  const body = l.level;
  if (l.solution === undefined) fail(l.number, l.id, "no-solution", "the level has no stored solution");
  else {
    const solution = l.solution;
    await guard("the level checks", async () => {
      for (const p of await game.check(body, solution, l.rules ?? [])) fail(l.number, l.id, p.reason, p.message);
    });
  }
  await guard("measuring", async () => {
    const measured = await game.grade(body);
    for (const [k, v] of Object.entries(measured)) {
      const stored = l.metrics[k];
      if (stored !== undefined && stored !== v) fail(l.number, l.id, "metrics", `the stored ${k} is ${stored}, the level measures ${v}`);
    }
  });
  const needs = game.concepts;
  if (needs) await guard("naming its concepts", async () => conceptsProblem(l.concepts ?? [], await needs(body), (m) => fail(l.number, l.id, "concepts", m)));
  return true;
}

/**
 * A level's stored concepts against the ones its body needs (SPEC 12), as
 * sets: `the level carries concepts [bell], but it needs [bell, home] (home
 * not named)`. Silent when they agree.
 */
function conceptsProblem(stored: readonly string[], needed: readonly string[], fail: (message: string) => void): void {
  const missing = needed.filter((c) => !stored.includes(c));
  const extra = stored.filter((c) => !needed.includes(c));
  if (missing.length === 0 && extra.length === 0) return;
  const list = (cs: readonly string[]) => `[${cs.join(", ")}]`;
  const why = [missing.length ? `${missing.join(", ")} not named` : "", extra.length ? `${extra.join(", ")} not needed` : ""].filter(Boolean).join("; ");
  fail(`the level carries concepts ${list(stored)}, but it needs ${list(needed)} (${why})`);
}
