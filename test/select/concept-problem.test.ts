import { describe, expect, it } from "vitest";
import { poolOfTable, tableOf } from "../../src/io/csv/candidate-table.ts";
import type { Model } from "../../src/io/schemas/model.ts";
import type { Plan } from "../../src/io/schemas/plan.ts";
import type { Pool } from "../../src/io/schemas/pool.ts";
import type { Ramp } from "../../src/io/schemas/ramp.ts";
import { buildProblem, type SelectionInputs } from "../../src/select/problem/build-problem.ts";
import { candidateConcepts, candidateValues } from "../../src/select/problem/candidate-columns.ts";
import { candidateClasses } from "../../src/select/rules/candidate-classes.ts";
import { checkPicks } from "../../src/select/rules/check-picks.ts";
import { refusal } from "../helpers/expect-refused.ts";

// Concepts on the way from files to a problem (SPEC 12): read from JSON pools and from a CSV
// table without making candidate objects, interned to set ids, merged into classes only where
// the model reads them, checked by checkPicks, and a concept the model names that nothing
// carries refused as the typo it most likely is.

const plan: Plan = { format: "levelramp/plan@1", game: "generic", composed: 0, chapters: [{ chapter: 1, rules: [], parts: [{ part: 1, levels: 3 }] }] };
const ramp: Ramp = { format: "levelramp/ramp@1", metric: "v", points: [[1, 0], [3, 2]], interpolation: "linear" };
const rows: Array<[string, number, string[]]> = [
  ["a", 0, []],
  ["b", 1, ["bell"]],
  ["c", 1, ["bell"]],
  ["d", 1, []],
  ["e", 2, ["echo", "bell"]],
  ["f", 2, ["bell", "echo"]],
];

function inputs(constraints: Model["constraints"], pool?: Pool, knownConcepts?: ReadonlySet<string>): SelectionInputs {
  const json: Pool = pool ?? {
    format: "levelramp/pool@1",
    game: "generic",
    candidates: rows.map(([id, v, concepts]) => ({ id, chapter: 1, part: 1, metrics: { v }, rules: [], ...(concepts.length ? { concepts } : {}) })),
  };
  const model: Model = { format: "levelramp/model@1", metric: "v", eligibility: "part", constraints, objective: { norm: "L1", evenness: 0 } };
  return { pool: json, poolFile: "pool.json", plan, planFile: "plan.json", model, modelFile: "model.json", ramp, rampFile: "ramp.json", knownConcepts };
}

/** The same rows as a CSV table (the shape the CSV reader fills: rows with one cell share one frozen array). */
function tablePool(): Pool {
  const cells = new Map<string, readonly string[]>();
  const concepts = rows.map(([, , c]) => {
    const key = c.join(";");
    if (!cells.has(key)) cells.set(key, Object.freeze([...c]));
    return cells.get(key)!;
  });
  return poolOfTable({
    size: rows.length,
    ids: rows.map(([id]) => id),
    chapter: Int32Array.from(rows, () => 1),
    part: Int32Array.from(rows, () => 1),
    metricNames: ["v"],
    columns: [Float64Array.from(rows, ([, v]) => v)],
    lines: Int32Array.from(rows, (_, i) => i + 2),
    concepts,
  });
}

describe("concepts from files to a problem (SPEC 12)", () => {
  it("interns each set once, the empty set as 0, from JSON objects and from a table alike", () => {
    for (const pool of [undefined, tablePool()]) {
      const { problem } = buildProblem(inputs([{ type: "maxRun", key: "concepts", length: 2 }], pool));
      if (pool) expect(tableOf(pool)).toBeDefined(); // the table path made no candidate objects
      const sets = candidateConcepts(problem);
      const of = (id: string) => sets.setOf[problem.eligible[0][["a", "b", "c", "d", "e", "f"].indexOf(id)]];
      expect(of("a")).toBe(0);
      expect(of("d")).toBe(0);
      expect(of("b")).toBe(of("c"));
      expect(of("e")).toBe(of("f"));
      expect(new Set([of("a"), of("b"), of("e")]).size).toBe(3);
      expect([...sets.sets[of("e")]].map((k) => sets.names[k]).sort()).toEqual(["bell", "echo"]);
      expect([...candidateValues(problem, "concepts")]).toEqual([...sets.setOf]);
      if (pool) expect(tableOf(pool)).toBeDefined();
    }
  });

  it("merges candidates into classes by concept set only where the model reads concepts", () => {
    const plain = buildProblem(inputs([])).problem;
    // v = 1: b, c (bell) and d (none) are one class without concept rules, two with them.
    expect(candidateClasses(plain).count).toBe(3);
    expect(candidateClasses(buildProblem(inputs([{ type: "practice", levels: 1 }])).problem).count).toBe(4);
    expect(candidateClasses(buildProblem(inputs([{ type: "nonDecreasing", key: "v", scope: "introduction" }])).problem).count).toBe(4);
    expect(candidateClasses(buildProblem(inputs([{ type: "maxRun", key: "concepts", length: 3 }])).problem).count).toBe(4);
  });

  it("carries the concept rules to the problem, and checkPicks finds their breaks", () => {
    const { problem } = buildProblem(inputs([{ type: "practice", levels: 1 }, { type: "nonDecreasing", key: "v" }]));
    expect(problem.conceptConstraints).toEqual([{ type: "practice", levels: 1 }]);
    const at = (id: string) => problem.eligible[0].find((k) => problem.candidates[k].id === id)!;
    expect(checkPicks(problem, [at("a"), at("b"), at("d")])).toEqual([]);
    expect(checkPicks(problem, [at("b"), at("e"), at("f")])).toEqual(["level 2: introduces echo 1 level after bell"]);
  });

  it("refuses a concept the model names that no candidate carries, unless the game knows it", () => {
    const e = refusal(() => buildProblem(inputs([{ type: "introduce", order: ["bell", "ecko"] }])));
    expect(e.message).toContain('no candidate of pool.json carries "ecko" (the concepts they carry: bell, echo)');
    expect(e.message).toContain("$.constraints[0].order[1]");
    expect(refusal(() => buildProblem(inputs([{ type: "quota", concept: "horn", max: 1 }]))).message).toContain("$.constraints[0].concept");
    expect(buildProblem(inputs([{ type: "quota", concept: "horn", max: 1 }], undefined, new Set(["horn"]))).problem.conceptConstraints).toHaveLength(1);
    // A rule that names no concept needs none carried.
    expect(buildProblem(inputs([{ type: "maxNew", by: 1 }])).problem.conceptConstraints).toHaveLength(1);
  });
});
