import { LevelrampError } from "../../io/errors.ts";

/**
 * A solver stopped at one of its work bounds (exit 1): the model is not
 * known to be infeasible, it is too large for that solver. `auto` catches it
 * and tries the next solver; the message says the instance size and what to try.
 */
export class SolverLimitError extends LevelrampError {
  /** Which bound was reached, e.g. `dp states`. */
  readonly limit: string;

  constructor(module: string, limit: string, message: string) {
    super(module, message, 1);
    this.name = "SolverLimitError";
    this.limit = limit;
  }
}
