// Generated chapter pools with rules (SPEC 4.4, 4.5): a few small candidates for one chapter per
// rule, grown and dressed by the back end. Every candidate carries its chapter's marks, passes
// "every mark matters" and "the level needs its rule", and is proven by the solver and validated.
import { describe, expect, it } from "vitest";
import { loadGame } from "../../src/game/registry/load-game.ts";
import { carillonBackend } from "../../src/carillon/carillon-backend.ts";
import { stripUnneededMarks } from "../../src/carillon/check/every-mark-matters.ts";
import { loadCarillonModels } from "../../src/carillon/model/load-models.ts";
import { needsItsRule } from "../../src/carillon/check/needs-its-rule.ts";
import { solveBody } from "../../src/carillon/solver/solve-body.ts";
import { MARK_KINDS } from "../../src/carillon/level/compile-field.ts";
import { readJsonFile } from "../../src/io/read-json-file.ts";
import { planSchema } from "../../src/io/schemas/plan.ts";
import { createRng, deriveSeed } from "../../src/random/index.ts";
import { fileURLToPath } from "node:url";

// A game's files (bodies, plans) parse once the registry has loaded the game.
await loadGame("carillon");

const models = loadCarillonModels();
const plan = readJsonFile(planSchema, fileURLToPath(new URL("../../models/carillon/plan.json", import.meta.url)));
const rulesOf = (chapter: number): string[] => plan.chapters.find((c) => c.chapter === chapter)?.rules ?? [];

// One chapter per rule: 5 bell, 6 echo, 7 horn, 8 duet, 9 drifter, 12 echo + home, 18 horn + home + round.
const CHAPTERS = [5, 6, 7, 8, 9, 12, 18];
// Small fields keep the test quick; the plan's own (larger) settings are exercised by the tuning runs in docs/carillon.md.
const settings = carillonBackend.generatorSchema.parse({ dots: [18, 22], roots: [4, 4], goal: [3, 7], coreSize: [2, 4] });

describe("generated chapter pools with rules", () => {
  for (const chapter of CHAPTERS) {
    it(`chapter ${chapter} (${rulesOf(chapter).join(" + ")}): marks, both checks, proven`, () => {
      const rules = rulesOf(chapter);
      expect(rules.length).toBeGreaterThan(0);
      const stats: Record<string, number> = {};
      const pool = [];
      for (let i = 0; i < 2; i++) {
        const level = 81 + (chapter - 5) * 20 + i;
        const out = carillonBackend.generate({ chapter, part: 1, level, target: 14, rules, settings, rng: createRng(deriveSeed("pool", chapter, i)), stats });
        expect(out, JSON.stringify(stats)).not.toBeNull();
        pool.push(out!);
      }
      for (const c of pool) {
        expect(c.rules).toEqual(rules);
        for (const rule of rules) expect(c.level.dots.some((d) => d.mark?.kind === rule)).toBe(true);
        expect(c.level.dots.every((d) => !d.mark || rules.includes(d.mark.kind))).toBe(true);
        const solved = solveBody(c.level, models);
        expect(solved.goal).toBe(c.metrics.goal);
        expect(c.level.goal).toBe(solved.goal);
        expect(c.solution).toHaveLength(solved.goal);
        expect(c.metrics.goal).toBeGreaterThanOrEqual(3);
        expect(stripUnneededMarks(c.level, models, solved).removed).toEqual([]);
        expect(needsItsRule(c.level, models, solved).needed).toBe(true);
        expect(carillonBackend.validate(c.level, c.solution, rules)).toEqual([]);
        // SPEC 12: the concepts it carries are its chapter's rules, each needed, in the marks' order
        expect(c.concepts).toEqual(MARK_KINDS.filter((k) => rules.includes(k)));
        expect(carillonBackend.concepts(c.level)).toEqual(c.concepts);
      }
    });
  }

  it("is deterministic given the seed", () => {
    const req = () => ({ chapter: 5, part: 1, level: 81, target: 13, rules: ["bell"], settings, rng: createRng("same-bell"), stats: {} });
    expect(JSON.stringify(carillonBackend.generate(req()))).toBe(JSON.stringify(carillonBackend.generate(req())));
  });
});
