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

/** A MILP solver behind the selection model (javascript-lp-solver or HiGHS). */
export interface MilpBackend {
  readonly name: "milp" | "highs";
  /** Solves within what is left of the backend's deadline (and `budgetMs`, when given). */
  solve(request: MilpRequest, budgetMs?: number): Promise<MilpAnswer>;
  /** Milliseconds left before the backend's deadline. */
  remainingMs(): number;
  /** Releases workers or wasm instances. */
  close(): Promise<void>;
}
