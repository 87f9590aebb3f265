import { InputError } from "../../io/errors.ts";
import type { CarillonBody } from "../level/carillon-body.ts";
import { isCleared, type CarillonState } from "../level/carillon-state.ts";
import { hasDot } from "../level/dot-set.ts";
import { stripUnneededMarks } from "./every-mark-matters.ts";
import type { CarillonProblem } from "../fair/fair-problem.ts";
import { meetsPopRule } from "../fair/fair-solution.ts";
import { MARK_KINDS, type MarkKind } from "../level/compile-field.ts";
import { loadCarillonModels, type CarillonModels } from "../model/load-models.ts";
import { measureCarillon } from "../measure/measure-carillon.ts";
import { needsItsRule } from "./needs-its-rule.ts";
import { simulateTap } from "../level/simulate-tap.ts";

/**
 * Every check a shipped Carillon level must pass (SPEC 4.2, 4.4, 4.5), each
 * failure named:
 * - `rule-unlisted`: a dot carries a mark whose rule is not among `rules`;
 *   `rule-missing`: a listed rule has no mark on the field;
 * - `goal`: the body's `goal` (when stored) and the stored solution's length
 *   equal the solver's exact goal;
 * - `replay`: the stored solution, played tap by tap through the event
 *   simulation with every rule, taps only dots on the field, never loses the
 *   level (home note) and clears it;
 * - `fair-inside`, `fair-gap`, `fair-margin`, `fair-cone`, `fair-pop`,
 *   `fair-order`: fair to read, the pop rule checked on the stored
 *   solution's own taps too;
 * - `solution`: the stored solution is the lexicographically smallest optimal
 *   solution meeting the pop rule (the one SPEC 4.2 says is stored);
 * - `mark-matters`: every mark matters — removing it (in dot-index order,
 *   after the earlier removals, passes repeated until nothing more goes)
 *   changes the goal or the winning first taps;
 * - `rule-needed`: with every mark removed, the goal differs or some first
 *   tap that wins three stars there loses one here.
 *
 * @param rules the rules the level is shipped with (mark kinds); plain levels have none.
 * @throws InputError (exit 2) for a rule name that is not a mark kind.
 * @throws NoAnswerError past the solver's or the bits recursion's limits.
 */
export function checkLevel(
  body: CarillonBody,
  solution: readonly number[],
  rules: readonly string[],
  models: CarillonModels = loadCarillonModels(),
): CarillonProblem[] {
  const unknown = rules.filter((r) => !MARK_KINDS.includes(r as MarkKind));
  if (unknown.length > 0) {
    throw new InputError("carillon/validate", `expected rules among ${MARK_KINDS.join(", ")}, got ${unknown.join(", ")}`);
  }
  const problems: CarillonProblem[] = [];
  body.dots.forEach((d, i) => {
    if (d.mark && !rules.includes(d.mark.kind)) {
      problems.push({ reason: "rule-unlisted", message: `dot ${i} carries a '${d.mark.kind}' mark, but the level's rules are [${rules.join(", ")}]`, dots: [i] });
    }
  });
  for (const rule of rules) {
    if (!body.dots.some((d) => d.mark?.kind === rule)) {
      problems.push({ reason: "rule-missing", message: `the level lists the '${rule}' rule, but no dot carries its mark`, dots: [] });
    }
  }

  const measure = measureCarillon(body, { models });
  if (body.goal !== undefined && body.goal !== measure.goal) {
    problems.push({ reason: "goal", message: `the level says goal ${body.goal}, the solver proves ${measure.goal}`, dots: [] });
  }
  if (solution.length !== measure.goal) {
    problems.push({ reason: "goal", message: `the stored solution has ${solution.length} taps, the goal is ${measure.goal}`, dots: [] });
  }

  const { field, frames, model } = measure.engine;
  let state: CarillonState = model.start();
  let replayed = true;
  for (let i = 0; i < solution.length; i++) {
    const dot = solution[i];
    if (!Number.isInteger(dot) || dot < 0 || dot >= field.count || !hasDot(state.alive, dot)) {
      problems.push({ reason: "replay", message: `tap ${i + 1} of the stored solution taps dot ${dot}, which is not on the field`, dots: [dot] });
      replayed = false;
      break;
    }
    const outcome = simulateTap(field, state, dot, { rings: frames });
    if (!meetsPopRule(models.fair, state, { next: outcome.next, popCount: outcome.popped.length })) {
      problems.push({
        reason: "fair-pop",
        message: `tap ${i + 1} of the stored solution (dot ${dot}) pops ${outcome.popped.length} dots, fewer than ${models.fair.minPopDots} or ${models.fair.minPopShare * 100}% of the field`,
        dots: [dot],
      });
    }
    state = outcome.next;
    if (state.lost) {
      problems.push({ reason: "replay", message: `tap ${i + 1} of the stored solution (dot ${dot}) loses the level: a home note popped while other dots were left`, dots: [dot] });
      replayed = false;
      break;
    }
  }
  if (replayed && !isCleared(state)) {
    problems.push({ reason: "replay", message: `the stored solution leaves dots on the field`, dots: [] });
  }

  problems.push(...measure.fair.problems);
  const canonical = measure.fair.solution;
  if (canonical && canonical.join() !== solution.join()) {
    problems.push({
      reason: "solution",
      message: `the stored solution [${solution.join(", ")}] is not the lexicographically smallest fair optimal solution [${canonical.join(", ")}]`,
      dots: [],
    });
  }

  if (field.marked) {
    const stripped = stripUnneededMarks(body, models, measure.solved);
    for (const unit of stripped.removed) {
      const kind = body.dots[unit[0]].mark?.kind;
      problems.push({
        reason: "mark-matters",
        message: `the '${kind}' mark on dot${unit.length > 1 ? "s" : ""} ${unit.join(" and ")} does not matter: without it the field has the same goal and winning first taps`,
        dots: unit,
      });
    }
    const needed = needsItsRule(body, models, measure.solved);
    if (!needed.needed) {
      problems.push({
        reason: "rule-needed",
        message: `the level does not need its rule: with every mark removed the goal is still ${needed.goal} and every first tap that wins there wins here`,
        dots: [],
      });
    }
  }
  return problems;
}
