import { describe, expect, it } from "vitest";
import { poolOfTable, tableOf } from "../../src/io/csv/candidate-table.ts";
import { parseCsvTable } from "../../src/io/csv/read-csv-pool.ts";
import type { LevelsFile } from "../../src/io/schemas/levels.ts";
import type { Model } from "../../src/io/schemas/model.ts";
import type { Plan } from "../../src/io/schemas/plan.ts";
import type { Pool } from "../../src/io/schemas/pool.ts";
import type { Ramp } from "../../src/io/schemas/ramp.ts";
import { createRng, type Rng } from "../../src/random/create-rng.ts";
import { buildProblem, type SelectionInputs } from "../../src/select/problem/build-problem.ts";
import { candidateValues } from "../../src/select/problem/candidate-columns.ts";
import { toLevelsFile } from "../../src/select/problem/levels-file.ts";
import { solveSelection } from "../../src/select/solve/solve-selection.ts";

// A CSV pool is built from its typed table (no candidate objects); the same file with its
// candidates made as objects takes the general path. Both must give the same problem, answer
// and levels file — kept levels (--keep), bounds, excludes and pins included — and the same
// messages for files that do not fit together.

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)];

/** A random two-chapter pool as CSV text (rows in no id order), with a plan, a chain model and a ramp. */
function randomCase(rng: Rng) {
  const rows: string[] = [];
  const plan: Plan = { format: "levelramp/plan@1", game: "generic", composed: 0, chapters: [] };
  for (const chapter of [1, 2]) {
    plan.chapters.push({ chapter, rules: [], parts: [1, 2].map((part) => ({ part, levels: 2 + Math.floor(rng() * 2) })) });
    for (const part of [1, 2]) {
      for (let k = 0, n = 4 + Math.floor(rng() * 5); k < n; k++) {
        const v = (chapter - 1) * 1.5 + (part - 1) * 0.75 + Math.floor(rng() * 5) * 0.25;
        rows.push(`${pick(rng, ["a", "b", "c"])}${rows.length},${chapter},${part},${v},${Math.floor(rng() * 3)},${Math.floor(rng() * 4)}`);
      }
    }
  }
  rows.sort(() => rng() - 0.5);
  const ids = rows.map((r) => r.split(",")[0]);
  const constraints: Model["constraints"] = [{ type: "nonDecreasing", key: "v" }, { type: "maxRun", key: "v", length: pick(rng, [1, 2, 3]), precision: 0.25 }];
  if (rng() < 0.5) constraints.push({ type: "maxDrop", key: "d", by: 1 });
  for (let b = Math.floor(rng() * 3); b > 0; b--) {
    const from = 1 + Math.floor(rng() * 6);
    constraints.push({ type: "bounds", key: pick(rng, ["g", "d"]), from, ...(rng() < 0.5 ? { to: from + Math.floor(rng() * 6) } : {}), ...(rng() < 0.5 ? { min: 1 } : { max: 2 }) });
  }
  if (rng() < 0.4) constraints.push({ type: "exclude", id: pick(rng, ids) });
  const model: Model = { format: "levelramp/model@1", metric: "v", eligibility: rng() < 0.5 ? "part" : "any", constraints, objective: { norm: pick(rng, ["L1", "L2"] as const), evenness: 0 } };
  const ramp: Ramp = { format: "levelramp/ramp@1", metric: "v", points: [[1, 0], [10, 3]], interpolation: "linear" };
  return { text: "id,chapter,part,v,g,d\n" + rows.join("\n") + "\n", plan, model, ramp };
}

/** The same CSV file twice: read as a table, and with its candidates made as objects (the general path). */
function twins(text: string) {
  const table = poolOfTable(parseCsvTable(text, "pool.csv"));
  const read = poolOfTable(parseCsvTable(text, "pool.csv"));
  // A pool of its own over the same (frozen) candidate objects: the general path, the same CSV lines in messages.
  const objects: Pool = { format: read.format, game: read.game, candidates: [...read.candidates] };
  expect(tableOf(table)).toBeDefined();
  expect(tableOf(objects)).toBeUndefined();
  return { table, objects };
}

/** Kept levels from an earlier file: some with other metrics, one under an id the pool lacks. */
function keepOf(rng: Rng, from: LevelsFile): SelectionInputs["keep"] {
  const levels = from.levels.map((l) => l.number).filter(() => rng() < 0.4);
  if (levels.length === 0) return undefined;
  const changed: LevelsFile = {
    ...from,
    levels: from.levels.map((l, i) => (i % 3 === 1 ? { ...l, metrics: { ...l.metrics, d: l.metrics.d + 1 } } : i % 4 === 2 ? { ...l, id: `gone-${l.id}` } : l)),
  };
  return { levels, from: changed, fromFile: "old.json", option: "--keep" };
}

/** Everything a built problem and its answer show, by id (candidate indices may differ only after the pool's). */
async function outcome(inputs: SelectionInputs) {
  try {
    const built = buildProblem(inputs);
    const { problem } = built;
    const ids = (list: readonly number[]) => list.map((k) => built.candidateOf(k).id);
    const shape = {
      slots: problem.slots,
      eligible: problem.eligible.map(ids),
      open: built.open.map(ids),
      fixed: problem.fixed,
      narrowedBy: problem.narrowedBy,
      values: ["v", "g", "d"].map((key) => [...candidateValues(problem, key)]),
    };
    const selection = await solveSelection(problem, { solver: "dp" }).catch((err: Error) => err);
    if (selection instanceof Error) return { shape, error: selection.message };
    return { shape, file: toLevelsFile({ built, selection, pool: inputs.pool, model: inputs.model, ramp: inputs.ramp }) };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

describe("a CSV pool's table path builds the problem the object path builds", () => {
  it("random pools with bounds, excludes and kept levels: the same problem, answer and levels file", async () => {
    const rng = createRng("test/table-pool");
    let kept = 0;
    let answered = 0;
    for (let round = 0; round < 40; round++) {
      const { text, plan, model, ramp } = randomCase(rng);
      const inputsOf = (pool: SelectionInputs["pool"]): SelectionInputs => ({ pool, poolFile: "pool.csv", plan, planFile: "plan.json", model, modelFile: "model.json", ramp, rampFile: "ramp.json" });
      let { table, objects } = twins(text);
      const first = await outcome(inputsOf(objects));
      const keep = first.file && rng() < 0.7 ? keepOf(rng, first.file) : undefined;
      if (keep) ({ table, objects } = twins(text));
      const [a, b] = [await outcome({ ...inputsOf(table), keep }), await outcome({ ...inputsOf(objects), keep })];
      expect(a, `round ${round}`).toEqual(b);
      expect(tableOf(table), "the table path ran (no candidate object was made)").toBeDefined();
      if (keep && a.shape) kept++;
      if ("file" in a) answered++;
    }
    expect(kept).toBeGreaterThan(10);
    expect(answered).toBeGreaterThan(20);
  });

  it("files that do not fit together: the same message, naming the CSV line", async () => {
    const { text, plan, model, ramp } = randomCase(createRng("test/table-pool-errors"));
    const lacksPart: Plan = { ...plan, chapters: [plan.chapters[0], { ...plan.chapters[1], parts: [plan.chapters[1].parts[0]] }] };
    const cases: Array<Partial<SelectionInputs>> = [
      { plan: lacksPart },
      { model: { ...model, constraints: [...model.constraints, { type: "maxDrop", key: "w", by: 1 }] } },
      { plan: { ...plan, game: "carillon" } },
      { model: { ...model, constraints: [...model.constraints, { type: "pin", id: "nobody", level: 1 }] } },
    ];
    for (const change of cases) {
      const { table, objects } = twins(text);
      const base = { plan, planFile: "plan.json", model, modelFile: "model.json", ramp, rampFile: "ramp.json", poolFile: "pool.csv" };
      const [a, b] = [await outcome({ ...base, pool: table, ...change }), await outcome({ ...base, pool: objects, ...change })];
      expect(a.error, JSON.stringify(change).slice(0, 80)).toBeDefined();
      expect(a).toEqual(b);
    }
    const { table } = twins(text);
    const row = text.split("\n").findIndex((l) => l.split(",")[1] === "2" && l.split(",")[2] === "2");
    expect((await outcome({ plan: lacksPart, planFile: "plan.json", model, modelFile: "model.json", ramp, rampFile: "ramp.json", poolFile: "pool.csv", pool: table })).error).toBe(
      `select/build-problem: pool.csv at line ${row + 1}: expected a chapter and part of the plan; the plan has no chapter 2 part 2`,
    );
  });
});
