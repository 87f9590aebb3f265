/**
 * The selection's defaults, one home for the library and the CLI (SPEC 2
 * `select`, SPEC 6): `levelramp select`'s `--solver` and `--time-limit`, the
 * build's selections, `solveSelection` and `solveMilp` read them here.
 *
 * - `solver`: `auto` — the dp for a chain-shaped model, javascript-lp-solver
 *   for a small other one, HiGHS for a large one;
 * - `timeLimitSeconds`: 30 s, the wall-clock budget of the MILP solvers for a
 *   whole selection, in seconds all the way to the solver (the dp is bounded
 *   by work, models/select/solver.json, not by time). One value for
 *   `select` and `build`, so that `select --pools <build>/pools.json
 *   --incremental` meets the build's limits exactly.
 */
export const SELECT_DEFAULTS = {
  solver: "auto",
  timeLimitSeconds: 30,
} as const;

/**
 * The solvers a selection can be asked for (SPEC 2 `select --solver`, SPEC
 * 6): `auto` (see {@link SELECT_DEFAULTS}), `dp` (chain-shaped models only),
 * `milp` (javascript-lp-solver), `highs`. One list for the CLI's check and
 * the library's type.
 */
export const SOLVER_CHOICES = ["auto", "dp", "milp", "highs"] as const;

/** One of {@link SOLVER_CHOICES}. */
export type SolverChoice = (typeof SOLVER_CHOICES)[number];
