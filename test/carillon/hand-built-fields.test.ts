import { describe, expect, it } from "vitest";
import { fieldEngine } from "../../src/carillon/solver/field-engine.ts";
import { loadCarillonModels } from "../../src/carillon/model/load-models.ts";
import { leanNamed, measureCarillon } from "../../src/carillon/measure/measure-carillon.ts";
import { measureBits } from "../../src/carillon/measure/measure-bits.ts";
import { solveField } from "../../src/carillon/solver/solve-field.ts";
import { checkLevel } from "../../src/carillon/check/check-level.ts";
import { loadFixture } from "./fixtures.ts";

const models = loadCarillonModels();
const limits = { maxStates: 10_000 };

function bitsUnder(name: string, lean: string): number {
  const engine = fieldEngine(loadFixture(name), models.physics);
  const { goal } = solveField(engine.model, limits);
  return measureBits(engine.model, goal, leanNamed(models, lean), limits).bits;
}

describe("hand-built fields (hand-computed answers)", () => {
  it("three-dot-line: goal 1, only the big dot wins, log2 3 bits (SPEC 4.5 check value)", () => {
    const m = measureCarillon(loadFixture("three-dot-line"), { models });
    expect(m.goal).toBe(1);
    expect(m.winningFirstTaps).toEqual([0]);
    expect(m.solution).toEqual([0]);
    expect(m.dots).toBe(3);
    expect(m.starts).toBe(1);
    expect(m.fair.problems).toEqual([]);
    // Previews 3, 2, 2; the largest is 3 and 2 ≥ 1.5, so every weight is 1: p = 1/3.
    expect(m.bits).toBeCloseTo(Math.log2(3), 9);
    expect(m.bits).toBeCloseTo(1.585, 3);
    // uniform: p = 1/3 → log2 3.
    expect(bitsUnder("three-dot-line", "uniform")).toBeCloseTo(Math.log2(3), 9);
    // proportional: p = 3/(3+2+2) = 3/7 → log2(7/3) ≈ 1.2224.
    expect(bitsUnder("three-dot-line", "proportional")).toBeCloseTo(Math.log2(7 / 3), 9);
    expect(bitsUnder("three-dot-line", "proportional")).toBeCloseTo(1.22, 2);
  });

  it("two-lines-far-apart: goal 2, both big dots win, log2 9 bits", () => {
    const m = measureCarillon(loadFixture("two-lines-far-apart"), { models });
    expect(m.goal).toBe(2);
    expect(m.winningFirstTaps).toEqual([0, 3]);
    expect(m.solution).toEqual([0, 3]);
    expect(m.starts).toBe(2);
    expect(m.fair.problems).toEqual([]);
    // lean: previews 3,2,2,3,2,2 → all weight 1. p = 2 · (1/6) · (1/3) = 1/9 (a normal
    // first leaves two sources for one tap: 0).
    expect(m.bits).toBeCloseTo(Math.log2(9), 9);
    // uniform: the same 1/9.
    expect(bitsUnder("two-lines-far-apart", "uniform")).toBeCloseTo(Math.log2(9), 9);
    // proportional: p = 2 · (3/14) · (3/7) = 9/49 → log2(49/9) ≈ 2.4449.
    expect(bitsUnder("two-lines-far-apart", "proportional")).toBeCloseTo(Math.log2(49 / 9), 9);
  });

  it("every-tap-wins: three normals that all reach each other are 0 bits under every lean", () => {
    const m = measureCarillon(loadFixture("every-tap-wins"), { models });
    expect(m.goal).toBe(1);
    expect(m.winningFirstTaps).toEqual([0, 1, 2]);
    expect(m.starts).toBe(3);
    expect(m.bits).toBe(0);
    expect(bitsUnder("every-tap-wins", "uniform")).toBe(0);
    expect(bitsUnder("every-tap-wins", "proportional")).toBe(0);
  });

  it("quarter-weight-small-dot: a small dot whose preview is under half the largest weighs 0.25", () => {
    const m = measureCarillon(loadFixture("quarter-weight-small-dot"), { models });
    expect(m.goal).toBe(1);
    expect(m.winningFirstTaps).toEqual([0]);
    expect(m.fair.problems).toEqual([]);
    // Previews: big 4, normals 3 and 3, small 1. Largest 4, half 2: the small dot weighs 0.25.
    // p = 1 / (1 + 1 + 1 + 0.25) = 4/13 → log2(13/4) ≈ 1.7004.
    expect(m.bits).toBeCloseTo(Math.log2(13 / 4), 9);
    // uniform: 1/4 → 2 bits.
    expect(bitsUnder("quarter-weight-small-dot", "uniform")).toBeCloseTo(2, 9);
    // proportional: 4/(4+3+3+1) = 4/11 → log2(11/4) ≈ 1.4594.
    expect(bitsUnder("quarter-weight-small-dot", "proportional")).toBeCloseTo(Math.log2(11 / 4), 9);
  });

  it("lean-follows-current-state: the lean threshold is half the largest preview of the current state", () => {
    const m = measureCarillon(loadFixture("lean-follows-current-state"), { models });
    expect(m.goal).toBe(2);
    expect(m.winningFirstTaps).toEqual([0, 4]);
    expect(m.solution).toEqual([0, 4]);
    // Start previews: big 4, normals 3, 3, small 1, pair normal 2, pair small 1; largest 4, half 2:
    // weights 1, 1, 1, 0.25, 1, 0.25 (Σ 4.5).
    // After the big dot, only the pair is left: previews 2 and 1, largest now 2, half 1 → weights 1, 1: p = 1/2
    // (with the start's threshold the small would weigh 0.25 and p would be 0.8).
    // After the pair's normal, the line is left: p = 4/13 as in quarter-weight-small-dot.
    // p = (1/4.5)(1/2) + (1/4.5)(4/13) = 7/39 → log2(39/7) ≈ 2.4780.
    expect(m.bits).toBeCloseTo(Math.log2(39 / 7), 9);
    // uniform: (1/6)(1/2) + (1/6)(1/4) = 1/8 → 3 bits.
    expect(bitsUnder("lean-follows-current-state", "uniform")).toBeCloseTo(3, 9);
    // proportional: Σ previews 14; (4/14)(2/3) + (2/14)(4/11) = 8/33 → log2(33/8) ≈ 2.0444.
    expect(bitsUnder("lean-follows-current-state", "proportional")).toBeCloseTo(Math.log2(33 / 8), 9);
  });

  it("every fair hand-built field validates with its stored solution", () => {
    for (const name of ["three-dot-line", "two-lines-far-apart", "every-tap-wins", "quarter-weight-small-dot", "lean-follows-current-state"]) {
      const body = loadFixture(name);
      const m = measureCarillon(body, { models });
      expect(checkLevel({ ...body, goal: m.goal }, m.solution, [], models), name).toEqual([]);
    }
  });
});
