import { describe, expect, it } from "vitest";
import { createRng } from "../../src/random/create-rng.ts";
import { buildProblem } from "../../src/select/problem/build-problem.ts";
import { highsBackend } from "../../src/select/milp/highs-backend.ts";
import { lpSolverBackend } from "../../src/select/milp/lp-solver-backend.ts";
import { rampTarget } from "../../src/select/ramp/ramp-target.ts";
import { solveBruteForce } from "../../src/select/solve/solve-brute-force.ts";
import { dpApplies, solveDp } from "../../src/select/dp/solve-dp.ts";
import { solveDpBranching } from "../../src/select/dp/solve-dp-branching.ts";
import { solveMilp } from "../../src/select/milp/solve-milp.ts";
import { syntheticPool } from "../helpers/synthetic-pool.ts";
import { expectValidSelection, idsOf } from "./check-selection.ts";
import { BRUTE_FORCE_SPACE, randomProblem, searchSpace, type RandomProblemOptions } from "./random-problem.ts";

const variants: RandomProblemOptions[] = [
  { chainShaped: true },
  { chainShaped: true, pins: true },
  { chainShaped: true, keepPrefix: true },
  { chainShaped: true, conflicts: true },
  { chainShaped: true, any: true },
  { chainShaped: true, pins: true, conflicts: true, keepPrefix: true },
];

describe("dp = milp = highs = brute force on small random instances", () => {
  it("agrees on 150 chain-shaped instances (objective to 1e-9 and the same ids), every answer valid", async () => {
    let feasible = 0;
    let dpStates = 0;
    let checked = 0;
    let tooLarge = 0;
    const norms = new Set<string>();
    for (let i = 0; checked < 150; i++) {
      const problem = randomProblem(createRng(`diff-chain-${i}`), variants[i % variants.length]);
      expect(dpApplies(problem)).toBe(true);
      if (searchSpace(problem) > BRUTE_FORCE_SPACE) {
        tooLarge++;
        continue;
      }
      checked++;
      const brute = solveBruteForce(problem);
      const dp = solveDpBranching(problem);
      const milp = await solveMilp(problem, lpSolverBackend());
      const highs = await solveMilp(problem, highsBackend());
      if (!brute) {
        expect("selection" in dp, `instance ${i}: dp found a sequence brute force did not`).toBe(false);
        expect("infeasible" in milp).toBe(true);
        expect("infeasible" in highs).toBe(true);
        continue;
      }
      feasible++;
      norms.add(problem.objective.norm + (problem.objective.evenness ? "+even" : ""));
      if (!("selection" in dp) || !("selection" in milp) || !("selection" in highs)) throw new Error(`instance ${i}: a solver missed a feasible sequence`);
      // the fast path really ran
      expect(dp.selection.solver).toBe("dp");
      dpStates += dp.selection.stats.states;
      for (const r of [dp.selection, milp.selection, highs.selection]) {
        expect(r.objective, `instance ${i} ${r.solver}`).toBeCloseTo(brute.objective, 9);
        expect(idsOf(problem, r.picks), `instance ${i} ${r.solver}`).toEqual(idsOf(problem, brute.picks));
        expectValidSelection(problem, r.picks);
        expect(r.optimal).toBe(true);
      }
    }
    expect(tooLarge).toBeLessThanOrEqual(3);
    expect(feasible).toBeGreaterThan(45);
    expect(dpStates).toBeGreaterThan(feasible);
    expect(norms).toEqual(new Set(["L1", "L2", "Linf", "L1+even", "L2+even"]));
  }, 120_000);

  it("milp = highs = brute force on 120 instances dp cannot take", async () => {
    let feasible = 0;
    let checked = 0;
    for (let i = 0; checked < 120; i++) {
      const problem = randomProblem(createRng(`diff-general-${i}`), { pins: i % 2 === 0, conflicts: i % 3 === 0 });
      if (dpApplies(problem)) continue;
      checked++;
      const brute = solveBruteForce(problem);
      const milp = await solveMilp(problem, lpSolverBackend());
      const highs = await solveMilp(problem, highsBackend());
      if (!brute) {
        expect("infeasible" in milp).toBe(true);
        expect("infeasible" in highs).toBe(true);
        continue;
      }
      feasible++;
      if (!("selection" in milp) || !("selection" in highs)) throw new Error(`instance ${i}: a MILP missed a feasible sequence`);
      for (const r of [milp.selection, highs.selection]) {
        expect(r.objective).toBeCloseTo(brute.objective, 9);
        expect(idsOf(problem, r.picks)).toEqual(idsOf(problem, brute.picks));
        expectValidSelection(problem, r.picks);
      }
    }
    expect(feasible).toBeGreaterThan(40);
  }, 120_000);
});

describe("dp = highs on larger instances", () => {
  for (const [label, chapters, parts, levelsPerPart, perLevel, step, noise] of [
    ["100 slots, pools of 20 per part", 5, 4, 5, 4, 0.1, 0.4],
    ["300 slots, pools of 20 per part", 15, 4, 5, 4, 0.1, 0.4],
    ["1,000 slots, pools of 4 per slot", 1, 1000, 1, 4, 1, 0.3],
  ] as const) {
    it(`${label}: same objective`, async () => {
      const slots = chapters * parts * levelsPerPart;
      const ramp = { format: "levelramp/ramp@1" as const, metric: "difficulty", points: [[1, 1], [slots, 1 + step * (slots - 1)]] as [number, number][], interpolation: "linear" as const };
      const { pool, plan } = syntheticPool(createRng(`diff-large-${label}`), { chapters, parts, levelsPerPart, perLevel, noise, target: rampTarget(ramp) });
      const model = {
        format: "levelramp/model@1" as const,
        metric: "difficulty",
        eligibility: "part" as const,
        constraints: [
          { type: "nonDecreasing" as const, key: "difficulty" },
          { type: "maxDrop" as const, key: "depth", by: 1 },
          { type: "maxRun" as const, key: "difficulty", length: 3, precision: 0.01 },
        ],
        objective: { norm: "L1" as const, evenness: 0 },
      };
      const { problem } = buildProblem({ pool, poolFile: "pool", plan, planFile: "plan", model, modelFile: "model", ramp, rampFile: "ramp" });
      const dp = solveDp(problem);
      const highs = await solveMilp(problem, highsBackend(), { lexicographic: false, timeLimitSeconds: 120 });
      if (!("selection" in dp) || !("selection" in highs)) throw new Error("expected both to answer");
      expect(dp.selection.objective).toBeCloseTo(highs.selection.objective, 6);
      expectValidSelection(problem, dp.selection.picks);
    }, 60_000);
  }
});
