import type { Constraint } from "../../io/schemas/model.ts";
import { findBreaks, type SequenceLevel } from "./find-breaks.ts";
import type { SelectionProblem } from "../problem/selection-problem.ts";

/**
 * Re-checks a solver's answer against the model exactly (SPEC 6 solver notes):
 * one eligible candidate per slot, then every chain constraint, concept rule
 * (SPEC 12), conflict and "at most once" through the independent checker
 * {@link findBreaks}.
 *
 * @returns the problems found, empty when the answer is valid.
 */
export function checkPicks(problem: SelectionProblem, picks: readonly number[]): string[] {
  if (picks.length !== problem.slots.length) return [`expected ${problem.slots.length} picks, got ${picks.length}`];
  const out: string[] = [];
  picks.forEach((c, s) => {
    if (!problem.eligible[s].includes(c)) out.push(`level ${problem.slots[s].number}: ${problem.candidates[c]?.id ?? c} is not eligible there`);
  });
  for (const b of findBreaks(sequenceOf(problem, picks), problemConstraints(problem), { continues: problem.openEnd })) out.push(`level ${b.level}: ${b.message}`);
  return out;
}

/** A problem's rules as model constraints, for {@link findBreaks}: the chain, the concept rules, and each conflict pair. */
export function problemConstraints(problem: Pick<SelectionProblem, "chain" | "conceptConstraints" | "conflicts" | "candidates">): Constraint[] {
  return [
    ...problem.chain,
    ...(problem.conceptConstraints ?? []),
    ...problem.conflicts.map(([a, b]): Constraint => ({ type: "conflict", ids: [problem.candidates[a].id, problem.candidates[b].id] })),
  ];
}

/** The levels a list of picks ships, as {@link findBreaks} reads them (numbers and chapters of the slots). */
export function sequenceOf(problem: Pick<SelectionProblem, "slots" | "candidates">, picks: readonly number[]): SequenceLevel[] {
  return picks.map((c, s) => {
    const cand = problem.candidates[c];
    return { number: problem.slots[s].number, chapter: problem.slots[s].chapter, id: cand.id, metrics: cand.metrics, concepts: cand.concepts };
  });
}
