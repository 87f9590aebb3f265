import type { Highs } from "highs";
import type { MilpAnswer, MilpBackend, MilpRequest } from "./milp-backend.ts";
import { SolverLimitError } from "../problem/solver-limit-error.ts";
import { timeLeft } from "./time-left.ts";

// `highs` ships CommonJS types with an ESM default export; at run time the ESM
// build's default export is the loader. It is imported on the first solve only.
async function loadHighs(): Promise<Highs> {
  const highsModule = (await import("highs")).default as unknown as () => Promise<Highs>;
  return highsModule();
}
let instance: Promise<Highs> | undefined;

/**
 * HiGHS (npm `highs`, WebAssembly, MIT) behind the selection model (SPEC 6
 * `highs`): the model is passed as CSR arrays (no text), with exact gaps
 * (`mip_rel_gap` = `mip_abs_gap` = 0) and HiGHS's own time limit, which it
 * checks inside its solves. At a limit the answer carries HiGHS's best
 * incumbent (if any) and its dual bound. "Infeasible" (and a failed run) is
 * asked again without presolve, whose MIP reductions HiGHS 1.15 gets wrong
 * on some models. When the WebAssembly module aborts (seen on the sudoku bank's
 * 400 of 3,000 at its time limit), the instance is dropped and the solve ends
 * as a solver limit: status `unknown`, exit 1, never an internal error.
 *
 * Each solve is given its time in seconds, HiGHS's own unit (`time_limit`):
 * the seconds a caller gives are the seconds HiGHS gets.
 */
export function highsBackend(): MilpBackend {
  return {
    name: "highs",
    async solve(request, seconds): Promise<MilpAnswer> {
      if (seconds <= 0) return { status: "limit" };
      // The run's own clock, for the second run without presolve.
      const left = timeLeft(seconds);
      instance ??= loadHighs();
      let highs: Highs;
      try {
        highs = await instance;
      } catch (err) {
        instance = undefined;
        // WebAssembly reserves its memory at start: under a low `ulimit -v` the module cannot be made at all.
        if (!outOfMemory(err)) throw err;
        throw new SolverLimitError("select/highs", "highs memory", `HiGHS (WebAssembly) could not start: out of memory (${firstSentence(err)}); the process's memory limit (ulimit -v) is below what WebAssembly reserves: raise it, or try the dp (solver dp, exact for chain-shaped models)`, ["solver-dp"]);
      }
      const started = performance.now();
      try {
        return solveOnce(highs, request, seconds, left);
      } catch (err) {
        if (!(err instanceof WebAssembly.RuntimeError)) throw err;
        instance = undefined; // an aborted module answers nothing more
        const after = ((performance.now() - started) / 1000).toFixed(1);
        throw new SolverLimitError("select/highs", "highs abort", `HiGHS (WebAssembly) aborted after ${after} s (${err.message.split(".")[0]}), usually its memory on a model this size; try the dp (solver dp, exact for chain-shaped models) or fewer levels at once (part by part)`, ["solver-dp", "fewer-levels"]);
      }
    },
    async close() {},
  };
}

/** Whether `err` says memory could not be had (a WebAssembly instance, an array buffer). */
function outOfMemory(err: unknown): boolean {
  return (err instanceof WebAssembly.RuntimeError || err instanceof RangeError) && /out of memory|allocat/i.test(err.message);
}

/** An error's message up to its first sentence's end, without Emscripten's "Aborted(...)" wrapper. */
function firstSentence(err: unknown): string {
  const m = err instanceof Error ? err.message : String(err);
  return /^Aborted\((.*?)\)(?:\. |$)/.exec(m)?.[1] ?? m.split(". ")[0];
}

/** One HiGHS run of `request` within `seconds` (`left`: the seconds left of them); HiGHS's own errors (a WebAssembly abort) are thrown. */
function solveOnce(highs: Highs, request: MilpRequest, seconds: number, left: () => number): MilpAnswer {
  const m = highs.createModel();
  try {
    m.passModel(modelData(highs, request));
    m.options.set({ output_flag: false, mip_rel_gap: 0, mip_abs_gap: 0, time_limit: seconds });
    const codes = highs.constants.modelStatus;
    // HiGHS 1.15's MIP presolve fails on some small chain models (status −1)
    // or calls them infeasible when they are not (its issues #3296, #3090):
    // such answers are asked again without presolve.
    const again = () => {
      m.clearSolver();
      m.options.set({ presolve: "off", time_limit: Math.max(0.001, left()) });
      m.run();
    };
    try {
      m.run();
    } catch (err) {
      if (!(err instanceof Error) || !/status -1/.test(err.message)) throw err;
      again();
    }
    if (m.getModelStatus() === codes.infeasible && m.options.get("presolve") !== "off") again();
    const status = m.getModelStatus();
    if (status === codes.infeasible) return { status: "infeasible" };
    const hasSolution = Number(m.info.get("primal_solution_status")) === 2;
    const values = hasSolution ? Float64Array.from(m.getSolution().colValue) : undefined;
    const objective = hasSolution ? m.getObjectiveValue() : undefined;
    if (status === codes.optimal && values) return { status: "optimal", values, objective, bound: objective };
    const bound = Number(m.info.get("mip_dual_bound"));
    return { status: "limit", values, objective, bound: Number.isFinite(bound) ? bound : undefined };
  } finally {
    try {
      m.dispose();
    } catch {
      // an aborted module cannot free its model; it is dropped whole
    }
  }
}

/** The request as HiGHS model data: the model's CSR rows, then the extra rows; fixed variables get lower bound 1. */
function modelData(highs: Highs, request: MilpRequest) {
  const { model } = request;
  const inf = highs.infinity;
  const extra = request.extraRows ?? [];
  const extraNonzeros = extra.reduce((a, r) => a + r.terms.length, 0);
  const numRows = model.numRows + extra.length;
  const starts = new Int32Array(numRows + 1);
  starts.set(model.rowStart);
  const indices = new Int32Array(model.rowIndex.length + extraNonzeros);
  indices.set(model.rowIndex);
  const values = new Float64Array(indices.length);
  values.set(model.rowValue);
  const rowLower = new Float64Array(numRows);
  const rowUpper = new Float64Array(numRows);
  for (let r = 0; r < model.numRows; r++) {
    rowLower[r] = model.rowLo[r] === -Infinity ? -inf : model.rowLo[r];
    rowUpper[r] = model.rowHi[r] === Infinity ? inf : model.rowHi[r];
  }
  let at = model.rowIndex.length;
  extra.forEach((row, k) => {
    const sorted = [...row.terms].sort((a, b) => a[0] - b[0]);
    for (const [v, c] of sorted) {
      indices[at] = v;
      values[at++] = c;
    }
    starts[model.numRows + k + 1] = at;
    rowLower[model.numRows + k] = row.lo ?? -inf;
    rowUpper[model.numRows + k] = row.hi ?? inf;
  });
  const colCost = new Float64Array(model.numVars);
  if (request.objective) for (const [v, c] of request.objective) colCost[v] = c;
  else colCost.set(model.cost);
  const colLower = new Float64Array(model.numVars);
  for (const v of request.fixedOne ?? []) colLower[v] = 1;
  const colUpper = Float64Array.from(model.binary, (b) => (b ? 1 : inf));
  const integrality = Int32Array.from(model.binary, (b) => (b ? highs.constants.variableType.integer : highs.constants.variableType.continuous));
  return {
    numCols: model.numVars,
    numRows,
    colCost,
    colLower,
    colUpper,
    rowLower,
    rowUpper,
    matrix: { format: "csr" as const, numRows, numCols: model.numVars, starts, indices, values },
    integrality,
  };
}
