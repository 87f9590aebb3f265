import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApsisBody } from "../../src/apsis/level/apsis-body.ts";
import type { CarillonBody } from "../../src/carillon/level/carillon-body.ts";
import type { LevelsFile, ShippedLevel } from "../../src/io/schemas/levels.ts";
import { roundMetric } from "../../src/io/round-metric.ts";
import { objectiveOf } from "../../src/select/problem/objective.ts";
import { problemOfLevels } from "../../src/select/diagnose/recheck-status.ts";
import { fixture, modelFile, runCli } from "../helpers/run-cli.ts";
import { tempFolder } from "../helpers/temp-dir.ts";

// Verify catches every single corruption of a built file (exit 1,
// naming the level — or the file — and the reason). Each kind below changes
// one thing of a small built file; the count of kinds caught is printed.
type Game = "carillon" | "apsis" | "generic";
interface Corruption {
  name: string;
  game: Game;
  apply: (f: LevelsFile) => void;
  /** The level expected among the failures (0: the file as a whole), and reasons any of which is right. */
  level: number;
  reasons: string[];
  args?: string[];
}

const dir = tempFolder("levelramp-corrupt-");
const good: Partial<Record<Game, LevelsFile>> = {};
const caught: string[] = [];
const all: string[] = [];

beforeAll(async () => {
  const builds: Array<[Game, string[]]> = [
    ["carillon", ["build", "carillon", "--plan", fixture("pipeline/tiny-carillon-plan.json"), "--model", fixture("pipeline/tiny-carillon-model.json"), "--seed", "5", "--workers", "1", "--out", join(dir, "carillon"), "--quiet", "--no-table"]],
    ["apsis", ["build", "apsis", "--plan", fixture("pipeline/tiny-apsis-plan.json"), "--seed", "3", "--workers", "1", "--out", join(dir, "apsis"), "--quiet", "--no-table"]],
    ["generic", ["select", "--pools", fixture("pools/generic-3x4x20.json"), "--model", modelFile("generic", "selection.json"), "--ramp", modelFile("generic", "ramp.json"), "--plan", modelFile("generic", "plan.json"), "--out", join(dir, "generic", "levels.json")]],
  ];
  for (const [game, argv] of builds) {
    const r = await runCli(argv);
    expect(r.code, r.stderr).toBe(0);
    good[game] = JSON.parse(readFileSync(join(dir, game, "levels.json"), "utf8"));
    expect((await runCli(["verify", join(dir, game, "levels.json"), "--quiet"])).code).toBe(0);
  }
}, 120_000);

afterAll(() => {
  // the figure docs/reliability.md quotes
  console.log(`verify caught ${caught.length} of ${all.length} kinds of single corruption`);
});

const at = (f: LevelsFile, n: number): ShippedLevel => f.levels.find((l) => l.number === n)!;
const carillon = (f: LevelsFile, n: number) => at(f, n).level as CarillonBody;
const apsis = (f: LevelsFile, n: number) => at(f, n).level as ApsisBody;
/** The first level whose next one has a higher value of the ramp's metric. */
const risingPair = (f: LevelsFile) => f.levels.findIndex((l, k) => k + 1 < f.levels.length && f.levels[k + 1].metrics[f.model.metric] > l.metrics[f.model.metric] && f.levels[k + 1].part === l.part);
const swapContent = (f: LevelsFile, k: number) => {
  const [a, b] = [f.levels[k], f.levels[k + 1]] as unknown as Array<Record<string, unknown>>;
  for (const key of ["id", "metrics", "level", "solution", "rules"]) [a[key], b[key]] = [b[key], a[key]];
  // made consistent: deviations and the objective recomputed, as a careful hand edit would
  for (const l of [f.levels[k], f.levels[k + 1]]) l.deviation = roundMetric(l.metrics[f.model.metric] - l.target);
  f.objective = roundMetric(objectiveOf(problemOfLevels(f)).total(f.levels.map((_, s) => s)));
};

const corruptions: Corruption[] = [
  // Carillon bodies (9 levels: chapter 1 parts 1-2, chapter 2 part 1)
  { name: "a dot moved 3 units", game: "carillon", level: 4, reasons: ["id"], apply: (f) => void (carillon(f, 4).dots[0].x += 3) },
  { name: "a dot's note changed", game: "carillon", level: 5, reasons: ["id"], apply: (f) => void (carillon(f, 5).dots[0].note = (carillon(f, 5).dots[0].note + 1) % 7) },
  { name: "a dot's size changed", game: "carillon", level: 6, reasons: ["id"], apply: (f) => void (carillon(f, 6).dots[1].size = carillon(f, 6).dots[1].size === "small" ? "normal" : "small") },
  { name: "a dot removed", game: "carillon", level: 3, reasons: ["id"], apply: (f) => void carillon(f, 3).dots.pop() },
  { name: "a mark added", game: "carillon", level: 2, reasons: ["id", "rule-unlisted"], apply: (f) => void (carillon(f, 2).dots[0].mark = { kind: "bell" }) },
  { name: "a dot outside the field", game: "carillon", level: 7, reasons: ["outside-field"], apply: (f) => void (carillon(f, 7).dots[0].x = -50) },
  { name: "two dots on one spot", game: "carillon", level: 8, reasons: ["overlap"], apply: (f) => void (carillon(f, 8).dots[1] = { ...carillon(f, 8).dots[1], x: carillon(f, 8).dots[0].x, y: carillon(f, 8).dots[0].y }) },
  { name: "the field's size", game: "carillon", level: 9, reasons: ["field-size"], apply: (f) => void (carillon(f, 9).width = 2000) },
  { name: "the stored goal", game: "carillon", level: 3, reasons: ["id", "goal"], apply: (f) => void (carillon(f, 3).goal = (at(f, 3).metrics.goal as number) + 1) },
  { name: "the stored solution", game: "carillon", level: 5, reasons: ["solution", "replay", "goal"], apply: (f) => void (at(f, 5).solution = [...(at(f, 5).solution as number[])].reverse().concat([0])) },
  { name: "a metric's value", game: "carillon", level: 6, reasons: ["metrics", "target"], apply: (f) => void (at(f, 6).metrics.bits += 0.5) },
  { name: "a metric removed", game: "carillon", level: 6, reasons: ["metrics"], apply: (f) => void delete at(f, 6).metrics.bits },
  { name: "the target", game: "carillon", level: 2, reasons: ["target"], apply: (f) => void (at(f, 2).target += 1) },
  { name: "the deviation", game: "carillon", level: 2, reasons: ["target"], apply: (f) => void (at(f, 2).deviation += 1) },
  { name: "the id", game: "carillon", level: 4, reasons: ["id"], apply: (f) => void (at(f, 4).id = "carillon-c1-p2-0000000000") },
  { name: "the number", game: "carillon", level: 10, reasons: ["plan"], apply: (f) => void (f.levels[f.levels.length - 1].number = 10) },
  { name: "the chapter", game: "carillon", level: 7, reasons: ["plan"], apply: (f) => void (at(f, 7).chapter = 1) },
  { name: "the part", game: "carillon", level: 3, reasons: ["plan"], apply: (f) => void (at(f, 3).part = 2) },
  { name: "a level deleted", game: "carillon", level: 5, reasons: ["missing"], apply: (f) => void f.levels.splice(4, 1) },
  { name: "the last level deleted", game: "carillon", level: 9, reasons: ["missing"], apply: (f) => void f.levels.pop() },
  { name: "a level repeated under the next number", game: "carillon", level: 6, reasons: ["unique", "duplicate"], apply: (f) => void Object.assign(at(f, 6), { id: at(f, 5).id, metrics: { ...at(f, 5).metrics }, level: structuredClone(at(f, 5).level), solution: structuredClone(at(f, 5).solution) }) },
  { name: "two levels swapped", game: "carillon", level: 0, reasons: ["nonDecreasing(bits)", "nonDecreasing(goal)", "status"], apply: (f) => swapContent(f, risingPair(f)) },
  { name: "the objective", game: "carillon", level: 0, reasons: ["objective"], apply: (f) => void (f.objective += 1) },
  { name: "the rules", game: "carillon", level: 8, reasons: ["rule-missing"], apply: (f) => void (at(f, 8).rules = ["bell"]) },
  { name: "the embedded ramp", game: "carillon", level: 1, reasons: ["target"], apply: (f) => void (f.ramp.points[0][1] += 1) },
  {
    name: "the embedded model loosened and two levels swapped (verify --model)",
    game: "carillon",
    level: 0,
    reasons: ["model"],
    args: ["--model", fixture("pipeline/tiny-carillon-model.json")],
    apply: (f) => {
      f.model.constraints = f.model.constraints.filter((c) => c.type !== "nonDecreasing");
      swapContent(f, risingPair(f));
    },
  },
  // Apsis bodies (7 levels: 1-2 composed, tiers 1-2)
  { name: "an arrow's angle", game: "apsis", level: 4, reasons: ["id"], apply: (f) => void (apsis(f, 4).arrows[0].angle += 1) },
  { name: "an arrow's direction", game: "apsis", level: 5, reasons: ["id"], apply: (f) => void (apsis(f, 5).arrows[1].direction += 180) },
  { name: "an arrow's length (100,000)", game: "apsis", level: 6, reasons: ["fits"], apply: (f) => void (apsis(f, 6).arrows[0].length = 100_000) },
  { name: "an arrow's ring", game: "apsis", level: 3, reasons: ["id", "fits", "overlap"], apply: (f) => void (apsis(f, 3).arrows[0].ring = (apsis(f, 3).arrows[0].ring % 5) + 1) },
  { name: "the hearts", game: "apsis", level: 7, reasons: ["id"], apply: (f) => void (apsis(f, 7).hearts += 1) },
  { name: "a lock with no key", game: "apsis", level: 4, reasons: ["lock-without-key"], apply: (f) => void (apsis(f, 4).arrows[0].lock = "gold") },
  { name: "a key and its lock added", game: "apsis", level: 5, reasons: ["id"], apply: (f) => Object.assign(apsis(f, 5).arrows[0], { key: "k" }) && Object.assign(apsis(f, 5).arrows[1], { lock: "k" }) },
  { name: "a falling ring added", game: "apsis", level: 6, reasons: ["id"], apply: (f) => void (apsis(f, 6).fallingRings = [1]) },
  { name: "an arrow removed", game: "apsis", level: 7, reasons: ["id"], apply: (f) => void apsis(f, 7).arrows.pop() },
  { name: "the rounds", game: "apsis", level: 3, reasons: ["solution"], apply: (f) => void (at(f, 3).solution = [...(at(f, 3).solution as number[][])].reverse()) },
  { name: "a composed level's arrow", game: "apsis", level: 1, reasons: ["id"], apply: (f) => void (apsis(f, 1).arrows[0].angle += 1) },
  // a generic file (metrics only: 3 chapters × 4 parts)
  { name: "a generic metric", game: "generic", level: 5, reasons: ["target"], apply: (f) => void (at(f, 5).metrics.difficulty += 0.5) },
  { name: "a generic level deleted", game: "generic", level: 5, reasons: ["missing"], apply: (f) => void f.levels.splice(4, 1) },
  { name: "a generic level's part", game: "generic", level: 2, reasons: ["plan"], apply: (f) => void (at(f, 2).part = 2) },
  { name: "a generic objective", game: "generic", level: 0, reasons: ["objective"], apply: (f) => void (f.objective -= 0.25) },
];

describe("verify catches every single corruption of a built file", () => {
  for (const c of corruptions) {
    it(`catches ${c.name} (${c.game})`, async () => {
      all.push(c.name);
      const f = structuredClone(good[c.game]!);
      c.apply(f);
      const file = join(dir, `${c.game}-${c.name.replace(/\W+/g, "-")}.json`);
      writeFileSync(file, JSON.stringify(f, null, 2));
      const r = await runCli(["verify", file, "--json", "--quiet", ...(c.args ?? [])]);
      expect(r.code, r.stderr).toBe(1);
      const failures = JSON.parse(r.stdout).failures as Array<{ level: number; reason: string }>;
      const hit = failures.find((x) => c.reasons.includes(x.reason) && (c.level === 0 || x.level === c.level));
      expect(hit, `${c.name}: ${r.stderr}`).toBeDefined();
      caught.push(c.name);
    });
  }

  it("says which model it checked against: the embedded one unless --model is given", async () => {
    const f = structuredClone(good.carillon!);
    f.model.constraints = f.model.constraints.filter((c) => c.type !== "nonDecreasing");
    swapContent(f, risingPair(f));
    const file = join(dir, "loosened.json");
    writeFileSync(file, JSON.stringify(f, null, 2));
    const embedded = await runCli(["verify", file, "--quiet"]);
    expect(embedded.stdout).toContain("checked against the model embedded in the file (pass --model <file> to check against your current one)");
    const current = await runCli(["verify", file, "--quiet", "--model", fixture("pipeline/tiny-carillon-model.json")]);
    expect(current.code).toBe(1);
    expect(current.stdout).toMatch(/the file: model: the embedded model is not .*tiny-carillon-model\.json: it lacks \{"key":"bits","type":"nonDecreasing"\}/);
    expect(current.stdout).toMatch(/nonDecreasing\(bits\)/);
  });
});
