import { describe, expect, it } from "vitest";
import type { LevelsFile } from "../../src/io/schemas/levels.ts";
import type { Model } from "../../src/io/schemas/model.ts";
import type { Plan } from "../../src/io/schemas/plan.ts";
import type { Pool } from "../../src/io/schemas/pool.ts";
import type { Ramp } from "../../src/io/schemas/ramp.ts";
import { NoAnswerError } from "../../src/io/errors.ts";
import { buildProblem } from "../../src/select/problem/build-problem.ts";
import type { Diagnosis } from "../../src/select/diagnose/diagnose-infeasible.ts";
import { solveSelection } from "../../src/select/solve/solve-selection.ts";
import { runCli } from "../helpers/run-cli.ts";
import { tempDir } from "../helpers/temp-dir.ts";

// One chapter, two parts of two levels. Part 2's candidates are all smaller
// (size 4) than every part-1 candidate (size 5 or 6), so level 3 — the first of
// part 2 — can follow nothing: nonDecreasing(size) removes the last 2 there.
const plan: Plan = { format: "levelramp/plan@1", game: "generic", composed: 0, chapters: [{ chapter: 1, rules: [], parts: [{ part: 1, levels: 2 }, { part: 2, levels: 2 }] }] };
const cand = (id: string, part: number, difficulty: number, size: number) => ({ id, chapter: 1, part, metrics: { difficulty, size }, rules: [] });
const pool: Pool = {
  format: "levelramp/pool@1",
  game: "generic",
  candidates: [cand("a", 1, 1, 5), cand("b", 1, 1.5, 5), cand("c", 1, 2, 6), cand("d", 2, 2.5, 4), cand("e", 2, 3, 4)],
};
const ramp: Ramp = { format: "levelramp/ramp@1", metric: "difficulty", points: [[1, 1], [4, 3]], interpolation: "linear" };
const model: Model = {
  format: "levelramp/model@1",
  metric: "difficulty",
  eligibility: "part",
  constraints: [
    { type: "nonDecreasing", key: "difficulty" },
    { type: "nonDecreasing", key: "size" },
    { type: "maxRun", key: "difficulty", length: 3, precision: 0.01 },
  ],
  objective: { norm: "L1", evenness: 0 },
};

async function diagnosisOf(p: Pool, m: Model, keep?: Parameters<typeof buildProblem>[0]["keep"]): Promise<Diagnosis> {
  const { problem } = buildProblem({ pool: p, poolFile: "pool.json", plan, planFile: "plan.json", model: m, modelFile: "model.json", ramp, rampFile: "ramp.json", keep });
  try {
    await solveSelection(problem);
  } catch (err) {
    expect(err).toBeInstanceOf(NoAnswerError);
    expect((err as NoAnswerError).exitCode).toBe(1);
    return (err as NoAnswerError).detail as Diagnosis;
  }
  throw new Error("expected an infeasible model");
}

describe("an infeasible model is diagnosed: the first level that cannot continue and the constraint that removed the last candidates", () => {
  it("a part whose candidates are all smaller", async () => {
    const d = await diagnosisOf(pool, model);
    expect(d).toMatchObject({ level: 3, chapter: 1, part: 2, constraint: "nonDecreasing(size)", removed: 2 });
    expect(d.message).toBe("no candidate can continue the chain at level 3 (chapter 1, part 2): nonDecreasing(size) removed the last 2");
  });

  it("a pin at fault is named", async () => {
    // Part 2 now fits by size, but level 2 is pinned to c (difficulty 2) and part 2 only has 1.8 and 1.9.
    const p: Pool = { ...pool, candidates: [cand("a", 1, 1, 5), cand("b", 1, 1.5, 5), cand("c", 1, 2, 6), cand("d", 2, 1.8, 7), cand("e", 2, 1.9, 7)] };
    const pinned: Model = { ...model, constraints: [...model.constraints, { type: "pin", level: 2, id: "c" }] };
    const d = await diagnosisOf(p, pinned);
    expect(d).toMatchObject({ level: 3, constraint: "nonDecreasing(difficulty)", removed: 2 });
    expect(d.fixedLevel).toEqual({ level: 2, kind: "pin", source: "model constraints[3]", id: "c" });
    expect(d.message).toContain("it follows level 2, pinned to c (model constraints[3])");
  });

  it("a kept level at fault is named (--keep-until)", async () => {
    const p: Pool = { ...pool, candidates: [cand("a", 1, 1, 5), cand("b", 1, 1.5, 5), cand("d", 2, 2.5, 7), cand("e", 2, 3, 7)] };
    const from = {
      format: "levelramp/levels@1",
      game: "generic",
      seed: null,
      model,
      ramp,
      objective: 0,
      optimal: true,
      levels: [
        { number: 1, chapter: 1, part: 1, id: "old-1", metrics: { difficulty: 1, size: 5 }, target: 1, deviation: 0 },
        { number: 2, chapter: 1, part: 1, id: "old-2", metrics: { difficulty: 9, size: 5 }, target: 1.666667, deviation: 7.333333 },
      ],
    } as LevelsFile;
    const d = await diagnosisOf(p, model, { levels: [1, 2], from, fromFile: "old.json", option: "--keep-until 2" });
    expect(d).toMatchObject({ level: 3, constraint: "nonDecreasing(difficulty)" });
    expect(d.message).toContain("it follows level 2, kept to old-2 (--keep-until 2)");
  });

  it("the CLI exits 1, writes nothing and prints the diagnosis with --json", async () => {
    const t = tempDir();
    const args = ["select", "--pools", t.write("pool.json", pool), "--model", t.write("model.json", model), "--ramp", t.write("ramp.json", ramp), "--plan", t.write("plan.json", plan)];
    const r = await runCli([...args, "--out", t.path("levels.json"), "--json"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("select: infeasible: no candidate can continue the chain at level 3 (chapter 1, part 2): nonDecreasing(size) removed the last 2");
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ status: "infeasible", infeasible: true, diagnosis: { level: 3, constraint: "nonDecreasing(size)" } });
    for (const solver of ["milp", "highs", "dp"]) {
      const s = await runCli([...args, "--json", "--solver", solver]);
      expect(s.code, solver).toBe(1);
      expect(JSON.parse(s.stdout).diagnosis.level).toBe(3);
    }
  });
});
