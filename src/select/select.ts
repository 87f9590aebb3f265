import { LevelrampError, NoAnswerError } from "../io/errors.ts";
import { diagnoseInfeasible } from "./diagnose-infeasible.ts";
import { highsBackend } from "./highs-backend.ts";
import { lpSolverBackend } from "./lp-solver-backend.ts";
import type { Selection, SelectionProblem } from "./selection-problem.ts";
import { dpApplies } from "./solve-dp.ts";
import { solveDpBranching } from "./solve-dp-branching.ts";
import { solveMilp } from "./solve-milp.ts";
import { SolverLimitError } from "./solver-limits.ts";

/** Which solver `select` uses (SPEC 2 `--solver`). */
export type SolverChoice = "auto" | "dp" | "milp" | "highs";

/** Options of {@link solveSelection}. */
export interface SolveOptions {
  /** Default `auto`: dp when the model is chain-shaped, javascript-lp-solver for small other models, HiGHS for large ones. */
  solver?: SolverChoice;
  /** Wall-clock budget of the MILP backends, ms (default 30,000). It can only abort, never change an answer. */
  timeLimitMs?: number;
  /** Slots up to which a model counts as small for javascript-lp-solver under `auto` (default 40: a part or a tier). */
  smallSlots?: number;
}

function infeasible(problem: SelectionProblem): never {
  const d = diagnoseInfeasible(problem);
  throw new NoAnswerError("select", `infeasible: ${d.message}`, d);
}

/**
 * Solves a selection problem (SPEC 6) with the chosen solver and returns the
 * lexicographically smallest optimal list of picks.
 *
 * `auto`: dp with conflict branching when the model is chain-shaped (falling
 * back to HiGHS if branching passes its work bound); otherwise
 * javascript-lp-solver for models of at most `smallSlots` slots (a part or a
 * tier), with HiGHS confirming any "infeasible" or limit it reports; HiGHS
 * for larger ones.
 *
 * @throws NoAnswerError (exit 1) when the model is infeasible, with a {@link diagnoseInfeasible} diagnosis as `detail`,
 *   or when a MILP backend reaches its time limit without an answer.
 * @throws LevelrampError (exit 2) when `dp` is asked for a model that is not chain-shaped.
 */
export async function solveSelection(problem: SelectionProblem, options: SolveOptions = {}): Promise<Selection> {
  const solver = options.solver ?? "auto";
  const limit = options.timeLimitMs ?? 30_000;
  const chainShaped = dpApplies(problem);
  if (solver === "dp" || (solver === "auto" && chainShaped)) {
    try {
      const r = solveDpBranching(problem);
      if ("selection" in r) return r.selection;
      infeasible(problem);
    } catch (err) {
      if (solver === "dp" || !(err instanceof SolverLimitError)) throw err;
      // dp passed its work bound: let HiGHS answer.
      return milp(problem, "highs", limit);
    }
  }
  if (solver === "milp" || (solver === "auto" && problem.slots.length <= (options.smallSlots ?? 40))) {
    let r: Awaited<ReturnType<typeof solveMilp>> = { limit: true };
    try {
      r = await solveMilp(problem, lpSolverBackend(limit));
    } catch (err) {
      // A wrong answer from javascript-lp-solver is caught by the exact re-check.
      if (solver === "milp" || !(err instanceof LevelrampError)) throw err;
    }
    if ("selection" in r) return r.selection;
    if (solver === "milp") {
      if ("infeasible" in r) infeasible(problem);
      throw new NoAnswerError("select/milp", `javascript-lp-solver found no answer within ${limit} ms; try --solver highs`);
    }
    // javascript-lp-solver is known to misreport degenerate chain models as infeasible
    // or to hang on them: HiGHS confirms.
  }
  return milp(problem, "highs", limit);
}

async function milp(problem: SelectionProblem, which: "highs", limit: number): Promise<Selection> {
  const r = await solveMilp(problem, highsBackend(limit / 1000));
  if ("selection" in r) return r.selection;
  if ("infeasible" in r) infeasible(problem);
  throw new NoAnswerError(`select/${which}`, `HiGHS found no answer within ${limit} ms`);
}
