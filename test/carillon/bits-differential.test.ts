import { describe, expect, it } from "vitest";
import { bitsReference } from "../../src/carillon/measure/bits-reference.ts";
import { fieldEngine } from "../../src/carillon/engine/field-engine.ts";
import { generateField } from "../../src/carillon/generate-field.ts";
import { loadCarillonModels } from "../../src/carillon/model/load-models.ts";
import { measureBits } from "../../src/carillon/measure/measure-bits.ts";
import { simulatedTapModel } from "../../src/carillon/solver/simulated-tap-model.ts";
import { solveField } from "../../src/carillon/solver/solve-field.ts";
import type { CarillonBody } from "../../src/io/schemas/carillon-body.ts";
import { createRng } from "../../src/random/index.ts";
import { loadFixture } from "./fixtures.ts";
import { scatterField } from "./scatter.ts";

const models = loadCarillonModels();
const limits = { maxStates: 100_000 };

function smallFields(): CarillonBody[] {
  const bodies: CarillonBody[] = [];
  for (let s = 0; s < 20; s++) bodies.push(scatterField(`bits-${s}`, 5 + (s % 4)));
  for (let s = 0; s < 12; s++) {
    const g = generateField({
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

  it("fails clearly past its state limit", () => {
    const e = fieldEngine(loadFixture("two-lines-far-apart"), models.physics);
    expect(() => measureBits(e.model, 2, models.difficulty.leans.lean, { maxStates: 1 })).toThrow(/carillon\/bits: gave up after 1 states/);
  });
});
