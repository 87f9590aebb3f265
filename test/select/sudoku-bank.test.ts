import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readCsvPool } from "../../src/io/csv/read-csv-pool.ts";
import { readJsonFile } from "../../src/io/read-json-file.ts";
import { modelSchema } from "../../src/io/schemas/model.ts";
import { planSchema } from "../../src/io/schemas/plan.ts";
import { rampSchema } from "../../src/io/schemas/ramp.ts";
import { buildProblem } from "../../src/select/problem/build-problem.ts";
import { checkPicks } from "../../src/select/rules/check-picks.ts";
import { solveSelection } from "../../src/select/solve/solve-selection.ts";
import { expectValidSelection } from "./check-selection.ts";

const dir = "fixtures/sudoku";

function sudokuProblem(levels: 100 | 400, candidates: 1000 | 3000) {
  const pool = readCsvPool(`${dir}/sudoku-${candidates}.csv`);
  const model = readJsonFile(modelSchema, `${dir}/model.json`);
  const plan = readJsonFile(planSchema, `${dir}/plan-${levels}.json`);
  const ramp = readJsonFile(rampSchema, `${dir}/ramp-${levels}.json`);
  return { pool, ...buildProblem({ pool, poolFile: "pool", plan, planFile: "plan", model, modelFile: "model", ramp, rampFile: "ramp" }) };
}

describe("the real sudoku bank (QQwing 1.3.4, fixtures/sudoku)", () => {
  it("is what its provenance says: 3,000 puzzles, scores from QQwing's technique counts, the 1,000 file its first rows", () => {
    const raw = readFileSync(`${dir}/qqwing-3000.csv`, "utf8").trim().split("\n");
    const pool = readFileSync(`${dir}/sudoku-3000.csv`, "utf8").trim().split("\n");
    expect(raw).toHaveLength(3001);
    expect(pool).toHaveLength(3001);
    expect(readFileSync(`${dir}/sudoku-1000.csv`, "utf8").trim().split("\n")).toEqual(pool.slice(0, 1001));
    const tiers: Record<string, number> = { Simple: 1, Easy: 2, Intermediate: 3, Expert: 4 };
    for (let i = 1; i <= 3000; i += 37) {
      const q = raw[i].split(",");
      const [id, , , score, tier, blanks] = pool[i].split(",");
      const n = (k: number) => Number(q[k]);
      expect(id).toBe(`qq-${String(i).padStart(4, "0")}`);
      expect(q[0]).toMatch(/^[.1-9]{81}$/);
      expect(Number(score)).toBe(n(3) + 4 * n(4) + 6 * n(5) + 8 * n(6) + 10 * n(7) + 25 * n(8) + 10 * n(9));
      expect(Number(tier)).toBe(tiers[q[10]]);
      expect(Number(blanks)).toBe(81 - n(1));
      expect(Number(blanks)).toBe([...q[0]].filter((c) => c === ".").length);
    }
  });

  it("100 of 1,000: solved by the dp, proven optimal, every constraint re-checked by the independent checker", async () => {
    const { problem } = sudokuProblem(100, 1000);
    expect(problem.slots).toHaveLength(100);
    const s = await solveSelection(problem);
    expect(s.solver).toBe("dp");
    expect(s.status).toBe("optimal");
    expect(s.optimal).toBe(true);
    // Heavy ties: far fewer classes than puzzles.
    expect(s.stats.candidates).toBe(1000);
    expect(s.stats.classes).toBeLessThan(300);
    expectValidSelection(problem, s.picks);
    expect(checkPicks(problem, s.picks)).toEqual([]);
    // Scores never fall, tiers never fall, no score more than three times in a row.
    const score = s.picks.map((c) => problem.candidates[c].metrics.score);
    const tier = s.picks.map((c) => problem.candidates[c].metrics.tier);
    for (let i = 1; i < 100; i++) {
      expect(score[i]).toBeGreaterThanOrEqual(score[i - 1]);
      expect(tier[i]).toBeGreaterThanOrEqual(tier[i - 1]);
      if (i >= 3) expect(new Set(score.slice(i - 3, i + 1)).size).toBeGreaterThan(1);
    }
    expect(new Set(s.picks).size).toBe(100);
  }, 60_000);
});
