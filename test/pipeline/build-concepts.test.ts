import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { LevelsFile } from "../../src/io/schemas/levels.ts";
import type { Pool } from "../../src/io/schemas/pool.ts";
import { fixture, runCli } from "../helpers/run-cli.ts";
import { tempFolder } from "../helpers/temp-dir.ts";

// SPEC 12 through the pipeline: the built-in games' candidates carry the concepts their levels need
// (the rule chapter's rule; none on plain and composed levels) into pools.json and levels.json; the
// same seed gives byte-identical files on one thread, two worker threads and two shards merged;
// verify checks every level's concepts against its body. Each model says, as the default models do,
// that the rule arrives at its chapter's first level (introduceAt; the default models' level numbers
// are the default plan's, these the tiny plans').
const games = [
  { game: "carillon", rule: "bell", args: ["--plan", fixture("pipeline/concepts-carillon-plan.json"), "--model", fixture("pipeline/concepts-carillon-model.json"), "--seed", "3"] },
  { game: "apsis", rule: "key", args: ["--plan", fixture("pipeline/concepts-apsis-plan.json"), "--model", fixture("pipeline/concepts-apsis-model.json"), "--seed", "3"] },
];
const FILES = ["pools.json", "levels.json", "report.json", "report.txt", "report.html"];
const out: Record<string, { one: string; two: string }> = {};

beforeAll(async () => {
  for (const g of games) {
    const one = tempFolder();
    const two = tempFolder();
    for (const [dir, workers] of [[one, "1"], [two, "2"]]) {
      const r = await runCli(["build", g.game, ...g.args, "--workers", workers, "--out", dir, "--quiet", "--json"]);
      expect(r.code, r.stderr).toBe(0);
    }
    out[g.game] = { one, two };
  }
}, 180_000);

describe.each(games)("a $game build with a rule chapter", ({ game, rule, args }) => {
  const read = <T>(file: string): T => JSON.parse(readFileSync(join(out[game].one, file), "utf8")) as T;

  it("pools.json: each rule-chapter candidate carries its rule as a concept; plain and composed ones carry none", () => {
    const pool = read<Pool>("pools.json");
    const composed = pool.candidates.filter((c) => c.fixedLevel !== undefined);
    expect(composed.length).toBe(2);
    for (const c of pool.candidates) {
      if (c.chapter === 1) expect(c, c.id).not.toHaveProperty("concepts");
      else expect(c.concepts, c.id).toEqual([rule]);
    }
    expect(pool.candidates.filter((c) => c.chapter === 2).length).toBeGreaterThan(3);
    // the key order of a pool candidate: concepts right after rules
    const marked = pool.candidates.find((c) => c.chapter === 2)!;
    expect(Object.keys(marked).slice(0, 7)).toEqual(["id", "chapter", "part", "metrics", "rules", "concepts", "level"]);
  });

  it("levels.json: the shipped levels carry them too, and verify passes", async () => {
    const levels = read<LevelsFile>("levels.json");
    expect(levels.levels.map((l) => l.concepts ?? [])).toEqual(levels.levels.map((l) => (l.chapter === 2 ? [rule] : [])));
    const r = await runCli(["verify", join(out[game].one, "levels.json")]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
  });

  it("report.txt and report.json list the concepts by chapter: the rule chapter introduces its rule", () => {
    const levels = read<LevelsFile>("levels.json");
    const ruled = levels.levels.filter((l) => l.chapter === 2);
    const text = readFileSync(join(out[game].one, "report.txt"), "utf8");
    expect(text).toContain(`  chapter 2 (levels ${ruled[0]!.number}–${ruled[ruled.length - 1]!.number}): ${rule} ${ruled[0]!.number}* ×${ruled.length}\n`);
    expect(read<{ concepts: { concepts: unknown[] } }>("report.json").concepts.concepts).toEqual([{ concept: rule, introduced: ruled[0]!.number, chapter: 2, levels: ruled.map((l) => l.number) }]);
  });

  it("byte-identical files with --workers 1 and --workers 2", () => {
    for (const f of FILES) expect(readFileSync(join(out[game].two, f), "utf8"), f).toBe(readFileSync(join(out[game].one, f), "utf8"));
  });

  it("generate in two shards, merged, gives the unsharded pool byte for byte", async () => {
    const dir = tempFolder();
    const whole = join(dir, "pools.json");
    expect((await runCli(["generate", game, ...args, "--workers", "1", "--out", whole, "--quiet"])).code).toBe(0);
    for (const k of ["1", "2"]) expect((await runCli(["generate", game, ...args, "--workers", "1", "--shard", `${k}/2`, "--out", join(dir, `s${k}.json`), "--quiet"])).code).toBe(0);
    const merged = join(dir, "merged.json");
    const m = await runCli(["merge", join(dir, "s2.json"), join(dir, "s1.json"), "--out", merged, "--quiet"]);
    expect(m.code, m.stderr).toBe(0);
    expect(readFileSync(merged, "utf8")).toBe(readFileSync(whole, "utf8"));
    expect(readFileSync(whole, "utf8")).toContain(`"concepts": [\n        "${rule}"\n      ]`);
  }, 120_000);

  it("verify names a level whose concepts were edited: one left out, one that is not needed", async () => {
    const levels = read<LevelsFile>("levels.json");
    const ruled = levels.levels.find((l) => l.chapter === 2)!;
    const plain = levels.levels.find((l) => l.chapter === 1)!;
    const edited = {
      ...levels,
      levels: levels.levels.map((l) => (l === ruled ? { ...l, concepts: undefined } : l === plain ? { ...l, concepts: [rule] } : l)),
    };
    const file = join(tempFolder(), "levels.json");
    writeFileSync(file, JSON.stringify(edited));
    const r = await runCli(["verify", file, "--json"]);
    expect(r.code).toBe(1);
    const failures = (JSON.parse(r.stdout) as { failures: Array<{ level: number; reason: string; message: string }> }).failures.filter((f) => f.reason === "concepts");
    expect(failures).toEqual([
      { level: plain.number, id: plain.id, reason: "concepts", message: `the level carries concepts [${rule}], but it needs [] (${rule} not needed)` },
      { level: ruled.number, id: ruled.id, reason: "concepts", message: `the level carries concepts [], but it needs [${rule}] (${rule} not named)` },
    ]);
  });
});
