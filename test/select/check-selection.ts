import { expect } from "vitest";
import { problemConstraints, sequenceOf } from "../../src/select/rules/check-picks.ts";
import { findBreaks } from "../../src/select/rules/find-breaks.ts";
import type { SelectionProblem } from "../../src/select/problem/selection-problem.ts";

/**
 * Invariant check of a selection (delaunator-style validate helper): one
 * eligible candidate per slot, and the independent checker finds no break of
 * chain constraints, concept rules, conflicts or uniqueness.
 */
export function expectValidSelection(problem: SelectionProblem, picks: readonly number[]): void {
  expect(picks).toHaveLength(problem.slots.length);
  picks.forEach((c, s) => expect(problem.eligible[s]).toContain(c));
  expect(findBreaks(sequenceOf(problem, picks), problemConstraints(problem), { continues: problem.openEnd })).toEqual([]);
}

/** Ids of picks, for comparisons. */
export const idsOf = (problem: SelectionProblem, picks: readonly number[]) => picks.map((c) => problem.candidates[c].id);
