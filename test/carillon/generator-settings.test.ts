import { describe, expect, it } from "vitest";
import { generateLevel } from "../../src/carillon/generate/generate-level.ts";
import { growField } from "../../src/carillon/generate/grow/grow-field.ts";
import { loadCarillonModels } from "../../src/carillon/model/load-models.ts";
import { canonicalJson } from "../../src/io/canonical-json.ts";
import { createRng } from "../../src/random/index.ts";

const models = loadCarillonModels();

describe("generator settings and bounded growth (SPEC 4.3)", () => {
  it("size fallback: a dot that does not fit at its drawn size is tried at the next smaller one", () => {
    const stats: Record<string, number> = {};
    let fallbackDots = 0;
    for (let s = 0; s < 5; s++) {
      // Only big dots are ever drawn; every smaller grown dot came from the fallback.
      const g = growField({
        level: 30,
        chapter: 2,
        settings: { dots: [34, 34], roots: [3, 3], sizeWeights: { small: 0, normal: 0, big: 1 } },
        rng: createRng(`fallback-${s}`),
        stats,
        models,
      });
      if (!g) continue;
      fallbackDots += g.body.dots.filter((d, i) => !g.roots.includes(i) && d.size !== "big").length;
    }
    expect(stats["size-fallback"]).toBeGreaterThan(0);
    expect(fallbackDots).toBeGreaterThan(0);
  });

  it("guard: true guards growth before level 14 (roots exactly the winning taps)", () => {
    for (let s = 0; s < 20; s++) {
      const g = generateLevel({
        level: 8,
        chapter: 1,
        settings: { dots: [10, 12], roots: [2, 2], guard: true },
        rng: createRng(`early-guard-${s}`),
        stats: {},
        models,
      });
      expect(g?.guarded).toBe(true);
      expect(g?.measure.winningFirstTaps).toEqual(g?.roots);
    }
  });

  it("aim n keeps, of the first n fields that pass, the one whose bits are nearest the target", () => {
    const settings = { dots: [14, 18] as [number, number], roots: [3, 3] as [number, number] };
    const target = 6.5;
    const aimed = generateLevel({ level: 20, chapter: 1, settings: { ...settings, aim: 3 }, rng: createRng("aim"), stats: {}, models, target });
    const rng = createRng("aim");
    const one = () => generateLevel({ level: 20, chapter: 1, settings, rng, stats: {}, models });
    const three = [one(), one(), one()];
    const nearest = three.reduce((a, b) => (Math.abs(b!.metrics.bits - target) < Math.abs(a!.metrics.bits - target) ? b : a));
    expect(canonicalJson(aimed!.body)).toBe(canonicalJson(nearest!.body));
    expect(new Set(three.map((f) => f!.metrics.bits)).size).toBeGreaterThan(1);
  });

  it("close c stops at the first passing field within c of the target; aim stays the most fields tried", () => {
    const settings = { dots: [14, 18] as [number, number], roots: [3, 3] as [number, number] };
    const rng = createRng("aim");
    const one = () => generateLevel({ level: 20, chapter: 1, settings, rng, stats: {}, models });
    const three = [one(), one(), one()].map((f) => f!);
    // A target at the second field's bits: the search stops there (the third is never grown).
    const target = three[1].metrics.bits;
    const misses = three.map((f) => Math.abs(f.metrics.bits - target));
    expect(misses[0]).toBeGreaterThan(0.01);
    const closed = generateLevel({ level: 20, chapter: 1, settings: { ...settings, aim: 3, close: 0.01 }, rng: createRng("aim"), stats: {}, models, target });
    expect(canonicalJson(closed!.body)).toBe(canonicalJson(three[1].body));
    // Closeness that no field reaches: all three are grown and the nearest is kept, as with aim alone.
    const far = generateLevel({ level: 20, chapter: 1, settings: { ...settings, aim: 3, close: 1e-9 }, rng: createRng("aim"), stats: {}, models, target: 100 });
    const plain = generateLevel({ level: 20, chapter: 1, settings: { ...settings, aim: 3 }, rng: createRng("aim"), stats: {}, models, target: 100 });
    expect(canonicalJson(far!.body)).toBe(canonicalJson(plain!.body));
    // With a generous closeness the first passing field ends the search.
    const first = generateLevel({ level: 20, chapter: 1, settings: { ...settings, aim: 3, close: 100 }, rng: createRng("aim"), stats: {}, models, target });
    expect(canonicalJson(first!.body)).toBe(canonicalJson(three[0].body));
  });

  it("bounded: impossible settings give null with the reasons counted, never a hang", () => {
    const stats: Record<string, number> = {};
    // 200 dots never fit on a 640 × 900 field.
    const g = generateLevel({ level: 30, chapter: 2, settings: { dots: [200, 200], roots: [3, 3] }, rng: createRng("full"), stats, models });
    expect(g).toBeNull();
    expect(stats["no-field"]).toBe(1);
    expect((stats["free-no-room"] ?? 0) + (stats["core-no-room"] ?? 0)).toBe(models.generator.tries.fields);
  });
});
