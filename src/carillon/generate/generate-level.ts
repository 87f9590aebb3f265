import { NoAnswerError } from "../../io/errors.ts";
import type { CarillonBody } from "../level/carillon-body.ts";
import { roundMetric } from "../../io/round-metric.ts";
import { randomInt } from "../../random/index.ts";
import { bestDressing, withBuiltInBells } from "./dress/best-dressing.ts";
import type { MarkKind } from "../level/compile-field.ts";
import { growField, type GrowRequest, type GrownField } from "./grow/grow-field.ts";
import { measureCarillon, type CarillonMeasure } from "../measure/measure-carillon.ts";
import { proveGrown } from "./prove-grown.ts";
import { aimMiss, DotSteer, STEER_BELOW_WEIGHT } from "./grow/dot-steer.ts";

/** What {@link generateLevel} is asked for: a growth request plus the level's ramp target and the chapter's rules. */
export interface GenerateLevelRequest extends GrowRequest {
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
 * one whose bits are nearest `target` is returned (the earliest on a tie;
 * when steering, a miss below the target counts double, {@link aimMiss}).
 * With `steer` in the settings and a target, fields are aimed at the target
 * ({@link DotSteer}: dot count, screening before dressing, a learnt dressing
 * estimate; fields turned away are counted as `steer-screened`).
 * Each rejection is counted in `request.stats` by reason.
 *
 * @returns the field, or null when the bounded attempts ran out.
 */
export function generateLevel(request: GenerateLevelRequest): GeneratedField | null {
  const { stats, models, settings } = request;
  const rules = [...(request.rules ?? [])];
  const aim = settings.aim ?? 1;
  const dressing = models.generator.dressing;
  const counts = { ...dressing.marks, ...(settings.marks ?? {}) };
  const bellRange = settings.bells ?? dressing.builtInBells;
  const target = request.target;
  // Steering (settings.steer): dot counts, screening and a learnt dressing estimate aim the fields at the target.
  const steer = settings.steer && target !== undefined ? new DotSteer(settings.steer, settings.dots, target) : null;
  // Steered fields below the aim count double when choosing (aimMiss): the chain may not fall.
  const below = steer ? STEER_BELOW_WEIGHT : 1;
  let best: GeneratedField | null = null;
  let kept = 0;
  const tries = settings.fieldTries ?? models.generator.tries.fields;
  // With `close`, a field landing that near the target ends the search early (aim is then the most passing fields).
  const closeEnough = (): boolean => best !== null && target !== undefined && settings.close !== undefined && aimMiss(best.metrics.bits, target, below) <= settings.close;
  for (let attempt = 0; attempt < tries && kept < aim && !closeEnough(); attempt++) {
    const bells = rules.includes("bell") ? randomInt(request.rng, bellRange[0], bellRange[1]) : 0;
    const grown = growField(steer ? { ...request, settings: { ...settings, dots: steer.dotRange() }, bells, minDots: settings.dots[0] } : { ...request, bells });
    if (!grown) continue;
    let field: GeneratedField | null;
    if (rules.length === 0) {
      field = plain(grown);
    } else if (steer && grown.guarded) {
      // Prove the grown field and measure it before dressing: a field far from the aim is not worth the dressing's checks.
      const grownBits = proveGrown(grown, models, stats, true);
      if (grownBits === null) continue;
      if (!steer.admits(grownBits)) {
        count(stats, "steer-screened");
        continue;
      }
      field = dressed(grown, true);
      if (field) steer.learn(grownBits, field.metrics.bits);
    } else {
      field = dressed(grown, false);
    }
    if (!field) continue;
    kept++;
    if (!best || (target !== undefined && aimMiss(field.metrics.bits, target, below) < aimMiss(best.metrics.bits, target, below))) best = field;
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

  function dressed(grown: GrownField, proven: boolean): GeneratedField | null {
    if (grown.guarded && !proven && proveGrown(grown, models, stats, false) === null) return null;
    const goals = {
      min: Math.max(grown.milestones.minGoal, settings.goal?.[0] ?? 0),
      max: Math.min(grown.roots.length + models.generator.dressing.maxExtraTaps, settings.goal?.[1] ?? Infinity),
    };
    const chosen = bestDressing({ grown, rules, counts, driftStep: settings.driftStep, goals, target: request.target, below, draws: settings.draws, close: settings.close, rng: request.rng, models, stats });
    return chosen ? finish(grown, chosen.body, chosen.measure, chosen.removed) : null;
  }
}
