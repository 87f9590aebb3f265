import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { LevelsFile } from "../../src/io/schemas/levels.ts";
import type { CarillonBody } from "../../src/carillon/level/carillon-body.ts";
import { fixture, modelFile, runCli } from "../helpers/run-cli.ts";
import { tempFolder } from "../helpers/temp-dir.ts";

// SPEC 1 job 5: verify names each failing level with its reason and exits 1.
let dir = "";
let good: LevelsFile;

beforeAll(async () => {
  dir = tempFolder();
  const r = await runCli(["build", "carillon", "--plan", fixture("pipeline/tiny-carillon-plan.json"), "--model", fixture("pipeline/tiny-carillon-model.json"), "--seed", "5", "--workers", "1", "--out", dir, "--quiet"]);
  expect(r.code).toBe(0);
  good = JSON.parse(readFileSync(join(dir, "levels.json"), "utf8"));
}, 60_000);

const copy = (): LevelsFile => JSON.parse(JSON.stringify(good));
const body = (f: LevelsFile, n: number) => f.levels.find((l) => l.number === n)!.level as CarillonBody;

async function failuresOf(file: LevelsFile, name: string): Promise<Array<{ level: number; reason: string; message: string }>> {
  const path = join(dir, `${name}.json`);
  writeFileSync(path, JSON.stringify(file, null, 2));
  const r = await runCli(["verify", path, "--json"]);
  expect(r.code, r.stderr).toBe(1);
  const verdict = JSON.parse(r.stdout);
  expect(verdict.ok).toBe(false);
  return verdict.failures;
}

describe("levelramp verify", () => {
  it("passes the file as built", async () => {
    const r = await runCli(["verify", join(dir, "levels.json")]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("all 9 carillon levels pass"); // the verdict is the result: stdout
  });

  it("catches a moved dot (onto another one: not a field at all)", async () => {
    const f = copy();
    const b = body(f, 4);
    b.dots[0] = { ...b.dots[0], x: b.dots[1].x + 5, y: b.dots[1].y };
    const failures = await failuresOf(f, "moved-dot");
    expect(failures.some((x) => x.level === 4)).toBe(true);
    expect(failures.filter((x) => x.level === 4).map((x) => x.reason)).toContain("overlap");
  });

  it("catches a wrong goal", async () => {
    const f = copy();
    const l = f.levels.find((x) => x.number === 3)!;
    body(f, 3).goal = (l.metrics.goal as number) + 1;
    const failures = await failuresOf(f, "wrong-goal");
    expect(failures).toContainEqual(expect.objectContaining({ level: 3, reason: "goal" }));
  });

  it("catches a swapped order", async () => {
    const f = copy();
    const i = f.levels.findIndex((l, k) => k + 1 < f.levels.length && f.levels[k + 1].metrics.bits > l.metrics.bits);
    const a = f.levels[i];
    const b = f.levels[i + 1];
    const swap = (x: Record<string, unknown>, y: Record<string, unknown>) => {
      for (const key of ["id", "metrics", "level", "solution", "rules"]) [x[key], y[key]] = [y[key], x[key]];
    };
    swap(a, b);
    const failures = await failuresOf(f, "swapped");
    expect(failures).toContainEqual(expect.objectContaining({ level: b.number, reason: "nonDecreasing(bits)" }));
  });

  it("catches a duplicate level (the same level under another id)", async () => {
    const f = copy();
    const a = f.levels[1];
    const b = f.levels[2];
    const turned = JSON.parse(JSON.stringify(a.level)) as CarillonBody;
    turned.dots = turned.dots.map((d) => ({ ...d, x: Math.round((640 - d.x) * 10) / 10 })).reverse();
    b.level = turned;
    b.id = "carillon-c1-p1-0000000000";
    b.metrics = a.metrics;
    b.solution = (a.solution as number[]).map((k) => turned.dots.length - 1 - k);
    const failures = await failuresOf(f, "duplicate");
    expect(failures).toContainEqual(expect.objectContaining({ level: b.number, reason: "duplicate" }));
  });

  it("catches a broken solution", async () => {
    const f = copy();
    const l = f.levels[4];
    const solution = l.solution as number[];
    l.solution = [solution[0], ...solution];
    const failures = await failuresOf(f, "broken-solution");
    const reasons = failures.filter((x) => x.level === l.number).map((x) => x.reason);
    expect(reasons.length).toBeGreaterThan(0);
    expect(reasons.some((r) => r === "replay" || r === "goal")).toBe(true);
  });

  it("catches stored metrics that the level does not measure", async () => {
    const f = copy();
    f.levels[6].metrics = { ...f.levels[6].metrics, dots: (f.levels[6].metrics.dots as number) + 1 };
    const failures = await failuresOf(f, "metrics");
    expect(failures).toContainEqual(expect.objectContaining({ level: 7, reason: "metrics" }));
  });

  it("checks a generic levels file against the model constraints only", async () => {
    const out = join(dir, "generic.json");
    const s = await runCli(["select", "--pools", fixture("pools/generic-3x4x20.json"), "--model", modelFile("generic", "selection.json"), "--ramp", modelFile("generic", "ramp.json"), "--plan", modelFile("generic", "plan.json"), "--out", out]);
    expect(s.code).toBe(0);
    expect((await runCli(["verify", out])).code).toBe(0);
    const f = JSON.parse(readFileSync(out, "utf8")) as LevelsFile;
    const i = f.levels.findIndex((l, k) => k + 1 < f.levels.length && f.levels[k + 1].metrics.difficulty > l.metrics.difficulty);
    [f.levels[i].metrics, f.levels[i + 1].metrics] = [f.levels[i + 1].metrics, f.levels[i].metrics];
    const failures = await failuresOf(f, "generic-swapped");
    expect(failures.some((x) => x.reason === "nonDecreasing(difficulty)")).toBe(true);
    expect(failures.every((x) => !["no-body", "metrics", "duplicate"].includes(x.reason))).toBe(true);
  });
});
