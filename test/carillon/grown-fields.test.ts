import { describe, expect, it } from "vitest";
import { condensationSources } from "../../src/carillon/level/condensation-sources.ts";
import { generateLevel, type GeneratedField } from "../../src/carillon/generate/generate-level.ts";
import type { CarillonGeneratorSettings } from "../../src/carillon/model/generator-settings.ts";
import { loadCarillonModels } from "../../src/carillon/model/load-models.ts";
import { plainReach } from "../../src/carillon/solver/plain-reach.ts";
import { dotsOf } from "../../src/carillon/level/dot-set.ts";
import { checkLevel } from "../../src/carillon/check/check-level.ts";
import { canonicalJson } from "../../src/io/canonical-json.ts";
import { createRng, deriveSeed } from "../../src/random/index.ts";

const models = loadCarillonModels();

/** Small, quick cases across the milestones: unguarded (level < 14), guarded, thin starts (chapter ≥ 5). */
const cases: Array<{ level: number; chapter: number; settings: CarillonGeneratorSettings }> = [
  { level: 6, chapter: 1, settings: { dots: [6, 10], roots: [2, 2] } },
  { level: 12, chapter: 1, settings: { dots: [8, 12], roots: [2, 3] } },
  { level: 14, chapter: 1, settings: { dots: [9, 14], roots: [3, 3] } },
  { level: 30, chapter: 2, settings: { dots: [12, 18], roots: [3, 4] } },
  { level: 60, chapter: 3, settings: { dots: [16, 24], roots: [4, 6] } },
  { level: 90, chapter: 5, settings: { dots: [10, 16], roots: [3, 4] } },
];

function grow(i: number): { field: GeneratedField | null; stats: Record<string, number>; c: (typeof cases)[number] } {
  const c = cases[i % cases.length];
  const stats: Record<string, number> = {};
  const field = generateLevel({ ...c, rng: createRng(deriveSeed("grown", i)), stats, models });
  return { field, stats, c };
}

describe("grown fields (property tests over 300 seeds, SPEC 4.2/4.3/4.5)", () => {
  const fields = Array.from({ length: 300 }, (_v, i) => ({ i, ...grow(i) }));

  it("grows a field for (nearly) every seed within the bounded tries", () => {
    expect(fields.filter((f) => f.field).length).toBeGreaterThanOrEqual(295);
  });

  it("on guarded fields the roots are exactly the winning first taps and the goal is the root count", () => {
    let guarded = 0;
    for (const { field } of fields) {
      if (!field?.guarded) continue;
      guarded++;
      expect(field.measure.winningFirstTaps).toEqual(field.roots);
      expect(field.metrics.goal).toBe(field.roots.length);
      expect(field.metrics.starts).toBe(field.roots.length);
    }
    expect(guarded).toBeGreaterThanOrEqual(190);
  });

  it("the solver's goal is the condensation source count; the milestones hold", () => {
    for (const { field, c } of fields) {
      if (!field) continue;
      expect(field.metrics.goal).toBe(condensationSources(field.measure.engine.graph).length);
      expect(field.metrics.goal).toBeGreaterThanOrEqual(c.level >= 14 ? 3 : 2);
      expect(field.metrics.dots).toBeGreaterThanOrEqual(c.settings.dots[0]);
      expect(field.metrics.dots).toBeLessThanOrEqual(c.settings.dots[1]);
      expect(field.body.goal).toBe(field.metrics.goal);
    }
  });

  it("every kept field is fair to read, and validates with its stored solution", () => {
    for (const { field, i } of fields) {
      if (!field) continue;
      expect(field.measure.fair.problems).toEqual([]);
      expect(field.measure.fair.solution).toEqual(field.solution);
      if (i % 10 === 0) expect(checkLevel(field.body, field.solution, [], models)).toEqual([]);
    }
  });

  it("guarded growth: nothing reaches a root and no other root's chain enters a core", () => {
    for (const { field } of fields) {
      if (!field?.guarded) continue;
      const { graph } = field.measure.engine;
      for (const r of field.roots) expect(graph.inDegree(String(r))).toBe(0);
      const reach = plainReach(graph);
      expect(field.cores).toHaveLength(field.roots.length);
      for (const root of field.roots) {
        const chain = new Set(dotsOf(reach.closure[root]));
        for (const core of field.cores) {
          expect(core.length).toBeGreaterThanOrEqual(Math.min(3, Math.floor(field.metrics.dots / field.roots.length)));
          expect(core.length).toBeLessThanOrEqual(6);
          if (core.includes(root)) continue;
          for (const d of core) expect(chain.has(d)).toBe(false);
        }
      }
    }
  });

  it("sizes follow the milestones: no small dot before level 5, roots never small", () => {
    for (const { field, c } of fields) {
      if (!field) continue;
      for (const r of field.roots) expect(field.body.dots[r].size).not.toBe("small");
      if (c.level < 5) expect(field.body.dots.some((d) => d.size === "small")).toBe(false);
    }
  });

  it("notes: a root's colour does not give it away (roots spread over the seven degrees)", () => {
    const byNote = new Array<number>(7).fill(0);
    let roots = 0;
    for (const { field } of fields) {
      if (!field) continue;
      for (const r of field.roots) (byNote[field.body.dots[r].note]++, roots++);
    }
    for (const n of byNote) expect(n).toBeLessThan(roots * 0.3);
  });

  it("thin starts from chapter 5: a root's own ring touches at most two dots", () => {
    let thin = 0;
    for (const { field, c } of fields) {
      if (!field || c.chapter < 5) continue;
      thin++;
      for (const r of field.roots) expect(field.measure.engine.graph.outDegree(String(r))).toBeLessThanOrEqual(2);
    }
    expect(thin).toBeGreaterThanOrEqual(45);
  });

  it("the same seed gives the same field, byte for byte", () => {
    for (const { field, i } of fields.filter((f) => f.i % 15 === 0)) {
      const again = grow(i).field;
      expect(again && canonicalJson(again.body)).toBe(field && canonicalJson(field.body));
      expect(again?.solution).toEqual(field?.solution);
      expect(again?.metrics).toEqual(field?.metrics);
    }
  });

  it("counts its rejections by reason", () => {
    const total: Record<string, number> = {};
    for (const { stats } of fields) for (const [k, v] of Object.entries(stats)) total[k] = (total[k] ?? 0) + v;
    expect(total.margin).toBeGreaterThan(0);
    expect(total.gap).toBeGreaterThan(0);
    expect(total["guard-root"]).toBeGreaterThan(0);
    expect(total["guard-mismatch"] ?? 0).toBe(0);
  });
});
