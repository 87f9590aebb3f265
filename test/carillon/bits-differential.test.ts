import { describe, expect, it } from "vitest";
import { bitsReference } from "../../src/carillon/measure/bits-reference.ts";
import { fieldEngine } from "../../src/carillon/solver/field-engine.ts";
import { generateLevel } from "../../src/carillon/generate/generate-level.ts";
import { loadCarillonModels } from "../../src/carillon/model/load-models.ts";
import { measureBits } from "../../src/carillon/measure/measure-bits.ts";
import { simulatedTapModel } from "../../src/carillon/solver/simulated-tap-model.ts";
import { solveField } from "../../src/carillon/solver/solve-field.ts";
import type { CarillonBody } from "../../src/carillon/level/carillon-body.ts";
import { createRng } from "../../src/random/index.ts";
import { loadFixture } from "./fixtures.ts";
import { scatterField } from "./scatter.ts";

const models = loadCarillonModels();
const limits = { maxStates: 100_000 };

function smallFields(): CarillonBody[] {
  const bodies: CarillonBody[] = [];
  for (let s = 0; s < 20; s++) bodies.push(scatterField(`bits-${s}`, 5 + (s % 4)));
  for (let s = 0; s < 12; s++) {
    const g = generateLevel({
      level: s % 2 ? 20 : 8,
      chapter: 1,
      settings: { dots: [7, 10], roots: [2, 3] },
      rng: createRng(`bits-grown-${s}`),
      stats: {},
      models,
    });
    if (g) bodies.push(g.body);
  }
  bodies.push(loadFixture("lean-follows-current-state"), loadFixture("two-lines-far-apart"));
  return bodies;
}

describe("bits: the fast recursion against the plain unpruned one (SPEC 4.5)", () => {
  it("gives the same bits under every lean, and prunes (fewer states)", () => {
    const fields = smallFields();
    expect(fields.length).toBeGreaterThanOrEqual(30);
    let fastStates = 0;
    let plainStates = 0;
    let multiTap = 0;
    for (const body of fields) {
      const e = fieldEngine(body, models.physics);
      const { goal } = solveField(e.model, limits);
      if (goal >= 2) multiTap++;
      const reference = simulatedTapModel(e.field, { graph: e.graph });
      for (const name of Object.keys(models.difficulty.leans)) {
        const lean = models.difficulty.leans[name];
        const fast = measureBits(e.model, goal, lean, limits);
        const plain = bitsReference(reference, goal, lean);
        expect(fast.bits).toBeCloseTo(plain.bits, 9);
        expect(fast.states).toBeLessThanOrEqual(plain.states);
        fastStates += fast.states;
        plainStates += plain.states;
      }
    }
    expect(multiTap).toBeGreaterThanOrEqual(10);
    expect(fastStates * 3).toBeLessThan(plainStates);
  });

  it("prunes taps that cannot lower the bound without computing it: the same bits and states, and the bound never falls", () => {
    let kept = 0;
    let checked = 0;
    for (const body of smallFields()) {
      const e = fieldEngine(body, models.physics);
      const { goal } = solveField(e.model, limits);
      // The same model without keepsLowerBound: every tap's bound computed.
      const { keepsLowerBound: _k, ...rest } = e.model;
      const without = { ...rest, field: e.model.field };
      for (const name of Object.keys(models.difficulty.leans)) {
        const fast = measureBits(e.model, goal, models.difficulty.leans[name], limits);
        const slow = measureBits(without, goal, models.difficulty.leans[name], limits);
        expect(slow.keptBounds).toBe(0);
        expect(fast.bits).toBe(slow.bits);
        expect(fast.states).toBe(slow.states);
        kept += fast.keptBounds;
      }
      // Soundness along a walk: whenever the model says a tap keeps the bound, it does.
      let state = e.model.start();
      for (let step = 0; step < goal && state.alive.some((w) => w !== 0); step++) {
        for (const d of e.model.tapsFrom(state)) {
          if (!e.model.keepsLowerBound!(state, d)) continue;
          expect(e.model.lowerBound(e.model.tap(state, d).next)).toBeGreaterThanOrEqual(e.model.lowerBound(state));
          checked++;
        }
        const taps = e.model.tapsFrom(state);
        state = e.model.tap(state, taps[taps.length - 1]).next;
      }
    }
    expect(kept).toBeGreaterThan(0);
    expect(checked).toBeGreaterThan(50);
  });

  it("fails clearly past its state limit", () => {
    const e = fieldEngine(loadFixture("two-lines-far-apart"), models.physics);
    expect(() => measureBits(e.model, 2, models.difficulty.leans.lean, { maxStates: 1 })).toThrow(/carillon\/bits: gave up after 1 states/);
  });
});
