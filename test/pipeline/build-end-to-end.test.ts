import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { carillonBodies } from "../helpers/game-bodies.ts";
import { join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { candidateId } from "../../src/io/candidate-id.ts";
import { levelsSchemaOf } from "../../src/io/schemas/levels.ts";
import { poolSchemaOf } from "../../src/io/schemas/pool.ts";
import { buildLevelSet, levelSetFileNames, writeLevelSet } from "../../src/pipeline/level-set/build-level-set.ts";
import { buildReportFiles, deviationReportWriter } from "../../src/pipeline/level-set/build-report.ts";
import { loadPipelineOptions } from "../../src/pipeline/level-set/load-pipeline-options.ts";
import { fixture, runCli } from "../helpers/run-cli.ts";
import { tempFolder } from "../helpers/temp-dir.ts";

// The main job end to end on a tiny Carillon plan (2 chapters, 3 parts of 3 levels, 3 candidates per level).
const plan = fixture("pipeline/tiny-carillon-plan.json");
let dir = "";
let built = { code: -1, stdout: "", stderr: "" };

beforeAll(async () => {
  dir = tempFolder();
  built = await runCli(["build", "carillon", "--plan", plan, "--model", fixture("pipeline/tiny-carillon-model.json"), "--seed", "7", "--workers", "1", "--out", dir, "--stats", "--json"]);
}, 60_000);

describe("levelramp build (tiny Carillon plan)", () => {
  it("writes pools.json, levels.json, report.txt and report.json", () => {
    expect(built.stderr).not.toMatch(/levelramp: /);
    expect(built.code).toBe(0);
    for (const f of ["pools.json", "levels.json", "report.txt", "report.json", "report.html"]) expect(existsSync(join(dir, f))).toBe(true);
    const summary = JSON.parse(built.stdout);
    expect(summary).toMatchObject({ game: "carillon", seed: 7, levels: 9 });
    expect(summary.stats.grown).toBeGreaterThan(0); // --stats with --json: the figures are in the JSON (stdout holds only it)
    expect(built.stderr).not.toContain("candidates grown:");
  });

  it("numbers levels globally across parts and chapters, with bodies and solutions", () => {
    const levels = levelsSchemaOf(carillonBodies).parse(JSON.parse(readFileSync(join(dir, "levels.json"), "utf8")));
    expect(levels.levels.map((l) => l.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(levels.levels.map((l) => `${l.chapter}/${l.part}`)).toEqual(["1/1", "1/1", "1/1", "1/2", "1/2", "1/2", "2/1", "2/1", "2/1"]);
    for (const l of levels.levels) {
      expect(l.level).toBeDefined();
      expect(Array.isArray(l.solution)).toBe(true);
    }
    // the chain holds across the part and chapter boundaries
    for (let i = 1; i < levels.levels.length; i++) expect(levels.levels[i].metrics.bits).toBeGreaterThanOrEqual(levels.levels[i - 1].metrics.bits);
  });

  it("keeps every candidate in pools.json with a stable id and its provenance", () => {
    const pool = poolSchemaOf(carillonBodies).parse(JSON.parse(readFileSync(join(dir, "pools.json"), "utf8")));
    const levels = levelsSchemaOf(carillonBodies).parse(JSON.parse(readFileSync(join(dir, "levels.json"), "utf8")));
    expect(pool.seed).toBe(7);
    expect(pool.candidates.length).toBeGreaterThan(levels.levels.length);
    for (const c of pool.candidates) {
      expect(c.id).toBe(candidateId("carillon", c.chapter, c.part, c.level));
      expect(c.provenance).toMatchObject({ seed: 7 });
    }
    const ids = new Set(pool.candidates.map((c) => c.id));
    for (const l of levels.levels) expect(ids.has(l.id)).toBe(true);
  });

  it("passes verify", async () => {
    const r = await runCli(["verify", join(dir, "levels.json"), "--json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, levels: 9, failures: [] });
  });

  it("is reproduced exactly by select --incremental over pools.json", async () => {
    const out = join(dir, "reselected.json");
    const r = await runCli(["select", "--pools", join(dir, "pools.json"), "--plan", plan, "--model", fixture("pipeline/tiny-carillon-model.json"), "--incremental", "--out", out]);
    expect(r.code).toBe(0);
    expect(readFileSync(out, "utf8")).toBe(readFileSync(join(dir, "levels.json"), "utf8"));
  });

  it("is never beaten by the build on the objective: the global select is as good or better", async () => {
    const r = await runCli(["select", "--pools", join(dir, "pools.json"), "--plan", plan, "--model", fixture("pipeline/tiny-carillon-model.json"), "--json"]);
    expect(r.code).toBe(0);
    const global = JSON.parse(r.stdout);
    const levels = JSON.parse(readFileSync(join(dir, "levels.json"), "utf8"));
    expect(global.objective).toBeLessThanOrEqual(levels.objective + 1e-9);
    // pools.json records the build's choice, and select says how it compares
    const pool = JSON.parse(readFileSync(join(dir, "pools.json"), "utf8"));
    expect(pool.build.objective).toBe(levels.objective);
    expect(pool.build.levels).toEqual(levels.levels.map((l: { number: number; id: string }) => ({ number: l.number, id: l.id })));
    expect(r.stderr).toMatch(/select: (the same levels as the build|\d+ level numbers differ from the build) that grew/);
  });

  it("writes the per-chapter deviation table and the pool figures into report.txt", () => {
    const text = readFileSync(join(dir, "report.txt"), "utf8");
    expect(text).toContain("Ramp deviation per chapter (bits");
    expect(text).toMatch(/^1 +6 /m);
    expect(text).toMatch(/^2 +3 /m);
    expect(text).toContain("candidates grown:");
    expect(readFileSync(join(dir, "report.html"), "utf8")).toMatch(/^<!doctype html>/);
    const json = JSON.parse(readFileSync(join(dir, "report.json"), "utf8"));
    expect(json.ramps[0].chapters.map((c: { chapter: number }) => c.chapter)).toEqual([1, 2]);
    expect(json.stats.grown).toBeGreaterThan(0);
  });

  it("refuses to overwrite its outputs without --force, before doing any work", async () => {
    const before = statSync(join(dir, "levels.json")).mtimeMs;
    const r = await runCli(["build", "carillon", "--plan", plan, "--model", fixture("pipeline/tiny-carillon-model.json"), "--workers", "1", "--out", dir, "--quiet"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--force");
    expect(statSync(join(dir, "levels.json")).mtimeMs).toBe(before);
  });
});

describe("the library's buildLevelSet and writeLevelSet", () => {
  it("write the CLI's files byte for byte; refuse an existing set without force; check each writer's file names", async () => {
    // the same options as the CLI build above; report.html's select line names the plan and model as the CLI does (from a folder beside it)
    const out = join(tempFolder(), "set");
    const model = fixture("pipeline/tiny-carillon-model.json");
    const options = await loadPipelineOptions("carillon", { planFile: plan, modelFile: model, seed: 7, workers: 1 });
    expect(options).toMatchObject({ game: { name: "carillon" }, chapters: [1, 2], seed: 7, workers: 1, planFile: plan, modelFile: model });
    const set = await buildLevelSet({ ...options, selectLine: { planFile: relative(dir, plan), modelFile: "model.json" } });
    expect(set.verify).toMatchObject({ ok: true, levels: 9 });
    expect(set.files.map((f) => f.name)).toEqual(levelSetFileNames());
    const { paths } = await writeLevelSet(out, set);
    expect(paths).toEqual(levelSetFileNames().map((f) => join(out, f)));
    for (const name of levelSetFileNames()) expect(readFileSync(join(out, name), "utf8"), name).toBe(readFileSync(join(dir, name), "utf8"));
    // the deviation is computed once: report.json's ramp is the set's
    expect(JSON.parse(readFileSync(join(out, "report.json"), "utf8")).ramps[0]).toEqual(JSON.parse(JSON.stringify(set.deviation.report)));
    // without force the set is refused and nothing changes; with it, files beside the set are kept
    writeFileSync(join(out, "notes.txt"), "mine");
    await expect(writeLevelSet(out, set)).rejects.toThrow(`${join(out, "pools.json")} exists; pass force: true to overwrite it`); // the library names its own option
    await writeLevelSet(out, set, { force: true });
    expect(readdirSync(out).sort()).toEqual([...levelSetFileNames(), "notes.txt"].sort());
    // a writer that writes other files than it names is an internal error
    const liar = { files: ["report.txt"], write: deviationReportWriter.write };
    await expect(buildReportFiles({ ...set, editor: undefined }, [liar])).rejects.toThrow("a report writer named report.txt but wrote report.txt, report.json");
  }, 120_000);
});

describe("levelramp build --chapters", () => {
  it("keeps global level numbers and says the chain starts fresh after the levels not built", async () => {
    const d = tempFolder();
    const r = await runCli(["build", "carillon", "--plan", plan, "--model", fixture("pipeline/tiny-carillon-model.json"), "--chapters", "2", "--seed", "7", "--workers", "1", "--out", d]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("levels 1–6 are not built: the chain starts fresh at level 7 (chapter 2)");
    const levels = JSON.parse(readFileSync(join(d, "levels.json"), "utf8"));
    expect(levels.levels.map((l: { number: number }) => l.number)).toEqual([7, 8, 9]);
  }, 60_000);

  it("refuses a range outside the plan or reversed (exit 2)", async () => {
    for (const chapters of ["3", "2-1", "x"]) {
      const r = await runCli(["build", "carillon", "--plan", plan, "--model", fixture("pipeline/tiny-carillon-model.json"), "--chapters", chapters, "--workers", "1", "--out", tempFolder()]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain("--chapters");
    }
  });
});
