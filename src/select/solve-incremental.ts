import { Objective } from "./objective.ts";
import type { Selection, SelectionProblem } from "./selection-problem.ts";
import { solveSelection, type SolveOptions } from "./select.ts";

/**
 * Part-by-part selection (SPEC 6 `select --incremental`, the build's way): for
 * each part (Carillon) or tier (Apsis) in slot order, solve the slots up to
 * its end with every earlier level fixed to what was chosen before, so the
 * chain continues across part, tier and chapter boundaries and a part chosen
 * later never moves an earlier one.
 *
 * @param problem the whole problem.
 * @param onPart called after each part with its slot range, e.g. for a progress bar.
 * @returns one selection for all slots; `optimal` is true when every part's solve was proven.
 */
export async function solveIncremental(
  problem: SelectionProblem,
  options: SolveOptions = {},
  onPart?: (done: number, total: number) => void,
): Promise<Selection> {
  const groups: Array<[number, number]> = [];
  problem.slots.forEach((s, i) => {
    const prev = problem.slots[i - 1];
    if (i === 0 || prev.chapter !== s.chapter || prev.part !== s.part) groups.push([i, i + 1]);
    else groups[groups.length - 1][1] = i + 1;
  });
  const picks: number[] = [];
  let optimal = true;
  const stats: Record<string, number> = { parts: groups.length };
  const solvers = new Set<string>();
  for (let g = 0; g < groups.length; g++) {
    const [start, end] = groups[g];
    const used = new Set(picks);
    const sub: SelectionProblem = {
      ...problem,
      slots: problem.slots.slice(0, end),
      eligible: problem.slots.slice(0, end).map((_, j) => (j < start ? [picks[j]] : problem.eligible[j].filter((c) => !used.has(c)))),
      fixed: problem.fixed.slice(0, end).map((f, j) => (j < start ? (f ?? { kind: "keep", source: "an earlier part" }) : f)),
    };
    const r = await solveSelection(sub, options);
    optimal &&= r.optimal;
    solvers.add(r.solver);
    for (const [k, v] of Object.entries(r.stats)) stats[k] = (stats[k] ?? 0) + v;
    picks.push(...r.picks.slice(start, end));
    onPart?.(g + 1, groups.length);
  }
  const solver = `incremental(${[...solvers].sort().join("+")})`;
  return { picks, objective: new Objective(problem).total(picks), optimal, solver, stats };
}
