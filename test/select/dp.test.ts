import { describe, expect, it } from "vitest";
import type { SelectionProblem } from "../../src/select/problem/selection-problem.ts";
import { Objective } from "../../src/select/problem/objective.ts";
import { solveBruteForce } from "../../src/select/solve/solve-brute-force.ts";
import { dpApplies, solveDp } from "../../src/select/dp/solve-dp.ts";
import { solveDpBranching } from "../../src/select/dp/solve-dp-branching.ts";
import { expectValidSelection, idsOf } from "./check-selection.ts";

const problem = (over: Partial<SelectionProblem>): SelectionProblem => ({
  metric: "v",
  slots: [],
  candidates: [],
  eligible: [],
  chain: [],
  conflicts: [],
  objective: { norm: "L1", evenness: 0 },
  fixed: [],
  ...over,
});

describe("dp stays exact when values tie", () => {
  it("orders four equal-valued candidates 5 → 4 → 3 → 2 when maxDrop and maxRise(0) demand it", () => {
    // All share v = 1 (a non-decreasing key, so they form one run); depth may drop by
    // at most 1 and never rise: the only legal order is depth 5, 4, 3, 2 — i.e. ids
    // d, c, b, a, the reverse of id order. Sorting by id and moving forward finds nothing.
    const candidates = ["a", "b", "c", "d"].map((id, i) => ({ id, chapter: 1, part: 1, metrics: { v: 1, depth: 2 + i } }));
    const p = problem({
      slots: [1, 2, 3, 4].map((n) => ({ number: n, chapter: 1, part: 1, target: 1 })),
      candidates,
      eligible: [0, 1, 2, 3].map(() => [0, 1, 2, 3]),
      chain: [
        { type: "nonDecreasing", key: "v" },
        { type: "maxDrop", key: "depth", by: 1 },
        { type: "maxRise", key: "depth", by: 0 },
        { type: "maxRun", key: "v", length: 4, precision: 0.01 },
      ],
      fixed: [undefined, undefined, undefined, undefined],
    });
    expect(dpApplies(p)).toBe(true);
    const r = solveDp(p);
    if (!("selection" in r)) throw new Error("expected a selection");
    expect(idsOf(p, r.selection.picks)).toEqual(["d", "c", "b", "a"]);
    expectValidSelection(p, r.selection.picks);
    // run of 4 > maxRun 3: now it is infeasible at the 4th level
    const shorter = { ...p, chain: p.chain.map((c) => (c.type === "maxRun" ? { ...c, length: 3 } : c)) };
    expect(solveDp(shorter)).toEqual({ infeasibleAt: 3 });
  });

  it("breaks ties by the lexicographically smallest list of ids", () => {
    // Two slots, target 1; candidates x (v=1) and a, b (v=1 too): every sequence costs 0.
    const candidates = ["x", "b", "a"].map((id) => ({ id, chapter: 1, part: 1, metrics: { v: 1 } }));
    const p = problem({
      slots: [1, 2].map((n) => ({ number: n, chapter: 1, part: 1, target: 1 })),
      candidates,
      eligible: [[2, 1, 0], [2, 1, 0]],
      chain: [{ type: "nonDecreasing", key: "v" }, { type: "maxRun", key: "v", length: 3, precision: 0.01 }],
      fixed: [undefined, undefined],
    });
    const r = solveDp(p);
    if (!("selection" in r)) throw new Error("expected a selection");
    expect(idsOf(p, r.selection.picks)).toEqual(["a", "b"]);
  });

  it("objective pieces by hand: L1 + evenness, L2, Linf", () => {
    // Targets 1, 3; values 2 then 2.5: |2−1| + |2.5−3| = 1.5; evenness λ=2: Δv = 0.5, Δt = 2 → 2·|0.5−2| = 3.
    const candidates = [{ id: "p", chapter: 1, part: 1, metrics: { v: 2 } }, { id: "q", chapter: 1, part: 1, metrics: { v: 2.5 } }];
    const slots = [{ number: 1, chapter: 1, part: 1, target: 1 }, { number: 2, chapter: 1, part: 1, target: 3 }];
    const base = { metric: "v", candidates, slots };
    expect(new Objective({ ...base, objective: { norm: "L1", evenness: 2 } }).total([0, 1])).toBeCloseTo(4.5, 12);
    expect(new Objective({ ...base, objective: { norm: "L2", evenness: 0 } }).total([0, 1])).toBeCloseTo(1.25, 12);
    expect(new Objective({ ...base, objective: { norm: "Linf", evenness: 0 } }).total([0, 1])).toBe(1);
  });

  it("conflict branching explores ties and stays exact", () => {
    // a and b conflict; the unconstrained optimum uses both.
    const candidates = ["a", "b", "c"].map((id, i) => ({ id, chapter: 1, part: 1, metrics: { v: [1, 2, 2.2][i] } }));
    const p = problem({
      slots: [1, 2].map((n, i) => ({ number: n, chapter: 1, part: 1, target: [1, 2][i] })),
      candidates,
      eligible: [[0, 1, 2], [0, 1, 2]],
      chain: [{ type: "nonDecreasing", key: "v" }, { type: "maxRun", key: "v", length: 3, precision: 0.01 }],
      conflicts: [[0, 1]],
      fixed: [undefined, undefined],
    });
    const r = solveDpBranching(p);
    if (!("selection" in r)) throw new Error("expected a selection");
    const brute = solveBruteForce(p)!;
    expect(idsOf(p, r.selection.picks)).toEqual(idsOf(p, brute.picks));
    expect(idsOf(p, r.selection.picks)).toEqual(["a", "c"]);
    expect(r.selection.objective).toBeCloseTo(0.2, 12);
    expect(r.selection.stats.branches).toBeGreaterThan(1);
  });
});
