// The page's stand-in for src/select/solver-limits.ts. That module reads
// models/select/solver.json from disk (node:fs), which a page cannot; the
// editor bundle (editor-bundle.ts) resolves the select core's imports of
// `./solver-limits.ts` to this file and defines LEVELRAMP_SOLVER_LIMITS as
// the same file's content, read and validated by solverLimits() when the
// bundle is built. Node code never imports this file.
import { LevelrampError } from "../../io/errors.ts";
import type { SolverLimits } from "../../select/solver-limits.ts";

declare const LEVELRAMP_SOLVER_LIMITS: SolverLimits;

/** models/select/solver.json as it was when the bundle was built. */
export function solverLimits(): SolverLimits {
  return LEVELRAMP_SOLVER_LIMITS;
}

/** The same error as the select core's SolverLimitError (a solver stopped at a work bound, exit 1). */
export class SolverLimitError extends LevelrampError {
  /** Which bound was reached, e.g. `dp states`. */
  readonly limit: string;

  constructor(module: string, limit: string, message: string) {
    super(module, message, 1);
    this.name = "SolverLimitError";
    this.limit = limit;
  }
}
