// Refine rounds (docs/pipeline.md "Refine rounds"): a part whose chain could continue but would drift
// off the ramp grows more candidates, aimed at the same values, before its levels are fixed. Built with
// "Aimer", a test game whose candidates land with a long tail under their aims, on a steady ramp.
import { openGame } from "../../src/game/registry/open-game.ts";
import type { Game } from "../../src/game/game.ts";
import { beforeAll, describe, expect, it } from "vitest";
import { registerGame } from "../../src/game/registry/load-game.ts";
import type { Model } from "../../src/io/schemas/model.ts";
import type { Plan } from "../../src/io/schemas/plan.ts";
import type { Ramp } from "../../src/io/schemas/ramp.ts";
import { buildLevels, type PipelineResult } from "../../src/pipeline/level-set/build-levels.ts";
import { chainDrift } from "../../src/pipeline/level-set/chain-drift.ts";
import { loadPipelineSettings } from "../../src/pipeline/inputs/pipeline-settings.ts";
import { aimerGame } from "../tiny-game/aimer.ts";

const part = (p: number) => ({ part: p, levels: 4, poolPerLevel: 2, generator: {} });
const plan: Plan = { format: "levelramp/plan@1", game: "aimer", composed: 0, chapters: [1, 2, 3].map((chapter) => ({ chapter, rules: [], parts: [part(1), part(2)] })) };
const model: Model = { format: "levelramp/model@1", metric: "value", eligibility: "part", constraints: [{ type: "nonDecreasing", key: "value" }], objective: { norm: "L1", evenness: 0 } };
// one unit a level, four a part
const ramp: Ramp = { format: "levelramp/ramp@1", metric: "value", points: [[1, 0], [24, 23]], interpolation: "linear" };
const TOLERANCE = 0.25; // a quarter of a part's climb: one unit

async function build(seed: number, refineRounds: number, logs: string[] = []): Promise<PipelineResult> {
  const settings = { ...loadPipelineSettings(), refineRounds, refineTolerance: TOLERANCE };
  return buildLevels({ game: await openGame("aimer"), plan, planFile: "aimer-plan.json", model, modelFile: "aimer-model.json", ramp, rampFile: "aimer-ramp.json", chapters: [1, 2, 3], seed, workers: 1, settings, events: { log: (l) => logs.push(l) } });
}

const seeds = [1, 2, 3, 4, 5];
const runs: Array<{ seed: number; logs: string[]; refined: PipelineResult; plain: PipelineResult }> = [];

beforeAll(async () => {
  registerGame(aimerGame, { module: new URL("../tiny-game/aimer.ts", import.meta.url).href, exportName: "aimerGame" });
  for (const seed of seeds) {
    const logs: string[] = [];
    runs.push({ seed, logs, refined: await build(seed, 2, logs), plain: await build(seed, 0) });
  }
}, 60_000);

describe("chainDrift: when a part's chain leaves the ramp by more than the build tolerates", () => {
  it("above: past max(the chain's end before the part, the last target) + tolerance × the part's climb", () => {
    // targets 10..13 after a level at 9: climb 4; tolerance 1 → at most max(12, 13) + 4 = 17
    expect(chainDrift({ end: 17, enter: 12, targets: [10, 11, 12, 13], before: 9, tolerance: 1 })).toBeNull();
    expect(chainDrift({ end: 17.5, enter: 12, targets: [10, 11, 12, 13], before: 9, tolerance: 1 })).toEqual({ side: "above", over: 0.5, climb: 4, limit: 17 });
    // a chain already above the ramp may stay level with its own end: max(15, 13) + 0.5 × 4 = 17
    expect(chainDrift({ end: 16.9, enter: 15, targets: [10, 11, 12, 13], before: 9, tolerance: 0.5 })).toBeNull();
    expect(chainDrift({ end: 17.2, enter: 15, targets: [10, 11, 12, 13], before: 9, tolerance: 0.5 })?.side).toBe("above");
  });

  it("below: under the last target − tolerance × climb; the first part measures its climb from its own first target", () => {
    const d = chainDrift({ end: 10.9, enter: null, targets: [10, 11, 12, 13], before: null, tolerance: 0.5 });
    expect(d).toMatchObject({ side: "below", climb: 3, limit: 11.5 });
    expect(d!.over).toBeCloseTo(0.6, 12);
    expect(chainDrift({ end: 11.5, enter: null, targets: [10, 11, 12, 13], before: null, tolerance: 0.5 })).toBeNull();
  });

  it("a flat ramp still has a scale (1% of the target), and tolerance 0 tolerates nothing", () => {
    expect(chainDrift({ end: 20.3, enter: 20, targets: [20, 20], before: 20, tolerance: 1 })).toMatchObject({ side: "above", climb: 0.2 });
    expect(chainDrift({ end: 20.1, enter: 20, targets: [20, 20], before: 20, tolerance: 1 })).toBeNull();
    expect(chainDrift({ end: 13.01, enter: 13, targets: [13], before: 12, tolerance: 0 })?.side).toBe("above");
  });
});

describe("a build with refine rounds", () => {
  it("grows refine rounds for drifting parts, aimed at the same values, at most refineRounds per part, and logs why", () => {
    let refinedParts = 0;
    for (const { logs, refined } of runs) {
      for (const p of refined.stats.parts) {
        expect(p.refineRounds).toBeLessThanOrEqual(2);
        if (p.refineRounds > 0) refinedParts++;
        const lines = logs.filter((l) => l.startsWith(`chapter ${p.chapter} part ${p.part}: `) && l.includes("refine round"));
        expect(lines).toHaveLength(p.refineRounds);
        lines.forEach((l, i) => expect(l).toMatch(new RegExp(`^chapter ${p.chapter} part ${p.part}: the chain would end at value \\d+\\.\\d{3}, \\d+\\.\\d{3} (above|below) -?\\d+\\.\\d{3} .*growing more candidates \\(refine round ${i + 1} of 2, aimed at (max\\(target, the chain's end \\d+\\.\\d{3}\\)|the targets)\\)$`)));
        // a part kept while still drifting says so
        const chained = logs.find((l) => l.startsWith(`chapter ${p.chapter} part ${p.part} (levels `))!;
        if (p.refineRounds < 2) expect(chained).not.toContain("kept after");
      }
    }
    expect(refinedParts).toBeGreaterThan(0);
  });

  it("each refine round adds one batch per level to the part's pool (batch numbers continue the rounds)", () => {
    for (const { refined } of runs) {
      for (const p of refined.stats.parts) {
        const batches = new Set(refined.pool.candidates.filter((c) => c.chapter === p.chapter && c.part === p.part).map((c) => c.provenance!.batch));
        expect(batches).toEqual(new Set(Array.from({ length: 4 * (1 + p.extraRounds + p.refineRounds) }, (_, b) => b)));
      }
    }
  });

  it("keeps the chain nearer the ramp than the same seeds without refine rounds", () => {
    const total = (r: PipelineResult) => r.levels!.objective;
    const better = runs.filter((r) => total(r.refined) < total(r.plain)).length;
    expect(better).toBeGreaterThanOrEqual(4);
    expect(runs.reduce((a, r) => a + total(r.refined), 0)).toBeLessThan(runs.reduce((a, r) => a + total(r.plain), 0));
    // and the chain it keeps still never falls
    for (const { refined } of runs) {
      const v = refined.levels!.levels.map((l) => l.metrics.value);
      for (let i = 1; i < v.length; i++) expect(v[i]).toBeGreaterThanOrEqual(v[i - 1]);
    }
  });
});
