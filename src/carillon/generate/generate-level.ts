import { NoAnswerError } from "../../io/errors.ts";
import type { CarillonBody } from "../level/carillon-body.ts";
import { roundMetric } from "../../io/round-metric.ts";
import { randomInt } from "../../random/index.ts";
import { bestDressing } from "./dress/best-dressing.ts";
import type { MarkCounts } from "../model/generator-model.ts";
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
  // 1. The job: the chapter's rules, the marks and bells to dress with, the target and the steering.
  const job = fieldJob(request);
  const { settings, target, below } = job;
  const aim = settings.aim ?? 1;
  const tries = settings.fieldTries ?? request.models.generator.tries.fields;
  // 2. Fields one by one until `aim` pass or the tries run out; the one nearest the target is kept (the earliest on a tie).
  //    With `close`, a field landing that near the target ends the search early (aim is then the most passing fields).
  let best: GeneratedField | null = null;
  let kept = 0;
  const closeEnough = (): boolean => best !== null && target !== undefined && settings.close !== undefined && aimMiss(best.metrics.bits, target, below) <= settings.close;
  for (let attempt = 0; attempt < tries && kept < aim && !closeEnough(); attempt++) {
    const field = oneField(job);
    if (!field) continue;
    kept++;
    if (!best || (target !== undefined && aimMiss(field.metrics.bits, target, below) < aimMiss(best.metrics.bits, target, below))) best = field;
  }
  // 3. None passed: counted.
  if (!best) count(request.stats, "no-field");
  return best;
}

/** What every field of one {@link generateLevel} call shares. */
interface FieldJob {
  request: GenerateLevelRequest;
  settings: GenerateLevelRequest["settings"];
  models: GenerateLevelRequest["models"];
  stats: Record<string, number>;
  /** The chapter's rules in plan order (empty on a plain chapter). */
  rules: MarkKind[];
  /** Marks per kind to dress with (generator.json's, the part's over them). */
  counts: MarkCounts;
  /** [min, max] roots built in as heavy bells on a bell chapter. */
  bellRange: readonly [number, number];
  target: number | undefined;
  /** Steering (settings.steer): dot counts, screening and a learnt dressing estimate aim the fields at the target. */
  steer: DotSteer | null;
  /** Steered fields below the aim count double when choosing ({@link aimMiss}): the chain may not fall. */
  below: number;
}

/** The job of a {@link generateLevel} call, from its request. */
function fieldJob(request: GenerateLevelRequest): FieldJob {
  const { settings, models, target } = request;
  const dressing = models.generator.dressing;
  const steer = settings.steer && target !== undefined ? new DotSteer(settings.steer, settings.dots, target) : null;
  return {
    request,
    settings,
    models,
    stats: request.stats,
    rules: [...(request.rules ?? [])],
    counts: { ...dressing.marks, ...(settings.marks ?? {}) },
    bellRange: settings.bells ?? dressing.builtInBells,
    target,
    steer,
    below: steer ? STEER_BELOW_WEIGHT : 1,
  };
}

/**
 * One attempt: grow a field (its bells drawn first on a bell chapter), then
 * on a plain chapter prove and measure it; on a chapter with rules dress it
 * (a steered guarded field is proven and measured before dressing and turned
 * away when far from the aim). `null` when it fails (counted).
 */
function oneField(job: FieldJob): GeneratedField | null {
  const { request, settings, models, stats, rules, steer } = job;
  const bells = rules.includes("bell") ? randomInt(request.rng, job.bellRange[0], job.bellRange[1]) : 0;
  const grown = growField(steer ? { ...request, settings: { ...settings, dots: steer.dotRange() }, bells, minDots: settings.dots[0] } : { ...request, bells });
  if (!grown) return null;
  if (rules.length === 0) return plainField(job, grown);
  if (!steer || !grown.guarded) return dressedField(job, grown, false);
  // Prove the grown field and measure it before dressing: a field far from the aim is not worth the dressing's checks.
  const grownBits = proveGrown(grown, models, stats, true);
  if (grownBits === null) return null;
  if (!steer.admits(grownBits)) {
    count(stats, "steer-screened");
    return null;
  }
  const field = dressedField(job, grown, true);
  if (field) steer.learn(grownBits, field.metrics.bits);
  return field;
}

/** A plain chapter's field: measured, at or above the milestone and within the part's goal, the guard's roots, fair to read. */
function plainField(job: FieldJob, grown: GrownField): GeneratedField | null {
  const { settings, models, stats } = job;
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
  return finishField(job, grown, grown.body, measure, []);
}

/** A chapter with rules: the best dressing of the grown field ({@link bestDressing}; a guarded field proven first unless `proven`). */
function dressedField(job: FieldJob, grown: GrownField, proven: boolean): GeneratedField | null {
  const { request, settings, models, stats, rules, counts, below } = job;
  if (grown.guarded && !proven && proveGrown(grown, models, stats, false) === null) return null;
  const goals = {
    min: Math.max(grown.milestones.minGoal, settings.goal?.[0] ?? 0),
    max: Math.min(grown.roots.length + models.generator.dressing.maxExtraTaps, settings.goal?.[1] ?? Infinity),
  };
  const chosen = bestDressing({ grown, rules, counts, driftStep: settings.driftStep, goals, target: request.target, below, draws: settings.draws, close: settings.close, rng: request.rng, models, stats });
  return chosen ? finishField(job, grown, chosen.body, chosen.measure, chosen.removed) : null;
}

/** The field as generateLevel gives it: the body with its goal, the stored solution, the metrics rounded. */
function finishField(job: FieldJob, grown: GrownField, body: CarillonBody, measure: CarillonMeasure, removedMarks: number[][]): GeneratedField {
  return {
    body: { ...body, goal: measure.goal },
    solution: measure.solution,
    metrics: { bits: roundMetric(measure.bits), goal: measure.goal, dots: measure.dots, starts: measure.starts },
    roots: grown.roots,
    cores: grown.cores,
    guarded: grown.guarded,
    measure,
    rules: job.rules,
    bells: grown.bells.filter((b) => body.dots[b].mark?.kind === "bell"),
    removedMarks,
  };
}
