import { describe, expect, it } from "vitest";
import type { Model } from "../../src/io/schemas/model.ts";
import type { Plan } from "../../src/io/schemas/plan.ts";
import type { Pool } from "../../src/io/schemas/pool.ts";
import type { Ramp } from "../../src/io/schemas/ramp.ts";
import { NoAnswerError } from "../../src/io/errors.ts";
import { buildProblem } from "../../src/select/problem/build-problem.ts";
import { findBreaks } from "../../src/select/rules/find-breaks.ts";
import { solveSelection } from "../../src/select/solve/solve-selection.ts";

// One part of four levels; the ramp (bits 1..4) would put the two-tap fields everywhere,
// but the milestone "three taps from level 3" (and at most two before) must hold.
const plan: Plan = { format: "levelramp/plan@1", game: "generic", composed: 0, chapters: [{ chapter: 1, rules: [], parts: [{ part: 1, levels: 4 }] }] };
const c = (id: string, bits: number, goal: number) => ({ id, chapter: 1, part: 1, metrics: { bits, goal }, rules: [] });
const pool: Pool = { format: "levelramp/pool@1", game: "generic", candidates: [c("a", 1, 2), c("b", 2, 2), c("c", 3, 2), c("d", 4, 2), c("e", 3.5, 3), c("f", 4.5, 3)] };
const ramp: Ramp = { format: "levelramp/ramp@1", metric: "bits", points: [[1, 1], [4, 4]], interpolation: "linear" };
const model = (extra: Model["constraints"]): Model => ({
  format: "levelramp/model@1",
  metric: "bits",
  eligibility: "part",
  constraints: [{ type: "nonDecreasing", key: "bits" }, { type: "nonDecreasing", key: "goal" }, { type: "maxRun", key: "bits", length: 3, precision: 0.01 }, ...extra],
  objective: { norm: "L1", evenness: 0 },
});
const solve = async (m: Model) => {
  const built = buildProblem({ pool, poolFile: "pool", plan, planFile: "plan", model: m, modelFile: "model", ramp, rampFile: "ramp" });
  const r = await solveSelection(built.problem);
  return r.picks.map((k) => built.problem.candidates[k].id);
};

describe("bounds: milestones such as 'three taps from level 14'", () => {
  it("without bounds the ramp alone picks a, b, c, d; with them level 3 is the first three-tap level", async () => {
    expect(await solve(model([]))).toEqual(["a", "b", "c", "d"]);
    const milestone = model([{ type: "bounds", key: "goal", from: 3, min: 3 }, { type: "bounds", key: "goal", to: 2, max: 2 }]);
    const ids = await solve(milestone);
    expect(ids).toEqual(["a", "b", "e", "f"]);
    const levels = ids.map((id, i) => ({ number: i + 1, id, metrics: pool.candidates.find((x) => x.id === id)!.metrics }));
    expect(findBreaks(levels, milestone.constraints)).toEqual([]);
    const broken = [levels[0], levels[1], { ...levels[2], id: "c", metrics: { bits: 3, goal: 2 } }, levels[3]];
    expect(findBreaks(broken, milestone.constraints).map((b) => b.message)).toEqual(["goal 2 at level 3 is outside its bounds (3 … ∞)"]);
  });

  it("a milestone no candidate meets is diagnosed at its level", async () => {
    try {
      await solve(model([{ type: "bounds", key: "goal", from: 2, min: 4 }]));
      throw new Error("expected infeasible");
    } catch (err) {
      expect(err).toBeInstanceOf(NoAnswerError);
      expect((err as NoAnswerError).detail).toMatchObject({ level: 2, constraint: "bounds(goal ≥ 4, levels 2..)" });
    }
  });
});
