import { describe, expect, it } from "vitest";
import { chainCeiling } from "../../src/select/rules/chain-ceiling.ts";
import type { SelectionProblem } from "../../src/select/problem/selection-problem.ts";

// The ceiling before a stretch of slots (src/select/rules/chain-ceiling.ts): the highest value a level before it
// may have so that the stretch can still be filled — a hand-computed case.

/**
 * Two parts of two levels; v and goal never fall. Part 2's candidates (indices 4–7): v 2, 5, 6, 8 with goal 1, 1, 2, 0.
 * Slot 2 may hold 2 (then 5 follows) or 5 (then 6 follows); 6 (goal 2) has no follower (8's goal 0 falls), and 8
 * none (no candidate fills two slots): the ceiling before part 2 is 5.
 */
function twoParts(extra: Partial<SelectionProblem> = {}): SelectionProblem {
  const v = [1, 1.5, 2, 2, 2, 5, 6, 8];
  const goal = [0, 0, 0, 0, 1, 1, 2, 0];
  return {
    metric: "v",
    slots: [1, 2, 3, 4].map((number) => ({ number, chapter: 1, part: number <= 2 ? 1 : 2, target: number })),
    candidates: v.map((x, i) => ({ id: `c${i}`, chapter: 1, part: i < 4 ? 1 : 2, metrics: { v: x, goal: goal[i] } })),
    eligible: [[0, 1, 2, 3], [0, 1, 2, 3], [4, 5, 6, 7], [4, 5, 6, 7]],
    chain: [
      { type: "nonDecreasing", key: "v" },
      { type: "nonDecreasing", key: "goal" },
    ],
    conflicts: [],
    objective: { norm: "L1", evenness: 0 },
    fixed: [undefined, undefined, undefined, undefined],
    ...extra,
  };
}

describe("chainCeiling", () => {
  it("is the highest first level of a filling, with every pairwise rule and no candidate on two slots in a row", () => {
    expect(chainCeiling(twoParts(), 2, 4)).toBe(5);
    // without the goal rule, 6 may start too (8 follows it)
    expect(chainCeiling(twoParts({ chain: [{ type: "nonDecreasing", key: "v" }] }), 2, 4)).toBe(6);
  });

  it("leaves out candidates chosen before the stretch", () => {
    // 6 taken: 5 has no follower (8's goal falls), so only 2 may start
    expect(chainCeiling(twoParts(), 2, 4, new Set([6]))).toBe(2);
  });

  it("is −Infinity when the stretch cannot be filled, +Infinity when the metric may fall or nothing is left to fill", () => {
    expect(chainCeiling(twoParts({ eligible: [[0], [1], [7], [7]] }), 2, 4)).toBe(-Infinity);
    expect(chainCeiling(twoParts({ chain: [{ type: "nonDecreasing", key: "goal" }] }), 2, 4)).toBe(Infinity);
    expect(chainCeiling(twoParts({ chain: [{ type: "nonDecreasing", key: "v", scope: "chapter" }] }), 2, 4)).toBe(Infinity);
    expect(chainCeiling(twoParts(), 4, 4)).toBe(Infinity);
    // one slot: its highest candidate
    expect(chainCeiling(twoParts(), 3, 4)).toBe(8);
  });
});
