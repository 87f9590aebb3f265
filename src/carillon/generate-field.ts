import { NoAnswerError } from "../io/errors.ts";
import type { CarillonBody } from "../io/schemas/carillon-body.ts";
import { roundMetric } from "../io/round-metric.ts";
import { randomInt } from "../random/index.ts";
import { bestDressing, withBuiltInBells } from "./dress/best-dressing.ts";
import type { MarkKind } from "./engine/field.ts";
import { growField, type GrowRequest, type GrownField } from "./grow/grow-field.ts";
import { measureCarillon, type CarillonMeasure } from "./measure/measure-carillon.ts";
import { solveBody } from "./solver/solve-body.ts";

/** What {@link generateField} is asked for: a growth request plus the level's ramp target and the chapter's rules. */
export interface GenerateFieldRequest extends GrowRequest {
  /** Ramp target in bits at the level (the settings' `aim` and the dressing keep the field nearest it). */
  target?: number;
  /** The chapter's rules in plan order (SPEC 3, 4.4); none for a plain chapter. */
  rules?: readonly MarkKind[];
}

/** A grown, proven, fair and measured field. */
export interface GeneratedField {
  /** The body, with `goal` set. */
  body: CarillonBody;
  /** The stored solution (SPEC 4.2). */
  solution: number[];
  /** `{bits, goal, dots, starts}`, rounded to 6 decimals. */
  metrics: { bits: number; goal: number; dots: number; starts: number };
  /** Root dot indices. */
  roots: number[];
  /** Dot indices of each root's core (root included), by root ordinal. */
  cores: number[][];
  guarded: boolean;
  measure: CarillonMeasure;
  /** The rules the field was dressed with (empty on a plain chapter). */
  rules: MarkKind[];
  /** Roots built in as heavy bells (kept as bells unless "every mark matters" removed them). */
  bells: number[];
  /** Mark units "every mark matters" removed from the kept dressing. */
  removedMarks: number[][];
}

const count = (stats: Record<string, number>, reason: string): void => {
  stats[reason] = (stats[reason] ?? 0) + 1;
};

/**
 * Grows fields until one passes every check, at most `tries.fields` attempts
 * (models/carillon/generator.json; a part's `fieldTries` replaces it): grow ({@link growField}), prove (on a
 * guarded field the roots must be exactly the goal and the winning first
 * taps, with any built-in heavy bells marked), then
 * - on a plain chapter: exact goal at or above the level's milestone, fair to
 *   read, bits;
 * - on a chapter with rules (SPEC 4.4, 4.5): the best of `dressing.draws`
 *   dressings ({@link bestDressing}: every mark matters, the level needs its
 *   rule, milestone, fair to read, bits nearest the target).
 * With `aim` n in the settings, the first n fields that pass are kept and the
 * one whose bits are nearest `target` is returned (the earliest on a tie).
 * Each rejection is counted in `request.stats` by reason.
 *
 * @returns the field, or null when the bounded attempts ran out.
 */
export function generateField(request: GenerateFieldRequest): GeneratedField | null {
  const { stats, models, settings } = request;
  const rules = [...(request.rules ?? [])];
  const aim = settings.aim ?? 1;
  const dressing = models.generator.dressing;
  const counts = { ...dressing.marks, ...(settings.marks ?? {}) };
  const bellRange = settings.bells ?? dressing.builtInBells;
  let best: GeneratedField | null = null;
  let kept = 0;
  const tries = settings.fieldTries ?? models.generator.tries.fields;
  for (let attempt = 0; attempt < tries && kept < aim; attempt++) {
    const bells = rules.includes("bell") ? randomInt(request.rng, bellRange[0], bellRange[1]) : 0;
    const grown = growField({ ...request, bells });
    if (!grown) continue;
    const field = rules.length > 0 ? dressed(grown) : plain(grown);
    if (!field) continue;
    kept++;
    const target = request.target;
    if (!best || (target !== undefined && Math.abs(field.metrics.bits - target) < Math.abs(best.metrics.bits - target))) best = field;
  }
  if (!best) count(stats, "no-field");
  return best;

  function finish(grown: GrownField, body: CarillonBody, measure: CarillonMeasure, removedMarks: number[][]): GeneratedField {
    return {
      body: { ...body, goal: measure.goal },
      solution: measure.solution,
      metrics: { bits: roundMetric(measure.bits), goal: measure.goal, dots: measure.dots, starts: measure.starts },
      roots: grown.roots,
      cores: grown.cores,
      guarded: grown.guarded,
      measure,
      rules,
      bells: grown.bells.filter((b) => body.dots[b].mark?.kind === "bell"),
      removedMarks,
    };
  }

  function plain(grown: GrownField): GeneratedField | null {
    let measure: CarillonMeasure;
    try {
      measure = measureCarillon(grown.body, { models });
    } catch (err) {
      if (err instanceof NoAnswerError) {
        count(stats, "search-limit");
        return null;
      }
      throw err;
    }
    if (measure.goal < Math.max(grown.milestones.minGoal, settings.goal?.[0] ?? 0)) {
      count(stats, "goal-below-milestone");
      return null;
    }
    if (settings.goal && measure.goal > settings.goal[1]) {
      count(stats, "goal-over-limit");
      return null;
    }
    if (grown.guarded && (measure.goal !== grown.roots.length || measure.winningFirstTaps.join() !== grown.roots.join())) {
      count(stats, "guard-mismatch");
      return null;
    }
    if (measure.fair.problems.length > 0) {
      count(stats, measure.fair.problems[0].reason);
      return null;
    }
    return finish(grown, grown.body, measure, []);
  }

  function dressed(grown: GrownField): GeneratedField | null {
    if (grown.guarded) {
      // Built around its answer: with the built-in bells marked, the roots are exactly the winning taps.
      try {
        const base = solveBody(withBuiltInBells(grown), models);
        if (base.goal !== grown.roots.length || base.winningFirstTaps.join() !== grown.roots.join()) {
          count(stats, "guard-mismatch");
          return null;
        }
      } catch (err) {
        if (err instanceof NoAnswerError) {
          count(stats, "search-limit");
          return null;
        }
        throw err;
      }
    }
    const goals = {
      min: Math.max(grown.milestones.minGoal, settings.goal?.[0] ?? 0),
      max: Math.min(grown.roots.length + models.generator.dressing.maxExtraTaps, settings.goal?.[1] ?? Infinity),
    };
    const chosen = bestDressing({ grown, rules, counts, driftStep: settings.driftStep, goals, target: request.target, rng: request.rng, models, stats });
    return chosen ? finish(grown, chosen.body, chosen.measure, chosen.removed) : null;
  }
}
