import type { SelectionProblem } from "../../src/select/problem/selection-problem.ts";

/**
 * A small hand-made chain problem (the dp tests' worked examples): one chapter and part, every
 * candidate eligible everywhere, metric `v` that never falls, `maxRun(v, maxRun, precision)`, L1.
 *
 * @param values each candidate's v (ids `ids[i]`, default `c<i>`)
 * @param targets each level's target
 */
export function handChainProblem(o: { values: number[]; targets: number[]; maxRun: number; precision: number; ids?: string[] }): SelectionProblem {
  const all = o.values.map((_, i) => i);
  return {
    metric: "v",
    slots: o.targets.map((target, i) => ({ number: i + 1, chapter: 1, part: 1, target })),
    candidates: o.values.map((v, i) => ({ id: o.ids?.[i] ?? `c${i}`, chapter: 1, part: 1, metrics: { v } })),
    eligible: o.targets.map(() => all),
    chain: [
      { type: "nonDecreasing", key: "v" },
      { type: "maxRun", key: "v", length: o.maxRun, precision: o.precision },
    ],
    conflicts: [],
    objective: { norm: "L1", evenness: 0 },
    fixed: o.targets.map(() => undefined),
  };
}
