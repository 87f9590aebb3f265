import { describe, expect, it } from "vitest";
import { createRng } from "../../src/random/create-rng.ts";
import { highsBackend } from "../../src/select/milp/highs-backend.ts";
import { lpSolverBackend } from "../../src/select/milp/lp-solver-backend.ts";
import { solveBruteForce } from "../../src/select/solve/solve-brute-force.ts";
import { dpApplies, solveDp } from "../../src/select/dp/solve-dp.ts";
import { solveDpBranching } from "../../src/select/dp/solve-dp-branching.ts";
import { countMoves, solveDpMinMoves } from "../../src/select/dp/solve-dp-min-moves.ts";
import { solveMilp } from "../../src/select/milp/solve-milp.ts";
import { chapterStarts } from "../../src/select/rules/chain-rules.ts";
import { findBreaks } from "../../src/select/rules/find-breaks.ts";
import { relaxedReach } from "../../src/select/rules/relaxed-reach.ts";
import type { ChainConstraint, SelectionProblem } from "../../src/select/problem/selection-problem.ts";
import { expectValidSelection, idsOf } from "./check-selection.ts";
import { BRUTE_FORCE_SPACE, randomProblem, searchSpace, type RandomProblemOptions } from "./random-problem.ts";
import { randomTiedProblem, type TiedProblemOptions } from "./random-tied-problem.ts";

// Chapter-scoped chain rules (SPEC 6 `scope`): the solvers against brute force, whose checker
// (findBreaks) reads the rules' definitions alone.
const variants: RandomProblemOptions[] = [
  { chainShaped: true, chapters: true },
  { chainShaped: true, chapters: true, pins: true },
  { chainShaped: true, chapters: true, keepPrefix: true },
  { chainShaped: true, chapters: true, conflicts: true },
  { chainShaped: true, chapters: true, any: true },
];
const tied: TiedProblemOptions[] = [{ chapters: true }, { chapters: true, steps: true }, { chapters: true, any: true, steps: true }, { chapters: true, keeps: true }];

const scopedRules = (p: SelectionProblem) => p.chain.filter((c) => c.scope === "chapter").length;

/** The same problem with every rule game-wide (no scope). */
const unscoped = (p: SelectionProblem): SelectionProblem => ({ ...p, chain: p.chain.map(({ scope: _, ...c }) => c as ChainConstraint) });

describe("scope: chapter — dp = milp = highs = brute force", () => {
  it("agrees on 100 random instances with scoped and unscoped rules (objective and ids)", async () => {
    let feasible = 0;
    let dpRan = 0;
    let scopedRestarts = 0;
    let scopeMattered = 0;
    let tooLarge = 0;
    const lpTies: number[] = [];
    for (let i = 0; i < 100; i++) {
      const variant = variants[i % variants.length];
      const problem = randomProblem(createRng(`scope-${i}`), variant);
      // Brute force is the oracle of tiny problems: the few eligibility-"any" instances past
      // 200,000 sequences would take a second or more each (counted below, so they stay few).
      if (searchSpace(problem) > 200_000) {
        tooLarge++;
        continue;
      }
      const brute = solveBruteForce(problem);
      const dp = dpApplies(problem) ? solveDpBranching(problem) : undefined;
      const highs = await solveMilp(problem, highsBackend());
      if (!brute) {
        // (javascript-lp-solver is not asked: it can hang on infeasible degenerate models, SPEC 6)
        if (dp) expect("selection" in dp, `instance ${i}: dp found a sequence brute force did not`).toBe(false);
        expect("infeasible" in highs, `instance ${i}`).toBe(true);
        continue;
      }
      // javascript-lp-solver reads the same compiled model as HiGHS; it is asked where it is quick
      // (its tie-break solves over eligibility "any" take seconds).
      const milp = variant.any ? undefined : await solveMilp(problem, lpSolverBackend());
      feasible++;
      if (scopedRules(problem) > 0 && chapterStarts(problem.slots).some((x) => x === 1)) {
        scopedRestarts++;
        // The scope changed the answer: the same rules game-wide give another optimum, or none.
        const game = solveBruteForce(unscoped(problem));
        if (!game || Math.abs(game.objective - brute.objective) > 1e-9) scopeMattered++;
      }
      const answers = [highs, ...(milp ? [milp] : []), ...(dp ? [dp] : [])];
      for (const r of answers) {
        if (!("selection" in r)) throw new Error(`instance ${i}: a solver missed a feasible sequence`);
        expect(r.selection.objective, `instance ${i} ${r.selection.solver}`).toBeCloseTo(brute.objective, 9);
        expectValidSelection(problem, r.selection.picks);
        // javascript-lp-solver's tie-break solves are not always optimal (Linf with ties), so
        // only the dp and HiGHS are held to the smallest ids here; its other ties are listed.
        if (r.selection.solver !== "milp") expect(idsOf(problem, r.selection.picks), `instance ${i} ${r.selection.solver}`).toEqual(idsOf(problem, brute.picks));
        else if (idsOf(problem, r.selection.picks).join() !== idsOf(problem, brute.picks).join()) lpTies.push(i);
      }
      if (dp && "selection" in dp) {
        // the fast path really ran
        expect(dp.selection.solver).toBe("dp");
        dpRan++;
      }
    }
    // Measured: 3 too large, 60 feasible, the dp on 56, 22 with a scoped rule and a chapter
    // start, 8 of them where the scope changed the optimum.
    expect(tooLarge).toBeLessThanOrEqual(3);
    expect(feasible).toBeGreaterThanOrEqual(60);
    expect(dpRan).toBeGreaterThanOrEqual(56);
    expect(scopedRestarts).toBeGreaterThanOrEqual(22);
    expect(scopeMattered).toBeGreaterThanOrEqual(8);
    expect(lpTies).toEqual([]);
  }, 120_000);

  it("heavy ties: the class dp (both ways) = brute force on 160 instances", () => {
    let feasible = 0;
    let dpRan = 0;
    let checked = 0;
    let tooLarge = 0;
    for (let i = 0; checked < 160; i++) {
      const problem = randomTiedProblem(createRng(`scope-tied-${i}`), tied[i % tied.length]);
      if (searchSpace(problem) > BRUTE_FORCE_SPACE) {
        tooLarge++;
        continue;
      }
      checked++;
      const brute = solveBruteForce(problem);
      if (!dpApplies(problem)) continue;
      const ranged = solveDp(problem, { ranges: "always" });
      const direct = solveDp({ ...problem }, { ranges: "never" });
      if (!brute) {
        expect("selection" in ranged, `instance ${i}`).toBe(false);
        expect("selection" in direct, `instance ${i}`).toBe(false);
        continue;
      }
      feasible++;
      for (const r of [ranged, direct]) {
        if (!("selection" in r)) throw new Error(`instance ${i}: the dp missed a feasible sequence`);
        expect(r.selection.objective, `instance ${i}`).toBeCloseTo(brute.objective, 9);
        expect(idsOf(problem, r.selection.picks), `instance ${i}`).toEqual(idsOf(problem, brute.picks));
      }
      dpRan++;
    }
    expect(tooLarge).toBeLessThanOrEqual(5);
    expect(feasible).toBeGreaterThan(50);
    expect(dpRan).toBe(feasible);
  }, 60_000);

  it("min-moves over scoped rules: every answer is valid, within the bound, and moves no more levels than the optimum itself", () => {
    let checked = 0;
    for (let i = 0; i < 60; i++) {
      const problem = randomProblem(createRng(`scope-moves-${i}`), { chainShaped: true, chapters: true });
      if (!dpApplies(problem) || problem.conflicts.length) continue;
      const brute = solveBruteForce(problem);
      if (!brute) continue;
      const reference = { ids: brute.picks.slice().reverse().map((c) => problem.candidates[c].id) };
      const r = solveDpMinMoves(problem, reference, brute.objective + 0.5);
      if (!("selection" in r)) throw new Error(`instance ${i}: no answer within the bound`);
      expectValidSelection(problem, r.selection.picks);
      expect(r.selection.objective).toBeLessThanOrEqual(brute.objective + 0.5 + 1e-9);
      expect(r.selection.stats.moves).toBeLessThanOrEqual(countMoves(problem, reference, brute.picks));
      checked++;
    }
    expect(checked).toBeGreaterThan(15);
  }, 60_000);
});

/**
 * The toy by hand: two chapters of two levels, one candidate part each.
 * Chapter 1 (levels 1–2, targets 1, 2): candidates a1 = 1, a2 = 2, a3 = 5.
 * Chapter 2 (levels 3–4, targets 1, 2): candidates b1 = 1, b2 = 2, b3 = 5, b4 = 6.
 * L1 distance to the targets.
 */
function toy(scope: "game" | "chapter" | undefined): SelectionProblem {
  const slots = [
    { number: 1, chapter: 1, part: 1, target: 1 },
    { number: 2, chapter: 1, part: 1, target: 2 },
    { number: 3, chapter: 2, part: 1, target: 1 },
    { number: 4, chapter: 2, part: 1, target: 2 },
  ];
  const one = (id: string, chapter: number, size: number) => ({ id, chapter, part: 1, metrics: { size } });
  const candidates = [one("a1", 1, 1), one("a2", 1, 2), one("a3", 1, 5), one("b1", 2, 1), one("b2", 2, 2), one("b3", 2, 5), one("b4", 2, 6)];
  const chain: ChainConstraint[] = [
    { type: "nonDecreasing", key: "size", ...(scope ? { scope } : {}) },
    { type: "maxRun", key: "size", length: 1, precision: 1, ...(scope ? { scope } : {}) },
  ];
  return { metric: "size", slots, candidates, eligible: [[0, 1, 2], [0, 1, 2], [3, 4, 5, 6], [3, 4, 5, 6]], chain, conflicts: [], objective: { norm: "L1", evenness: 0 }, fixed: slots.map(() => undefined) };
}

describe("scope: chapter — a two-chapter toy computed by hand", () => {
  it("game scope (the default): chapter 2 may not fall below level 2's size, so it climbs 5 → 6: objective 0 + 0 + 4 + 4 = 8", async () => {
    for (const problem of [toy(undefined), toy("game")]) {
      const r = solveDp(problem);
      if (!("selection" in r)) throw new Error("expected an answer");
      // a1 (1, target 1), a2 (2, target 2), then sizes > 2: b3 (5, target 1), b4 (6, target 2) → |4| + |4|
      expect(idsOf(problem, r.selection.picks)).toEqual(["a1", "a2", "b3", "b4"]);
      expect(r.selection.objective).toBe(8);
      const highs = await solveMilp(problem, highsBackend());
      if (!("selection" in highs)) throw new Error("expected an answer");
      expect(highs.selection.objective).toBe(8);
    }
  });

  it("chapter scope: chapter 2 restarts the climb at size 1: a1 a2 b1 b2, objective 0 — strictly better than 8", async () => {
    const problem = toy("chapter");
    const r = solveDp(problem);
    const highs = await solveMilp(problem, highsBackend());
    const lp = await solveMilp(problem, lpSolverBackend());
    for (const x of [r, highs, lp]) {
      if (!("selection" in x)) throw new Error("expected an answer");
      expect(idsOf(problem, x.selection.picks)).toEqual(["a1", "a2", "b1", "b2"]);
      expect(x.selection.objective).toBe(0);
    }
    // maxRun length 1 restarts too: level 3 may repeat size... (1 after 2: a new run either way); the checker agrees.
    const seq = ["a1", "a2", "b1", "b2"].map((id, s) => ({ number: s + 1, chapter: problem.slots[s].chapter, id, metrics: problem.candidates.find((c) => c.id === id)!.metrics }));
    expect(findBreaks(seq, problem.chain)).toEqual([]);
    // The same order under game scope breaks at level 3: size 1 after 2.
    expect(findBreaks(seq, toy("game").chain).map((b) => [b.level, b.message])).toEqual([[3, "size 1 after 2"]]);
  });

  it("a scoped maxRun restarts its run at a chapter start; an unscoped one does not", () => {
    // sizes 2, 2 | 2: with maxRun(size, 2) the third 2 in a row breaks only without scope.
    const levels = [2, 2, 2].map((size, s) => ({ number: s + 1, chapter: s < 2 ? 1 : 2, id: `x${s}`, metrics: { size } }));
    const run = (scope?: "chapter"): ChainConstraint => ({ type: "maxRun", key: "size", length: 2, precision: 1, ...(scope ? { scope } : {}) });
    expect(findBreaks(levels, [run()]).map((b) => [b.level, b.message])).toEqual([[3, "size 2 for the 3rd level in a row (at most 2 share 2 to 1)"]]);
    expect(findBreaks(levels, [run("chapter")])).toEqual([]);
  });

  it("the relaxed pass (diagnosis) lets a scoped chain fall at a chapter start", () => {
    const problem = toy("chapter");
    // Chapter 2 offers only sizes below chapter 1's last: feasible only because the rules restart.
    problem.eligible = [[0], [1], [3], [4]];
    expect(relaxedReach(problem).infeasibleAt).toBe(-1);
    expect(relaxedReach({ ...problem, chain: toy("game").chain }).infeasibleAt).toBe(2);
  });

  it("dp refuses (and auto leaves to the MILP) a restarting run whose candidates may ship in two chapters", () => {
    const problem = toy("chapter");
    const all = [0, 1, 2, 3, 4, 5, 6];
    problem.eligible = [all, all, all, all];
    expect(dpApplies(problem)).toBe(false);
    expect(() => solveDp(problem)).toThrow(/each candidate in one chapter/);
    expect(dpApplies({ ...problem, chain: toy("game").chain })).toBe(true);
  });
});
