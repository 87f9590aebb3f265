import type { Selection, SelectionProblem } from "../select/selection-problem.ts";
import { solveSelection, type SolveOptions } from "../select/select.ts";

/** A contiguous run of slots of one part (Carillon) / tier (Apsis): `[start, end)` slot indices. */
export interface SlotGroup {
  chapter: number;
  part: number;
  start: number;
  end: number;
}

/** The slots of a problem grouped by (chapter, part), in slot order — the steps of an incremental selection. */
export function slotGroups(problem: Pick<SelectionProblem, "slots">): SlotGroup[] {
  const groups: SlotGroup[] = [];
  problem.slots.forEach((s, i) => {
    const prev = problem.slots[i - 1];
    if (i === 0 || prev.chapter !== s.chapter || prev.part !== s.part) groups.push({ chapter: s.chapter, part: s.part, start: i, end: i + 1 });
    else groups[groups.length - 1].end = i + 1;
  });
  return groups;
}

/**
 * One step of the build's selection (SPEC 6): solves slots `[0, group.end)`
 * with every slot before `group.start` fixed to `picks` (the levels chosen by
 * the earlier steps), so the chain continues across part, tier and chapter
 * boundaries and nothing chosen earlier moves. The sub-problem is exactly the
 * one `select --incremental` (solveIncremental) solves for that group, so a
 * re-selection over the finished pools reproduces the build.
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
  };
  return solveSelection(sub, options);
}
