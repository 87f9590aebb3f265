import type { Plan } from "../../io/schemas/plan.ts";
import type { Slot } from "./selection-problem.ts";

/**
 * The planned levels in order (SPEC 3, 6): chapters and their parts, numbered
 * 1.. globally in plan order — chapter c's first level is 1 + the levels of
 * every earlier chapter of the plan, also when only some chapters are wanted.
 *
 * @param plan a validated plan file.
 * @param target ramp value of a level number.
 * @param chapters the chapters to keep (default: all).
 */
export function planSlots(plan: Plan, target: (level: number) => number, chapters?: ReadonlySet<number>): Slot[] {
  const slots: Slot[] = [];
  let number = 0;
  for (const ch of plan.chapters) {
    for (const p of ch.parts) {
      for (let k = 0; k < p.levels; k++) {
        number++;
        if (!chapters || chapters.has(ch.chapter)) slots.push({ number, chapter: ch.chapter, part: p.part, target: target(number) });
      }
    }
  }
  return slots;
}
