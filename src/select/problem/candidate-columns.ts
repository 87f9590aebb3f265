import { CONCEPTS_KEY } from "../../io/concepts/concepts-key.ts";
import { internConceptSets, type ConceptSets } from "./concept-sets.ts";
import type { SelectionProblem } from "./selection-problem.ts";

/**
 * A problem's candidates column by column: ids, each metric's values as a
 * typed array, and their concepts interned (SPEC 12). `values("concepts")`
 * is every candidate's concept set id (the name is no metric a model may
 * read: only `maxRun` names it, for the sets).
 */
export interface CandidateColumns {
  ids: readonly string[];
  /** Every candidate's value of a metric (made once per key); for `concepts`, its concept set id. */
  values(key: string): Float64Array;
  /** The candidates' concepts, interned (made once). */
  conceptSets(): ConceptSets;
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

/** The concepts problem's candidates carry (SPEC 12), interned once per problem object. */
export function candidateConcepts(problem: Pick<SelectionProblem, "candidates">): ConceptSets {
  return candidateColumns(problem).conceptSets();
}

function columnsOfObjects(problem: Pick<SelectionProblem, "candidates">): CandidateColumns {
  const byKey = new Map<string, Float64Array>();
  let ids: string[] | undefined;
  let concepts: ConceptSets | undefined;
  const conceptSets = () => {
    if (!concepts) {
      const cands = problem.candidates;
      concepts = internConceptSets(cands.length, (k) => cands[k].concepts);
    }
    return concepts;
  };
  return {
    get ids() {
      return (ids ??= problem.candidates.map((c) => c.id));
    },
    values(key: string): Float64Array {
      let out = byKey.get(key);
      if (!out) {
        if (key === CONCEPTS_KEY) out = Float64Array.from(conceptSets().setOf);
        else {
          const cands = problem.candidates;
          out = new Float64Array(cands.length);
          for (let i = 0; i < cands.length; i++) out[i] = cands[i].metrics[key];
        }
        byKey.set(key, out);
      }
      return out;
    },
    conceptSets,
  };
}
