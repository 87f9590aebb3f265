import { describe, expect, it } from "vitest";
import { chainCeiling } from "../../src/select/rules/chain-ceiling.ts";
import type { SelectionProblem } from "../../src/select/problem/selection-problem.ts";
import { slotGroups } from "../../src/select/problem/slot-groups.ts";
import { checkPicks } from "../../src/select/rules/check-picks.ts";
import { createRng } from "../../src/random/create-rng.ts";
import { BRUTE_FORCE_SPACE, randomProblem, searchSpace } from "./random-problem.ts";

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

// An upper bound: never under the highest first level of a filling that meets every rule (runs, conflicts, each
// candidate once), found by brute force over random small problems.
describe("chainCeiling against brute force", () => {
  /** The highest first value of a filling of slots from..to − 1 that checkPicks accepts (−Infinity: none). */
  function bruteCeiling(p: SelectionProblem, from: number, to: number): number {
    const sub: SelectionProblem = { ...p, slots: p.slots.slice(from, to), eligible: p.eligible.slice(from, to), fixed: p.fixed.slice(from, to) };
    let best = -Infinity;
    const picks: number[] = [];
    const walk = (s: number) => {
      if (s === sub.slots.length) {
        if (checkPicks(sub, picks).length === 0) best = Math.max(best, p.candidates[picks[0]].metrics.v);
        return;
      }
      for (const c of sub.eligible[s]) {
        if (picks.includes(c)) continue;
        picks.push(c);
        walk(s + 1);
        picks.pop();
      }
    };
    walk(0);
    return best;
  }

  it("over 400 random problems and each part boundary", () => {
    let bounded = 0;
    let exact = 0;
    for (let i = 0; i < 400; i++) {
      const p = randomProblem(createRng(`ceiling-${i}`), [{}, { conflicts: true }, { chapters: true }, { any: true }, { chainShaped: true }][i % 5]);
      if (searchSpace(p) > BRUTE_FORCE_SPACE) continue;
      const climbs = p.chain.some((c) => c.type === "nonDecreasing" && c.key === "v" && c.scope === undefined);
      for (const g of slotGroups(p).slice(1)) {
        const ceiling = chainCeiling(p, g.start, p.slots.length);
        if (!climbs) {
          expect(ceiling === Infinity || ceiling === -Infinity).toBe(true);
          continue;
        }
        const truth = bruteCeiling(p, g.start, p.slots.length);
        expect(ceiling, `problem ${i} from slot ${g.start}`).toBeGreaterThanOrEqual(truth);
        bounded++;
        if (ceiling === truth) exact++;
      }
    }
    expect(bounded).toBeGreaterThan(100);
    // the relaxation is tight on most of them (174 of 194 when written)
    expect(exact / bounded).toBeGreaterThan(0.5);
  });
});
