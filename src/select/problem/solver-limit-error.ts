import { LevelrampError, type Remedy } from "../../io/errors.ts";

/**
 * A solver stopped at one of its work bounds (exit 1): the model is not
 * known to be infeasible, it is too large for that solver. `auto` catches it
 * and tries the next solver; the message says the instance size and what to
 * try, in the library's words, and `remedies` names the same choices.
 */
export class SolverLimitError extends LevelrampError {
  /** Which bound was reached, e.g. `dp states`. */
  readonly limit: string;

  constructor(module: string, limit: string, message: string, remedies: readonly Remedy[] = []) {
    super(module, message, 1, remedies);
    this.name = "SolverLimitError";
    this.limit = limit;
  }
}
