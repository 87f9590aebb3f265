import { describe, expect, it } from "vitest";
import { LevelrampError } from "../../src/io/errors.ts";
import type { Ramp } from "../../src/io/schemas/ramp.ts";
import { createRng } from "../../src/random/create-rng.ts";
import { buildProblem } from "../../src/select/problem/build-problem.ts";
import { checkPicks } from "../../src/select/rules/check-picks.ts";
import { compileMilp } from "../../src/select/milp/compile-milp.ts";
import { highsBackend } from "../../src/select/milp/highs-backend.ts";
import type { MilpBackend } from "../../src/select/milp/milp-backend.ts";
import { rampTarget } from "../../src/select/ramp/ramp-target.ts";
import { SelectionNoAnswer, solveSelection, type SolverChoice } from "../../src/select/solve/solve-selection.ts";
import type { SelectionProblem } from "../../src/select/problem/selection-problem.ts";
import { perLevelFloor, solveMilp } from "../../src/select/milp/solve-milp.ts";
import { solverLimits } from "../../src/select/problem/solver-limits.ts";
import { chainModel } from "../helpers/chain-model.ts";
import { syntheticPool } from "../helpers/synthetic-pool.ts";

/**
 * 15 levels per chapter (3 parts × 5) from pools of 20 per part: every solver answers it quickly.
 * One chapter where the size adds nothing (HiGHS's solves of two took most of this file's time);
 * two where the time limits need an instance that takes the MILPs longer than their limits.
 */
function generic(eligibility: "part" | "any" = "part", chapters: 1 | 2 = 1): SelectionProblem {
  const levels = 15 * chapters;
  const ramp: Ramp = { format: "levelramp/ramp@1", metric: "difficulty", points: [[1, 1], [levels, 1 + 0.1 * (levels - 1)]], interpolation: "linear" };
  const { pool, plan } = syntheticPool(createRng("status/generic"), { chapters, parts: 3, levelsPerPart: 5, perLevel: 4, noise: 0.4, target: rampTarget(ramp) });
  const model = chainModel(eligibility, 0.01);
  return buildProblem({ pool, poolFile: "pool", plan, planFile: "plan", model, modelFile: "model", ramp, rampFile: "ramp" }).problem;
}

/** A backend that answers the first solve with a given answer (a time-limited solver, made deterministic). */
function stub(name: "highs" | "milp", answer: Awaited<ReturnType<MilpBackend["solve"]>>): MilpBackend {
  return { name, solve: async () => answer, close: async () => {} };
}

describe("every answer says what it knows (issue: solver status)", () => {
  it("a time limit with an incumbent gives a feasible answer, re-checked, with bound and gap; without one, a limit", async () => {
    const problem = generic();
    // HiGHS's own optimum, handed back as if a time limit had stopped it with that incumbent and a weaker bound.
    const full = await highsBackend().solve({ model: compileMilp(problem) }, 60);
    if (!full.values || full.objective === undefined) throw new Error("expected HiGHS to solve the instance");
    const r = await solveMilp(problem, stub("highs", { status: "limit", values: full.values, objective: full.objective, bound: full.objective - 1e6 }));
    if (!("selection" in r)) throw new Error("expected the incumbent");
    const s = r.selection;
    expect(s.status).toBe("feasible");
    expect(s.optimal).toBe(false);
    expect(checkPicks(problem, s.picks)).toEqual([]);
    expect(s.bound).toBeLessThanOrEqual(s.objective);
    expect(s.bound).toBeGreaterThanOrEqual(perLevelFloor(problem));
    expect(s.bound).toBeCloseTo(Math.max(perLevelFloor(problem), s.objective - 1), 3);
    expect(s.gap).toBeCloseTo((s.objective - s.bound!) / s.objective, 9);
    expect(s.note).toContain("time limit");
    // javascript-lp-solver reports no bound: the per-level floor stands in.
    const lp = await solveMilp(problem, stub("milp", { status: "limit", values: full.values }));
    if (!("selection" in lp)) throw new Error("expected the incumbent");
    expect(lp.selection.bound).toBeCloseTo(perLevelFloor(problem), 9);
    // No incumbent: a limit, never "infeasible".
    expect(await solveMilp(problem, stub("highs", { status: "limit" }))).toMatchObject({ limit: true });
    // An incumbent that breaks the model is an error, never shipped.
    const broken = Float64Array.from(full.values);
    broken.fill(0);
    await expect(solveMilp(problem, stub("highs", { status: "limit", values: broken }))).resolves.toMatchObject({ limit: true });
    const wrong = Float64Array.from(full.values).fill(1, 0, 40);
    await expect(solveMilp(problem, stub("highs", { status: "limit", values: wrong }))).rejects.toBeInstanceOf(LevelrampError);
  }, 60_000);

  it("time-limited MILPs on a feasible instance never say infeasible (both backends)", async () => {
    const problem = generic("any", 2);
    for (const solver of ["milp", "highs"] as const) {
      for (const seconds of [0.001, 0.05]) {
        try {
          const s = await solveSelection(problem, { solver, timeLimitSeconds: seconds });
          expect(["optimal", "feasible"]).toContain(s.status);
          expect(checkPicks(problem, s.picks)).toEqual([]);
          if (s.status === "feasible") expect(s.bound).toBeLessThanOrEqual(s.objective);
        } catch (err) {
          expect(err, `${solver} ${seconds} s`).toBeInstanceOf(SelectionNoAnswer);
          expect((err as SelectionNoAnswer).status, `${solver} ${seconds} s`).toBe("unknown");
          expect((err as SelectionNoAnswer).limit).toBe("time limit");
          expect((err as SelectionNoAnswer).exitCode).toBe(1);
        }
      }
    }
  }, 60_000);

  it("a proven infeasible model says infeasible with its diagnosis, whatever the solver", async () => {
    const problem = generic();
    // Level 7 (chapter 1, part 2) may only take candidates easier than any of part 1's: nonDecreasing removes them all.
    const easy = problem.candidates.map((c, k) => (c.metrics.difficulty < 0.5 ? k : -1)).filter((k) => k >= 0);
    const cut: SelectionProblem = { ...problem, eligible: problem.eligible.map((e, s) => (s === 6 ? problem.eligible[0].slice(0, 2).concat(easy) : e)) };
    const hopeless: SelectionProblem = { ...cut, candidates: cut.candidates.map((c, k) => (cut.eligible[6].includes(k) ? { ...c, metrics: { ...c.metrics, difficulty: 0 } } : c)) };
    for (const solver of ["auto", "dp", "milp", "highs"] as SolverChoice[]) {
      const err = await solveSelection({ ...hopeless }, { solver }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err, solver).toBeInstanceOf(SelectionNoAnswer);
      const e = err as SelectionNoAnswer;
      expect(e.status, solver).toBe("infeasible");
      expect(e.detail, solver).toMatchObject({ level: 7, constraint: "nonDecreasing(difficulty)" });
      expect(e.message).toContain("no candidate can continue the chain at level 7");
    }
  }, 60_000);

  it("past the dp's bounds: auto hands the model to HiGHS, --solver dp stops with the instance size and what to try", async () => {
    const problem = generic();
    const plain = await solveSelection(problem);
    expect(plain.solver).toBe("dp");
    const defaults = solverLimits();
    for (const dp of [{ ...defaults.dp, maxStates: 50 }, { ...defaults.dp, maxWork: 10 }]) {
      const limits = { ...defaults, dp };
      const auto = await solveSelection({ ...problem }, { limits });
      expect(auto.solver).toBe("highs");
      expect(auto.status).toBe("optimal");
      expect(auto.objective).toBeCloseTo(plain.objective, 9);
      expect(auto.picks).toEqual(plain.picks);
      expect(auto.note).toContain("the dp passed its bound");
      const err = await solveSelection({ ...problem }, { solver: "dp", limits }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(SelectionNoAnswer);
      const e = err as SelectionNoAnswer;
      expect(e.status).toBe("unknown");
      expect(e.exitCode).toBe(1);
      expect(e.message).toMatch(/^select\/dp: more than \d+ (states|steps) \(15 levels, 60 candidates in \d+ classes, maxRun 3/);
      // In the library's words, no command-line option; the remedies name the choices (the CLI adds its flags).
      expect(e.message).toContain("try HiGHS (solver highs) with a time limit, fewer levels at once (part by part)");
      expect(e.message).not.toMatch(/--[a-z]/);
      expect(e.remedies).toEqual(["solver-highs", "time-limit", "fewer-levels", "limits"]);
    }
    // A MILP past its size bound is refused before it is built: unknown, not a crash.
    const tiny = { ...defaults, milp: { ...defaults.milp, maxVariables: 10 } };
    const err = await solveSelection({ ...problem }, { solver: "highs", limits: tiny }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(SelectionNoAnswer);
    expect((err as SelectionNoAnswer).status).toBe("unknown");
    expect((err as SelectionNoAnswer).message).toContain("the MILP would be too large");
  }, 60_000);
});

