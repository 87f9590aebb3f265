import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  buildLevelSet,
  calibrate,
  calibrationSchema,
  compareLevels,
  diffLevels,
  drawLevel,
  generatePools,
  generateShard,
  levelsSchema,
  loadPipelineOptions,
  measureLevel,
  mergeShards,
  modelSchema,
  readJsonFile,
  readPlays,
  readGameLevelInput,
  readPoolFile,
  readPlayLevels,
  readShards,
  rampSchema,
  reportLevels,
  selectLevels,
  verifyLevels,
  writeLevelSet,
  type LevelsFile,
  type SelectLevelsInputs,
} from "../../src/index.ts";
import { fixture, modelFile, runCli } from "../helpers/run-cli.ts";
import { playsCsv, simulatePlays } from "../helpers/simulate-plays.ts";
import { tempDir, tempFolder } from "../helpers/temp-dir.ts";

// The library is the product: each job the CLI runs, imported from the package root and called on parsed
// inputs, gives the CLI's output files byte for byte (select, select --min-moves, a player ramp through a
// calibration, calibrate, report in each file format, build, build --from and --reuse, generate,
// generate --shard, merge, show) or its stdout (measure --json, compare --json, diff --json, schema; verify's
// verdict). start runs build, verify and report (test/cli/start-own-builds.test.ts). game check's job:
// test/program/check-game-job.test.ts (it runs an outside game: an isolated file).

vi.setConfig({ testTimeout: 120_000 });

const t = tempDir("levelramp-jobs-");
const POOL = fixture("pools/generic-3x4x20.json");
const text = (file: string) => readFileSync(file, "utf8");
const fileText = (file: LevelsFile) => JSON.stringify(file, null, 2) + "\n";

/** select's inputs as the CLI reads them for a generic pool with the bundled generic models. */
function genericInputs(rampFile = modelFile("generic", "ramp.json")): SelectLevelsInputs {
  const { pool, levels } = readPoolFile(POOL);
  const model = modelFile("generic", "selection.json");
  return { pool, poolFile: POOL, poolLevels: levels, defaultPlanFile: modelFile("generic", "plan.json"), model: readJsonFile(modelSchema, model), modelFile: model, ramp: readJsonFile(rampSchema, rampFile), rampFile };
}

let levelsPath = "";
let levels: LevelsFile;

beforeAll(async () => {
  levelsPath = t.path("levels.json");
  const r = await runCli(["select", "--pools", POOL, "--out", levelsPath]);
  expect(r.code, r.stderr).toBe(0);
  levels = readJsonFile(levelsSchema, levelsPath);
});

describe("the jobs, from the package root, give the CLI's files byte for byte", () => {
  it("selectLevels: select --out", async () => {
    const selected = await selectLevels(genericInputs());
    expect(fileText(selected.file)).toBe(text(levelsPath));
    expect(selected.selection.status).toBe("optimal");
  });

  it("selectLevels with minMoves: select --min-moves --from", async () => {
    // an earlier release: the optimum with levels 1 and 2 swapped
    const from = { ...levels, levels: levels.levels.map((l) => (l.number === 1 ? { ...levels.levels[1], number: 1 } : l.number === 2 ? { ...levels.levels[0], number: 2 } : l)) };
    const fromFile = t.write("from.json", from);
    const out = t.path("min-moves.json");
    const r = await runCli(["select", "--pools", POOL, "--min-moves", "0.5", "--from", fromFile, "--out", out]);
    expect(r.code, r.stderr).toBe(0);
    const selected = await selectLevels(genericInputs(), { minMoves: { from: readJsonFile(levelsSchema, fromFile), tolerance: 0.5 } });
    expect(fileText(selected.file)).toBe(text(out));
    expect(selected.file.status).toBe("feasible");
    expect(selected.moves).toBeDefined();
  });

  it("calibrate, and selectLevels over a player ramp: calibrate --out, select --ramp <passRate> --calibration", async () => {
    const plays = simulatePlays({ model: "rasch", a: -3, b: 0.3, sigma: 1 }, { seed: "jobs-plays", metrics: levels.levels.map((l) => l.metrics.difficulty), players: 80 });
    const playsFile = t.write("plays.csv", playsCsv(plays));
    const calFile = t.path("calibration.json");
    expect((await runCli(["calibrate", playsFile, "--levels", levelsPath, "--out", calFile])).code).toBe(0);
    const read = readPlays(playsFile, await readPlayLevels(levelsPath), levelsPath);
    const calibration = calibrate(read.plays);
    expect(JSON.stringify(calibration, null, 2) + "\n").toBe(text(calFile));

    const passFile = t.write("pass-ramp.json", { format: "levelramp/ramp@1", metric: "passRate", points: [[1, 0.9], [30, 0.7], [60, 0.45]], interpolation: "monotone-cubic" });
    const out = t.path("player.json");
    const r = await runCli(["select", "--pools", POOL, "--ramp", passFile, "--calibration", calFile, "--out", out]);
    expect(r.code, r.stderr).toBe(0);
    const selected = await selectLevels({ ...genericInputs(passFile), calibration: readJsonFile(calibrationSchema, calFile), calibrationFile: calFile });
    expect(fileText(selected.file)).toBe(text(out));
    // without the calibration the job names what it lacks, in its own words
    await expect(selectLevels(genericInputs(passFile))).rejects.toThrow(/pipeline\/select: .*give a calibration \(levelramp calibrate\)/);
  });

  it("reportLevels: report --format table, json, csv (per chapter and per level), html", async () => {
    for (const [format, extra] of [["table", []], ["json", []], ["csv", []], ["csv", ["--levels"]], ["html", []]] as const) {
      const out = t.path(`report-${format}${extra.length ? "-levels" : ""}`);
      const r = await runCli(["report", levelsPath, "--format", format, ...extra, "--out", out]);
      expect(r.code, r.stderr).toBe(0);
      const { text: report } = await reportLevels({ levels, levelsFile: levelsPath }, { format, perLevel: extra.length > 0 });
      expect(report, `${format} ${extra.join(" ")}`).toBe(text(out));
    }
  });

  it("verifyLevels: verify's verdict", async () => {
    const r = await runCli(["verify", levelsPath, "--json"]);
    expect(r.code).toBe(0);
    const verdict = JSON.parse(r.stdout) as { ok: boolean; levels: number };
    const result = await verifyLevels(levels);
    expect({ ok: result.ok, levels: result.levels }).toEqual({ ok: verdict.ok, levels: verdict.levels });
    expect(result.ok).toBe(true);
  });

  it("buildLevelSet and writeLevelSet: build --out (a tiny Carillon plan)", async () => {
    const plan = fixture("pipeline/tiny-carillon-plan.json");
    const model = fixture("pipeline/tiny-carillon-model.json");
    const dir = tempFolder();
    const r = await runCli(["build", "carillon", "--plan", plan, "--model", model, "--seed", "7", "--workers", "1", "--out", dir, "--quiet"]);
    expect(r.code, r.stderr).toBe(0);
    // out: the folder the set is for (report.html's select line names the plan from there, and model.json)
    const options = await loadPipelineOptions("carillon", { planFile: plan, modelFile: model, seed: 7, workers: 1, out: dir });
    const set = await buildLevelSet(options);
    const out = join(tempFolder(), "set");
    const { paths } = await writeLevelSet(out, set);
    for (const path of paths) expect(text(path), path).toBe(text(join(dir, relative(out, path))));
    await options.game.close();
  });

  it("loadPipelineOptions with fromFile: build --from --chapters (the set's seed), and reuseFile: build --reuse", async () => {
    const plan = fixture("pipeline/tiny-carillon-plan.json");
    const model = fixture("pipeline/tiny-carillon-model.json");
    const earlier = tempFolder();
    expect((await runCli(["build", "carillon", "--plan", plan, "--model", model, "--seed", "7", "--workers", "1", "--out", earlier, "--quiet"])).code).toBe(0);
    for (const [extra, choices] of [
      [["--from", join(earlier, "levels.json"), "--chapters", "2"], { fromFile: join(earlier, "levels.json"), chapters: "2" }],
      [["--reuse", join(earlier, "pools.json"), "--seed", "7"], { reuseFile: join(earlier, "pools.json"), seed: 7 }],
    ] as const) {
      const dir = tempFolder();
      const r = await runCli(["build", "carillon", "--plan", plan, "--model", model, "--workers", "1", ...extra, "--out", dir, "--quiet"]);
      expect(r.code, r.stderr).toBe(0);
      const options = await loadPipelineOptions("carillon", { planFile: plan, modelFile: model, workers: 1, out: dir, ...choices });
      expect(options.seed, extra.join(" ")).toBe(7);
      const set = await buildLevelSet(options);
      for (const f of set.files) expect(String(f.data), `${extra[0]} ${f.name}`).toBe(text(join(dir, f.name)));
      await options.game.close();
    }
    // fromFile without chapters: the library's words, before the game opens
    await expect(loadPipelineOptions("carillon", { fromFile: join(earlier, "levels.json") })).rejects.toThrow(/pipeline\/options: from needs chapters/);
  });

  it("measureLevel, drawLevel, compareLevels: measure --json, show (SVG with the solution, PNG), compare --json", async () => {
    const level = fixture("pipeline/compare-carillon-level.json");
    const turned = fixture("pipeline/compare-carillon-half-turn.json");
    const { value: input, game } = await readGameLevelInput(level);
    const { value: other } = await readGameLevelInput(turned);

    const measured = await runCli(["measure", level, "--json"]);
    expect(measured.code, measured.stderr).toBe(0);
    expect(JSON.stringify((await measureLevel(game!, input)).measure) + "\n").toBe(measured.stdout);

    const svg = t.path("level.svg");
    const png = t.path("level.png");
    expect((await runCli(["show", level, "--solution", "--out", svg])).code).toBe(0);
    expect((await runCli(["show", level, "--width", "120", "--out", png])).code).toBe(0);
    expect((await drawLevel(game!, input, { solution: true })).data).toBe(text(svg));
    expect(Buffer.from((await drawLevel(game!, input, { format: "png", width: 120 })).data).equals(readFileSync(png))).toBe(true);
    await expect(drawLevel(game!, input, { width: 120 })).rejects.toThrow(/pipeline\/show: width is for a PNG/);

    const compared = await runCli(["compare", level, turned, "--json"]);
    expect(compared.code, compared.stderr).toBe(0);
    expect(JSON.stringify(await compareLevels(game!, input, other), null, 2) + "\n").toBe(compared.stdout);
    await game!.close();
  });

  it("generatePools, generateShard, readShards and mergeShards: generate --out, generate --shard K/2, merge (a tiny Carillon plan)", async () => {
    const plan = fixture("pipeline/tiny-carillon-plan.json");
    const model = fixture("pipeline/tiny-carillon-model.json");
    const args = ["carillon", "--plan", plan, "--model", model, "--seed", "7", "--workers", "1", "--quiet"];
    const poolFile = t.path("generated.json");
    const shardFile = t.path("shard-{K}-of-{N}.json");
    const merged = t.path("merged.json");
    expect((await runCli(["generate", ...args, "--out", poolFile])).code).toBe(0);
    for (const k of [1, 2]) expect((await runCli(["generate", ...args, "--shard", `${k}/2`, "--out", shardFile])).code).toBe(0);
    const shardFiles = [2, 1].map((k) => t.path(`shard-${k}-of-2.json`));
    const m = await runCli(["merge", ...shardFiles, "--workers", "1", "--quiet", "--out", merged]);
    expect(m.code, m.stderr).toBe(0);

    const options = await loadPipelineOptions("carillon", { planFile: plan, modelFile: model, seed: 7, workers: 1 });
    const poolText = (pool: unknown) => JSON.stringify(pool, null, 2) + "\n";
    expect(poolText((await generatePools(options)).pool)).toBe(text(poolFile));
    for (const k of [1, 2]) expect(poolText((await generateShard(options, { index: k, count: 2 })).shard), `shard ${k}`).toBe(text(t.path(`shard-${k}-of-2.json`)));
    const { shards, game } = await readShards(shardFiles);
    const result = await mergeShards(shards, { game, workers: 1 });
    expect(poolText(result.pool)).toBe(text(merged));
    expect(text(merged)).toBe(text(poolFile));
    await options.game.close();
  });

  it("diffLevels: diff --json (exit 1: they differ); schema's own calls: schema <format>", async () => {
    const swapped = { ...levels, levels: levels.levels.map((l) => (l.number === 3 ? { ...levels.levels[3], number: 3 } : l.number === 4 ? { ...levels.levels[2], number: 4 } : l)) };
    const swappedFile = t.write("swapped.json", swapped);
    const r = await runCli(["diff", levelsPath, swappedFile, "--json"]);
    expect(r.code).toBe(1);
    const d = diffLevels(levels, readJsonFile(levelsSchema, swappedFile));
    expect(JSON.stringify(d, null, 2) + "\n").toBe(r.stdout);
    // levels 3 and 4 swapped: two moves, nothing added or removed
    expect(d.moved.map((m) => `${m.from}→${m.to}`).sort()).toEqual(["3→4", "4→3"]);
    expect([d.added.length, d.removed.length, d.identical]).toEqual([0, 0, false]);
    // schema prints the format's JSON Schema: two calls of the format schemas (levelramp/io, levelramp/registry)
    const { formatJsonSchema } = await import("../../src/io/index.ts");
    const { formatSchema } = await import("../../src/game/registry/index.ts");
    for (const name of ["levels", "carillon-body"]) {
      const printed = await runCli(["schema", name]);
      expect(printed.code).toBe(0);
      expect(JSON.stringify(formatJsonSchema(name, await formatSchema(name)), null, 2) + "\n").toBe(printed.stdout);
    }
  });
});
