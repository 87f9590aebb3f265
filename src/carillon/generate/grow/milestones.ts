import { stepValue, type CarillonGeneratorModel } from "../../model/generator-model.ts";
import type { DotSize } from "../../model/physics-model.ts";

/** What the plan's milestones allow at one level (SPEC 4.3 items 3, 6, 7). */
export interface Milestones {
  /** Fewest taps a field needs at this level, at least (two from level 2, three from 14). */
  minGoal: number;
  /** Sizes grown dots may take, smallest first (big from level 3, small from level 5). */
  sizes: DotSize[];
  /** Sizes a root may take (big or normal, never small). */
  rootSizes: DotSize[];
  /** Whether growth is guarded (from level 14). */
  guard: boolean;
  /** Whether roots start thin (from chapter 5). */
  thinStarts: boolean;
}

/**
 * The milestones in force at a level of a chapter, from
 * models/carillon/generator.json.
 */
export function milestonesAt(model: CarillonGeneratorModel, level: number, chapter: number): Milestones {
  const m = model.milestones;
  const big = level >= m.bigDotsFromLevel;
  const small = level >= m.smallDotsFromLevel;
  const sizes: DotSize[] = [...(small ? (["small"] as const) : []), "normal", ...(big ? (["big"] as const) : [])];
  return {
    minGoal: stepValue(m.minGoal, level),
    sizes,
    rootSizes: big ? ["normal", "big"] : ["normal"],
    guard: level >= m.guardFromLevel,
    thinStarts: chapter >= m.thinStartsFromChapter,
  };
}
