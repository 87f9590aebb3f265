// "Every mark matters" and "the level needs its rule" (SPEC 4.5), and validate's rule checks.
import { describe, expect, it } from "vitest";
import { stripUnneededMarks } from "../../src/carillon/check/every-mark-matters.ts";
import { loadCarillonModels } from "../../src/carillon/model/load-models.ts";
import { markUnits, plainBody, withoutMarks } from "../../src/carillon/check/mark-units.ts";
import { measureCarillon } from "../../src/carillon/measure/measure-carillon.ts";
import { needsItsRule } from "../../src/carillon/check/needs-its-rule.ts";
import { solveBody } from "../../src/carillon/solver/solve-body.ts";
import { checkLevel } from "../../src/carillon/check/check-level.ts";
import { loadFixture } from "./fixtures.ts";

const models = loadCarillonModels();

describe("every mark matters (SPEC 4.5)", () => {
  // For each rule, a field where its mark changes neither the goal nor the winning first taps.
  const cases: Array<[string, string, number[]]> = [
    // Three mutual dots; the bell gets two hits in every chain (0.896 and 1.824 beats after tapping 0).
    ["bell", "bell-hit-twice-in-one-chain", [2]],
    // Echo on the last normal of the line, popped by the other normal: it echoes its own size.
    ["echo", "echo-same-size-popper", [2]],
    // A horn at the big start facing along the line: the cone reaches what the chain reaches anyway.
    ["horn", "horn-cone-adds-nothing", [0]],
    // A duet between the two normals of one line, which pop each other anyway.
    ["duet", "duet-inside-one-chain", [1, 2]],
    // A drifter that moves 5 units a tap, keeping its partner in reach.
    ["drifter", "drifter-stays-away", [3]],
    // A home note that pops last in the only chain anyway.
    ["home", "home-note-already-last", [2]],
    // A single round bell (order 1): its turn has always come.
    ["round", "round-bell-alone", [1]],
  ];
  for (const [rule, name, unit] of cases) {
    it(`removes a ${rule} mark that does not matter (${name})`, () => {
      const body = loadFixture(name);
      expect(markUnits(body)).toEqual([unit]);
      const out = stripUnneededMarks(body, models);
      expect(out.removed).toEqual([unit]);
      expect(out.kept).toEqual([]);
      expect(out.body.dots.every((d) => !d.mark)).toBe(true);
      const before = solveBody(body, models);
      expect([out.solved.goal, out.solved.winningFirstTaps]).toEqual([before.goal, before.winningFirstTaps]);
    });
  }

  it("keeps every mark of the hand-built fields where the rule matters", () => {
    for (const name of [
      "bell-cracks-middle-of-line",
      "echo-small-stone-echoes-big-ring",
      "horn-cone-reaches-far-dot",
      "duet-joins-two-lines",
      "drifter-comes-into-reach",
      "home-note-last-in-line",
      "home-note-mid-line",
      "round-bells-out-of-order",
    ]) {
      const body = loadFixture(name);
      const out = stripUnneededMarks(body, models);
      expect(out.removed, name).toEqual([]);
      expect(out.kept, name).toEqual(markUnits(body));
    }
  });

  it("removes marks one by one from the field as it stands after the earlier removals", () => {
    // Big 0 (100,300) pops small echo stones 1 (230,300) and 2 (230,400); either one's big echo
    // reaches normal 3 (370,350) (130.7 ≤ 170; a small ring's 60 does not).
    // Both: goal 1, winning [0]. Without 1 (2 still echoes): the same → 1 stays removed.
    // Then without 2 as well: goal 2 (sources {0} and {3}) → 2 is kept.
    // Removing each mark against the original field would have removed both.
    const body = loadFixture("two-echoes-one-needed");
    const out = stripUnneededMarks(body, models);
    expect(out.removed).toEqual([[1]]);
    expect(out.kept).toEqual([[2]]);
    expect(solveBody(withoutMarks(body, [2]), models).goal).toBe(1);
    expect(solveBody(plainBody(body), models).goal).toBe(2);
  });

  it("repeats its passes until nothing more goes, so the result passes the check again", () => {
    // A chapter 13 field (horn + home) from a build, with a second horn added on dot 23: in the first
    // pass horn 2 is kept (with horn 23 there, removing it changes the goal or winning first taps),
    // then horn 23 goes; with horn 23 gone, horn 2 no longer matters. One pass shipped such a
    // field and `verify` caught it; the second pass removes horn 2 too.
    const body = loadFixture("horn-matters-only-beside-a-later-horn");
    const out = stripUnneededMarks(body, models);
    expect(out.removed).toEqual([[23], [2]]);
    expect(out.kept).toEqual([[38]]); // the home note
    // a fixed point: nothing more to remove from the result
    expect(stripUnneededMarks(out.body, models).removed).toEqual([]);
    // the first pass alone: horn 2 kept while horn 23 is there
    const solved = solveBody(body, models);
    const without2 = solveBody(withoutMarks(body, [2]), models);
    expect(without2.goal !== solved.goal || without2.winningFirstTaps.join() !== solved.winningFirstTaps.join()).toBe(true);
  });

  it("lists a duet pair as one mark, at its lower index", () => {
    expect(markUnits(loadFixture("duet-joins-two-lines"))).toEqual([[2, 3]]);
  });
});

describe("the level needs its rule (SPEC 4.5)", () => {
  it("needed when the goal differs, or a first tap that wins plain loses with the marks", () => {
    expect(needsItsRule(loadFixture("duet-joins-two-lines"), models)).toMatchObject({ needed: true, goal: 1, plainGoal: 2 });
    // Home: goal 2 both ways, but 0 wins plain and loses with the home note.
    expect(needsItsRule(loadFixture("home-note-last-in-line"), models)).toMatchObject({ needed: true, goal: 2, plainGoal: 2, lostFirstTaps: [0] });
  });

  it("not needed when the marks only add winning first taps (every mark still matters)", () => {
    // Duet 0↔2 on the three-dot line: tapping 2 or 1 now pops 0 too, so every first tap wins;
    // the goal stays 1 and the only plain winning tap (0) still wins.
    const body = loadFixture("duet-adds-winning-taps");
    expect(stripUnneededMarks(body, models).removed).toEqual([]);
    expect(needsItsRule(body, models)).toMatchObject({ needed: false, goal: 1, plainGoal: 1, lostFirstTaps: [] });
  });
});

describe("validate with rules (SPEC 4.5)", () => {
  it("passes a level whose marks all matter and whose rule is needed", () => {
    const body = loadFixture("duet-joins-two-lines");
    const m = measureCarillon(body, { models });
    const problems = checkLevel(body, m.solution, ["duet"], models);
    expect(problems.filter((p) => !p.reason.startsWith("fair-pop"))).toEqual([]);
  });

  it("names a mark that does not matter, an unneeded rule, an unlisted and a missing rule", () => {
    const body = loadFixture("home-note-already-last");
    const reasons = checkLevel(body, [0], ["bell"], models).map((p) => p.reason);
    expect(reasons).toEqual(["rule-unlisted", "rule-missing", "mark-matters", "rule-needed"]);
    expect(checkLevel(loadFixture("duet-adds-winning-taps"), [0], ["duet"], models).map((p) => p.reason)).toContain("rule-needed");
  });

  it("replays the stored solution through the rules: a home note popped too early loses", () => {
    const body = loadFixture("home-note-last-in-line");
    const problems = checkLevel(body, [0, 3], ["home"], models);
    expect(problems.find((p) => p.reason === "replay")?.message).toMatch(/tap 1 of the stored solution \(dot 0\) loses the level/);
    expect(checkLevel(body, [3, 0], ["home"], models)).toEqual([]);
  });

  it("refuses a rule name that is not a mark kind", () => {
    expect(() => checkLevel(loadFixture("three-dot-line"), [0], ["gravity"], models)).toThrow(/carillon\/validate: expected rules among/);
  });
});
