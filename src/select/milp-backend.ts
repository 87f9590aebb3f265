import type { LinearModel, LinearRow } from "./compile-milp.ts";

/** What a MILP backend reports for one solve. */
export interface MilpAnswer {
  status: "optimal" | "infeasible" | "limit";
  /** Value of each variable, by index (when a solution is known). */
  values?: Float64Array;
  /** Objective value in the model's units (micro-units). */
  objective?: number;
}

/** One solve request: the model, optionally with another objective and extra rows. */
export interface MilpRequest {
  model: LinearModel;
  /** Replacement objective coefficients by variable index (all others 0). */
  objective?: Map<number, number>;
  /** Extra rows (objective bound, fixed picks). */
  extraRows?: LinearRow[];
  /** Variables fixed to 1. */
  fixedOne?: number[];
}

/** A MILP solver behind the selection model (javascript-lp-solver or HiGHS). */
export interface MilpBackend {
  readonly name: "milp" | "highs";
  /** Solves; `budgetMs` caps this one solve below the backend's own deadline. */
  solve(request: MilpRequest, budgetMs?: number): Promise<MilpAnswer>;
  /** Releases workers or wasm instances. */
  close(): Promise<void>;
}
