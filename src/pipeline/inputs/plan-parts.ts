import { InputError, jsonPath } from "../../io/errors.ts";
import type { Plan } from "../../io/schemas/plan.ts";
import type { GameBackend } from "../../game/game-backend.ts";

/** One planned level: its global number (SPEC 2) and ramp target. */
export interface PlannedLevel {
  number: number;
  target: number;
}

/** One part (Carillon) / tier (Apsis) of the plan as the pipeline grows it. */
export interface PlanPartWork {
  chapter: number;
  part: number;
  /** Rules the chapter brings. */
  rules: string[];
  /** The part's generator settings, checked by the game's schema (defaults filled in). */
  settings: Record<string, unknown>;
  /** Candidates grown per level. */
  poolPerLevel: number;
  /** Every level of the part, in order. */
  levels: PlannedLevel[];
  /** The levels candidates are grown for: the part's levels after the composed ones (SPEC 3). */
  grow: PlannedLevel[];
}

/**
 * The parts of the wanted chapters in plan order (SPEC 3, 6), with global
 * level numbers (chapter c's first level is 1 + the levels of every earlier
 * chapter of the plan, built or not) and ramp targets; levels up to
 * `composed` are left out of `grow`.
 *
 * @param chapters the chapters to build (plan order).
 * @param target ramp value of a level number.
 * @param composed levels 1..composed are composed, not grown (0: grow every level).
 * @param poolPerLevel candidates per level when a part gives no `poolPerLevel`.
 * @throws InputError (exit 2) naming the plan file and JSON path: a part without
 *   generator settings, or settings the game's schema refuses.
 */
export function planParts(
  plan: Plan,
  backend: Pick<GameBackend, "generatorSchema">,
  chapters: readonly number[],
  target: (level: number) => number,
  options: { composed: number; poolPerLevel: number; planFile?: string },
): PlanPartWork[] {
  const wanted = new Set(chapters);
  const out: PlanPartWork[] = [];
  let number = 0;
  plan.chapters.forEach((ch, i) => {
    ch.parts.forEach((p, j) => {
      const levels: PlannedLevel[] = [];
      for (let k = 0; k < p.levels; k++) {
        number++;
        levels.push({ number, target: target(number) });
      }
      if (!wanted.has(ch.chapter)) return;
      const where = ["chapters", i, "parts", j, "generator"];
      if (p.generator === undefined) {
        throw new InputError("pipeline/plan", `expected generator settings for chapter ${ch.chapter} part ${p.part}`, { file: options.planFile, jsonPath: jsonPath(where.slice(0, -1)) });
      }
      const parsed = backend.generatorSchema.safeParse(p.generator);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new InputError("pipeline/plan", `chapter ${ch.chapter} part ${p.part} generator settings: ${issue.message}`, { file: options.planFile, jsonPath: jsonPath([...where, ...issue.path]) });
      }
      const rules = ch.rules.length > 0 ? ch.rules : ch.rule ? [ch.rule] : [];
      out.push({
        chapter: ch.chapter,
        part: p.part,
        rules,
        settings: parsed.data,
        poolPerLevel: p.poolPerLevel ?? options.poolPerLevel,
        levels,
        grow: levels.filter((l) => l.number > options.composed),
      });
    });
  });
  return out;
}

/** What every batch task of a part holds besides its number and aim: the inputs its part key is made of (docs/pipeline.md "Pools reused"). */
export interface PartTaskTemplate {
  game: string;
  seed: number | string;
  chapter: number;
  part: number;
  count: number;
  rules: string[];
  settings: Record<string, unknown>;
  attempts: number;
  metric: string;
}

/**
 * The inputs every batch of `part` is grown from besides its number and aim.
 *
 * @param run the run's game, seed, attempts per candidate and the model's metric.
 */
export function partTaskTemplate(part: PlanPartWork, run: { game: string; seed: number | string; attempts: number; metric: string }): PartTaskTemplate {
  return { game: run.game, seed: run.seed, chapter: part.chapter, part: part.part, count: part.poolPerLevel, rules: part.rules, settings: part.settings, attempts: run.attempts, metric: run.metric };
}
