// The previous dp (explicit states: last candidate and the run's members, one
// transition per pair), kept as the benchmark's "before" row: the same graph
// --min-moves still walks (buildDpGraph), with its backward and forward pass.
import { buildDpGraph } from "../src/select/dp/dp-graph.ts";
import { objectiveOf, objectiveTolerance } from "../src/select/problem/objective.ts";
import type { SelectionProblem } from "../src/select/problem/selection-problem.ts";

/** Objective and states of the explicit-state dp, or why it stopped. */
export function graphDp(problem: SelectionProblem): { objective: number; states: number; transitions: number; picks: number[] } | { infeasibleAt: number } {
  const graph = buildDpGraph(problem);
  if ("infeasibleAt" in graph) return graph;
  const { layers, states, transitions } = graph;
  const obj = objectiveOf(problem);
  const S = problem.slots.length;

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
    throw new Error("internal: every slot has states but no complete sequence was found");
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
  return { objective: obj.total(picks), states, transitions, picks };
}
