// The page's stand-in for src/select/problem/solver-limits.ts. That module reads
// models/select/solver.json from disk (node:fs), which a page cannot; the
// editor bundle (editor-bundle.ts) resolves the select core's imports of
// `./solver-limits.ts` to this file and defines LEVELRAMP_SOLVER_LIMITS as
// the same file's content, read and validated by solverLimits() when the
// bundle is built. Node code never imports this file.
import type { SolverLimits } from "../../select/problem/solver-limits.ts";

// The select core's own error class: it reads no file, so the page uses it as it is.
export { SolverLimitError } from "../../select/problem/solver-limit-error.ts";

declare const LEVELRAMP_SOLVER_LIMITS: SolverLimits;

/** models/select/solver.json as it was when the bundle was built. */
export function solverLimits(): SolverLimits {
  return LEVELRAMP_SOLVER_LIMITS;
}
