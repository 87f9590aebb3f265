import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadGame } from "../../src/game/registry/load-game.ts";
import { stepValue } from "../../src/carillon/model/generator-model.ts";
import { carillonGeneratorSettingsSchema } from "../../src/carillon/model/generator-settings.ts";
import { loadCarillonModels } from "../../src/carillon/model/load-models.ts";
import { milestonesAt } from "../../src/carillon/generate/grow/milestones.ts";
import { planSchema } from "../../src/io/schemas/plan.ts";

// A game's files (bodies, plans) parse once the registry has loaded the game.
await loadGame("carillon");

const modelsDir = fileURLToPath(new URL("../../models/carillon/", import.meta.url));

describe("Carillon model files (every number of SPEC 4 lives in models/carillon/)", () => {
  const m = loadCarillonModels();

  it("physics: radii 12/18/26, reaches 60/110/170, 110 units per beat, 1e-9 beats", () => {
    expect([m.physics.sizes.small.radius, m.physics.sizes.normal.radius, m.physics.sizes.big.radius]).toEqual([12, 18, 26]);
    expect([m.physics.sizes.small.reach, m.physics.sizes.normal.reach, m.physics.sizes.big.reach]).toEqual([60, 110, 170]);
    expect(m.physics.ringSpeed).toBe(110);
    expect(m.physics.timeTolerance).toBe(1e-9);
    expect(m.physics.field).toEqual({ width: 640, height: 900 });
  });

  it("fair to read: gap 14, margin 10, two dots and 10% per tap", () => {
    expect(m.fair).toMatchObject({ minGap: 14, reachMargin: 10, minPopDots: 2, minPopShare: 0.1 });
  });

  it("difficulty: default lean weighs 1 at half the largest preview, 0.25 below; uniform and proportional", () => {
    expect(m.difficulty.lean).toBe("lean");
    expect(m.difficulty.leans.lean).toEqual({ kind: "threshold", share: 0.5, above: 1, below: 0.25 });
    expect(m.difficulty.leans.uniform).toEqual({ kind: "uniform" });
    expect(m.difficulty.leans.proportional).toEqual({ kind: "proportional" });
  });

  it("generator: root spacing 300 / 250 with five / 215 with six or more; cores 3–6; milestones", () => {
    const spacing = (n: number) => stepValue(m.generator.rootSpacing, n);
    expect([1, 2, 3, 4, 5, 6, 9].map(spacing)).toEqual([300, 300, 300, 300, 250, 215, 215]);
    expect(m.generator.coreSize).toEqual([3, 6]);
    const at = (level: number, chapter = 1) => milestonesAt(m.generator, level, chapter);
    expect([1, 2, 13, 14].map((l) => at(l).minGoal)).toEqual([1, 2, 2, 3]);
    expect(at(2).sizes).toEqual(["normal"]);
    expect(at(3).sizes).toEqual(["normal", "big"]);
    expect(at(5).sizes).toEqual(["small", "normal", "big"]);
    expect(at(5).rootSizes).toEqual(["normal", "big"]);
    expect([at(13).guard, at(14).guard]).toEqual([false, true]);
    expect([at(80, 4).thinStarts, at(81, 5).thinStarts]).toEqual([false, true]);
    expect(m.generator.thinStartTouches).toBe(2);
  });

  it("a bad model file is an InputError naming the file and the JSON path", () => {
    const dir = mkdtempSync(join(tmpdir(), "carillon-models-"));
    for (const f of ["physics", "fair", "difficulty", "solver", "generator"]) {
      writeFileSync(join(dir, `${f}.json`), readFileSync(join(modelsDir, `${f}.json`)));
    }
    const physics = JSON.parse(readFileSync(join(modelsDir, "physics.json"), "utf8"));
    physics.sizes.big.radius = -1;
    writeFileSync(join(dir, "physics.json"), JSON.stringify(physics));
    expect(() => loadCarillonModels(dir)).toThrow(/physics\.json at \$\.sizes\.big\.radius/);
  });

  it("the plan gives every part of chapters 1–4 generator settings the schema accepts", () => {
    const plan = planSchema.parse(JSON.parse(readFileSync(join(modelsDir, "plan.json"), "utf8")));
    for (const ch of plan.chapters.filter((c) => c.chapter <= 4)) {
      for (const part of ch.parts) {
        expect(part.generator, `chapter ${ch.chapter} part ${part.part}`).toBeDefined();
        expect(carillonGeneratorSettingsSchema.safeParse(part.generator).success).toBe(true);
      }
    }
  });

  it("chapters 5–20 bring their rules and have settings whose goals never need to fall below 5 or go back", () => {
    const plan = planSchema.parse(JSON.parse(readFileSync(join(modelsDir, "plan.json"), "utf8")));
    const five = ["bell", "echo", "horn", "duet", "drifter"];
    const expected = (c: number): string[] =>
      c <= 9 ? [five[c - 5]] : c === 10 ? ["bell", "duet"] : c <= 15 ? [five[c - 11], "home"] : [five[c - 16], "home", "round"];
    let lastMin = 5;
    for (const ch of plan.chapters.filter((c) => c.chapter >= 5)) {
      expect((ch as { rules?: string[] }).rules, `chapter ${ch.chapter}`).toEqual(expected(ch.chapter));
      for (const part of ch.parts) {
        const parsed = carillonGeneratorSettingsSchema.parse(part.generator);
        // Plain chapters reach goal 5 by level 41; nonDecreasing(goal) needs every later field at 5 or more.
        expect(parsed.goal?.[0], `chapter ${ch.chapter} part ${part.part}`).toBeGreaterThanOrEqual(lastMin);
        expect(parsed.roots[0]).toBeGreaterThanOrEqual(5);
        lastMin = parsed.goal?.[0] ?? lastMin;
      }
    }
  });

  it("generator.json holds the dressing defaults: four draws, marks per kind, built-in bells, placement shares", () => {
    const d = m.generator.dressing;
    expect(d.draws).toBe(4);
    expect(d.marks.home).toEqual([1, 1]);
    expect(d.builtInBells[0]).toBeGreaterThanOrEqual(1);
    expect(d.placement).toEqual({ duetOnRoot: 0.5, roundOnRoot: 1, homeAtChainEnd: 1 });
    expect(m.physics.horn).toEqual({ reachFactor: 2, coneHalfAngle: 45, angleTolerance: 1e-9 });
    expect(m.fair.hornAngleMargin).toBe(8);
  });
});
