import { describe, expect, it, vi } from "vitest";
import type { Model } from "../../src/io/schemas/model.ts";
import type { Ramp } from "../../src/io/schemas/ramp.ts";
import { createRng } from "../../src/random/create-rng.ts";
import { buildProblem } from "../../src/select/problem/build-problem.ts";
import { rampTarget } from "../../src/select/ramp/ramp-target.ts";
import { SelectionNoAnswer, solveSelection } from "../../src/select/solve/solve-selection.ts";
import { syntheticPool } from "../helpers/synthetic-pool.ts";

// HiGHS's WebAssembly module aborted (RuntimeError "Aborted()") at its time
// limit on the sudoku bank's 400 of 3,000 (npm run bench -- select, quiet
// machine): the CLI said "internal error" and exited 70. The abort is
// reproduced here by a HiGHS whose run aborts the same way.
let runs = 0;
vi.mock("highs", () => ({
  default: async () => ({
    infinity: Infinity,
    constants: { modelStatus: { optimal: 7, infeasible: 8 }, variableType: { continuous: 0, integer: 1 } },
    createModel: () => ({
      passModel: () => {},
      options: { set: () => {}, get: () => undefined },
      run: () => {
        runs++;
        throw new WebAssembly.RuntimeError("Aborted(). Build with -sASSERTIONS for more info.");
      },
      dispose: () => {
        throw new WebAssembly.RuntimeError("Aborted(). The module is dead.");
      },
    }),
  }),
}));

describe("a HiGHS abort is a solver limit (status unknown, exit 1), never an internal error", () => {
  it("select --solver highs on a module that aborts", async () => {
    const ramp: Ramp = { format: "levelramp/ramp@1", metric: "difficulty", points: [[1, 1], [30, 3.9]], interpolation: "linear" };
    const { pool, plan } = syntheticPool(createRng("highs-abort"), { chapters: 2, parts: 3, levelsPerPart: 5, perLevel: 4, noise: 0.4, target: rampTarget(ramp) });
    const model: Model = {
      format: "levelramp/model@1",
      metric: "difficulty",
      eligibility: "part",
      constraints: [{ type: "nonDecreasing", key: "difficulty" }],
      objective: { norm: "L1", evenness: 0 },
    };
    const problem = buildProblem({ pool, poolFile: "pool", plan, planFile: "plan", model, modelFile: "model", ramp, rampFile: "ramp" }).problem;
    for (let attempt = 0; attempt < 2; attempt++) {
      const err = await solveSelection(problem, { solver: "highs", timeLimitSeconds: 5 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SelectionNoAnswer);
      const e = err as SelectionNoAnswer;
      expect(e.status).toBe("unknown");
      expect(e.exitCode).toBe(1);
      expect(e.message).toMatch(/^select\/highs: HiGHS \(WebAssembly\) aborted after [\d.]+ s \(Aborted\(\)\).*the dp \(solver dp/);
      expect(e.message).not.toContain("--");
      expect(e.remedies).toEqual(["solver-dp", "fewer-levels"]);
    }
    // the dead module was dropped: the second selection loaded HiGHS again and ran it
    expect(runs).toBe(2);
  });
});
