import { describe, expect, it } from "vitest";
import { diagnoseInfeasible } from "../../src/select/diagnose/diagnose-infeasible.ts";
import type { SelectionProblem } from "../../src/select/problem/selection-problem.ts";
import { handChainProblem } from "./hand-chain-problem.ts";

// Which constraint the diagnosis blames (SPEC 6): "each candidate at most once" only when the chain
// alone, with candidates free to repeat, is shown to go further; not when that pass stopped early.

/** Four levels; values 1, 1, 2 (bucket 1 holds two candidates, bucket 2 one); v never falls, maxRun 2. */
function fewPerBucket(): SelectionProblem {
  return handChainProblem({ values: [1, 1, 2], targets: [1, 1, 2, 2], maxRun: 2, precision: 1 });
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
