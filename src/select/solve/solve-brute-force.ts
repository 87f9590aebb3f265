import { LevelrampError } from "../../io/errors.ts";
import { problemConstraints, sequenceOf } from "../rules/check-picks.ts";
import { findBreaks } from "../rules/find-breaks.ts";
import { Objective, objectiveTolerance } from "../problem/objective.ts";
import { makeSelection, type Selection, type SelectionProblem } from "../problem/selection-problem.ts";

/**
 * Reference solver for tiny problems: enumerates every assignment of distinct
 * eligible candidates to slots, keeps those the independent checker
 * ({@link findBreaks}: chain, concept rules, conflicts) passes, and returns the lexicographically smallest id
 * list among the optimal ones (objectives within {@link objectiveTolerance}).
 * Used as the oracle of the differential tests.
 *
 * @param maxSequences work bound (default 2,000,000 sequences visited).
 * @returns the selection, or undefined when no sequence is feasible.
 * @throws LevelrampError `select/brute-force` past the bound.
 */
export function solveBruteForce(problem: SelectionProblem, maxSequences = 2_000_000): Selection | undefined {
  const obj = new Objective(problem);
  const constraints = problemConstraints(problem);
  const S = problem.slots.length;
  const picks: number[] = [];
  const used = new Set<number>();
  let best: { picks: number[]; value: number } | undefined;
  let visited = 0;
  const ids = (p: number[]) => p.map((c) => problem.candidates[c].id);
  const lexLess = (a: number[], b: number[]) => {
    const x = ids(a);
    const y = ids(b);
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] < y[i];
    return false;
  };
  const visit = (s: number): void => {
    if (s === S) {
      if (++visited > maxSequences) throw new LevelrampError("select/brute-force", `more than ${maxSequences} sequences`, 1);
      if (findBreaks(sequenceOf(problem, picks), constraints, { continues: problem.openEnd }).length > 0) return;
      const value = obj.total(picks);
      if (!best || value < best.value - objectiveTolerance(best.value)) best = { picks: picks.slice(), value };
      else if (value <= best.value + objectiveTolerance(best.value) && lexLess(picks, best.picks)) best = { picks: picks.slice(), value: Math.min(value, best.value) };
      return;
    }
    for (const c of problem.eligible[s]) {
      if (used.has(c)) continue;
      used.add(c);
      picks.push(c);
      visit(s + 1);
      picks.pop();
      used.delete(c);
    }
  };
  visit(0);
  if (!best) return undefined;
  return makeSelection({ picks: best.picks, objective: obj.total(best.picks), status: "optimal", solver: "brute-force", stats: { sequences: visited } });
}
