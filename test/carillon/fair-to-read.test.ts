import { describe, expect, it } from "vitest";
import { checkFairGeometry } from "../../src/carillon/fair/fair-geometry.ts";
import { fieldEngine } from "../../src/carillon/solver/field-engine.ts";
import { loadCarillonModels } from "../../src/carillon/model/load-models.ts";
import { measureCarillon } from "../../src/carillon/measure/measure-carillon.ts";
import { startState } from "../../src/carillon/level/carillon-state.ts";
import { checkTieOrder } from "../../src/carillon/fair/tie-order-check.ts";
import { checkLevel } from "../../src/carillon/check/check-level.ts";
import type { CarillonBody } from "../../src/carillon/level/carillon-body.ts";
import { loadFixture } from "./fixtures.ts";

const models = loadCarillonModels();

describe("fair to read (SPEC 4.2)", () => {
  it("names the pair that is too close and the ring that neither clearly reaches nor clearly misses", () => {
    const e = fieldEngine(loadFixture("unfair-gap-and-margin"), models.physics);
    const problems = checkFairGeometry(e.field, models.fair);
    // Dots 0 and 1: 40 apart centre to centre, 40 − 18 − 18 = 4 units edge to edge.
    expect(problems).toContainEqual({ reason: "fair-gap", message: "dots 0 and 1 are 4 units apart edge to edge (at least 14)", dots: [0, 1] });
    // Dot 0 → dot 2: 125 − 18 − 110 = −3: reaches with only 3 to spare.
    expect(problems).toContainEqual({
      reason: "fair-margin",
      message: "dot 0's ring reaches dot 2 with only 3 units to spare (at least 10)",
      dots: [0, 2],
    });
    // Dot 1 → dot 2: √(40² + 125²) − 128 ≈ 3.24: misses by only 3.24.
    expect(problems).toContainEqual({ reason: "fair-margin", message: "dot 1's ring misses dot 2 by only 3.24 units (at least 10)", dots: [1, 2] });
    expect(problems.filter((p) => p.reason === "fair-gap")).toHaveLength(1);
  });

  it("the pop rule: a lone dot can never be popped with another, so no optimal solution is fair; the tap is named", () => {
    const m = measureCarillon(loadFixture("lone-dot-fails-pop-rule"), { models });
    expect(m.goal).toBe(2);
    expect(m.fair.solution).toBeNull();
    expect(m.solution).toEqual([0, 3]); // falls back to the solver's lexicographically smallest
    const pop = m.fair.problems.filter((p) => p.reason === "fair-pop");
    expect(pop).toHaveLength(1);
    expect(pop[0].dots).toEqual([3]);
    expect(pop[0].message).toMatch(/tap 2 \(dot 3\) pops 1 of 1 dots/);
  });

  it("the stored solution is the lexicographically smallest optimal one meeting the pop rule, not merely the smallest", () => {
    // A 2-dot pair P (dots 0 → 1) and a 20-dot cluster C (dots 2-21). The lexicographically smallest
    // optimal solution [0, 2] starts with dot 0, which pops 2 of 22 dots (9% < 10%): unfair. Tapping
    // C first pops 20 of 22, then P pops 2 of 2: the stored solution is [2, 0].
    const dots: CarillonBody["dots"] = [
      { x: 80, y: 60, size: "normal", note: 0 },
      { x: 80, y: 155, size: "small", note: 1 },
    ];
    // C: a 4 × 5 grid of normals 70 apart (each reaches its neighbours: 70 − 18 = 52 ≤ 110,
    // diagonals 99 − 18 = 81; two apart 140 − 18 = 122 ≥ 120 misses clearly).
    for (let r = 0; r < 5; r++) for (let c = 0; c < 4; c++) dots.push({ x: 300 + 70 * c, y: 450 + 70 * r, size: "normal", note: 2 });
    const body: CarillonBody = { width: 640, height: 900, dots };
    const m = measureCarillon(body, { models });
    expect(checkFairGeometry(m.engine.field, models.fair)).toEqual([]);
    expect(m.goal).toBe(2);
    expect(m.solved.solution).toEqual([0, 2]);
    expect(m.fair.solution).toEqual([2, 0]);
    expect(m.solution).toEqual([2, 0]);
    expect(m.fair.problems).toEqual([]);
    expect(checkLevel(body, [2, 0], [], models)).toEqual([]);
    expect(checkLevel(body, [0, 2], [], models).map((p) => p.reason)).toEqual(["fair-pop", "solution"]);
  });

  it("ties: simultaneous hits are replayed in reverse order, and plain dots never depend on it", () => {
    // A centre dot with four normals at the same distance: all four hits arrive together.
    const body: CarillonBody = {
      width: 640,
      height: 900,
      dots: [
        { x: 300, y: 400, size: "normal", note: 0 },
        { x: 390, y: 400, size: "normal", note: 1 },
        { x: 210, y: 400, size: "normal", note: 1 },
        { x: 300, y: 490, size: "normal", note: 1 },
        { x: 300, y: 310, size: "normal", note: 1 },
      ],
    };
    const e = fieldEngine(body, models.physics);
    const { problems, replays } = checkTieOrder(e.field, e.rings, [{ state: startState(e.field), taps: [] }]);
    expect(replays).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
});
