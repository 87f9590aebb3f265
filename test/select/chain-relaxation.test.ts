import { describe, expect, it } from "vitest";
import { chainRelaxation } from "../../src/select/dp/chain-relaxation.ts";
import { dpContext, type DpContext } from "../../src/select/dp/dp-context.ts";
import { relaxationGroups } from "../../src/select/dp/relaxation-groups.ts";
import { keptLists, slotBounds, type KeptLists } from "../../src/select/dp/slot-bounds.ts";
import { dpApplies, solveDp } from "../../src/select/dp/solve-dp.ts";
import { objectiveTolerance } from "../../src/select/problem/objective.ts";
import type { SelectionProblem } from "../../src/select/problem/selection-problem.ts";
import { handChainProblem } from "./hand-chain-problem.ts";
import { mixedChainProblem } from "./mixed-chain-problem.ts";

// The chain relaxation (src/select/dp/chain-relaxation.ts): a hand-computed
// case, its two-pointer sweeps against a plain O(n²) reference, and its
// soundness — it never drops a class of the optimal sequence.

/** Three levels aiming at 5, 1, 5; three candidates of value 1 and three of value 5; v never falls, maxRun 3. */
function valleyProblem(): SelectionProblem {
  return handChainProblem({ values: [1, 1, 1, 5, 5, 5], targets: [5, 1, 5], maxRun: 3, precision: 0.01 });
}

/** Each slot's kept classes as their primary values, sorted. */
function keptValues(ctx: DpContext, kept: KeptLists): number[][] {
  return ctx.problem.slots.map((_, i) => [...kept.lists[kept.listOfSlot[i]]].map((c) => ctx.pv[c]).sort((a, b) => a - b));
}

/** The relaxation the plain way: every pair of consecutive slots' (class, run position) states looked at. */
function reference(ctx: DpContext, kept: KeptLists, limit: number): { values: number[][]; relaxed: number } {
  const S = ctx.problem.slots.length;
  const linf = ctx.obj.norm === "Linf";
  const list = (i: number) => [...kept.lists[kept.listOfSlot[i]]];
  const cost = (i: number, c: number) => ctx.obj.slotCost(i, ctx.rep[c]);
  const join = (a: number, b: number) => (linf ? Math.max(a, b) : a + b);
  // A run of one bucket holds at most L levels, and no more than the bucket's usable candidates:
  // among every class, or — where the primary run restarts at chapter starts — among the classes
  // kept in some slot of the chapter.
  const chapterClasses = (i: number) => {
    const out = new Set<number>();
    ctx.problem.slots.forEach((s, k) => {
      if (s.chapter === ctx.problem.slots[i].chapter) for (const c of list(k)) out.add(c);
    });
    return out;
  };
  const members = (i: number, c: number) => {
    const pool = ctx.primaryRestarts ? [...chapterClasses(i)] : [...Array(ctx.classes.count).keys()];
    return pool.filter((d) => ctx.pb[d] === ctx.pb[c]).reduce((n, d) => n + ctx.mult[d], 0);
  };
  const caps = new Map<string, number>();
  const cap = (i: number, c: number) => {
    const key = `${ctx.primaryRestarts ? ctx.problem.slots[i].chapter : 0}/${c}`;
    let v = caps.get(key);
    if (v === undefined) caps.set(key, (v = Math.min(ctx.L, members(i, c))));
    return v;
  };
  // The pairwise rules on other keys hold too (chapter-scoped ones lifted at a chapter start, those
  // scoped to introductions always), unless their keys make more than 32 distinct value tuples.
  const otherKeys = [...new Set(ctx.rules.pairRules.map((r) => r.constraint.key).filter((k) => k !== ctx.primaryKey))];
  const tuples = new Set([...Array(ctx.classes.count).keys()].map((c) => otherKeys.map((k) => ctx.rules.valuesOf(k)[ctx.rep[c]]).join("/")));
  const others = otherKeys.length > 0 && tuples.size <= 32;
  // May (d, run position r) at slot i−1 be followed by (c, run position s) at slot i? (A class of one member never follows itself in a run.)
  const step = (i: number, d: number, r: number, c: number, s: number) => {
    if (s > cap(i, c)) return false;
    if (others && !ctx.rules.pairOkExcept(ctx.primaryKey, ctx.rep[d], ctx.rep[c], ctx.restart[i] === 1, true)) return false;
    if (ctx.restart[i]) return s === 1 || (ctx.pb[d] === ctx.pb[c] && s === r + 1);
    if (s === 1) return ctx.pb[d] < ctx.pb[c];
    return ctx.pb[d] === ctx.pb[c] && ctx.pv[d] <= ctx.pv[c] && s === r + 1 && !(d === c && ctx.mult[c] < 2);
  };
  const runs = [...Array(ctx.L).keys()].map((r) => r + 1);
  const F: Map<string, number>[] = [];
  const B: Map<string, number>[] = new Array(S);
  for (let i = 0; i < S; i++) {
    F.push(new Map());
    for (const c of list(i)) {
      for (const s of runs) {
        let best = i === 0 ? (s === 1 ? 0 : Infinity) : Infinity;
        if (i > 0) for (const d of list(i - 1)) for (const r of runs) if (step(i, d, r, c, s)) best = Math.min(best, F[i - 1].get(`${d}/${r}`)!);
        F[i].set(`${c}/${s}`, s > cap(i, c) ? Infinity : join(best, cost(i, c)));
      }
    }
  }
  for (let i = S - 1; i >= 0; i--) {
    B[i] = new Map();
    for (const c of list(i)) {
      for (const r of runs) {
        let best = i === S - 1 ? 0 : Infinity;
        if (i < S - 1) for (const d of list(i + 1)) for (const s of runs) if (step(i + 1, c, r, d, s)) best = Math.min(best, B[i + 1].get(`${d}/${s}`)!);
        B[i].set(`${c}/${r}`, r > cap(i, c) ? Infinity : join(best, cost(i, c)));
      }
    }
  }
  const room = limit + objectiveTolerance(limit);
  const lb = (i: number, c: number) => Math.min(...runs.map((r) => (linf ? Math.max(F[i].get(`${c}/${r}`)!, B[i].get(`${c}/${r}`)!) : F[i].get(`${c}/${r}`)! + B[i].get(`${c}/${r}`)! - cost(i, c))));
  const values = ctx.problem.slots.map((_, i) =>
    list(i)
      .filter((c) => lb(i, c) <= room)
      .map((c) => ctx.pv[c])
      .sort((a, b) => a - b),
  );
  return { values, relaxed: Math.min(...F[S - 1].values()) };
}

/** Three levels aiming at 1; two candidates of value 1 and one of value 2; v never falls, maxRun 2 (and bucket 1 has two candidates). */
function runBound(): SelectionProblem {
  return handChainProblem({ values: [1, 1, 2], targets: [1, 1, 1], maxRun: 2, precision: 0.5, ids: ["r0", "r1", "r2"] });
}

describe("the chain relaxation: classes on no sequence within the limit even with only the primary run's rules", () => {
  it("by hand: a valley the ramp dips into but v may not follow", () => {
    const ctx = dpContext(valleyProblem());
    const b = slotBounds(ctx);
    expect(b.floor).toBe(0);
    // Slot costs: level 1 (t 5): v1 4, v5 0; level 2 (t 1): 0, 4; level 3 (t 5): 4, 0. Every class is within 4.
    const range = keptLists(ctx, b, 4);
    expect(keptValues(ctx, range)).toEqual([[1, 5], [1, 5], [1, 5]]);
    // Forward F, best over run positions: level 1 (4, 0); level 2 (0 + 4, 4 + min(4, 0)) = (4, 4); level 3 (4 + 4, 0 + 4) = (8, 4).
    // Backward B: level 3 (4, 0); level 2 (0 + min(4, 0), 4 + 0) = (0, 4); level 1 (4 + 0, 0 + 4) = (4, 4).
    // LB = F + B − cost: level 1 (4, 4), level 2 (4, 4), level 3 (8, 4): v1 at level 3 lies on no sequence within 4.
    const kept = chainRelaxation(ctx, range, 4);
    expect(kept.relaxed).toBe(4);
    expect(keptValues(ctx, kept)).toEqual([[1, 5], [1, 5], [5]]);
    expect(kept.size).toBe(5);
    expect(kept.all).toBe(false);
    // Below the relaxed optimum nothing is left: no sequence costs ≤ 3.9.
    const none = chainRelaxation(ctx, range, 3.9);
    expect(keptValues(ctx, none)).toEqual([[], [], []]);
    // The true optimum is 4 ((1, 1, 5) or (5, 5, 5)), the relaxed one's.
    const r = solveDp(valleyProblem(), { bound: "never" });
    expect("selection" in r && r.selection.objective).toBe(4);
  });

  it("by hand: a run its bucket cannot make (maxRun 2, two candidates of value 1, three levels aiming at 1)", () => {
    const ctx = dpContext(runBound());
    const b = slotBounds(ctx);
    expect(b.floor).toBe(0);
    const range = keptLists(ctx, b, 1);
    expect(keptValues(ctx, range)).toEqual([[1, 2], [1, 2], [1, 2]]);
    // Value 1 may fill two levels at most, so the third level takes 2 (cost 1): 1 there would be the third of a
    // run of 2. And 2 at level 2 leaves level 3 nothing (its one candidate may not run on): only 1, 1, 2 is left.
    const kept = chainRelaxation(ctx, range, 1);
    expect(kept.relaxed).toBe(1);
    expect(keptValues(ctx, kept)).toEqual([[1], [1], [2]]);
    // Below 1 nothing is left, though the values alone (without the run) would cost 0.
    expect(keptValues(ctx, chainRelaxation(ctx, range, 0.5))).toEqual([[], [], []]);
    const r = solveDp(runBound(), { bound: "never" });
    expect("selection" in r && r.selection.objective).toBe(1);
  });

  it("by hand: a rule on another key (depth drops at most 1) holds in the relaxation too", () => {
    // a (v 1, depth 3), b (v 2, depth 1), c (v 3, depth 3); two levels aiming at 1 and 2. With v alone, a then b
    // costs 0; depth may not drop 2, so the best is a then c (cost 1), or b then c (cost 2).
    const values = [1, 2, 3];
    const depth = [3, 1, 3];
    const all = [0, 1, 2];
    const problem: SelectionProblem = {
      metric: "v",
      slots: [1, 2].map((target, i) => ({ number: i + 1, chapter: 1, part: 1, target })),
      candidates: values.map((v, i) => ({ id: "abc"[i], chapter: 1, part: 1, metrics: { v, depth: depth[i] } })),
      eligible: [all, all],
      chain: [
        { type: "nonDecreasing", key: "v" },
        { type: "maxRun", key: "v", length: 3, precision: 1 },
        { type: "maxDrop", key: "depth", by: 1 },
      ],
      conflicts: [],
      objective: { norm: "L1", evenness: 0 },
      fixed: [undefined, undefined],
    };
    const ctx = dpContext(problem);
    const b = slotBounds(ctx);
    expect(b.floor).toBe(0);
    const range = keptLists(ctx, b, 1);
    // Forward F: level 1 (a 0, b 1, c 2); level 2: b after a is forbidden (depth 3 → 1), after nothing else
    // lower: Infinity; c after a or b: 0 + 1 = 1. Relaxed optimum 1 (0 without the depth rule).
    const kept = chainRelaxation(ctx, range, 1);
    expect(kept.relaxed).toBe(1);
    // Within 1: a at level 1 (a, c), c at level 2; b lies on no sequence costing ≤ 1, nor does c at level 1.
    expect(keptValues(ctx, kept)).toEqual([[1], [3]]);
    const r = solveDp(problem, { bound: "never" });
    expect("selection" in r && r.selection.objective).toBe(1);
  });

  it("the same kept classes and relaxed optimum as the plain O(n²) relaxation, and never a class of the optimum dropped (300 random instances)", () => {
    let compared = 0;
    let dropped = 0;
    let grouped = 0;
    for (let i = 0; i < 300; i++) {
      const problem = mixedChainProblem("relax", i);
      if (!dpApplies(problem)) continue;
      const full = solveDp(problem, { bound: "never" });
      if (!("selection" in full)) continue;
      const ctx = dpContext(problem);
      if (relaxationGroups(ctx).count > 1) grouped++;
      const b = slotBounds(ctx);
      const opt = full.selection.objective;
      for (const limit of [opt, opt * 1.25 + 0.1, b.floor + (opt - b.floor) / 2]) {
        const range = keptLists(ctx, b, limit);
        if (range.lists.some((l) => l.length === 0)) continue;
        const kept = chainRelaxation(ctx, range, limit);
        const want = reference(ctx, range, limit);
        expect(keptValues(ctx, kept), `instance ${i}, limit ${limit}`).toEqual(want.values);
        expect(kept.relaxed).toBeCloseTo(want.relaxed, 9);
        compared++;
        dropped += range.size - kept.size;
        if (limit >= opt) {
          // Sound: every class of the optimal sequence stays in its slot.
          full.selection.picks.forEach((k, s) => {
            const c = ctx.classes.classOf[k];
            expect([...kept.lists[kept.listOfSlot[s]]], `instance ${i}, level ${s + 1}`).toContain(c);
          });
        }
      }
    }
    // Counted, so the test fails if the relaxation stops pruning (today: 523 limits compared, 925 classes dropped).
    expect(compared).toBeGreaterThan(400);
    // The grouped sweeps (other keys' rules that bind) ran on part of them (today 96 instances).
    expect(grouped, "grouped instances").toBeGreaterThan(50);
    expect(dropped).toBeGreaterThan(500);
  });
});
