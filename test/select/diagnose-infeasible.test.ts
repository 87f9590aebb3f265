import { describe, expect, it } from "vitest";
import { diagnoseInfeasible } from "../../src/select/diagnose/diagnose-infeasible.ts";
import type { SelectionProblem } from "../../src/select/problem/selection-problem.ts";

// Which constraint the diagnosis blames (SPEC 6): "each candidate at most once" only when the chain
// alone, with candidates free to repeat, is shown to go further; not when that pass stopped early.

/** Four levels; values 1, 1, 2 (bucket 1 holds two candidates, bucket 2 one); v never falls, maxRun 2. */
function fewPerBucket(): SelectionProblem {
  const values = [1, 1, 2];
  return {
    metric: "v",
    slots: [1, 1, 2, 2].map((target, i) => ({ number: i + 1, chapter: 1, part: 1, target })),
    candidates: values.map((v, i) => ({ id: `c${i}`, chapter: 1, part: 1, metrics: { v } })),
    eligible: [0, 1, 2, 3].map(() => [0, 1, 2]),
    chain: [
      { type: "nonDecreasing", key: "v" },
      { type: "maxRun", key: "v", length: 2, precision: 1 },
    ],
    conflicts: [],
    objective: { norm: "L1", evenness: 0 },
    fixed: [undefined, undefined, undefined, undefined],
  };
}

describe("the infeasibility diagnosis names what it has shown", () => {
  it("uniqueness at level 4 when candidates free to repeat reach every level (1, 1, 2, 2 needs the one 2 twice)", () => {
    const d = diagnoseInfeasible(fewPerBucket());
    expect(d).toMatchObject({ level: 4, constraint: "unique" });
    expect(d.message).toContain("without using a candidate twice");
  });

  it("no constraint named when the relaxed pass stopped at its work bound: the level, and that the pass stopped", () => {
    const d = diagnoseInfeasible(fewPerBucket(), { relaxedWork: 1 });
    expect(d).toMatchObject({ level: 4, constraint: "unknown" });
    expect(d.message).toContain("no sequence reaches level 4");
    expect(d.message).toContain("stopped at its work bound");
    expect(d.message).not.toContain("twice");
  });
});
