import { candidateClassesOf } from "./candidate-classes.ts";
import { chainRulesOf, chapterStarts } from "./chain-rules.ts";
import { conceptAutomatonOf, conceptStep, type ConceptAutomaton } from "./concept-automaton.ts";
import { hasConceptRules } from "./concept-rules.ts";
import { candidateConcepts } from "../problem/candidate-columns.ts";
import type { SelectionProblem } from "../problem/selection-problem.ts";

/**
 * A relaxed state: the last candidate (a representative of its class), the
 * run length of each maxRun rule, and — where the model has concept rules
 * (SPEC 12) — the concept automaton's state (`phi`; 0 otherwise).
 */
export interface RelaxedState {
  c: number;
  runs: number[];
  phi: number;
}

/** What {@link relaxedReach} found. */
export interface RelaxedReach {
  /** First slot index no relaxed state reaches; −1 when every slot is reached (or the pass stopped at its bound). */
  infeasibleAt: number;
  /** The states reached at the slot before `infeasibleAt` (or at the last slot). */
  before: RelaxedState[];
  /** False when the pass stopped at its work bound before the end (then it proves nothing). */
  complete: boolean;
  /** The concept automaton the states step through, when the model has concept rules and it could be made. */
  concepts?: ConceptAutomaton;
}

/**
 * Forward reachability over a relaxation of the selection model: consecutive
 * picks must meet every chain constraint (pairs and runs) and the concept
 * rules (through their automaton, SPEC 12), but "each candidate at most once"
 * and conflicts are ignored, so interchangeable candidates are one state
 * ({@link candidateClasses}). If the relaxation has no sequence, neither has
 * the model — a cheap, exact infeasibility proof that runs before
 * javascript-lp-solver (which can hang on infeasible degenerate models) and
 * for the diagnosis. When the concept automaton is too large to make, the
 * concept rules and the chain rules scoped to introductions are left out
 * (still a relaxation).
 *
 * @param maxWork transitions looked at before the pass gives up (default 30,000,000).
 */
export function relaxedReach(problem: SelectionProblem, maxWork = 30_000_000): RelaxedReach {
  const rules = chainRulesOf(problem);
  const classes = candidateClassesOf(problem);
  const made = hasConceptRules(problem) ? conceptAutomatonOf(problem) : undefined;
  const concepts = typeof made === "object" ? made : undefined;
  const setOf = concepts ? candidateConcepts(problem).setOf : undefined;
  const runRules = rules.runRules;
  const radix = runRules.map((r) => r.length + 1);
  const phis = concepts?.count ?? 1;
  const keyOf = (c: number, runs: number[], phi: number) => runs.reduce((k, len, i) => k * radix[i] + len, c) * phis + phi;
  const restart = chapterStarts(problem.slots);
  let prev: RelaxedState[] = [];
  let work = 0;
  const done = (infeasibleAt: number, before: RelaxedState[], complete: boolean): RelaxedReach => ({ infeasibleAt, before, complete, ...(concepts ? { concepts } : {}) });
  for (let k = 0; k < problem.slots.length; k++) {
    const elig = classes.lists[classes.listOfSlot[k]];
    if (elig.length === 0) return done(k, prev, true);
    if (k === 0) {
      prev = [];
      for (const c of elig) {
        const d = classes.members[c][0];
        const phi = concepts ? conceptStep(concepts, 0, 0, setOf![d]) : 0;
        if (phi >= 0) prev.push({ c: d, runs: runRules.map(() => 1), phi });
      }
      if (prev.length === 0) return done(0, [], true);
      continue;
    }
    work += prev.length * elig.length;
    if (work > maxWork) return done(-1, [], false);
    const next = new Map<number, RelaxedState>();
    for (const st of prev) {
      for (const e of elig) {
        const d = classes.members[e][0];
        let phi = 0;
        // Without the automaton, rules scoped to introductions are left out (a relaxation still).
        let intro = !concepts;
        if (concepts) {
          phi = conceptStep(concepts, k, st.phi, setOf![d]);
          if (phi < 0) continue;
          intro = concepts.intro[st.phi * concepts.sets + setOf![d]] === 1;
        }
        if (!rules.pairOk(st.c, d, restart[k] === 1, intro)) continue;
        const runs = runRules.map((r, i) => (r.bucket[d] === r.bucket[st.c] && !(restart[k] && r.scoped) && !(intro && r.introScoped) ? st.runs[i] + 1 : 1));
        if (runs.some((len, i) => len > runRules[i].length)) continue;
        const key = keyOf(e, runs, phi);
        if (!next.has(key)) next.set(key, { c: d, runs, phi });
      }
    }
    if (next.size === 0) return done(k, prev, true);
    prev = [...next.values()];
  }
  return done(-1, prev, true);
}
