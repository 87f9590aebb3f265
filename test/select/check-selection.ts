import { expect } from "vitest";
import type { Constraint } from "../../src/io/schemas/model.ts";
import { findBreaks } from "../../src/select/rules/find-breaks.ts";
import type { SelectionProblem } from "../../src/select/problem/selection-problem.ts";

/**
 * Invariant check of a selection (delaunator-style validate helper): one
 * eligible candidate per slot, and the independent checker finds no break of
 * chain constraints, conflicts or uniqueness.
 */
export function expectValidSelection(problem: SelectionProblem, picks: readonly number[]): void {
  expect(picks).toHaveLength(problem.slots.length);
  picks.forEach((c, s) => expect(problem.eligible[s]).toContain(c));
  const constraints: Constraint[] = [
    ...problem.chain,
    ...problem.conflicts.map(([a, b]): Constraint => ({ type: "conflict", ids: [problem.candidates[a].id, problem.candidates[b].id] })),
  ];
  const seq = picks.map((c, s) => ({ number: problem.slots[s].number, chapter: problem.slots[s].chapter, id: problem.candidates[c].id, metrics: problem.candidates[c].metrics }));
  expect(findBreaks(seq, constraints)).toEqual([]);
}

/** Ids of picks, for comparisons. */
export const idsOf = (problem: SelectionProblem, picks: readonly number[]) => picks.map((c) => problem.candidates[c].id);
