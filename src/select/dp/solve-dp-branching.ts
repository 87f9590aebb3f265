import { objectiveTolerance } from "../problem/objective.ts";
import { candidateClassesOf } from "../rules/candidate-classes.ts";
import { candidateColumns } from "../problem/candidate-columns.ts";
import { dpRuns } from "./dp-runs.ts";
import type { Selection, SelectionProblem } from "../problem/selection-problem.ts";
import { solveDp, type DpOptions, type DpResult } from "./solve-dp.ts";
import { SolverLimitError, solverLimits } from "../problem/solver-limits.ts";

/** Limits of conflict branching. */
export interface BranchingOptions extends Omit<DpOptions, "excluded" | "excludedAt"> {
  /** Work bound: dp runs allowed in all (default `branching.maxRuns` of models/select/solver.json). Past it the run stops with an error. */
  maxBranches?: number;
}

/** The first class (in slot order of its uses) shipped more often than it has usable members, with the slots of its first m + 1 uses; or undefined. */
function overusedClass(problem: SelectionProblem, picks: readonly number[], excluded: Uint8Array): { cls: number; slots: number[] } | undefined {
  const classes = candidateClassesOf(problem);
  const uses = new Map<number, number[]>();
  for (let s = 0; s < picks.length; s++) {
    const c = classes.classOf[picks[s]];
    const at = uses.get(c) ?? uses.set(c, []).get(c)!;
    at.push(s);
    const m = classes.members[c].reduce((k, x) => k + (excluded[x] ? 0 : 1), 0);
    if (at.length > m) return { cls: c, slots: at };
  }
  return undefined;
}

function lexLess(problem: SelectionProblem, a: readonly number[], b: readonly number[]): boolean {
  const { ids } = candidateColumns(problem);
  for (let i = 0; i < a.length; i++) {
    const x = ids[a[i]];
    const y = ids[b[i]];
    if (x !== y) return x < y;
  }
  return false;
}

/**
 * dp with branching on conflicts (SPEC 6): solve without conflicts; if the
 * answer ships both members of a conflict pair, branch into "exclude the
 * first" and "exclude the second" and solve each. Where the primary run may
 * restart at introductions ({@link DpRuns.introRuns}) the dp may ship a class
 * in two runs more often than it has members: such an answer branches into
 * one dp per use, each leaving the class out of that use's slot. Best first, pruning only
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
  // (the count from the columns: a table pool's candidate objects are made only when asked for)
  const n = candidateColumns(problem).ids.length;
  // A run that may restart at introductions can ship a class more often than it has members.
  const reuse = (() => {
    const runs = dpRuns(problem);
    return "introRuns" in runs && runs.introRuns;
  })();
  const overused = (picks: readonly number[], excluded: Uint8Array) => (reuse ? overusedClass(problem, picks, excluded) : undefined);
  if (!("selection" in root) || (problem.conflicts.length === 0 && !overused(root.selection.picks, new Uint8Array(n)))) return root;

  type Node = { excluded: Uint8Array; excludedAt: Array<readonly [number, number]>; selection: Selection };
  const open: Node[] = [{ excluded: new Uint8Array(n), excludedAt: [], selection: root.selection }];
  let best: Selection | undefined;
  let runs = 1;
  let states = root.selection.stats.states;
  while (open.length > 0) {
    open.sort((a, b) => a.selection.objective - b.selection.objective);
    const node = open.shift()!;
    if (best && node.selection.objective > best.objective + objectiveTolerance(best.objective)) break;
    const chosen = new Set(node.selection.picks);
    const clash = problem.conflicts.find(([a, b]) => chosen.has(a) && chosen.has(b));
    const over = clash ? undefined : overused(node.selection.picks, node.excluded);
    if (!clash && !over) {
      const better =
        !best ||
        node.selection.objective < best.objective - objectiveTolerance(best.objective) ||
        lexLess(problem, node.selection.picks, best.picks);
      if (better) best = node.selection;
      continue;
    }
    // Conflicts: exclude one member or the other. A class shipped more often than it has members
    // (m members at slots s_0 < ... < s_m, its first m + 1 uses): every sequence that ships it at
    // most m times leaves it out of one of those slots, so one branch per slot leaves it out there.
    const branches: Array<Pick<Node, "excluded" | "excludedAt">> = clash
      ? clash.map((drop) => {
          const excluded = node.excluded.slice();
          excluded[drop] = 1;
          return { excluded, excludedAt: node.excludedAt };
        })
      : over!.slots.map((s) => ({ excluded: node.excluded, excludedAt: [...node.excludedAt, [s, over!.cls] as const] }));
    for (const branch of branches) {
      if (runs >= maxBranches) {
        const what = clash ? `conflict branching passed ${maxBranches} dp runs (${problem.conflicts.length} conflict pairs)` : `branching on candidates a run that restarts at introductions ships twice passed ${maxBranches} dp runs`;
        throw new SolverLimitError("select/dp", "dp branches", `${what}; try HiGHS (solver highs) with a time limit, or a larger branching.maxRuns in the solver limits (default models/select/solver.json)`, ["solver-highs", "time-limit", "limits"]);
      }
      const r = solveDp(problem, { ...dpOptions, ...branch });
      runs++;
      if ("selection" in r) {
        states += r.selection.stats.states;
        open.push({ ...branch, selection: r.selection });
      }
    }
  }
  if (!best) return { infeasibleAt: -1 };
  return { selection: { ...best, stats: { ...best.stats, states, branches: runs } } };
}
