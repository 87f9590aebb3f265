// verify --model and --plan on an existing set: after a change of the designer's rules, the
// file names exactly the levels the change breaks — the model's rules (each pair or run that breaks),
// the plan's (a chapter that brings other rules, parts of another size) — so a rebuild knows where to start.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { fixture, runCli } from "../helpers/run-cli.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const t = tempDir("levelramp-verify-rules-");
const plan = JSON.parse(readFileSync(fixture("pipeline/tiny-carillon-plan.json"), "utf8"));
const model = JSON.parse(readFileSync(fixture("pipeline/tiny-carillon-model.json"), "utf8"));
let levels: Array<{ number: number; chapter: number; metrics: Record<string, number> }> = [];

beforeAll(async () => {
  const r = await runCli(["build", "carillon", "--plan", fixture("pipeline/tiny-carillon-plan.json"), "--model", fixture("pipeline/tiny-carillon-model.json"), "--seed", "7", "--workers", "1", "--out", t.path("set"), "--quiet", "--no-table"]);
  expect(r.code, r.stderr).toBe(0);
  levels = JSON.parse(readFileSync(t.path("set/levels.json"), "utf8")).levels;
}, 60_000);

const verify = async (...args: string[]) => {
  const r = await runCli(["verify", join(t.dir, "set/levels.json"), "--json", "--quiet", ...args]);
  return { code: r.code, failures: JSON.parse(r.stdout).failures as Array<{ level: number; reason: string; message: string }> };
};

describe("verify against the designer's current rules", () => {
  it("passes against the model and plan it was built with", async () => {
    expect(await verify("--model", fixture("pipeline/tiny-carillon-model.json"), "--plan", fixture("pipeline/tiny-carillon-plan.json"))).toEqual({ code: 0, failures: [] });
  });

  it("a tighter model rule: exactly the levels whose rise passes it, counted from the stored values", async () => {
    const rises = levels.slice(1).map((l, i) => ({ level: l.number, rise: l.metrics.bits - levels[i].metrics.bits }));
    const by = [...rises].sort((a, b) => a.rise - b.rise)[Math.floor(rises.length / 2)].rise; // half the steps rise more
    const tighter = { ...model, constraints: [...model.constraints, { type: "maxRise", key: "bits", by }] };
    const r = await verify("--model", t.write("tighter.json", tighter));
    expect(r.code).toBe(1);
    const broken = rises.filter((x) => x.rise > by + 1e-9).map((x) => x.level);
    expect(broken.length).toBeGreaterThan(0);
    expect(r.failures.filter((f) => f.level > 0).map((f) => [f.level, f.reason])).toEqual(broken.map((l) => [l, "maxRise(bits)"]));
    // the file as a whole: its embedded model is not the one given (named, at level 0)
    expect(r.failures.filter((f) => f.level === 0).map((f) => f.reason)).toEqual(["model"]);
  });

  it("a chapter that brings another rule, a part of another size: exactly the levels they break", async () => {
    const changed = structuredClone(plan);
    changed.chapters[1].rules = ["bell"];
    const r = await verify("--plan", t.write("rules.json", changed));
    expect(r.code).toBe(1);
    expect(r.failures.map((f) => [f.level, f.reason])).toEqual(levels.filter((l) => l.chapter === 2).map((l) => [l.number, "rules"]));
    expect(r.failures[0].message).toMatch(/^chapter 2 brings \[bell\] in \S+rules\.json; the level was made for \[\]$/);
    const resized = structuredClone(plan);
    resized.chapters[0].parts[1].levels = 2; // chapter 1 part 2 loses a level: level 6 is chapter 2's now, level 9 is beyond the plan
    const s = await verify("--plan", t.write("resized.json", resized));
    expect(s.failures.map((f) => [f.level, f.reason])).toEqual([[6, "plan"], [9, "plan"]]);
    expect(s.failures[0].message).toMatch(/^level 6 is in chapter 2 part 1 of \S+resized\.json; the file says chapter 1 part 2$/);
  });
});
