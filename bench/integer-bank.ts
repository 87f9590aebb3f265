// Run alone in a child process by select.bench.ts, so its peak memory is its own:
// the dp over 1,000 levels of 100,000 candidates with integer metrics. Prints one JSON line.
import { createRng } from "../src/random/create-rng.ts";
import type { Ramp } from "../src/io/schemas/ramp.ts";
import { buildProblem } from "../src/select/problem/build-problem.ts";
import { solveDp } from "../src/select/dp/solve-dp.ts";
import { chainModel } from "../test/helpers/chain-model.ts";
import { integerPool } from "../test/helpers/integer-pool.ts";

/** 1,000 levels of 100,000 candidates (difficulty 0..1000, depth 1..5), eligibility any, maxRun 3 at precision 1. */
export function integerBankProblem() {
  const { pool, plan } = integerPool(createRng("bench/integer"), { candidates: 100_000, levels: 1000, maxDifficulty: 1000 });
  const ramp: Ramp = { format: "levelramp/ramp@1", metric: "difficulty", points: [[1, 0], [1000, 1000]], interpolation: "linear" };
  const model = chainModel("any", 1);
  return buildProblem({ pool, poolFile: "integer", plan, planFile: "plan", model, modelFile: "model", ramp, rampFile: "ramp" }).problem;
}

if (process.argv[1]?.endsWith("integer-bank.ts")) {
  const t0 = performance.now();
  const problem = integerBankProblem();
  const t1 = performance.now();
  const r = solveDp(problem);
  const t2 = performance.now();
  if (!("selection" in r)) throw new Error("infeasible");
  const { states, classes } = r.selection.stats;
  const maxRssMB = Math.round(process.resourceUsage().maxRSS / 1024);
  process.stdout.write(JSON.stringify({ buildMs: Math.round(t1 - t0), solveMs: Math.round(t2 - t1), objective: Number(r.selection.objective.toFixed(6)), states, classes, maxRssMB }) + "\n");
}
