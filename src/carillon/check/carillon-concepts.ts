import type { CarillonBody } from "../level/carillon-body.ts";
import { MARK_KINDS, type MarkKind } from "../level/compile-field.ts";
import { loadCarillonModels, type CarillonModels } from "../model/load-models.ts";
import { bodyHasAnswer, solveBody } from "../solver/solve-body.ts";
import type { SolveResult } from "../solver/solve-field.ts";
import { withoutMarks } from "./mark-units.ts";

/**
 * The concepts a Carillon field needs (SPEC 12): the rules of its marks
 * (`bell`, `echo`, `horn`, `duet`, `drifter`, `home`, `round`, SPEC 4.4) that
 * the player must use. A mark kind on the field is needed when the field with
 * every mark of that kind removed (the others kept) has another goal or
 * another set of winning first taps — SPEC 4.5's test of "every mark
 * matters", asked of the kind as a whole. A shipped field keeps only marks
 * that matter, so its concepts are, in practice, the kinds it carries; the
 * test says so rather than assumes it. A plain field has none (no solve).
 *
 * @param solved the solver's answer on `body`, when already known (saves one solve).
 * @returns the needed kinds in {@link MARK_KINDS} order.
 * @throws NoAnswerError past the solver's limits.
 */
export function carillonConcepts(body: CarillonBody, models: CarillonModels = loadCarillonModels(), solved?: SolveResult): MarkKind[] {
  const kinds = MARK_KINDS.filter((kind) => body.dots.some((d) => d.mark?.kind === kind));
  if (kinds.length === 0) return [];
  const answer = solved ?? solveBody(body, models);
  return kinds.filter((kind) => {
    const dots = body.dots.flatMap((d, i) => (d.mark?.kind === kind ? [i] : []));
    // Needed: without this kind's marks the field does not keep the same goal and winning first taps.
    return !bodyHasAnswer(withoutMarks(body, dots), models, answer);
  });
}
