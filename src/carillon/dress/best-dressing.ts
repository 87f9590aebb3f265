import type { CarillonBody } from "../../io/schemas/carillon-body.ts";
import type { Rng } from "../../random/index.ts";
import { checkDressing, type CheckedDressing } from "./check-dressing.ts";
import { dressField } from "./dress-field.ts";
import type { MarkKind } from "../engine/field.ts";
import type { MarkCounts } from "../model/generator-model.ts";
import type { GrownField } from "../grow/grow-field.ts";
import { aimMiss } from "../grow/dot-steer.ts";
import type { CarillonModels } from "../model/load-models.ts";

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
  rng: Rng;
  models: CarillonModels;
  stats: Record<string, number>;
}

/** The grown body with its built-in heavy bells marked. */
export function withBuiltInBells(grown: GrownField): CarillonBody {
  const bells = new Set(grown.bells);
  return { ...grown.body, dots: grown.body.dots.map((d, i) => (bells.has(i) ? { ...d, mark: { kind: "bell" as const } } : d)) };
}

/**
 * Dressing (SPEC 4.5): the grown field is dressed with its chapter's marks
 * `dressing.draws` (4) times, independent draws ({@link dressField}); each
 * dressing goes through the checks ({@link checkDressing}: marks that do not
 * matter removed, rule needed, milestone, fair to read, finite bits), and of
 * those that pass, the one whose bits lie nearest `target` is kept (the
 * earliest on a tie). Failures are counted in `stats` by reason.
 *
 * @returns the kept dressing with the number that passed, or null when none passed (`no-dressing`).
 */
export function bestDressing(request: BestDressingRequest): (CheckedDressing & { passed: number }) | null {
  const { grown, models, stats } = request;
  const count = (reason: string): void => {
    stats[reason] = (stats[reason] ?? 0) + 1;
  };
  const base = withBuiltInBells(grown);
  let best: CheckedDressing | null = null;
  let passed = 0;
  for (let draw = 0; draw < models.generator.dressing.draws; draw++) {
    const dressed = dressField({ base, roots: grown.roots, rules: request.rules, counts: request.counts, driftStep: request.driftStep, rng: request.rng, models, stats });
    if (!dressed) continue;
    const checked = checkDressing(dressed, request.rules, request.goals, models);
    if ("reason" in checked) {
      count(checked.reason);
      continue;
    }
    passed++;
    const t = request.target;
    if (!best || (t !== undefined && aimMiss(checked.measure.bits, t, request.below) < aimMiss(best.measure.bits, t, request.below))) best = checked;
  }
  if (!best) {
    count("no-dressing");
    return null;
  }
  return { ...best, passed };
}
