import { describe, expect, it } from "vitest";
import type { Model } from "../../src/io/schemas/model.ts";
import type { Pool } from "../../src/io/schemas/pool.ts";
import type { Ramp } from "../../src/io/schemas/ramp.ts";
import { ChainSelection } from "../../src/pipeline/level-set/chain-selection.ts";
import { createRng } from "../../src/random/create-rng.ts";
import { buildProblem } from "../../src/select/problem/build-problem.ts";
import { extendSelection } from "../../src/select/solve/extend-selection.ts";
import { rampTarget } from "../../src/select/ramp/ramp-target.ts";
import { slotGroups } from "../../src/select/problem/slot-groups.ts";
import { syntheticPool } from "../helpers/synthetic-pool.ts";

// The build's selection problem is compiled once and extended part by part
// (ChainSelection); a differential test against compiling the whole pool again
// at every step (buildProblem, the reference), which also checks that the fast
// path ran: the same problem object grows, step after step.

const ramp: Ramp = { format: "levelramp/ramp@1", metric: "difficulty", points: [[1, 1], [30, 10]], interpolation: "linear" };
const model = (eligibility: "part" | "any"): Model => ({
  format: "levelramp/model@1",
  metric: "difficulty",
  eligibility,
  constraints: [
    { type: "nonDecreasing", key: "difficulty" },
    { type: "maxRun", key: "difficulty", length: 3, precision: 0.01 },
    { type: "bounds", key: "depth", from: 7, max: 3 },
  ],
  objective: { norm: "L1", evenness: 0 },
});

for (const eligibility of ["part", "any"] as const) {
  describe(`ChainSelection (eligibility ${eligibility})`, () => {
    it("extends one problem part by part exactly as compiling the whole pool at each step would", async () => {
      const { pool: full, plan } = syntheticPool(createRng(`chain-selection-${eligibility}`), { chapters: 2, parts: 3, levelsPerPart: 5, perLevel: 3, target: rampTarget(ramp) });
      // some candidates dropped (as repeats of chosen levels) and some conflict pairs, as a build marks them
      full.candidates.forEach((c, i) => {
        if (i % 9 === 4) c.dropped = "identical earlier";
      });
      const inputs = { poolFile: "pools.json", plan, planFile: "plan.json", model: model(eligibility), modelFile: "model.json", ramp, rampFile: "ramp.json", chapters: new Set([1, 2]) };
      const pool: Pool = { ...full, candidates: [], conflicts: [] };
      const chain = new ChainSelection(inputs);
      let picks: number[] = [];
      let first: unknown = null;
      let steps = 0;
      for (const group of slotGroups(buildProblem({ ...inputs, pool: full }).problem)) {
        // the part's candidates join the pool, with a conflict pair among them
        const own = full.candidates.filter((c) => c.chapter === group.chapter && c.part === group.part);
        pool.candidates.push(...own);
        pool.conflicts!.push({ ids: [own[0].id, own[1].id], reason: "identical" });
        const fast = await chain.extend(pool, group.chapter, group.part, picks, {});
        const reference = buildProblem({ ...inputs, pool }).problem;
        for (let s = group.start; s < group.end; s++) {
          expect(fast.problem.eligible[s]).toEqual(reference.eligible[s]);
          expect(fast.problem.narrowedBy?.[s]).toEqual(reference.narrowedBy?.[s]);
        }
        expect(fast.problem.candidates).toEqual(reference.candidates);
        expect(fast.problem.conflicts).toEqual(reference.conflicts);
        const slow = await extendSelection(reference, picks, group, {});
        expect(fast.selection.picks).toEqual(slow.picks);
        expect(fast.selection.objective).toBe(slow.objective);
        first ??= fast.problem;
        expect(fast.problem).toBe(first);
        picks = [...picks, ...fast.selection.picks.slice(group.start, group.end)];
        steps++;
      }
      expect(steps).toBe(6);
      expect(picks).toHaveLength(30);
    });
  });
}
