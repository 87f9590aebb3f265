import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { LevelsFile } from "../../src/io/schemas/levels.ts";
import type { Pool } from "../../src/io/schemas/pool.ts";
import { fixture, runCli } from "../helpers/run-cli.ts";
import { tempFolder } from "../helpers/temp-dir.ts";

// Apsis composes its first levels (SPEC 5.5): the tiny plan composes levels 1–2; part 1 grows only levels 3–4.
const plan = fixture("pipeline/tiny-apsis-plan.json");
let dir = "";
let pool: Pool;
let levels: LevelsFile;
let stdout = "";
let stderr = "";
let summary: { stats: { parts: Array<{ chapter: number; part: number; levels: number; grownLevels: number; grown: number; extraRounds: number; refineRounds: number }> } };

beforeAll(async () => {
  dir = tempFolder();
  const r = await runCli(["build", "apsis", "--plan", plan, "--seed", "2", "--workers", "1", "--out", dir, "--stats"]);
  expect(r.code, r.stderr).toBe(0);
  stdout = r.stdout;
  stderr = r.stderr;
  summary = JSON.parse(readFileSync(join(dir, "report.json"), "utf8"));
  pool = JSON.parse(readFileSync(join(dir, "pools.json"), "utf8"));
  levels = JSON.parse(readFileSync(join(dir, "levels.json"), "utf8"));
}, 60_000);

describe("levelramp build with composed first levels (Apsis)", () => {
  it("says what the chain starts from", () => {
    expect(stderr).toContain("levels 1–2 are composed and fixed; selection starts at level 3");
  });

  it("--stats and report.txt sum up the shipped skies per chapter: arrows, depth, reads, worst ring share", () => {
    const reads = levels.levels.map((l) => l.metrics.reads);
    const arrows = levels.levels.map((l) => l.metrics.arrows);
    const depths = levels.levels.map((l) => l.metrics.depth);
    const row = new RegExp(
      `^ *1 +${levels.levels.length} +${Math.min(...arrows)}–${Math.max(...arrows)} +${depths[0]} → ${depths[depths.length - 1]} \\(${Math.min(...depths)}–${Math.max(...depths)}\\) +${reads[0]} → ${reads[reads.length - 1]} `,
      "m",
    );
    expect(stdout).toContain("Apsis levels per chapter");
    expect(stdout).toMatch(row);
    const report = readFileSync(join(dir, "report.txt"), "utf8");
    expect(report).toContain("worst ring share (20+ arrows)");
    expect(report).toMatch(row);
  });

  it("keeps the composed levels in pools.json with fixedLevel and ships them as levels 1–2", () => {
    const composed = pool.candidates.filter((c) => c.fixedLevel !== undefined);
    expect(composed.map((c) => c.fixedLevel)).toEqual([1, 2]);
    expect(levels.levels.slice(0, 2).map((l) => l.id)).toEqual(composed.map((c) => c.id));
  });

  it("grows part 1's pool for its remaining levels only (poolPerLevel × 2)", () => {
    const part1 = summary.stats.parts[0];
    expect(part1).toMatchObject({ chapter: 1, part: 1, levels: 4, grownLevels: 2 });
    const grown = pool.candidates.filter((c) => c.chapter === 1 && c.part === 1 && c.fixedLevel === undefined);
    expect(grown.length).toBe(part1.grown);
    expect(grown.length).toBeLessThanOrEqual(3 * 2 * (1 + part1.extraRounds + part1.refineRounds));
    // one batch per grown level and round
    expect(new Set(grown.map((c) => c.provenance!.batch))).toEqual(new Set(Array.from({ length: 2 * (1 + part1.extraRounds + part1.refineRounds) }, (_, b) => b)));
  });

  it("never lets reads fall or rise by more than 4 across the composed boundary", () => {
    for (let i = 1; i < levels.levels.length; i++) {
      const step = (levels.levels[i].metrics.reads as number) - (levels.levels[i - 1].metrics.reads as number);
      expect(step).toBeGreaterThanOrEqual(0);
      expect(step).toBeLessThanOrEqual(4);
    }
  });

  it("passes verify and is reproduced by select --incremental", async () => {
    expect((await runCli(["verify", join(dir, "levels.json")])).code).toBe(0);
    const out = join(dir, "again.json");
    const r = await runCli(["select", "--pools", join(dir, "pools.json"), "--plan", plan, "--incremental", "--out", out]);
    expect(r.code).toBe(0);
    expect(readFileSync(out, "utf8")).toBe(readFileSync(join(dir, "levels.json"), "utf8"));
  });
});
