// bestDressing's draws and close (SPEC 4.5): how many dressings a grown field gets, and the early stop
// once a passing dressing lands near the target. Same seed, same draws: the stop changes only how many.
import { describe, expect, it } from "vitest";
import { bestDressing, withBuiltInBells } from "../../src/carillon/generate/dress/best-dressing.ts";
import { dressField, prepareDressing } from "../../src/carillon/generate/dress/dress-field.ts";
import { growField } from "../../src/carillon/generate/grow/grow-field.ts";
import { loadCarillonModels } from "../../src/carillon/model/load-models.ts";
import { canonicalJson } from "../../src/io/canonical-json.ts";
import { createRng } from "../../src/random/index.ts";

const models = loadCarillonModels();
const settings = { dots: [18, 22] as [number, number], roots: [4, 4] as [number, number], coreSize: [2, 4] as [number, number] };

/** A grown echo field (chapter 6) whose dressings pass at least twice in 8 draws. */
function grownField() {
  for (let i = 0; i < 40; i++) {
    const grown = growField({ level: 101, chapter: 6, settings, rng: createRng(`draws/${i}`), stats: {}, models });
    if (!grown) continue;
    const all = dress(grown, { draws: 8 });
    if (all && all.passed >= 2) return grown;
  }
  throw new Error("no grown field with two passing dressings");
}

function dress(grown: NonNullable<ReturnType<typeof growField>>, extra: { draws?: number; close?: number; target?: number }) {
  const goals = { min: grown.milestones.minGoal, max: grown.roots.length + models.generator.dressing.maxExtraTaps };
  return bestDressing({ grown, rules: ["echo"], counts: models.generator.dressing.marks, goals, rng: createRng("draws/dress"), models, stats: {}, ...extra });
}

describe("bestDressing: draws and close", () => {
  it("draws caps the dressings; close stops at the first passing one that near the target", () => {
    const grown = grownField();
    const all = dress(grown, { draws: 8 })!;
    expect(all.passed).toBeGreaterThanOrEqual(2);
    // Without a target the first passing dressing is kept, after all 8 draws.
    // With a target and a closeness every dressing meets, the draws stop at that same first one.
    const stopped = dress(grown, { draws: 8, close: 1000, target: 0 })!;
    expect(stopped.passed).toBe(1);
    expect(canonicalJson(stopped.body)).toBe(canonicalJson(all.body));
    // A closeness nothing meets: all 8 draws, the nearest kept, as with no close at all.
    const far = dress(grown, { draws: 8, close: 1e-9, target: 1000 })!;
    const plain = dress(grown, { draws: 8, target: 1000 })!;
    expect(far.passed).toBe(all.passed);
    expect(canonicalJson(far.body)).toBe(canonicalJson(plain.body));
    // One draw: at most one passes.
    expect(dress(grown, { draws: 1 })?.passed ?? 0).toBeLessThanOrEqual(1);
  });
});

describe("dressField: a prepared field", () => {
  it("draws the same dressings with the field prepared once as when each draw prepares it", () => {
    const grown = grownField();
    const base = withBuiltInBells(grown);
    const prepared = prepareDressing(base, grown.roots, models);
    const request = { base, roots: grown.roots, rules: ["echo"] as const, counts: models.generator.dressing.marks, models, stats: {} };
    const a = createRng("prepared/1");
    const b = createRng("prepared/1");
    let dressed = 0;
    for (let k = 0; k < 6; k++) {
      const fresh = dressField({ ...request, rng: a });
      const reused = dressField({ ...request, rng: b, prepared });
      expect(canonicalJson(reused)).toBe(canonicalJson(fresh));
      if (fresh) dressed++;
    }
    expect(dressed).toBeGreaterThan(0);
  });
});
