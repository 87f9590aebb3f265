import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadGame } from "../../src/game/registry/load-game.ts";
import { readJsonFile } from "../../src/io/read-json-file.ts";
import { planSchema, type Plan } from "../../src/io/schemas/plan.ts";
import { planParts } from "../../src/pipeline/inputs/plan-parts.ts";
import { apsisBodySchema } from "../../src/apsis/level/apsis-body.ts";
import type { GenerateRequest } from "../../src/game/game-backend.ts";
import { createRng } from "../../src/random/create-rng.ts";
import { apsisBackend, apsisGeneratorSchema, candidateAim, type ApsisGeneratorSettings, checkLevel, loadApsisRamp, loadBuilderModel, solveSky } from "../../src/apsis/index.ts";
import { rampTarget } from "../../src/select/ramp/ramp-target.ts";
import { loadFixture } from "./load-fixture.ts";

// A game's files (bodies, plans) parse once the registry has loaded the game.
await loadGame("apsis");

const plan = readJsonFile(planSchema, fileURLToPath(new URL("../../models/apsis/plan.json", import.meta.url)));

function request(chapter: number, part: number, target: number, seed: string, stats: Record<string, number> = {}): GenerateRequest<ApsisGeneratorSettings> {
  const ch = plan.chapters.find((c) => c.chapter === chapter)!;
  const p = ch.parts.find((x) => x.part === part)!;
  return { chapter, part, level: 0, target, rules: ch.rules, settings: apsisGeneratorSchema.parse(p.generator), rng: createRng(seed), stats };
}

describe("apsis plan generator settings", () => {
  it("every tier has settings the backend's schema accepts", () => {
    for (const ch of plan.chapters) for (const p of ch.parts) expect(apsisBackend.generatorSchema.safeParse(p.generator).success).toBe(true);
  });

  it("arrow ranges and read windows grow tier by tier: windows are the reads ramp over each tier's levels ± 2, skies stop at 32 arrows", () => {
    const tiers = plan.chapters.flatMap((ch) => ch.parts.map((p) => apsisGeneratorSchema.parse(p.generator)));
    expect(tiers).toHaveLength(30);
    for (let i = 1; i < tiers.length; i++) {
      expect(tiers[i].reads[0]).toBeGreaterThanOrEqual(tiers[i - 1].reads[0]);
      expect(tiers[i].reads[1]).toBeGreaterThanOrEqual(tiers[i - 1].reads[1]);
      expect(tiers[i].arrows[0]).toBeGreaterThanOrEqual(tiers[i - 1].arrows[0]);
    }
    // Tier k holds levels 10k + 1 .. 10k + 10 (levels 1–5 are composed, so tier 1's window starts at level 6).
    const ramp = rampTarget(loadApsisRamp());
    tiers.forEach((t, k) => {
      const first = Math.max(10 * k + 1, plan.composed + 1);
      expect(t.reads, `tier ${k + 1}`).toEqual([Math.floor(ramp(first) - 2), Math.ceil(ramp(10 * k + 10) + 2)]);
    });
    // No tier can ask for more than 32 arrows, and from 32 on the climb comes from depth and rules.
    const builder = loadBuilderModel();
    expect(builder.maxArrows).toBe(32);
    for (const t of tiers) expect(t.arrows[1]).toBeLessThanOrEqual(builder.maxArrows);
    expect(tiers.filter((t) => t.arrows[0] === 32).length).toBeGreaterThanOrEqual(15);
  });

  it("from the first tier with a depth window (or an arrow margin) on, the windows chain so no tier boundary can break the selection model", () => {
    const selection = JSON.parse(readFileSync(fileURLToPath(new URL("../../models/apsis/selection.json", import.meta.url)), "utf8")) as {
      constraints: Array<{ type: string; key: string; by?: number }>;
    };
    const drop = selection.constraints.find((c) => c.type === "maxDrop" && c.key === "depth")!.by!;
    expect(selection.constraints.some((c) => c.type === "nonDecreasing" && c.key === "arrows")).toBe(true);
    const tiers = plan.chapters.flatMap((ch) => ch.parts.map((p) => ({ name: `c${ch.chapter}t${p.part}`, s: apsisGeneratorSchema.parse(p.generator) })));
    const firstDepth = tiers.findIndex((t) => t.s.depth !== undefined);
    const firstMargin = tiers.findIndex((t) => t.s.arrowMargin !== undefined);
    // Chapter 7 (falling rings) is where the chain broke without them; both start no later.
    expect(firstDepth).toBeGreaterThanOrEqual(0);
    expect(firstDepth).toBeLessThanOrEqual(18);
    expect(firstMargin).toBeGreaterThanOrEqual(0);
    expect(firstMargin).toBeLessThanOrEqual(18);
    for (let i = firstDepth + 1; i < tiers.length; i++) {
      const [prev, next] = [tiers[i - 1].s.depth!, tiers[i].s.depth];
      expect(next, tiers[i].name).toBeDefined();
      // Any last level of the earlier tier may be followed by any first level of the next.
      expect(next![0], tiers[i].name).toBeGreaterThanOrEqual(prev[1] - drop);
    }
    for (let i = firstMargin + 1; i < tiers.length; i++) {
      const [prev, next] = [tiers[i - 1].s, tiers[i].s];
      expect(next.arrowMargin, tiers[i].name).toBeDefined();
      expect(next.arrows[0] - next.arrowMargin!, tiers[i].name).toBeGreaterThanOrEqual(prev.arrows[1] + prev.arrowMargin!);
    }
  });

  it("aims a candidate at its level's target inside the tier window, arrows interpolated", () => {
    const s = apsisGeneratorSchema.parse({ arrows: [10, 14], reads: [23, 37] });
    expect(candidateAim(s, 30)).toEqual({ reads: [28, 32], arrows: 12 });
    expect(candidateAim(s, 5)).toEqual({ reads: [23, 25], arrows: 10 });
    expect(candidateAim(s, 99)).toEqual({ reads: [35, 37], arrows: 14 });
  });
});

describe("apsis backend generate (GameBackend)", () => {
  it("grows a proven plain candidate near its target, deterministic by seed", () => {
    const stats: Record<string, number> = {};
    const a = apsisBackend.generate(request(1, 3, 30, "gen-a", stats))!;
    expect(a).not.toBeNull();
    expect(a.metrics.reads).toBeGreaterThanOrEqual(28);
    expect(a.metrics.reads).toBeLessThanOrEqual(32);
    expect(Object.keys(a.metrics).sort()).toEqual(["arrows", "depth", "freeAtStart", "reads", "rules"]);
    expect(a.metrics.rules).toBe(0);
    expect(a.concepts).toEqual([]); // a plain sky needs no concept (SPEC 12)
    expect(apsisBodySchema.safeParse(a.level).success).toBe(true);
    expect(apsisBackend.validate(a.level, a.solution, a.rules)).toEqual([]);
    expect(apsisBackend.generate(request(1, 3, 30, "gen-a"))).toEqual(a);
    expect(Object.keys(stats).some((k) => k.startsWith("try-"))).toBe(true);
  });

  it.each([
    [5, 1, "key"],
    [6, 1, "number"],
  ])("grows chapter %i candidates that need their rule (%s)", (chapter, part, rule) => {
    const ch = plan.chapters.find((c) => c.chapter === chapter)!;
    const req = request(chapter, part, (apsisGeneratorSchema.parse(ch.parts[0].generator).reads[0] + 4), `rule-${rule}`);
    const g = apsisBackend.generate(req)!;
    expect(g).not.toBeNull();
    expect(g.rules).toEqual([rule]);
    expect(g.metrics.rules).toBe(1);
    expect(checkLevel(g.level, g.solution, g.rules)).toEqual([]);
    expect(g.concepts).toEqual([rule]); // SPEC 12: the rule it needs is its concept
  });

  it("grows falling-ring skies (small settings keep the test quick)", () => {
    const settings = apsisGeneratorSchema.parse({ arrows: [12, 14], reads: [40, 60], fallingRings: 1, fallingChoices: [4, 5], builds: 16 });
    const g = apsisBackend.generate({ chapter: 7, part: 1, level: 181, target: 50, rules: ["falling"], settings, rng: createRng("falling"), stats: {} })!;
    expect(g).not.toBeNull();
    expect(g.level.fallingRings?.length).toBe(1);
    expect(checkLevel(g.level, g.solution, ["falling"])).toEqual([]);
    expect(g.concepts).toEqual(["falling"]);
  });

  it("with an arrowMargin a build never leaves the tier's arrow range, whatever its arrowSlack", () => {
    const kept = (margin: number | undefined) => {
      const settings = apsisGeneratorSchema.parse({ arrows: [10, 10], reads: [20, 60], arrowSlack: 4, builds: 8, ...(margin === undefined ? {} : { arrowMargin: margin }) });
      const counts: number[] = [];
      for (let k = 0; k < 10; k++) {
        const g = apsisBackend.generate({ chapter: 1, part: 3, level: 25, target: 28, rules: [], settings, rng: createRng(`margin-${k}`), stats: {} });
        if (g) counts.push(g.metrics.arrows);
      }
      return counts;
    };
    const free = kept(undefined);
    // Without a margin the slack lets builds stop short of (or past) the range.
    expect(free.some((n) => n !== 10)).toBe(true);
    const held = kept(0);
    expect(held.length).toBeGreaterThanOrEqual(8);
    for (const n of held) expect(n).toBe(10);
  });

  it("keeps a tier's depth window and arrow range (arrowMargin 0): the plan's chapter 7 tier 1 falling-ring skies", () => {
    const ch = plan.chapters.find((c) => c.chapter === 7)!;
    const settings = apsisGeneratorSchema.parse(ch.parts[0].generator);
    expect(settings.arrowMargin).toBe(0);
    const [dLo, dHi] = settings.depth!;
    let grown = 0;
    const stats: Record<string, number> = {};
    // Like the pipeline: a candidate may take a few generate calls on its own stream.
    for (let k = 0; k < 2; k++) {
      const rng = createRng(`depth-window-${k}`);
      let g = null;
      for (let attempt = 0; attempt < 3 && g === null; attempt++) {
        g = apsisBackend.generate({ chapter: 7, part: 1, level: 181, target: 167, rules: ch.rules, settings, rng, stats });
      }
      if (g === null) continue;
      grown++;
      expect(g.metrics.depth).toBeGreaterThanOrEqual(dLo);
      expect(g.metrics.depth).toBeLessThanOrEqual(dHi);
      expect(g.metrics.arrows).toBeGreaterThanOrEqual(settings.arrows[0]);
      expect(g.metrics.arrows).toBeLessThanOrEqual(settings.arrows[1]);
      expect(checkLevel(g.level, g.solution, g.rules)).toEqual([]);
    }
    expect(grown).toBeGreaterThanOrEqual(1);
  });

  it("grows skies with all three rules, each needed", () => {
    const settings = apsisGeneratorSchema.parse({ arrows: [16, 18], reads: [60, 90], keys: 2, numbers: 4, fallingRings: 1, fallingChoices: [5], builds: 24 });
    const g = apsisBackend.generate({ chapter: 10, part: 1, level: 271, target: 75, rules: ["key", "number", "falling"], settings, rng: createRng("all3"), stats: {} })!;
    expect(g).not.toBeNull();
    expect(g.metrics.rules).toBe(3);
    expect(checkLevel(g.level, g.solution, g.rules)).toEqual([]);
  });

  it("returns null, with reasons counted, when the builds run out", () => {
    const stats: Record<string, number> = {};
    const settings = apsisGeneratorSchema.parse({ arrows: [3, 3], reads: [200, 210], builds: 2 });
    expect(apsisBackend.generate({ chapter: 1, part: 1, level: 6, target: 205, rules: [], settings, rng: createRng("x"), stats })).toBeNull();
    expect(stats["build-undershoot"]).toBe(2);
  });

  it("rejects bad settings (where the pipeline reads the plan, once) and unknown rules", () => {
    const badPlan: Plan = { format: "levelramp/plan@1", game: "apsis", composed: 0, chapters: [{ chapter: 1, rules: [], parts: [{ part: 1, levels: 2, generator: { arrows: [5, 3], reads: [1, 2] } }] }] };
    expect(() => planParts(badPlan, apsisBackend, [1], () => 12, { composed: 0, poolPerLevel: 4, planFile: "plan.json" })).toThrow(/pipeline\/plan: plan\.json at \$\.chapters\[0\]\.parts\[0\]\.generator.*: chapter 1 part 1 generator settings/);
    const settings = apsisGeneratorSchema.parse({ arrows: [5, 6], reads: [10, 14] });
    expect(() => apsisBackend.generate({ chapter: 1, part: 1, level: 6, target: 12, settings, rng: createRng("x"), stats: {}, rules: ["bell"] })).toThrow(/unknown rule "bell"/);
  });
});

describe("apsis SVG", () => {
  it("draws the sun, five rings, every arrow with a head, marks, a falling ring and the rounds", () => {
    const body = { ...loadFixture("key-and-lock"), fallingRings: [3] };
    body.arrows[1] = { ...body.arrows[1], number: 1 };
    const svg = apsisBackend.renderSvg(body, { solution: solveSky(loadFixture("key-and-lock")).solution, title: "a <title>" });
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toContain('class="sun"');
    expect(svg.match(/class="ring/g)).toHaveLength(5);
    expect(svg.match(/class="ring falling"/g)).toHaveLength(1);
    expect(svg.match(/<g class="arrow"/g)).toHaveLength(3);
    expect(svg.match(/<polygon/g)).toHaveLength(3);
    expect(svg).toContain('class="key"');
    expect(svg).toContain('class="lock"');
    expect(svg).toContain('class="number"');
    expect(svg).toContain('data-round="3"');
    expect(svg).toContain("a &lt;title&gt;");
    expect(apsisBackend.renderSvg(loadFixture("numbers"))).not.toContain("data-round");
  });
});
