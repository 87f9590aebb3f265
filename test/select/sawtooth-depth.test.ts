import { describe, expect, it } from "vitest";
import { createRng } from "../../src/random/create-rng.ts";
import { relaxationBounds } from "../../src/select/dp/chain-relaxation.ts";
import { dpContext } from "../../src/select/dp/dp-context.ts";
import { relaxationGroups } from "../../src/select/dp/relaxation-groups.ts";
import { boundedDp } from "../../src/select/dp/bounded-dp.ts";
import { solveDp } from "../../src/select/dp/solve-dp.ts";
import { solverLimits } from "../../src/select/problem/solver-limits.ts";
import { objectiveTolerance } from "../../src/select/problem/objective.ts";
import type { SelectionProblem } from "../../src/select/problem/selection-problem.ts";
import { checkPicks } from "../../src/select/rules/check-picks.ts";

// A sawtooth ramp with depth that may drop at most 1 (the shape of the 200-level stand-in of
// bench/held-out-200.ts, smaller): each chapter climbs and the next starts lower, difficulty with
// 2 decimals never falls within a chapter, at most 3 in a row per 0.25, depth = round(difficulty)
// ± 1. The relaxation with depth's rule (src/select/dp/grouped-relaxation.ts) meets the optimum
// here, where without it it sat about 11% under; the bounded rounds then answer with a small
// share of the full dp's states, and with its answer, ids included.

/** 5 chapters × 2 parts × 6 levels, 4 candidates per level (eligibility part), seeded. */
function sawtooth(seed: string): SelectionProblem {
  const rng = createRng(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(Math.max(rng(), 1e-12))) * Math.cos(2 * Math.PI * rng());
  const chapters = 5;
  const parts = 2;
  const perPart = 6;
  const perChapter = parts * perPart;
  const target = (n: number) => 1 + 0.8 * Math.floor(n / perChapter) + (2 * (n % perChapter)) / (perChapter - 1);
  const slots: SelectionProblem["slots"] = [];
  const candidates: SelectionProblem["candidates"] = [];
  const eligible: number[][] = [];
  for (let c = 1; c <= chapters; c++) {
    for (let p = 1; p <= parts; p++) {
      const first = slots.length;
      const ids: number[] = [];
      for (let k = 0; k < perPart * 4; k++) {
        const at = first + Math.floor(rng() * perPart);
        const difficulty = Math.max(0, Math.round((target(at) + gauss() * 0.35) * 100) / 100);
        const depth = Math.max(1, Math.round(difficulty) + Math.floor(rng() * 3) - 1);
        ids.push(candidates.length);
        candidates.push({ id: `c${c}p${p}-${String(k).padStart(2, "0")}`, chapter: c, part: p, metrics: { difficulty, depth } });
      }
      for (let k = 0; k < perPart; k++) {
        slots.push({ number: slots.length + 1, chapter: c, part: p, target: target(slots.length) });
        eligible.push(ids);
      }
    }
  }
  return {
    metric: "difficulty",
    slots,
    candidates,
    eligible,
    chain: [
      { type: "nonDecreasing", key: "difficulty", scope: "chapter" },
      { type: "maxRun", key: "difficulty", length: 3, precision: 0.25, scope: "chapter" },
      { type: "maxRise", key: "difficulty", by: 1.5, scope: "chapter" },
      { type: "maxDrop", key: "depth", by: 1 },
    ],
    conflicts: [],
    objective: { norm: "L1", evenness: 0 },
    fixed: slots.map(() => undefined),
  };
}

describe("a sawtooth ramp whose depth may drop at most 1", () => {
  it("the relaxation keeps depth's rule and meets the optimum; the bounded rounds give the full dp's answer with a fraction of its states", () => {
    let grouped = 0;
    for (const seed of ["sawtooth-1", "sawtooth-2", "sawtooth-3", "sawtooth-4"]) {
      const problem = sawtooth(seed);
      const full = solveDp(problem, { bound: "never" });
      const bounded = solveDp(problem, { bound: "always" });
      if (!("selection" in full) || !("selection" in bounded)) throw new Error(`${seed}: no answer`);
      const opt = full.selection.objective;
      expect(checkPicks(problem, full.selection.picks), seed).toEqual([]);
      // The same answer, ids included.
      expect(bounded.selection.picks, seed).toEqual(full.selection.picks);
      expect(bounded.selection.objective, seed).toBeCloseTo(opt, 9);
      // Depth's rule binds: the relaxation tells depths apart, and its optimum over every class is a
      // lower bound that the optimum meets or nearly meets.
      const ctx = dpContext(problem);
      if (relaxationGroups(ctx).count > 1) grouped++;
      const all = relaxationBounds(ctx, { lists: ctx.classes.lists, listOfSlot: ctx.classes.listOfSlot, all: true, size: 0 });
      expect(all.relaxed, seed).toBeLessThanOrEqual(opt + objectiveTolerance(opt));
      expect(all.relaxed, seed).toBeGreaterThan(0.97 * opt);
      // The fast path ran: a small share of the full dp's states.
      expect(bounded.selection.stats.states, seed).toBeLessThan(full.selection.stats.states / 4);
    }
    expect(grouped).toBe(4);
  });

  it("with depth's rule taken only once a round fails to prove (a pool past the size where the sweeps keep it at once): the same answer, the late sweeps used", () => {
    for (const seed of ["sawtooth-1", "sawtooth-2", "sawtooth-3", "sawtooth-4"]) {
      const problem = sawtooth(seed);
      const full = solveDp(problem, { bound: "never" });
      const late = solveDp(problem, { bound: "always", groups: "late" });
      if (!("selection" in full) || !("selection" in late)) throw new Error(`${seed}: no answer`);
      expect(late.selection.picks, seed).toEqual(full.selection.picks);
      expect(late.selection.objective, seed).toBeCloseTo(full.selection.objective, 9);
      // A round without depth's rule failed to prove, so the later sweeps kept it; the dp then saw a
      // small share of its states (189–219 of 4,273–4,386).
      expect(boundedDp(dpContext(problem), solverLimits().dp, true, true).lateGroups, seed).toBe(true);
      expect(late.selection.stats.states, seed).toBeLessThan(full.selection.stats.states / 10);
    }
  });
});
