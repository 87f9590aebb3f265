import type { Constraint } from "../../io/schemas/model.ts";
import { findBreaks } from "./find-breaks.ts";
import type { SelectionProblem } from "../problem/selection-problem.ts";

/**
 * Re-checks a solver's answer against the model exactly (SPEC 6 solver notes):
 * one eligible candidate per slot, then every chain constraint, conflict and
 * "at most once" through the independent checker {@link findBreaks}.
 *
 * @returns the problems found, empty when the answer is valid.
 */
export function checkPicks(problem: SelectionProblem, picks: readonly number[]): string[] {
  if (picks.length !== problem.slots.length) return [`expected ${problem.slots.length} picks, got ${picks.length}`];
  const out: string[] = [];
  picks.forEach((c, s) => {
    if (!problem.eligible[s].includes(c)) out.push(`level ${problem.slots[s].number}: ${problem.candidates[c]?.id ?? c} is not eligible there`);
  });
  const constraints: Constraint[] = [
    ...problem.chain,
    ...problem.conflicts.map(([a, b]): Constraint => ({ type: "conflict", ids: [problem.candidates[a].id, problem.candidates[b].id] })),
  ];
  const seq = picks.map((c, s) => ({ number: problem.slots[s].number, chapter: problem.slots[s].chapter, id: problem.candidates[c].id, metrics: problem.candidates[c].metrics }));
  for (const b of findBreaks(seq, constraints)) out.push(`level ${b.level}: ${b.message}`);
  return out;
}
