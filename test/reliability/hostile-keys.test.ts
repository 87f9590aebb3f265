import { describe, expect, it } from "vitest";
import type { LevelsFile } from "../../src/io/schemas/levels.ts";
import type { Model } from "../../src/io/schemas/model.ts";
import type { Plan } from "../../src/io/schemas/plan.ts";
import type { Pool } from "../../src/io/schemas/pool.ts";
import type { Ramp } from "../../src/io/schemas/ramp.ts";
import { buildProblem, type SelectionInputs } from "../../src/select/problem/build-problem.ts";
import { findBreaks } from "../../src/select/rules/find-breaks.ts";
import { solveSelection } from "../../src/select/solve/solve-selection.ts";
import { refusal } from "../helpers/expect-refused.ts";

// Hostile input classes 4-6 in the selection (in-process: the CLI is not the
// point): keys that are JavaScript's own are names like any other, a maxRun
// longer than the selection is no reason to leave the dp, and a kept level the
// model excludes is a contradiction named as such.

const plan: Plan = { format: "levelramp/plan@1", game: "generic", composed: 0, chapters: [{ chapter: 1, rules: [], parts: [{ part: 1, levels: 3 }] }] };
const cand = (id: string, difficulty: number) => ({ id, chapter: 1, part: 1, metrics: { difficulty, size: 1 }, rules: [] });
const pool: Pool = { format: "levelramp/pool@1", game: "generic", candidates: [cand("a", 1), cand("b", 2), cand("c", 3), cand("d", 4)] };
const ramp: Ramp = { format: "levelramp/ramp@1", metric: "difficulty", points: [[1, 1], [3, 3]], interpolation: "linear" };
const model = (constraints: Model["constraints"], metric = "difficulty"): Model => ({ format: "levelramp/model@1", metric, eligibility: "part", constraints, objective: { norm: "L1", evenness: 0 } });
const inputs = (m: Model, extra: Partial<SelectionInputs> = {}): SelectionInputs => ({ pool, poolFile: "pool.json", plan, planFile: "plan.json", model: m, modelFile: "model.json", ramp: { ...ramp, metric: m.metric }, rampFile: "ramp.json", ...extra });

describe("keys that are JavaScript's own (class 4)", () => {
  it("a model metric or constraint key no candidate has is refused on the model, whatever Object.prototype holds", () => {
    for (const key of ["toString", "constructor", "valueOf", "hasOwnProperty", "isPrototypeOf"]) {
      expect(refusal(() => buildProblem(inputs(model([], key)))).message).toBe(`select/build-problem: model.json at $.metric: expected a metric the pool carries; no candidate of pool.json has "${key}"`);
      expect(refusal(() => buildProblem(inputs(model([{ type: "nonDecreasing", key }])))).message).toMatch(new RegExp(`model\\.json at \\$\\.constraints\\[0\\]\\.key: expected a metric the pool carries; no candidate of pool\\.json has "${key}"`));
    }
  });

  it("a metric named toString that the candidates do carry is selected on like any other", async () => {
    const own: Pool = { ...pool, candidates: pool.candidates.map((c) => ({ ...c, metrics: JSON.parse(`{"toString": ${c.metrics.difficulty}, "size": 1}`) as Record<string, number> })) };
    const { problem } = buildProblem(inputs(model([{ type: "nonDecreasing", key: "toString" }], "toString"), { pool: own }));
    const answer = await solveSelection(problem);
    expect(answer.objective).toBe(0); // a, b, c hit the ramp 1, 2, 3 exactly
    expect(answer.optimal).toBe(true);
  });

  it("verify's checker counts a level without the key a constraint reads as a break, never compares functions", () => {
    const levels = [1, 2, 3].map((n) => ({ number: n, id: `l${n}`, chapter: 1, part: 1, metrics: { difficulty: n } }));
    for (const c of [{ type: "nonDecreasing", key: "toString" }, { type: "bounds", key: "valueOf", min: 0 }, { type: "maxRun", key: "constructor", length: 1, precision: 1 }] as const) {
      expect(findBreaks(levels, [c]).map((b) => b.message)).toEqual([1, 2, 3].map((n) => `level ${n} has no metric ${c.key} (the model's ${c.type} reads it)`));
    }
  });
});

describe("a maxRun longer than the selection (class 5)", () => {
  it("is cut to the slot count: the dp solves it, with the same answer as a maxRun of the slot count", async () => {
    const long = buildProblem(inputs(model([{ type: "nonDecreasing", key: "difficulty" }, { type: "maxRun", key: "difficulty", length: 1_000_000, precision: 0.01 }])));
    expect(long.problem.chain.find((c) => c.type === "maxRun")).toMatchObject({ length: 3 });
    const answer = await solveSelection(long.problem);
    expect(answer.solver).toBe("dp");
    const three = await solveSelection(buildProblem(inputs(model([{ type: "nonDecreasing", key: "difficulty" }, { type: "maxRun", key: "difficulty", length: 3, precision: 0.01 }]))).problem);
    expect([answer.objective, answer.picks]).toEqual([three.objective, three.picks]);
  });
});

describe("contradictions named as such (class 6)", () => {
  it("--keep of a level the model excludes is refused on the model (exclude vetoes)", () => {
    const from = { levels: [{ number: 1, id: "d", chapter: 1, part: 1, metrics: { difficulty: 4, size: 1 } }] } as unknown as LevelsFile;
    const keep = { levels: [1], from, fromFile: "old.json", option: "--keep-until 1" };
    expect(refusal(() => buildProblem(inputs(model([{ type: "exclude", id: "d" }]), { keep }))).message).toBe('select/build-problem: model.json at $.constraints[0]: expected a kept level the model does not exclude; --keep-until 1 keeps level 1, "d", and constraints[0] excludes it (an exclude vetoes a candidate: keep other levels, or drop the exclude)');
  });
});
