import type { SelectionProblem } from "./selection-problem.ts";

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
