import type { CarillonBody } from "../../level/carillon-body.ts";
import type { Rng } from "../../../random/index.ts";
import { checkDressing, type CheckedDressing } from "./check-dressing.ts";
import { dressField, prepareDressing } from "./dress-field.ts";
import type { MarkKind } from "../../level/compile-field.ts";
import type { MarkCounts } from "../../model/generator-model.ts";
import type { GrownField } from "../grow/grow-field.ts";
import { aimMiss } from "../grow/dot-steer.ts";
import { goalBounds } from "./goal-bounds.ts";
import { fieldMoves } from "../../level/compile-field.ts";
import { bodyTapModel } from "../../solver/solve-body.ts";
import type { CarillonModels } from "../../model/load-models.ts";
import { TapModelCache } from "../../solver/tap-model-cache.ts";

/** What {@link bestDressing} is asked for. */
export interface BestDressingRequest {
  grown: GrownField;
  /** The chapter's rules, in plan order. */
  rules: readonly MarkKind[];
  counts: MarkCounts;
  /** Length of a drifter's step [min, max] (default generator.json's). */
  driftStep?: readonly [number, number];
  /** The proven goal a dressing may have (`max` also caps the solver's search). */
  goals: { min: number; max: number };
  /** Ramp target in bits of the level the candidate is grown for (none: the first dressing that passes). */
  target?: number;
  /** Weight of a miss below `target` when choosing ({@link aimMiss}; default 1, the plain distance). */
  below?: number;
  /** Dressings drawn (default generator.json `dressing.draws`). */
  draws?: number;
  /** Bits: with a `target`, stop at the first passing dressing whose miss ({@link aimMiss}) is at most this (default: draw them all). */
  close?: number;
  rng: Rng;
  models: CarillonModels;
  stats: Record<string, number>;
}

/**
 * Why a dressing's goal bounds ({@link goalBounds}) put it outside the goal
 * window before any search, or null when they fit: `pre-goal-below` (a
 * solution shorter than `goals.min`), `pre-goal-over` (the lower bound above
 * `goals.max`), `pre-goal-greedy` (no solution within `goals.max` found by
 * playing the roots: usually a chain cut once too often), `pre-pop` (a tap of
 * that solution popped one dot: a chain cut down to one dot fails the pop
 * rule, SPEC 4.2). The last two are guesses, not proofs, so they are not
 * made where drifters move (there the order of the taps is what the rule is
 * about, and a greedy play of the roots says little).
 */
export function boundsMiss(body: CarillonBody, roots: readonly number[], goals: { min: number; max: number }, models: CarillonModels, cache?: TapModelCache): string | null {
  const model = bodyTapModel(body, models, cache);
  const b = goalBounds(model, roots, goals.max);
  if (b.upper < goals.min) return "pre-goal-below";
  if (b.lower > goals.max) return "pre-goal-over";
  // Where drifters move, the order of the taps is the point: a greedy play of the roots says little.
  if (fieldMoves(model.field)) return null;
  if (b.upper > goals.max) return "pre-goal-greedy";
  if (b.leastPop < models.fair.minPopDots) return "pre-pop";
  return null;
}

/** The grown body with its built-in heavy bells marked. */
export function withBuiltInBells(grown: GrownField): CarillonBody {
  const bells = new Set(grown.bells);
  return { ...grown.body, dots: grown.body.dots.map((d, i) => (bells.has(i) ? { ...d, mark: { kind: "bell" as const } } : d)) };
}

/**
 * Dressing (SPEC 4.5): the grown field is dressed with its chapter's marks
 * `request.draws` (default `dressing.draws`, 4) times, independent draws
 * ({@link dressField}); each dressing goes through the checks
 * ({@link checkDressing}: marks that do not matter removed, rule needed,
 * milestone, fair to read, finite bits), and of those that pass, the one
 * whose bits lie nearest `target` is kept (the earliest on a tie); with
 * `close`, the draws stop at the first passing dressing that near the target.
 * Failures are counted in `stats` by reason.
 *
 * @returns the kept dressing with the number that passed, or null when none passed (`no-dressing`).
 */
export function bestDressing(request: BestDressingRequest): (CheckedDressing & { passed: number }) | null {
  const { grown, models, stats } = request;
  const count = (reason: string): void => {
    stats[reason] = (stats[reason] ?? 0) + 1;
  };
  const base = withBuiltInBells(grown);
  const prepared = prepareDressing(base, grown.roots, models);
  // The draws of one field and their checks share ring frames and bounds (same answers, less work).
  const cache = new TapModelCache(models);
  let best: CheckedDressing | null = null;
  let passed = 0;
  const { redraws } = models.generator.dressing;
  const draws = request.draws ?? models.generator.dressing.draws;
  const t = request.target;
  const closeEnough = (): boolean => best !== null && t !== undefined && request.close !== undefined && aimMiss(best.measure.bits, t, request.below) <= request.close;
  for (let draw = 0; draw < draws && !closeEnough(); draw++) {
    // Up to `redraws` draws, until one whose goal bounds fit the window goes on to the costly checks.
    let dressed: CarillonBody | null = null;
    for (let k = 0; k < redraws && !dressed; k++) {
      const candidate = dressField({ base, prepared, roots: grown.roots, rules: request.rules, counts: request.counts, driftStep: request.driftStep, rng: request.rng, models, stats });
      if (!candidate) continue;
      const why = redraws > 1 ? boundsMiss(candidate, grown.roots, request.goals, models, cache) : null;
      if (why) count(why);
      else dressed = candidate;
    }
    if (!dressed) continue;
    const checked = checkDressing(dressed, request.rules, request.goals, models, cache);
    if ("reason" in checked) {
      count(checked.reason);
      continue;
    }
    passed++;
    if (!best || (t !== undefined && aimMiss(checked.measure.bits, t, request.below) < aimMiss(best.measure.bits, t, request.below))) best = checked;
  }
  if (!best) {
    count("no-dressing");
    return null;
  }
  return { ...best, passed };
}
