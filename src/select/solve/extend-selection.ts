import type { Selection, SelectionProblem } from "../problem/selection-problem.ts";
import { solveSelection, type SolveOptions } from "./solve-selection.ts";
import type { SlotGroup } from "../problem/slot-groups.ts";

/**
 * One step of the build's selection (SPEC 6): solves slots `[0, group.end)`
 * with every slot before `group.start` fixed to `picks` (the levels chosen by
 * the earlier steps), so the chain continues across part, tier and chapter
 * boundaries and nothing chosen earlier moves. `select --incremental`
 * (solveIncremental) takes these steps over every group, so a re-selection
 * over a build's finished pools reproduces the build.
 *
 * @param picks candidate indices of slots `[0, group.start)`.
 * @returns the sub-problem's selection; its picks `[group.start, group.end)` are the group's levels.
 * @throws NoAnswerError (exit 1) with a diagnosis when no sequence meets the model.
 */
export async function extendSelection(problem: SelectionProblem, picks: readonly number[], group: SlotGroup, options: SolveOptions = {}): Promise<Selection> {
  const { start, end } = group;
  const used = new Set(picks);
  const sub: SelectionProblem = {
    ...problem,
    slots: problem.slots.slice(0, end),
    eligible: problem.slots.slice(0, end).map((_, j) => (j < start ? [picks[j]] : problem.eligible[j].filter((c) => !used.has(c)))),
    fixed: problem.fixed.slice(0, end).map((f, j) => (j < start ? (f ?? { kind: "keep", source: "an earlier part" }) : f)),
    // Concept quotas' minimums fall due where the whole selection ends, not at this step's last level.
    ...(end < problem.slots.length || problem.openEnd ? { openEnd: true } : {}),
  };
  return solveSelection(sub, options);
}
