import type { LevelsFile } from "../../io/schemas/levels.ts";
import type { Ramp } from "../../io/schemas/ramp.ts";
import { buildProblem, type SelectionInputs } from "../../select/problem/build-problem.ts";
import { diagnoseInfeasible } from "../../select/diagnose/diagnose-infeasible.ts";
import { toLevelsFile } from "../../select/problem/levels-file.ts";
import { dpRefusal } from "../../select/dp/dp-runs.ts";
import { solveDpBranching } from "../../select/dp/solve-dp-branching.ts";
import { SolverLimitError, solverLimits } from "../../select/problem/solver-limits.ts";
import type { EditorFiles, EditorInputs } from "./editor-data.ts";
import { selectionRamp, type EditorCalibration } from "./ramp-units.ts";

/** The page's answer for one ramp: what `window.levelramp.result()` gives, plus the new levels file. */
export interface EditorAnswer {
  /** SPEC 6 status: `optimal` (the dp proves it), `infeasible` (proven, `message` is the diagnosis) or `unknown` (the page cannot answer: `message` says why and what to run). */
  status: "optimal" | "feasible" | "infeasible" | "unknown";
  /** True exactly when `status` is `optimal`. */
  optimal: boolean;
  /** The objective as the levels file stores it (6 decimals); null without an answer. */
  objective: number | null;
  /** Shipped ids in level order; empty without an answer. */
  ids: string[];
  /** Level numbers that hold another level than in the file; null without an answer. */
  moved: number | null;
  /** The diagnosis or the reason there is no answer; null with an answer. */
  message: string | null;
  /** The solver that answered (`dp`, with `branches` when conflicts needed branching). */
  solver: string | null;
  /** The new levels file, exactly as `levelramp select --out` writes it; null without an answer. */
  file: LevelsFile | null;
  /** Milliseconds the selection took (build the problem, solve, write the levels file). */
  ms: number;
}

/**
 * The command that gives the same answer outside the page: `levelramp select`
 * over the same pool, plan and model with the downloaded ramp (and the kept
 * levels, when the file kept some; and `--calibration <file>` when the ramp
 * is a player ramp in pass rates, SPEC 11).
 */
export function selectCommand(inputs: Pick<EditorInputs, "files" | "kept">, rampFile = "ramp.json", out = "levels.json", calibration?: string): string {
  const f: EditorFiles = inputs.files;
  const words = ["levelramp select", `--pools ${quote(f.pools)}`];
  if (f.plan) words.push(`--plan ${quote(f.plan)}`);
  if (f.model) words.push(`--model ${quote(f.model)}`);
  words.push(`--ramp ${quote(rampFile)}`);
  if (calibration) words.push(`--calibration ${quote(calibration)}`);
  if (inputs.kept) words.push(inputs.kept.option, `--from ${quote(f.levels)}`);
  words.push(`--out ${quote(out)}`);
  return words.join(" ");
}

function quote(path: string): string {
  return /^[\w./@%+=:,-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`;
}

/** The inputs `levelramp select` would read, from the page's data and a ramp (file names as the page's command names them). */
export function selectionInputs(inputs: EditorInputs, ramp: Ramp): SelectionInputs {
  return {
    pool: inputs.pool,
    poolFile: inputs.files.pools,
    plan: inputs.plan,
    planFile: inputs.files.plan ?? "the default plan",
    model: inputs.model,
    modelFile: inputs.files.model ?? "the levels file's model",
    ramp,
    rampFile: "ramp.json",
    ...(inputs.kept ? { keep: { levels: inputs.kept.numbers, from: { levels: inputs.kept.levels } as LevelsFile, fromFile: inputs.files.levels, option: inputs.kept.option } } : {}),
    ...(inputs.knownConcepts ? { knownConcepts: new Set(inputs.knownConcepts) } : {}),
  };
}

/**
 * Selects and orders the levels for a ramp in the page (SPEC 6, SPEC 8 editor)
 * exactly as `levelramp select --ramp` does for a chain-shaped model: the same
 * problem (pool, plan, model, kept levels; targets rounded to 6 decimals),
 * the exact dp with conflict branching (what `select`'s `auto` runs for
 * such a model), the same tie rule (the lexicographically smallest optimal
 * list of ids) and the same levels file. The page runs no MILP: a model the
 * dp cannot take, or a dp past its work bound, gets status `unknown` and a
 * message naming the command to run instead. An infeasible ramp gets the
 * select core's diagnosis. A player ramp (metric `passRate`) is turned into
 * the metric's own ramp through `calibration` first, as `select --ramp
 * ramp.json --calibration <file>` does (SPEC 11), and the levels file embeds
 * the turned ramp, as that command's does.
 *
 * @throws InputError for inputs `select` itself would refuse (exit 2), e.g. a
 *   ramp about another metric, a pass rate outside (0, 1).
 */
export function selectForRamp(inputs: EditorInputs, edited: Ramp, calibration?: EditorCalibration): EditorAnswer {
  const t0 = performance.now();
  const none = (status: "infeasible" | "unknown", message: string): EditorAnswer => ({
    status,
    optimal: false,
    objective: null,
    ids: [],
    moved: null,
    message,
    solver: null,
    file: null,
    ms: performance.now() - t0,
  });
  const ramp = selectionRamp(edited, calibration);
  const built = buildProblem(selectionInputs(inputs, ramp));
  const command = selectCommand(inputs, "ramp.json", "levels.json", ramp === edited ? undefined : calibration?.file);
  // Why the dp cannot answer this model exactly (not chain-shaped; or a chain that restarts at
  // chapter starts over candidates eligible in two chapters), in the dp's words.
  const refusal = dpRefusal(built.problem);
  if (refusal) return none("unknown", `this model needs the command line: the page runs only the exact dp, and ${refusal}; download ramp.json and run ${command} (select solves it with a MILP)`);
  let result;
  try {
    // The limits `select` passes (models/select/solver.json; in the page, as the bundle compiled them in).
    const limits = solverLimits();
    result = solveDpBranching(built.problem, { ...limits.dp, maxBranches: limits.branching.maxRuns });
  } catch (err) {
    if (err instanceof SolverLimitError) return none("unknown", `${err.message}; select hands such a model to HiGHS: download ramp.json and run ${command}`);
    throw err;
  }
  if (!("selection" in result)) return none("infeasible", `infeasible: ${diagnoseInfeasible(built.problem).message}`);
  const file = toLevelsFile({ built, selection: result.selection, pool: inputs.pool, model: inputs.model, ramp });
  const was = new Map(inputs.fileLevels.map((l) => [l.number, l.id]));
  const moved = file.levels.filter((l) => was.get(l.number) !== l.id).length;
  return {
    status: file.status ?? "optimal",
    optimal: file.optimal,
    objective: file.objective,
    ids: file.levels.map((l) => l.id),
    moved,
    message: null,
    solver: file.solver ?? null,
    file,
    ms: performance.now() - t0,
  };
}
