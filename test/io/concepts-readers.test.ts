import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { splitConcepts } from "../../src/io/schemas/concept-names.ts";
import { poolOfTable, tableOf } from "../../src/io/csv/candidate-table.ts";
import { parseCsvTable, readCsvPool } from "../../src/io/csv/read-csv-pool.ts";
import { readPool } from "../../src/io/read-pool.ts";
import { readOrder } from "../../src/io/order/read-order.ts";
import { levelsSchema } from "../../src/io/schemas/levels.ts";
import type { Model } from "../../src/io/schemas/model.ts";
import type { Plan } from "../../src/io/schemas/plan.ts";
import { poolSchema, type Pool } from "../../src/io/schemas/pool.ts";
import type { Ramp } from "../../src/io/schemas/ramp.ts";
import { buildProblem, type SelectionInputs } from "../../src/select/problem/build-problem.ts";
import { toLevelsFile } from "../../src/select/problem/levels-file.ts";
import { solveSelection } from "../../src/select/solve/solve-selection.ts";
import { readLevelsInput } from "../../src/pipeline/inputs/read-levels-input.ts";
import { runCli } from "../helpers/run-cli.ts";
import { tempDir } from "../helpers/temp-dir.ts";

// Concepts (SPEC 12) as the readers take them: a CSV `concepts` column (names separated by ';',
// empty for none) wherever it stands among the metrics, JSON pools' and levels files' `concepts`,
// orders read back, and every writer on the way (select's levels file) keeping them.

describe("the concepts cell", () => {
  it("splits at ';', trims each name, keeps the order written; empty or blank is none", () => {
    expect(splitConcepts("")).toEqual({ names: [] });
    expect(splitConcepts("  ")).toEqual({ names: [] });
    expect(splitConcepts("bell")).toEqual({ names: ["bell"] });
    expect(splitConcepts("echo; bell ;horn")).toEqual({ names: ["echo", "bell", "horn"] });
    expect(splitConcepts("weak enemies;toString")).toEqual({ names: ["weak enemies", "toString"] });
  });

  it("refuses an empty name, a repeated name and __proto__, saying what it expected", () => {
    expect(splitConcepts("bell;;echo")).toEqual({ problem: expect.stringMatching(/^expected concept names separated by ';' \(no empty name/) });
    expect(splitConcepts("bell;")).toEqual({ problem: expect.stringMatching(/no empty name between two, or at an end\); got "bell;"/) });
    expect(splitConcepts("bell;echo;bell")).toEqual({ problem: 'expected distinct concept names; "bell" is given twice' });
    expect(splitConcepts("__proto__")).toEqual({ problem: expect.stringMatching(/^expected a concept name other than "__proto__"/) });
  });
});

describe("CSV pools with a concepts column", () => {
  it("is read wherever it stands among the metrics, and is no metric", () => {
    for (const text of [
      'id,chapter,part,concepts,v,w\na,1,1,"bell;echo",1,2\nb,1,1,,3,4\n',
      "id,chapter,part,v,concepts,w\na,1,1,1,bell;echo,2\nb,1,1,3,,4\n",
      "id,chapter,part,v,w,concepts\na,1,1,1,2, bell ; echo \nb,1,1,3,4,\n",
    ]) {
      const t = parseCsvTable(text, "pool.csv");
      expect(t.metricNames).toEqual(["v", "w"]);
      expect(t.columns.map((c) => [...c])).toEqual([[1, 3], [2, 4]]);
      expect(t.concepts).toEqual([["bell", "echo"], []]);
    }
  });

  it("is absent from a table whose file has no concepts column; rows with one cell share one frozen list", () => {
    expect(parseCsvTable("id,chapter,part,v\na,1,1,1\n", "pool.csv").concepts).toBeUndefined();
    const t = parseCsvTable("id,chapter,part,v,concepts\na,1,1,1,key\nb,1,1,2,key\nc,1,1,3,\n", "pool.csv");
    expect(t.concepts![0]).toBe(t.concepts![1]);
    expect(Object.isFrozen(t.concepts![0])).toBe(true);
  });

  it("candidates made from the table carry concepts only where the cell names some (absent: none, as in JSON)", () => {
    const t = tempDir();
    const f = t.write("pool.csv", "id,chapter,part,v,concepts\na,1,1,1,key;number\nb,1,1,2,\n");
    const pool = readCsvPool(f);
    expect(pool.candidates).toEqual([
      { id: "a", chapter: 1, part: 1, metrics: { v: 1 }, rules: [], concepts: ["key", "number"] },
      { id: "b", chapter: 1, part: 1, metrics: { v: 2 }, rules: [] },
    ]);
    // the candidates made from the table are frozen: the table keeps speaking for them (its path stays on)
    expect(() => pool.candidates[0].concepts!.push("falling")).toThrow(TypeError);
    expect(() => { pool.candidates[0].metrics.v = 3; }).toThrow(TypeError);
    expect(tableOf(pool), "asking for the candidates leaves the table path on").toBeDefined();
    expect(pool.candidates[0].concepts).toEqual(["key", "number"]);
    // and the JSON twin of the file reads the same
    const json = poolSchema.parse({ format: "levelramp/pool@1", game: "generic", candidates: [
      { id: "a", chapter: 1, part: 1, metrics: { v: 1 }, concepts: ["key", "number"] },
      { id: "b", chapter: 1, part: 1, metrics: { v: 2 } },
    ] });
    expect(json.candidates).toEqual(readCsvPool(f).candidates);
  });

  for (const [name, text, message] of [
    ["an empty name", "id,chapter,part,v,concepts\na,1,1,1,bell\nb,1,1,2,bell;;echo\n", /line 3, column 5 \(concepts\): expected concept names separated by ';' \(no empty name between two, or at an end\); got "bell;;echo"/],
    ["a repeated name", "id,chapter,part,concepts,v\na,1,1,horn;horn,1\n", /line 2, column 4 \(concepts\): expected distinct concept names; "horn" is given twice/],
    ["the reserved name", "id,chapter,part,v,concepts\na,1,1,1,__proto__\n", /line 2, column 5 \(concepts\): expected a concept name other than "__proto__"/],
    ["two concepts columns", "id,chapter,part,concepts,v,concepts\na,1,1,x,1,y\n", /line 1: expected unique column names; "concepts" repeats/],
    ["no metric besides concepts", "id,chapter,part,concepts\na,1,1,x\n", /line 1: expected at least one metric column besides concepts/],
  ] as const) {
    it(`${name} → exit 2 naming file, line and column, nothing written`, async () => {
      const t = tempDir();
      const f = t.write("pool.csv", text);
      const out = t.path("levels.json");
      const r = await runCli(["select", "--pools", f, "--out", out, "--json"]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(f);
      expect(r.stderr).toMatch(message);
      expect(() => readFileSync(out)).toThrow();
    });
  }

  it("select over a CSV pool keeps the table path and writes each level's concepts into the levels file", async () => {
    const rows = ["id,chapter,part,v,concepts"];
    for (let k = 0; k < 12; k++) rows.push(`r${k},1,1,${k % 6},${["", "key", "key;number", "number"][k % 4]}`);
    const t = tempDir();
    const f = t.write("pool.csv", rows.join("\n") + "\n");
    const plan = t.write("plan.json", { format: "levelramp/plan@1", game: "generic", composed: 0, chapters: [{ chapter: 1, rules: [], parts: [{ part: 1, levels: 6 }] }] });
    const ramp = t.write("ramp.json", { format: "levelramp/ramp@1", metric: "v", points: [[1, 0], [6, 5]], interpolation: "linear" });
    const model = t.write("model.json", { format: "levelramp/model@1", metric: "v", eligibility: "part", constraints: [{ type: "nonDecreasing", key: "v" }], objective: { norm: "L1", evenness: 0 } });
    const out = t.path("levels.json");
    const r = await runCli(["select", "--pools", f, "--plan", plan, "--ramp", ramp, "--model", model, "--out", out]);
    expect(r.code, r.stderr).toBe(0);
    const file = levelsSchema.parse(JSON.parse(readFileSync(out, "utf8")));
    const cell = (id: string) => ["", "key", "key;number", "number"][Number(id.slice(1)) % 4];
    for (const l of file.levels) expect(l.concepts ?? [], l.id).toEqual(cell(l.id) ? cell(l.id).split(";") : []);
    expect(file.levels.some((l) => l.concepts)).toBe(true);
  });

  it("the levels file of a table pool (no candidate made) equals the object path's, kept levels' concepts included", async () => {
    const rows = ["id,chapter,part,v,concepts"];
    for (let k = 0; k < 16; k++) rows.push(`r${k},1,${1 + (k % 2)},${k % 5},${["", "key", "key;number", "number"][k % 4]}`);
    const text = rows.join("\n") + "\n";
    const plan: Plan = { format: "levelramp/plan@1", game: "generic", composed: 0, chapters: [{ chapter: 1, rules: [], parts: [{ part: 1, levels: 3 }, { part: 2, levels: 3 }] }] };
    const ramp: Ramp = { format: "levelramp/ramp@1", metric: "v", points: [[1, 0], [6, 4]], interpolation: "linear" };
    const model: Model = { format: "levelramp/model@1", metric: "v", eligibility: "part", constraints: [{ type: "nonDecreasing", key: "v" }, { type: "maxRun", key: "v", length: 2, precision: 1 }], objective: { norm: "L1", evenness: 0 } };
    const fileOf = async (pool: Pool, keep?: SelectionInputs["keep"]) => {
      const built = buildProblem({ pool, poolFile: "pool.csv", plan, planFile: "plan.json", model, modelFile: "model.json", ramp, rampFile: "ramp.json", keep });
      const selection = await solveSelection(built.problem, { solver: "dp" });
      return toLevelsFile({ built, selection, pool, model, ramp });
    };
    const table = poolOfTable(parseCsvTable(text, "pool.csv"));
    const read = poolOfTable(parseCsvTable(text, "pool.csv"));
    const objects: Pool = { format: read.format, game: read.game, candidates: [...read.candidates] }; // the general path
    const first = await fileOf(table);
    expect(tableOf(table), "the table path ran").toBeDefined();
    expect(first).toEqual(await fileOf(objects));
    expect(first.levels.filter((l) => l.concepts).length).toBeGreaterThan(2);
    // a kept level brings its own concepts (here changed in the earlier file), whatever the pool says
    const from = { ...first, levels: first.levels.map((l) => (l.number === 2 ? { ...l, concepts: ["kept"] } : l)) };
    const kept = await fileOf(poolOfTable(parseCsvTable(text, "pool.csv")), { levels: [1, 2], from, fromFile: "old.json", option: "--keep" });
    expect(kept.levels.slice(0, 2).map((l) => l.concepts)).toEqual([first.levels[0].concepts, ["kept"]]);
  });
});

describe("JSON pools and levels files with concepts", () => {
  const candidate = (concepts: unknown) => ({ id: "a", chapter: 1, part: 1, metrics: { v: 1 }, concepts });

  for (const [name, concepts, path, message] of [
    ["an empty name", ["bell", ""], "$.candidates[0].concepts[1]", "expected a concept name (not empty)"],
    ["a repeated name", ["bell", "echo", "bell"], "$.candidates[0].concepts[2]", 'expected distinct concept names; "bell" is also [0]'],
    ["a name with ';'", ["bell;echo"], "$.candidates[0].concepts[0]", "expected a concept name without ';'"],
    ["spaces around a name", [" bell"], "$.candidates[0].concepts[0]", "expected a concept name without spaces around it"],
    ["not a list", "bell", "$.candidates[0].concepts", "expected array"],
  ] as const) {
    it(`a pool with ${name} → exit 2 naming the file and JSON path`, async () => {
      const t = tempDir();
      const f = t.write("pool.json", { format: "levelramp/pool@1", game: "generic", candidates: [candidate(concepts)] });
      const r = await runCli(["select", "--pools", f, "--json"]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(f);
      expect(r.stderr).toContain(path);
      expect(r.stderr).toContain(message);
    });
  }

  it("a levels file's concepts are read back as written", () => {
    const level = { number: 1, chapter: 1, part: 1, id: "a", metrics: { v: 1 }, target: 1, deviation: 0, concepts: ["key"] };
    const file = { format: "levelramp/levels@1", game: "generic", seed: null, model: { format: "levelramp/model@1", metric: "v", eligibility: "part", constraints: [], objective: { norm: "L1", evenness: 0 } }, ramp: { format: "levelramp/ramp@1", metric: "v", points: [[1, 1]], interpolation: "linear" }, objective: 0, optimal: false, levels: [level] };
    expect(levelsSchema.parse(file).levels[0].concepts).toEqual(["key"]);
    expect(levelsSchema.safeParse({ ...file, levels: [{ ...level, concepts: ["key", "key"] }] }).success).toBe(false);
  });
});

describe("orders with concepts (SPEC 3 \"An order\", SPEC 12)", () => {
  it("a hand-edited CSV order: concepts before the level column, read back on every level", async () => {
    const t = tempDir();
    // as a designer might type it: concepts in the middle, a space after ';', a blank cell
    const f = t.write("order.csv", "id,chapter,part,concepts,level,v\nw1,1,1,,2,1\nw0,1,1,walk,1,0\nw2,1,1,walk; jump,3,2\n");
    const order = readOrder(f);
    expect(order.pool.candidates.map((c) => c.concepts)).toEqual([undefined, ["walk"], ["walk", "jump"]]);
    const { levels } = await readLevelsInput(f, { module: "test" });
    expect(levels.levels.map((l) => [l.number, l.id, l.concepts])).toEqual([[1, "w0", ["walk"]], [2, "w1", undefined], [3, "w2", ["walk", "jump"]]]);
    expect(levels.levels[1]).not.toHaveProperty("concepts");
  });

  it("a JSON order keeps its candidates' concepts; a bad one is refused with its path", async () => {
    const t = tempDir();
    const good = t.write("order.json", { format: "levelramp/pool@1", game: "generic", candidates: [
      { id: "b", chapter: 1, part: 1, level: 2, metrics: { v: 1 }, concepts: ["jump"] },
      { id: "a", chapter: 1, part: 1, level: 1, metrics: { v: 0 } },
    ] });
    expect(readPool(good).candidates.map((c) => c.concepts)).toEqual([["jump"], undefined]);
    expect((await readLevelsInput(good)).levels.levels.map((l) => l.concepts)).toEqual([undefined, ["jump"]]);
    const bad = t.write("bad.json", { format: "levelramp/pool@1", game: "generic", candidates: [{ id: "a", chapter: 1, part: 1, level: 1, metrics: { v: 0 }, concepts: ["jump", "jump"] }] });
    const r = await runCli(["verify", bad]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("$.candidates[0].concepts[1]");
  });
});
