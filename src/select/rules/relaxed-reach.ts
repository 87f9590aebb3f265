import { candidateClassesOf } from "./candidate-classes.ts";
import { chainRulesOf, chapterStarts } from "./chain-rules.ts";
import type { SelectionProblem } from "../problem/selection-problem.ts";

/** A relaxed state: the last candidate (a representative of its class) and the run length of each maxRun rule. */
export interface RelaxedState {
  c: number;
  runs: number[];
}

/** What {@link relaxedReach} found. */
export interface RelaxedReach {
  /** First slot index no relaxed state reaches; −1 when every slot is reached (or the pass stopped at its bound). */
  infeasibleAt: number;
  /** The states reached at the slot before `infeasibleAt` (or at the last slot). */
  before: RelaxedState[];
  /** False when the pass stopped at its work bound before the end (then it proves nothing). */
  complete: boolean;
}

/**
 * Forward reachability over a relaxation of the selection model: consecutive
 * picks must meet every chain constraint (pairs and runs), but "each candidate
 * at most once" and conflicts are ignored, so interchangeable candidates are
 * one state ({@link candidateClasses}). If the relaxation has no sequence,
 * neither has the model — a cheap, exact infeasibility proof that runs before
 * javascript-lp-solver (which can hang on infeasible degenerate models) and
 * for the diagnosis.
 *
 * @param maxWork transitions looked at before the pass gives up (default 30,000,000).
 */
export function relaxedReach(problem: SelectionProblem, maxWork = 30_000_000): RelaxedReach {
  const rules = chainRulesOf(problem);
  const classes = candidateClassesOf(problem);
  const runRules = rules.runRules;
  const radix = runRules.map((r) => r.length + 1);
  const keyOf = (c: number, runs: number[]) => runs.reduce((k, len, i) => k * radix[i] + len, c);
  const restart = chapterStarts(problem.slots);
  let prev: RelaxedState[] = [];
  let work = 0;
  for (let k = 0; k < problem.slots.length; k++) {
    const elig = classes.lists[classes.listOfSlot[k]];
    if (elig.length === 0) return { infeasibleAt: k, before: prev, complete: true };
    if (k === 0) {
      prev = Array.from(elig, (c) => ({ c: classes.members[c][0], runs: runRules.map(() => 1) }));
      continue;
    }
    work += prev.length * elig.length;
    if (work > maxWork) return { infeasibleAt: -1, before: [], complete: false };
    const next = new Map<number, RelaxedState>();
    for (const st of prev) {
      for (const e of elig) {
        const d = classes.members[e][0];
        if (!rules.pairOk(st.c, d, restart[k] === 1)) continue;
        const runs = runRules.map((r, i) => (r.bucket[d] === r.bucket[st.c] && !(restart[k] && r.scoped) ? st.runs[i] + 1 : 1));
        if (runs.some((len, i) => len > runRules[i].length)) continue;
        const key = keyOf(e, runs);
        if (!next.has(key)) next.set(key, { c: d, runs });
      }
    }
    if (next.size === 0) return { infeasibleAt: k, before: prev, complete: true };
    prev = [...next.values()];
  }
  return { infeasibleAt: -1, before: prev, complete: true };
}
