import { Objective } from "../problem/objective.ts";
import { addCounts } from "../../io/hostile/own-key.ts";
import { makeSelection, type Selection, type SelectionProblem } from "../problem/selection-problem.ts";
import { extendSelection } from "./extend-selection.ts";
import type { SolveOptions } from "./solve-selection.ts";
import { slotGroups } from "../problem/slot-groups.ts";

/**
 * Part-by-part selection (SPEC 6 `select --incremental`, the build's way): for
 * each part (Carillon) or tier (Apsis) in slot order, solve the slots up to
 * its end with every earlier level fixed to what was chosen before, so the
 * chain continues across part, tier and chapter boundaries and a part chosen
 * later never moves an earlier one.
 *
 * @param problem the whole problem.
 * @param onPart called after each part with its slot range, e.g. for a progress bar.
 * @returns one selection for all slots: status `optimal` only with a single
 *   part whose solve was proven (then it is the global selection); otherwise
 *   `feasible` — each part is optimal given the earlier ones, the whole is not
 *   proven (the global select is never worse).
 */
export async function solveIncremental(
  problem: SelectionProblem,
  options: SolveOptions = {},
  onPart?: (done: number, total: number) => void,
): Promise<Selection> {
  const groups = slotGroups(problem);
  const picks: number[] = [];
  let optimal = true;
  const stats: Record<string, number> = { parts: groups.length };
  const solvers = new Set<string>();
  for (let g = 0; g < groups.length; g++) {
    const r = await extendSelection(problem, picks, groups[g], options);
    optimal &&= r.optimal;
    solvers.add(r.solver);
    addCounts(stats, r.stats);
    picks.push(...r.picks.slice(groups[g].start, groups[g].end));
    onPart?.(g + 1, groups.length);
  }
  const solver = `incremental(${[...solvers].sort().join("+")})`;
  const status = optimal && groups.length <= 1 ? "optimal" : "feasible";
  const note = status === "optimal" ? undefined : optimal ? "part by part: each part proven optimal given the earlier ones" : "part by part; some part's solve was not proven optimal";
  return makeSelection({ picks, objective: new Objective(problem).total(picks), status, note, solver, stats });
}
