import { objectiveTolerance } from "../problem/objective.ts";
import type { Selection, SelectionProblem } from "../problem/selection-problem.ts";
import { solveDp, type DpOptions, type DpResult } from "./solve-dp.ts";
import { SolverLimitError, solverLimits } from "../problem/solver-limits.ts";

/** Limits of conflict branching. */
export interface BranchingOptions extends Omit<DpOptions, "excluded"> {
  /** Work bound: dp runs allowed in all (default `branching.maxRuns` of models/select/solver.json). Past it the run stops with an error. */
  maxBranches?: number;
}

function lexLess(problem: SelectionProblem, a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) {
    const x = problem.candidates[a[i]].id;
    const y = problem.candidates[b[i]].id;
    if (x !== y) return x < y;
  }
  return false;
}

/**
 * dp with branching on conflicts (SPEC 6): solve without conflicts; if the
 * answer ships both members of a conflict pair, branch into "exclude the
 * first" and "exclude the second" and solve each; best first, pruning only
 * branches whose dp optimum is worse than the best conflict-free answer (ties
 * are explored, so the answer is still the lexicographically smallest optimal
 * list of ids). Every conflict-free sequence lies in some leaf, so the result
 * is exact.
 *
 * @returns the selection (proven optimal), or the first infeasible slot of the
 *   conflict-free relaxation; `infeasibleAt: -1` when only the conflicts make it infeasible.
 * @throws SolverLimitError `select/dp` when more than `maxBranches` dp runs are needed, or a dp run passes its bounds.
 */
export function solveDpBranching(problem: SelectionProblem, options: BranchingOptions = {}): DpResult {
  const { maxBranches = solverLimits().branching.maxRuns, ...dpOptions } = options;
  const root = solveDp(problem, dpOptions);
  if (!("selection" in root) || problem.conflicts.length === 0) return root;

  const n = problem.candidates.length;
  type Node = { excluded: Uint8Array; selection: Selection };
  const open: Node[] = [{ excluded: new Uint8Array(n), selection: root.selection }];
  let best: Selection | undefined;
  let runs = 1;
  let states = root.selection.stats.states;
  while (open.length > 0) {
    open.sort((a, b) => a.selection.objective - b.selection.objective);
    const node = open.shift()!;
    if (best && node.selection.objective > best.objective + objectiveTolerance(best.objective)) break;
    const chosen = new Set(node.selection.picks);
    const clash = problem.conflicts.find(([a, b]) => chosen.has(a) && chosen.has(b));
    if (!clash) {
      const better =
        !best ||
        node.selection.objective < best.objective - objectiveTolerance(best.objective) ||
        lexLess(problem, node.selection.picks, best.picks);
      if (better) best = node.selection;
      continue;
    }
    for (const drop of clash) {
      if (runs >= maxBranches) {
        throw new SolverLimitError("select/dp", "dp branches", `conflict branching passed ${maxBranches} dp runs (${problem.conflicts.length} conflict pairs); try HiGHS (solver highs) with a time limit, or a larger branching.maxRuns in the solver limits (default models/select/solver.json)`, ["solver-highs", "time-limit", "limits"]);
      }
      const excluded = node.excluded.slice();
      excluded[drop] = 1;
      const r = solveDp(problem, { ...dpOptions, excluded });
      runs++;
      if ("selection" in r) {
        states += r.selection.stats.states;
        open.push({ excluded, selection: r.selection });
      }
    }
  }
  if (!best) return { infeasibleAt: -1 };
  return { selection: { ...best, stats: { ...best.stats, states, branches: runs } } };
}
