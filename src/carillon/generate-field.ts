import { NoAnswerError } from "../io/errors.ts";
import type { CarillonBody } from "../io/schemas/carillon-body.ts";
import { roundMetric } from "../io/round-metric.ts";
import { growField, type GrowRequest } from "./grow-field.ts";
import { measureCarillon, type CarillonMeasure } from "./measure-carillon.ts";

/** What {@link generateField} is asked for: a growth request plus the level's ramp target. */
export interface GenerateFieldRequest extends GrowRequest {
  /** Ramp target in bits at the level (used when the settings `aim` at more than one field). */
  target?: number;
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
}

const count = (stats: Record<string, number>, reason: string): void => {
  stats[reason] = (stats[reason] ?? 0) + 1;
};

/**
 * Grows fields until one passes every check, at most `tries.fields` attempts
 * (models/carillon/generator.json): grow ({@link growField}), prove (exact
 * goal at or above the level's milestone; on a guarded field the roots must
 * be exactly the winning first taps), check fair to read, measure bits. With
 * `aim` n in the settings, the first n fields that pass are measured and the
 * one whose bits are nearest `target` is kept (the earliest on a tie).
 * Each rejection is counted in `request.stats` by reason.
 *
 * @returns the field, or null when the bounded attempts ran out.
 */
export function generateField(request: GenerateFieldRequest): GeneratedField | null {
  const { stats, models } = request;
  const aim = request.settings.aim ?? 1;
  let best: GeneratedField | null = null;
  let kept = 0;
  for (let attempt = 0; attempt < models.generator.tries.fields && kept < aim; attempt++) {
    const grown = growField(request);
    if (!grown) continue;
    let measure: CarillonMeasure;
    try {
      measure = measureCarillon(grown.body, { models });
    } catch (err) {
      if (err instanceof NoAnswerError) {
        count(stats, "search-limit");
        continue;
      }
      throw err;
    }
    if (measure.goal < grown.milestones.minGoal) {
      count(stats, "goal-below-milestone");
      continue;
    }
    if (grown.guarded && (measure.goal !== grown.roots.length || measure.winningFirstTaps.join() !== grown.roots.join())) {
      count(stats, "guard-mismatch");
      continue;
    }
    if (measure.fair.problems.length > 0) {
      count(stats, measure.fair.problems[0].reason);
      continue;
    }
    kept++;
    const field: GeneratedField = {
      body: { ...grown.body, goal: measure.goal },
      solution: measure.solution,
      metrics: {
        bits: roundMetric(measure.bits),
        goal: measure.goal,
        dots: measure.dots,
        starts: measure.starts,
      },
      roots: grown.roots,
      cores: grown.cores,
      guarded: grown.guarded,
      measure,
    };
    const target = request.target;
    if (!best || (target !== undefined && Math.abs(field.metrics.bits - target) < Math.abs(best.metrics.bits - target))) best = field;
  }
  if (!best) count(stats, "no-field");
  return best;
}
