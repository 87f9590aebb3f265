import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { levelsSchema } from "../../src/io/schemas/levels.ts";
import { findBreaks } from "../../src/select/rules/find-breaks.ts";
import { runCli } from "../helpers/run-cli.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const POOL = "fixtures/pools/generic-3x4x20.json";
const base = ["select", "--pools", POOL, "--model", "models/generic/selection.json", "--ramp", "models/generic/ramp.json", "--plan", "models/generic/plan.json"];
const readLevels = (file: string) => levelsSchema.parse(JSON.parse(readFileSync(file, "utf8")));

describe("levelramp select on the bundled generic pool", () => {
  it("writes a self-contained levels file that meets every constraint, and --json prints the summary", async () => {
    const t = tempDir();
    const out = t.path("levels.json");
    const r = await runCli([...base, "--out", out, "--json"]);
    expect(r.code, r.stderr).toBe(0);
    const file = readLevels(out);
    expect(file.levels.map((l) => l.number)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(file.model).toEqual(JSON.parse(readFileSync("models/generic/selection.json", "utf8")));
    expect(file.status).toBe("optimal");
    expect(file.optimal).toBe(true);
    expect(findBreaks(file.levels, file.model.constraints)).toEqual([]);
    for (const l of file.levels) {
      expect(l.deviation).toBeCloseTo(l.metrics.difficulty - l.target, 6);
      expect(l.id).toMatch(new RegExp(`^generic-c${l.chapter}-p${l.part}-`));
    }
    const json = JSON.parse(r.stdout);
    expect(Object.keys(json)).toEqual(["status", "objective", "optimal", "solver", "levels"]);
    expect(json.status).toBe("optimal");
    expect(json.solver).toBe("dp");
    expect(json.levels[0]).toEqual({ number: 1, id: file.levels[0].id, value: file.levels[0].metrics.difficulty, target: file.levels[0].target });
    expect(json.objective).toBe(file.objective);
    const sum = file.levels.reduce((s, l) => s + Math.abs(l.deviation), 0);
    expect(file.objective).toBeCloseTo(sum, 5);
  });

  it("a spreadsheet-style pool with many ties: dp and highs agree on objective and ids", async () => {
    const sheet = ["select", "--pools", "fixtures/pools/spreadsheet-export.json", "--model", "models/generic/selection.json", "--ramp", "models/generic/ramp.json", "--plan", "models/generic/plan.json", "--json"];
    const dp = JSON.parse((await runCli([...sheet, "--solver", "dp"])).stdout);
    const highs = JSON.parse((await runCli([...sheet, "--solver", "highs"])).stdout);
    expect(highs.objective).toBeCloseTo(dp.objective, 6);
    expect(highs.levels.map((l: { id: string }) => l.id)).toEqual(dp.levels.map((l: { id: string }) => l.id));
  }, 60_000);

  it("--keep-until N freezes levels 1..N from an earlier file and re-optimises the rest with the chain continuing", async () => {
    const t = tempDir();
    const first = t.path("first.json");
    expect((await runCli([...base, "--out", first])).code).toBe(0);
    // A new model: evenness now counts, so the unfrozen part may change.
    const model = JSON.parse(readFileSync("models/generic/selection.json", "utf8"));
    model.objective = { norm: "L2", evenness: 2 };
    const modelFile = t.write("model.json", model);
    const second = t.path("second.json");
    const r = await runCli(["select", "--pools", POOL, "--model", modelFile, "--ramp", "models/generic/ramp.json", "--plan", "models/generic/plan.json", "--keep-until", "25", "--from", first, "--out", second]);
    expect(r.code, r.stderr).toBe(0);
    const a = readLevels(first);
    const b = readLevels(second);
    expect(b.levels.slice(0, 25)).toEqual(a.levels.slice(0, 25));
    expect(b.levels.slice(25).map((l) => l.id)).not.toEqual(a.levels.slice(25).map((l) => l.id));
    expect(findBreaks(b.levels, b.model.constraints)).toEqual([]);
  });

  it("--incremental selects part by part and is never better than the global optimum", async () => {
    const g = JSON.parse((await runCli([...base, "--json"])).stdout);
    const i = JSON.parse((await runCli([...base, "--json", "--incremental"])).stdout);
    expect(i.solver).toBe("incremental(dp)");
    expect(i.objective).toBeGreaterThanOrEqual(g.objective - 1e-9);
  });
});

describe("levelramp schema", () => {
  it("prints the JSON Schema of every format", async () => {
    for (const name of ["pool", "levels", "model", "ramp", "plan", "level", "shard", "game", "carillon-body", "apsis-body"]) {
      const r = await runCli(["schema", name]);
      expect(r.code, name).toBe(0);
      const s = JSON.parse(r.stdout);
      expect(s.$schema).toMatch(/json-schema/);
      expect(s.$id).toBe(`levelramp/${name}`);
    }
    const model = JSON.parse((await runCli(["schema", "model"])).stdout);
    expect(model.properties.format).toMatchObject({ const: "levelramp/model@1" });
    expect((await runCli(["schema", "nope"])).code).toBe(2);
  });
});
