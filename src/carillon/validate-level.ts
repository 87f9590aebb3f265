import { InputError } from "../io/errors.ts";
import type { CarillonBody } from "../io/schemas/carillon-body.ts";
import { isCleared, type CarillonState } from "./carillon-state.ts";
import { hasDot } from "./dot-set.ts";
import type { CarillonProblem } from "./fair-problem.ts";
import { meetsPopRule } from "./fair-solution.ts";
import { SUPPORTED_MARKS } from "./field.ts";
import { loadCarillonModels, type CarillonModels } from "./load-models.ts";
import { measureCarillon } from "./measure-carillon.ts";
import { simulateTap } from "./simulate-tap.ts";

/**
 * Every check a shipped Carillon level must pass (SPEC 4.2, 4.5), each
 * failure named:
 * - `goal`: the body's `goal` (when stored) and the stored solution's length
 *   equal the solver's exact goal;
 * - `replay`: the stored solution, played tap by tap through the event
 *   simulation, taps only dots on the field and clears it;
 * - `fair-inside`, `fair-gap`, `fair-margin`, `fair-pop`, `fair-order`: fair
 *   to read, the pop rule checked on the stored solution's own taps too;
 * - `solution`: the stored solution is the lexicographically smallest optimal
 *   solution meeting the pop rule (the one SPEC 4.2 says is stored).
 *
 * @param rules the rules the level is shipped with; plain levels have none.
 * @throws InputError (exit 2) for a rule or mark this engine does not play yet
 *   (never checked as if it were plain).
 */
export function validateLevel(
  body: CarillonBody,
  solution: readonly number[],
  rules: readonly string[],
  models: CarillonModels = loadCarillonModels(),
): CarillonProblem[] {
  const unsupported = rules.filter((r) => !SUPPORTED_MARKS.has(r as never));
  if (unsupported.length > 0) {
    throw new InputError("carillon/validate", `expected a plain level: the rule(s) ${unsupported.join(", ")} (SPEC 4.4) are not supported by this engine yet`);
  }
  const measure = measureCarillon(body, { models });
  const problems: CarillonProblem[] = [];
  if (body.goal !== undefined && body.goal !== measure.goal) {
    problems.push({ reason: "goal", message: `the level says goal ${body.goal}, the solver proves ${measure.goal}`, dots: [] });
  }
  if (solution.length !== measure.goal) {
    problems.push({ reason: "goal", message: `the stored solution has ${solution.length} taps, the goal is ${measure.goal}`, dots: [] });
  }

  const { field, frames, model } = measure.engine;
  let state: CarillonState = model.start();
  for (let i = 0; i < solution.length; i++) {
    const dot = solution[i];
    if (!Number.isInteger(dot) || dot < 0 || dot >= field.count || !hasDot(state.alive, dot)) {
      problems.push({ reason: "replay", message: `tap ${i + 1} of the stored solution taps dot ${dot}, which is not on the field`, dots: [dot] });
      state = model.start();
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
  }
  if (state.taps === solution.length && !isCleared(state)) {
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
  return problems;
}
