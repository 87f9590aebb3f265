import type { LinearModel, LinearRow } from "./compile-milp.ts";
import type { Selection } from "../problem/selection-problem.ts";

/** A MILP answer (status `optimal` or `feasible`), a proof of infeasibility, or a limit reached with no answer. */
export type MilpResult = { selection: Selection } | { infeasible: true } | { limit: true; note: string };

/** What a MILP backend reports for one solve. */
export interface MilpAnswer {
  /** `optimal` proven; `infeasible` proven by the solver; `limit` the time ran out (maybe with an incumbent). */
  status: "optimal" | "infeasible" | "limit";
  /** A solution's variable values, by index: the optimum, or at a limit the best incumbent if there is one. */
  values?: Float64Array;
  /** Objective of `values` in the model's units (micro-units). */
  objective?: number;
  /** Best lower bound on the objective the solver proved (micro-units), when it reports one. */
  bound?: number;
}

/** One solve request: the model, optionally with another objective and extra rows. */
export interface MilpRequest {
  model: LinearModel;
  /** Replacement objective coefficients by variable index (all others 0). */
  objective?: Map<number, number>;
  /** Extra rows (objective bound). */
  extraRows?: LinearRow[];
  /** Variables fixed to 1. */
  fixedOne?: number[];
}

/**
 * A MILP solver behind the selection model (javascript-lp-solver or HiGHS).
 * It keeps no clock of its own: each solve is given its time, in seconds, by
 * its caller (`solveMilp`, which holds the deadline of its solves).
 */
export interface MilpBackend {
  readonly name: "milp" | "highs";
  /** Solves within `seconds` of wall clock (0: answers `limit` at once); past it, `limit` with the incumbent if any. */
  solve(request: MilpRequest, seconds: number): Promise<MilpAnswer>;
  /** Releases workers or wasm instances. */
  close(): Promise<void>;
}
