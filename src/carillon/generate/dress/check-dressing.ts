import { NoAnswerError } from "../../../io/errors.ts";
import type { CarillonBody } from "../../level/carillon-body.ts";
import { stripUnneededMarks } from "../../check/every-mark-matters.ts";
import type { MarkKind } from "../../level/compile-field.ts";
import type { CarillonModels } from "../../model/load-models.ts";
import { measureCarillon, type CarillonMeasure } from "../../measure/measure-carillon.ts";
import { needsItsRule } from "../../check/needs-its-rule.ts";
import { solveBody } from "../../solver/solve-body.ts";
import type { TapModelCache } from "../../solver/tap-model-cache.ts";

/** A dressing that passed every check, as it ships. */
export interface CheckedDressing {
  /** The body with the marks that did not matter removed. */
  body: CarillonBody;
  measure: CarillonMeasure;
  /** Mark units removed by "every mark matters". */
  removed: number[][];
}

/**
 * The checks a dressed field passes before it can ship (SPEC 4.5, 4.2), in
 * order, the first failure named:
 * 1. every mark matters ({@link stripUnneededMarks}) — marks that do not
 *    matter are removed, not failed;
 * 2. each of the chapter's rules keeps at least one mark
 *    (`rule-stripped-<kind>`; step 1 stops as soon as one rule has lost
 *    its last mark, since a removal is never undone);
 * 3. the level needs its rule ({@link needsItsRule}, `rule-not-needed`);
 * 4. the goal is at least the level's milestone (`goal-below-milestone`);
 *    the solver never tries more than `goals.max` taps (`goal-over-limit`);
 * 5. fair to read (its first problem's reason) and finite bits
 *    (`bits-infinite`).
 * A search past its limits fails as `search-limit`; the solves of steps 1–4
 * use the dressing's own state budget (generator.json `dressing.maxStates`),
 * smaller than the solver's, so a dressing that is hard to prove is dropped
 * early rather than searched to the end. A `cache` shares ring frames and
 * bounds between the solves of one field ({@link TapModelCache}; same answers).
 */
export function checkDressing(
  body: CarillonBody,
  rules: readonly MarkKind[],
  goals: { min: number; max: number },
  models: CarillonModels,
  cache?: TapModelCache,
): CheckedDressing | { reason: string } {
  try {
    const maxStates = models.generator.dressing.maxStates;
    const solved = solveBody(body, models, { maxGoal: goals.max, maxStates, cache });
    // Stripping keeps the goal, so a goal under the window fails before the costly part.
    if (solved.goal < goals.min) return { reason: "goal-below-milestone" };
    const stripped = stripUnneededMarks(body, models, solved, goals.max, maxStates, { cache, mustKeep: rules });
    if (stripped.gone) return { reason: `rule-stripped-${stripped.gone}` };
    for (const kind of rules) {
      if (!stripped.body.dots.some((d) => d.mark?.kind === kind)) return { reason: `rule-stripped-${kind}` };
    }
    if (!needsItsRule(stripped.body, models, stripped.solved).needed) return { reason: "rule-not-needed" };
    if (stripped.solved.goal < goals.min) return { reason: "goal-below-milestone" };
    const measure = measureCarillon(stripped.body, { models });
    if (measure.fair.problems.length > 0) return { reason: measure.fair.problems[0].reason };
    if (!Number.isFinite(measure.bits)) return { reason: "bits-infinite" };
    return { body: stripped.body, measure, removed: stripped.removed };
  } catch (err) {
    if (err instanceof NoAnswerError) return { reason: (err.detail as { reason?: string } | undefined)?.reason === "goal-over-limit" ? "goal-over-limit" : "search-limit" };
    throw err;
  }
}
