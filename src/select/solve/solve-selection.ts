import { NoAnswerError, type Remedy } from "../../io/errors.ts";
import type { Diagnosis } from "../diagnose/diagnose-infeasible.ts";
import type { Selection, SelectionProblem } from "../problem/selection-problem.ts";
import { dpRefusal } from "../dp/dp-runs.ts";
import { dpApplies } from "../dp/solve-dp.ts";
import { solveDpBranching } from "../dp/solve-dp-branching.ts";
import type { MilpResult } from "../milp/solve-milp.ts";
import { SolverLimitError, solverLimits, type SolverLimits } from "../problem/solver-limits.ts";
import { SELECT_DEFAULTS, type SolverChoice } from "../../io/select-defaults.ts";
import { timeLeft } from "../milp/time-left.ts";

// The MILP solvers and the diagnosis are loaded when a selection needs them: a dp
// answer (what a chain-shaped model gets) loads neither (a cold `select` starts faster).
const milpModules = () => Promise.all([import("../milp/solve-milp.ts"), import("../milp/highs-backend.ts"), import("../milp/lp-solver-backend.ts")]);

/** Which solver `select` uses (SPEC 2 `--solver`): one of `SOLVER_CHOICES` (`io/select-defaults.ts`). */
export type { SolverChoice };

/** Options of {@link solveSelection}. */
export interface SolveOptions {
  /** Default `auto`: dp when the model is chain-shaped, javascript-lp-solver for small other models, HiGHS for large ones. */
  solver?: SolverChoice;
  /**
   * Wall-clock budget of the MILP solvers for the whole selection, seconds
   * (default {@link SELECT_DEFAULTS}`.timeLimitSeconds`, 30; select's
   * `--time-limit`). Carried in seconds to the solver: HiGHS gets what is
   * left of it as its `time_limit`, javascript-lp-solver in milliseconds.
   * The dp is bounded by work (`limits`), not by time.
   */
  timeLimitSeconds?: number;
  /** Slots up to which a model counts as small for javascript-lp-solver under `auto` (default `milp.smallSlots`, 40: a part or a tier). */
  smallSlots?: number;
  /** Work bounds of the solvers (default models/select/solver.json). */
  limits?: SolverLimits;
}

/**
 * No answer (exit 1) with what is known (SPEC 6): `infeasible` — a solver
 * proved there is no sequence, `detail` the {@link Diagnosis}; `unknown` — a
 * limit was reached first, `limit` names it, the message says what to try and
 * `remedies` names the same choices (the CLI adds its options for them).
 */
export class SelectionNoAnswer extends NoAnswerError {
  readonly status: "infeasible" | "unknown";
  readonly limit: string | undefined;

  constructor(module: string, status: "infeasible" | "unknown", message: string, detail?: Diagnosis, limit?: string, remedies: readonly Remedy[] = []) {
    super(module, message, detail, remedies);
    this.name = "SelectionNoAnswer";
    this.status = status;
    this.limit = limit;
  }
}

async function infeasible(problem: SelectionProblem): Promise<SelectionNoAnswer> {
  const { diagnoseInfeasible } = await import("../diagnose/diagnose-infeasible.ts");
  const d = diagnoseInfeasible(problem);
  // A diagnosis that stopped at its work bound names no level: fewer levels at once would.
  return new SelectionNoAnswer("select", "infeasible", `infeasible: ${d.message}`, d, undefined, d.level === undefined && d.constraint === "unknown" ? ["fewer-levels"] : []);
}

/**
 * Solves a selection problem (SPEC 6) with the chosen solver and returns the
 * lexicographically smallest optimal list of picks (`status: "optimal"`), or
 * — when a time limit stops a MILP that has an incumbent — a `feasible`
 * answer with its bound and gap.
 *
 * `auto`: dp with conflict branching when the model is chain-shaped (HiGHS
 * when the dp passes its state or work bound); otherwise javascript-lp-solver
 * for models of at most `smallSlots` slots, with half the time, HiGHS
 * confirming any "infeasible" it reports and answering when it finds nothing;
 * HiGHS for larger ones. The time limit covers the whole selection.
 *
 * @throws SelectionNoAnswer (exit 1): `infeasible` only when the dp or a MILP
 *   proved it (with the diagnosis), `unknown` when a limit came first (the dp's
 *   bounds with `--solver dp`, a time limit with no incumbent, a MILP too large).
 * @throws LevelrampError (exit 2) when `dp` is asked for a model that is not chain-shaped.
 */
export async function solveSelection(problem: SelectionProblem, options: SolveOptions = {}): Promise<Selection> {
  const solver = options.solver ?? SELECT_DEFAULTS.solver;
  const left = timeLeft(options.timeLimitSeconds ?? SELECT_DEFAULTS.timeLimitSeconds);
  const limits = options.limits ?? solverLimits();
  if (solver === "dp" || (solver === "auto" && dpApplies(problem))) {
    try {
      const r = solveDpBranching(problem, { ...limits.dp, maxBranches: limits.branching.maxRuns });
      if ("selection" in r) return r.selection;
      throw await infeasible(problem);
    } catch (err) {
      if (!(err instanceof SolverLimitError)) throw err;
      if (solver === "dp") throw new SelectionNoAnswer("select/dp", "unknown", err.message.replace(/^select\/dp: /, ""), undefined, err.limit, err.remedies);
      return highs(problem, left(), limits, `the dp passed its bound (${err.message})`);
    }
  }
  if (solver === "milp" || (solver === "auto" && problem.slots.length <= (options.smallSlots ?? limits.milp.smallSlots))) {
    const budget = solver === "milp" ? left() : left() / 2;
    const [{ solveMilp }, , { lpSolverBackend }] = await milpModules();
    const r = await milp(() => solveMilp(problem, lpSolverBackend(), { timeLimitSeconds: budget, limits: limits.milp }), solver === "milp");
    if (r && "selection" in r) return r.selection;
    // javascript-lp-solver is known to misreport degenerate chain models as
    // infeasible and to hang on them: HiGHS confirms, or answers.
    if (r && "limit" in r && solver === "milp") {
      const dp = dpApplies(problem);
      const words = `${r.note} (${inWords(budget)} s); try HiGHS (solver highs) or a longer time limit${dp ? ", or the dp (solver dp: this model is chain-shaped, the dp answers it exactly)" : ""}`;
      throw new SelectionNoAnswer("select/milp", "unknown", words, undefined, "time limit", ["solver-highs", "time-limit", ...(dp ? (["solver-dp"] as const) : [])]);
    }
  }
  return highs(problem, left(), limits);
}

/** Runs a MILP; SolverLimitError (too large) becomes `unknown`; with `strict` a wrong answer is an error, else undefined. */
async function milp(run: () => Promise<MilpResult>, strict: boolean): Promise<MilpResult | undefined> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof SolverLimitError) throw new SelectionNoAnswer(err.module, "unknown", err.message.replace(/^[^:]+: /, ""), undefined, err.limit, err.remedies);
    // A wrong answer from javascript-lp-solver is caught by the exact re-check.
    if (strict || !(err instanceof Error) || !/^select\/milp:/.test(err.message)) throw err;
    return undefined;
  }
}

/** HiGHS within `seconds`; `why`: why the dp did not answer, when it was asked first. */
async function highs(problem: SelectionProblem, seconds: number, limits: SolverLimits, why?: string): Promise<Selection> {
  const [{ solveMilp }, { highsBackend }] = await milpModules();
  const r = await milp(() => solveMilp(problem, highsBackend(), { timeLimitSeconds: seconds, limits: limits.milp }), true);
  if (r && "selection" in r) return why ? { ...r.selection, note: [r.selection.note, why].filter(Boolean).join("; ") } : r.selection;
  if (r && "infeasible" in r) throw await infeasible(problem);
  // What else to try depends on why the dp did not answer: not asked, past its bound, or not chain-shaped.
  const [dp, remedy]: [string, Remedy[]] = why
    ? ["larger dp bounds (the solver limits, default models/select/solver.json)", ["limits"]]
    : dpApplies(problem)
      ? ["the dp (solver dp: this model is chain-shaped, the dp answers it exactly)", ["solver-dp"]]
      : [`a model the dp answers (${dpRefusal(problem)})`, []];
  throw new SelectionNoAnswer(
    "select/highs",
    "unknown",
    `HiGHS found no answer within ${inWords(seconds)} s${why ? ` (${why})` : ""}; try a longer time limit, fewer levels at once (part by part), or ${dp}`,
    undefined,
    "time limit",
    ["time-limit", "fewer-levels", ...remedy],
  );
}

/** A time limit in seconds for a message: "0.3", "2", "20" (never "0" for a limit under half a second). */
function inWords(seconds: number): string {
  return seconds >= 10 ? seconds.toFixed(0) : String(Number(seconds.toFixed(1)));
}
