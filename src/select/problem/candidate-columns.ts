import type { SelectionProblem } from "./selection-problem.ts";

/** A problem's candidates column by column: ids, and each metric's values as a typed array. */
export interface CandidateColumns {
  ids: readonly string[];
  /** Every candidate's value of a metric (made once per key). */
  values(key: string): Float64Array;
}

const cache = new WeakMap<object, CandidateColumns>();

/**
 * The columns of a problem's candidates, made once per problem object: from
 * the columns `buildProblem` attached (a CSV pool read as a table: no object
 * per candidate is ever made), else read from `problem.candidates`.
 */
export function candidateColumns(problem: Pick<SelectionProblem, "candidates">): CandidateColumns {
  let c = cache.get(problem);
  if (!c) cache.set(problem, (c = columnsOfObjects(problem)));
  return c;
}

/** Every candidate's value of `key` (see {@link candidateColumns}). */
export function candidateValues(problem: Pick<SelectionProblem, "candidates">, key: string): Float64Array {
  return candidateColumns(problem).values(key);
}

/** Attaches ready columns to a problem (by `buildProblem`, before anyone reads them). */
export function attachColumns(problem: object, columns: CandidateColumns): void {
  cache.set(problem, columns);
}

function columnsOfObjects(problem: Pick<SelectionProblem, "candidates">): CandidateColumns {
  const byKey = new Map<string, Float64Array>();
  let ids: string[] | undefined;
  return {
    get ids() {
      return (ids ??= problem.candidates.map((c) => c.id));
    },
    values(key: string): Float64Array {
      let out = byKey.get(key);
      if (!out) {
        const cands = problem.candidates;
        out = new Float64Array(cands.length);
        for (let i = 0; i < cands.length; i++) out[i] = cands[i].metrics[key];
        byKey.set(key, out);
      }
      return out;
    },
  };
}
