// The concepts a Carillon field needs (SPEC 12): the mark kinds whose removal (every mark of the
// kind, the other kinds kept) changes the goal or the winning first taps — SPEC 4.5's test, asked
// of the kind. Hand-built fields of fixtures/carillon, each with and without its mark
// (the goals and winning first taps by hand are in rules-hand-built.test.ts and mark-checks.test.ts).
import { describe, expect, it } from "vitest";
import { carillonBackend } from "../../src/carillon/carillon-backend.ts";
import { carillonConcepts } from "../../src/carillon/check/carillon-concepts.ts";
import { plainBody, withoutMarks } from "../../src/carillon/check/mark-units.ts";
import { MARK_KINDS } from "../../src/carillon/level/compile-field.ts";
import type { CarillonBody } from "../../src/carillon/level/carillon-body.ts";
import { loadCarillonModels } from "../../src/carillon/model/load-models.ts";
import { solveBody } from "../../src/carillon/solver/solve-body.ts";
import { loadFixture } from "./fixtures.ts";

const models = loadCarillonModels();

/** Two fields side by side: `b`'s dots moved down by `dy` (far out of every reach) and renumbered after `a`'s. */
function sideBySide(a: CarillonBody, b: CarillonBody, dy: number): CarillonBody {
  const shift = a.dots.length;
  return {
    ...a,
    dots: [
      ...a.dots,
      ...b.dots.map((d) => ({ ...d, y: d.y + dy, ...(d.mark?.kind === "duet" ? { mark: { ...d.mark, partner: d.mark.partner + shift } } : {}) })),
    ],
  };
}

describe("Carillon concepts: the mark kinds a field needs", () => {
  // fixture → the concepts it needs; each names its one kind when the mark changes the answer, none when it does not
  const cases: Array<[string, string[]]> = [
    ["bell-cracks-middle-of-line", ["bell"]], // goal 1 → 2 with the bell
    ["bell-hit-twice-in-one-chain", []], // both hits come in one chain: the bell changes nothing
    ["echo-small-stone-echoes-big-ring", ["echo"]], // goal 2 → 1
    ["echo-same-size-popper", []], // the echo is the size it already was
    ["two-echoes-one-needed", ["echo"]], // one of the two matters: the kind is needed
    ["horn-cone-reaches-far-dot", ["horn"]], // goal 2 → 1
    ["horn-cone-adds-nothing", []],
    ["duet-joins-two-lines", ["duet"]], // goal 2 → 1
    ["duet-adds-winning-taps", ["duet"]], // same goal, more winning first taps
    ["duet-inside-one-chain", []],
    ["drifter-comes-into-reach", ["drifter"]],
    ["drifter-stays-away", []],
    ["home-note-last-in-line", ["home"]], // a winning first tap now loses
    ["home-note-mid-line", ["home"]],
    ["home-note-already-last", []],
    ["round-bells-out-of-order", ["round"]],
    ["round-bell-alone", []], // a lone round bell has no turn to wait for
    ["three-dot-line", []], // plain
  ];
  for (const [name, concepts] of cases) {
    it(`${name}: ${concepts.length ? concepts.join(", ") : "none"}`, () => {
      const body = loadFixture(name);
      expect(carillonConcepts(body, models)).toEqual(concepts);
      // the same through the game contract (verify's way) and solve's measure (measure --json)
      expect(carillonBackend.concepts(body)).toEqual(concepts);
      expect(carillonBackend.solve(body).measure.concepts).toEqual(concepts);
      // without its marks a field needs no concept
      expect(carillonConcepts(plainBody(body), models)).toEqual([]);
    });
  }

  it("every kind the fixtures name is a mark kind, and each kind is met needed and not needed", () => {
    const needed = new Set(cases.flatMap(([, c]) => c));
    expect([...needed].sort()).toEqual([...MARK_KINDS].sort());
    for (const kind of MARK_KINDS) expect(cases.some(([name, c]) => name.startsWith(kind) && c.length === 0), kind).toBe(true);
  });

  it("two kinds on one field: each judged on its own, named in the rules' order", () => {
    // A needed horn (goal 2 → 1) above, a bell that matters below: both named, horn after bell as in MARK_KINDS.
    const both = sideBySide(loadFixture("horn-cone-reaches-far-dot"), loadFixture("bell-cracks-middle-of-line"), 450);
    expect(carillonConcepts(both, models)).toEqual(["bell", "horn"]);
    // a horn that adds nothing beside a bell that matters: only the bell
    const bellOnly = sideBySide(loadFixture("bell-cracks-middle-of-line"), loadFixture("horn-cone-adds-nothing"), 450);
    expect(carillonConcepts(bellOnly, models)).toEqual(["bell"]);
    // a home note that must pop last beside a duet inside one chain (which changes nothing; its partners renumbered)
    const duetHome = sideBySide(loadFixture("home-note-last-in-line"), loadFixture("duet-inside-one-chain"), 0);
    expect(carillonConcepts(duetHome, models)).toEqual(["home"]);
  });

  it("a kind whose marks matter one by one but not together is not named (every mark matters would strip them)", () => {
    // horn 2 matters while horn 23 is there (mark-checks.test.ts), yet with both horns gone the
    // field has its answer again: a player who ignores horns is not misled. The home note is needed.
    const body = loadFixture("horn-matters-only-beside-a-later-horn");
    expect(carillonConcepts(body, models)).toEqual(["home"]);
    const solved = solveBody(body, models);
    const noHorns = solveBody(withoutMarks(body, [2, 23]), models);
    expect([noHorns.goal, noHorns.winningFirstTaps]).toEqual([solved.goal, solved.winningFirstTaps]);
  });
});
