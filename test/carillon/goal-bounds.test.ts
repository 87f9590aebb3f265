// Goal bounds of a dressed field before any search (dress/goal-bounds.ts) on hand-built fields
// whose goals are pinned in rules-hand-built.test.ts, and the dressing's pre-check (boundsMiss).
import { describe, expect, it } from "vitest";
import { loadCarillonModels } from "../../src/carillon/model/load-models.ts";
import { plainBody } from "../../src/carillon/check/mark-units.ts";
import { goalBounds } from "../../src/carillon/generate/dress/goal-bounds.ts";
import { boundsMiss } from "../../src/carillon/generate/dress/best-dressing.ts";
import { bodyTapModel, solveBody } from "../../src/carillon/solver/solve-body.ts";
import { loadFixture } from "./fixtures.ts";

const models = loadCarillonModels();
const bounds = (name: string, roots: number[], most = 10, plain = false) => {
  const body = plain ? plainBody(loadFixture(name)) : loadFixture(name);
  return goalBounds(bodyTapModel(body, models), roots, most);
};

describe("goalBounds: the goal lies between the lower bound and a greedy play of the roots", () => {
  it("an echo stone joining two chains plays in one tap fewer than the roots", () => {
    // Big 0 pops small echo 1, whose big echo pops normal 2: tapping root 0 clears the field (goal 1).
    // Without the mark, roots 0 and 2 each need a tap (goal 2), and each tap pops a dot or two.
    expect(bounds("echo-small-stone-echoes-big-ring", [0, 2])).toEqual({ lower: 1, upper: 1, leastPop: 3 });
    expect(bounds("echo-small-stone-echoes-big-ring", [0, 2], 10, true)).toEqual({ lower: 2, upper: 2, leastPop: 1 });
  });

  it("a heavy bell cutting a line plays in one tap more, the cut tap popping one dot", () => {
    // 0 only cracks bell 1 (it pops 0 alone); then 1 (or 2) pops the two left: 2 taps, the goal (2).
    // The lower bound is 1: two dots (0 and 2) can reach the bell, so its two hits are possible.
    const b = bounds("bell-cracks-middle-of-line", [0]);
    expect(b).toEqual({ lower: 1, upper: 2, leastPop: 1 });
    expect(solveBody(loadFixture("bell-cracks-middle-of-line"), models).goal).toBe(2);
  });

  it("a root whose tap would lose (its chain ends on the home note) waits until it is the last", () => {
    // Lines 0→1→2 (home on 2) and 3→4→5: root 0 first loses, so the play taps 3 then 0 (goal 2).
    expect(bounds("home-note-last-in-line", [0, 3])).toEqual({ lower: 2, upper: 2, leastPop: 3 });
  });

  it("no play within `most` taps gives an upper bound of Infinity", () => {
    expect(bounds("bell-cracks-middle-of-line", [0], 1).upper).toBe(Infinity);
  });

  it("the bounds always hold the solver's goal (every hand-built rule field)", () => {
    for (const name of ["echo-small-stone-echoes-big-ring", "bell-cracks-middle-of-line", "home-note-last-in-line", "home-note-mid-line", "horn-cone-reaches-far-dot", "duet-joins-two-lines", "round-bells-out-of-order"]) {
      const body = loadFixture(name);
      const goal = solveBody(body, models).goal;
      const b = goalBounds(bodyTapModel(body, models), body.dots.map((_d, i) => i), body.dots.length);
      expect(b.lower, name).toBeLessThanOrEqual(goal);
      expect(b.upper, name).toBeGreaterThanOrEqual(goal);
    }
  });
});

describe("boundsMiss: the dressing's pre-check names why a draw cannot fit the goal window", () => {
  it("fits, too short, too long", () => {
    const echo = loadFixture("echo-small-stone-echoes-big-ring");
    expect(boundsMiss(echo, [0, 2], { min: 1, max: 1 }, models)).toBeNull();
    expect(boundsMiss(echo, [0, 2], { min: 2, max: 3 }, models)).toBe("pre-goal-below");
    // Without the echo the two sources need two taps: proven over a window of one.
    expect(boundsMiss(plainBody(echo), [0, 2], { min: 1, max: 1 }, models)).toBe("pre-goal-over");
    const bell = loadFixture("bell-cracks-middle-of-line");
    // The bound allows one tap, but playing the root takes two: a guess, named as such.
    expect(boundsMiss(bell, [0], { min: 1, max: 1 }, models)).toBe("pre-goal-greedy");
    // Goal 2 fits, but the play's first tap pops one dot: the pop rule (2 dots a tap) would fail.
    expect(boundsMiss(bell, [0], { min: 1, max: 2 }, models)).toBe("pre-pop");
  });

  it("where drifters move it only rejects what the bounds prove", () => {
    const drift = loadFixture("drifter-comes-into-reach");
    const goal = solveBody(drift, models).goal;
    expect(boundsMiss(drift, [], { min: goal, max: goal }, models)).toBeNull();
    expect(boundsMiss(drift, [], { min: goal + 1, max: goal + 2 }, models)).toBe("pre-goal-below");
  });
});
