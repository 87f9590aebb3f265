import { chainRulesOf } from "./chain-rules.ts";
import type { SelectionProblem } from "./selection-problem.ts";

/** A relaxed state: the last candidate and the run length of each maxRun rule. */
export interface RelaxedState {
  c: number;
  runs: number[];
}

/**
 * Forward reachability over a relaxation of the selection model: consecutive
 * picks must meet every chain constraint (pairs and runs), but "each candidate
 * at most once" and conflicts are ignored. If the relaxation has no sequence,
 * neither has the model — a cheap, exact infeasibility proof that runs before
 * any MILP (javascript-lp-solver can hang on infeasible degenerate models).
 *
 * @returns the first slot index no relaxed state reaches (-1 when every slot is
 *   reached) and the states reached at the slot before it.
 */
export function relaxedReach(problem: SelectionProblem): { infeasibleAt: number; before: RelaxedState[] } {
  const rules = chainRulesOf(problem);
  let prev: RelaxedState[] = [];
  for (let k = 0; k < problem.slots.length; k++) {
    const elig = problem.eligible[k];
    if (elig.length === 0) return { infeasibleAt: k, before: prev };
    if (k === 0) {
      prev = elig.map((c) => ({ c, runs: rules.runRules.map(() => 1) }));
      continue;
    }
    const next = new Map<string, RelaxedState>();
    for (const st of prev) {
      for (const d of elig) {
        if (!rules.pairOk(st.c, d)) continue;
        const runs = rules.runRules.map((r, i) => (r.bucket[d] === r.bucket[st.c] ? st.runs[i] + 1 : 1));
        if (runs.some((len, i) => len > rules.runRules[i].length)) continue;
        next.set(`${d}|${runs.join(",")}`, { c: d, runs });
      }
    }
    if (next.size === 0) return { infeasibleAt: k, before: prev };
    prev = [...next.values()];
  }
  return { infeasibleAt: -1, before: prev };
}
