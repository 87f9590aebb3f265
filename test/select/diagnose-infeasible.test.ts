import { describe, expect, it } from "vitest";
import { diagnoseInfeasible } from "../../src/select/diagnose/diagnose-infeasible.ts";
import type { SelectionProblem } from "../../src/select/problem/selection-problem.ts";
import { handChainProblem } from "./hand-chain-problem.ts";

// Which constraint the diagnosis blames (SPEC 6): "each candidate at most once" only when the chain
// alone, with candidates free to repeat, is shown to go further; not when that pass stopped early.
// Beside it, the chain constraint without which distinct candidates do reach the level.

/** Four levels; values 1, 1, 2 (bucket 1 holds two candidates, bucket 2 one); v never falls, maxRun 2. */
function fewPerBucket(): SelectionProblem {
  return handChainProblem({ values: [1, 1, 2], targets: [1, 1, 2, 2], maxRun: 2, precision: 1 });
}

describe("the infeasibility diagnosis names what it has shown", () => {
  it("uniqueness at level 4 when candidates free to repeat reach every level (1, 1, 2, 2 needs the one 2 twice): three candidates for four levels", () => {
    const d = diagnoseInfeasible(fewPerBucket());
    expect(d).toMatchObject({ level: 4, constraint: "unique", removed: 3 });
    expect(d.withUnique).toBeUndefined();
    expect(d.message).toBe("no candidate can continue the chain at level 4 (chapter 1, part 1): the pool has 3 candidates for the 4 levels up to it, each used at most once");
  });

  it("the chain constraint beside uniqueness: levels 1–2 take both 2s, levels 3–4 have 1, 1, 3 — 2, 2, 3 and then nothing (2, 2, 3, 3 repeats; 2, 2, 1, 1 falls)", () => {
    const p = handChainProblem({ values: [2, 2, 1, 1, 3], targets: [2, 2, 2, 2], maxRun: 2, precision: 1 });
    p.eligible = [[0, 1], [0, 1], [2, 3, 4], [2, 3, 4]];
    const d = diagnoseInfeasible(p);
    expect(d).toMatchObject({ level: 4, constraint: "nonDecreasing(v)", withUnique: true, removed: 3 });
    expect(d.message).toBe(
      "no candidate can continue the chain at level 4 (chapter 1, part 1): nonDecreasing(v) leaves none of its 3 candidates once each candidate is used at most once (without nonDecreasing(v) distinct candidates reach it)",
    );
  });

  it("no constraint named when the relaxed pass stopped at its work bound: the level, and that the pass stopped", () => {
    const d = diagnoseInfeasible(fewPerBucket(), { relaxedWork: 1 });
    expect(d).toMatchObject({ level: 4, constraint: "unknown" });
    expect(d.message).toContain("no sequence reaches level 4");
    expect(d.message).toContain("stopped at its work bound");
    expect(d.message).not.toContain("twice");
  });
});
