import { LevelrampError } from "../io/errors.ts";
import { chainRulesOf } from "./chain-rules.ts";
import { buildDpGraph, type DpOptions } from "./dp-graph.ts";
import { objectiveOf, objectiveTolerance } from "./objective.ts";
import type { Selection, SelectionProblem } from "./selection-problem.ts";


export type { DpOptions } from "./dp-graph.ts";

/** A dp answer, or the first slot at which no candidate can continue the chain. */
export type DpResult = { selection: Selection } | { infeasibleAt: number };

/**
 * Whether dp is exact for a problem (SPEC 6 "dp applies"): some `maxRun` key
 * is also a `nonDecreasing` key. A candidate can then only repeat inside one
 * run of equal values of that key, which the dp state holds. (Conflicts are
 * handled by branching on top of dp, {@link solveDpBranching}.)
 */
export function dpApplies(problem: Pick<SelectionProblem, "chain" | "candidates">): boolean {
  return chainRulesOf(problem).primaryRun !== undefined;
}

/**
 * Exact dynamic programming over slots (SPEC 6 `dp`), ignoring conflicts.
 *
 * State after a slot: the last candidate, the members of the current run of
 * equal buckets of the primary `maxRun` key (at most its length, e.g. three),
 * and the run lengths of any other `maxRun` rules. Keeping the run's members —
 * not sorting candidates and moving forward — is what keeps it exact when
 * values tie (a `maxDrop` may need 5 → 4 → 3 among equal keys). A backward
 * pass gives every state's optimal cost-to-go; a forward pass then takes, slot
 * by slot, the smallest candidate id that still reaches the optimum (ties
 * within {@link objectiveTolerance}), so the answer is the lexicographically
 * smallest optimal list of ids.
 *
 * @returns the selection (proven optimal) or the first infeasible slot index.
 * @throws LevelrampError `select/dp` when the problem is not chain-shaped or the state bound is passed.
 */
export function solveDp(problem: SelectionProblem, options: DpOptions = {}): DpResult {
  const graph = buildDpGraph(problem, options);
  if ("infeasibleAt" in graph) return graph;
  const { layers, states, transitions } = graph;
  const obj = objectiveOf(problem);
  const S = problem.slots.length;
  if (S === 0) return { selection: { picks: [], objective: 0, optimal: true, solver: "dp", stats: { states: 0, transitions: 0 } } };

  // Backward: optimal cost-to-go of every state (cost of the slots after it).
  const ctg: Float64Array[] = new Array(S);
  ctg[S - 1] = new Float64Array(layers[S - 1].last.length);
  for (let i = S - 2; i >= 0; i--) {
    const cur = layers[i];
    const nxt = layers[i + 1];
    const here = new Float64Array(cur.last.length);
    const after = ctg[i + 1];
    for (let s = 0; s < cur.last.length; s++) {
      const c = cur.last[s];
      let best = Infinity;
      for (let t = cur.start[s]; t < cur.start[s + 1]; t++) {
        const ns = cur.next[t];
        const d = nxt.last[ns];
        const v = obj.combine(obj.combine(obj.slotCost(i + 1, d), obj.stepCost(i, c, d)), after[ns]);
        if (v < best) best = v;
      }
      here[s] = best;
    }
    ctg[i] = here;
  }

  let opt = Infinity;
  for (let s = 0; s < layers[0].last.length; s++) {
    const v = obj.combine(obj.slotCost(0, layers[0].last[s]), ctg[0][s]);
    if (v < opt) opt = v;
  }
  if (!Number.isFinite(opt)) {
    throw new LevelrampError("select/dp", "internal: every slot has states but no complete sequence was found", 1);
  }
  const tol = objectiveTolerance(opt);

  // Forward: the smallest id at each slot that still reaches the optimum.
  const picks: number[] = [];
  let state = -1;
  let acc = 0;
  {
    let bestState = -1;
    let bestValue = Infinity;
    for (let s = 0; s < layers[0].last.length; s++) {
      const v = obj.combine(obj.slotCost(0, layers[0].last[s]), ctg[0][s]);
      if (v <= opt + tol) {
        state = s;
        break;
      }
      if (v < bestValue) [bestValue, bestState] = [v, s];
    }
    if (state < 0) state = bestState;
    acc = obj.slotCost(0, layers[0].last[state]);
    picks.push(layers[0].last[state]);
  }
  for (let i = 0; i + 1 < S; i++) {
    const cur = layers[i];
    const nxt = layers[i + 1];
    const c = cur.last[state];
    let chosen = -1;
    let chosenAcc = 0;
    let fallback = -1;
    let fallbackValue = Infinity;
    let fallbackAcc = 0;
    for (let t = cur.start[state]; t < cur.start[state + 1]; t++) {
      const ns = cur.next[t];
      const d = nxt.last[ns];
      const a = obj.combine(obj.combine(acc, obj.slotCost(i + 1, d)), obj.stepCost(i, c, d));
      const v = obj.combine(a, ctg[i + 1][ns]);
      if (v <= opt + tol) {
        chosen = ns;
        chosenAcc = a;
        break;
      }
      if (v < fallbackValue) [fallbackValue, fallback, fallbackAcc] = [v, ns, a];
    }
    if (chosen < 0) [chosen, chosenAcc] = [fallback, fallbackAcc];
    state = chosen;
    acc = chosenAcc;
    picks.push(nxt.last[state]);
  }
  return {
    selection: { picks, objective: obj.total(picks), optimal: true, solver: "dp", stats: { states, transitions } },
  };
}
