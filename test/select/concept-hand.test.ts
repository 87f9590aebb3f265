import { describe, expect, it } from "vitest";
import { dpRuns } from "../../src/select/dp/dp-runs.ts";
import type { ConceptConstraint } from "../../src/io/schemas/model.ts";
import { diagnoseInfeasible } from "../../src/select/diagnose/diagnose-infeasible.ts";
import { dpApplies, solveDp } from "../../src/select/dp/solve-dp.ts";
import { solveDpBranching } from "../../src/select/dp/solve-dp-branching.ts";
import { solveDpMinMoves } from "../../src/select/dp/solve-dp-min-moves.ts";
import { highsBackend } from "../../src/select/milp/highs-backend.ts";
import { lpSolverBackend } from "../../src/select/milp/lp-solver-backend.ts";
import { solveMilp } from "../../src/select/milp/solve-milp.ts";
import type { ChainConstraint, Selection, SelectionProblem } from "../../src/select/problem/selection-problem.ts";
import { solveBruteForce } from "../../src/select/solve/solve-brute-force.ts";
import { solveIncremental } from "../../src/select/solve/solve-incremental.ts";
import { checkPicks } from "../../src/select/rules/check-picks.ts";
import { conceptAutomatonOf } from "../../src/select/rules/concept-automaton.ts";
import { SelectionNoAnswer, solveSelection } from "../../src/select/solve/solve-selection.ts";
import { expectValidSelection, idsOf } from "./check-selection.ts";

// Each concept rule of SPEC 12 on a toy worked out by hand: three levels aiming at 1, 2, 3 (L1),
// every candidate eligible everywhere, values never falling with runs of at most 3 (so the model
// is chain-shaped); without the rule the optimum is 0, with it the hand-computed answer below.
// Every solver gives the same objective and ids.

type Cand = [id: string, v: number, concepts: string[]];

function toy(cands: Cand[], concepts: ConceptConstraint[], chain: ChainConstraint[] = [], targets = [1, 2, 3]): SelectionProblem {
  const candidates = cands.map(([id, v, c]) => ({ id, chapter: 1, part: 1, metrics: { v }, ...(c.length ? { concepts: c } : {}) }));
  const all = candidates.map((_, k) => k).sort((a, b) => (candidates[a].id < candidates[b].id ? -1 : 1));
  return {
    metric: "v",
    slots: targets.map((target, i) => ({ number: i + 1, chapter: 1, part: 1, target })),
    candidates,
    eligible: targets.map(() => all),
    chain: [{ type: "nonDecreasing", key: "v" }, { type: "maxRun", key: "v", length: 3, precision: 0.01 }, ...chain],
    ...(concepts.length ? { conceptConstraints: concepts } : {}),
    conflicts: [],
    objective: { norm: "L1", evenness: 0 },
    fixed: targets.map(() => undefined),
  };
}

/** Every solver's answer (the dp's where it applies): the same objective and ids, each valid; returns them. */
async function solveAll(problem: SelectionProblem, dp = true): Promise<{ objective: number; ids: string[] }> {
  const brute = solveBruteForce(problem);
  if (!brute) throw new Error("no sequence");
  expect(dpApplies(problem)).toBe(dp);
  const answers: Array<{ selection: Selection } | object> = [await solveMilp(problem, highsBackend()), await solveMilp(problem, lpSolverBackend())];
  // A run that restarts at introductions may ship a class twice: the dp's answer is checked and branched on (solveDpBranching).
  const runs = dpRuns(problem);
  const introRuns = "introRuns" in runs && runs.introRuns;
  if (dp) for (const bound of ["never", "always"] as const) answers.push(introRuns ? solveDpBranching(problem, { bound }) : solveDp(problem, { bound }));
  // The fewest-moves dp follows candidates one by one and refuses such a run.
  if (dp && !introRuns) answers.push(solveDpMinMoves(problem, { ids: problem.slots.map(() => undefined) }, brute.objective + 1e-9));
  for (const r of answers) {
    if (!("selection" in r)) throw new Error(`a solver found no answer: ${JSON.stringify(r)}`);
    expect(r.selection.objective).toBeCloseTo(brute.objective, 9);
    expect(idsOf(problem, r.selection.picks)).toEqual(idsOf(problem, brute.picks));
    expect(r.selection.status).toBe(r.selection.stats.moves === undefined ? "optimal" : "feasible");
    expectValidSelection(problem, r.selection.picks);
  }
  return { objective: brute.objective, ids: idsOf(problem, brute.picks) };
}

describe("concept rules by hand: every solver agrees (SPEC 12)", () => {
  it("practice 1: two introductions need a level between them", async () => {
    const cands: Cand[] = [["p", 1, []], ["q", 2, ["x"]], ["r", 3, ["y"]], ["s", 2.5, []]];
    expect(await solveAll(toy(cands, []))).toEqual({ objective: 0, ids: ["p", "q", "r"] });
    // p q s and p s r both cost 0.5; p q s is the smaller id list.
    const r = await solveAll(toy(cands, [{ type: "practice", levels: 1 }]));
    expect(r.objective).toBeCloseTo(0.5, 9);
    expect(r.ids).toEqual(["p", "q", "s"]);
  });

  it("introduce y, x: x only once y is introduced (the same level may bring both)", async () => {
    const cands: Cand[] = [["p", 1, []], ["q", 2, ["x"]], ["r", 3, ["y"]], ["w", 2.1, []]];
    const r = await solveAll(toy(cands, [{ type: "introduce", order: ["y", "x"] }]));
    expect(r.objective).toBeCloseTo(0.1, 9);
    expect(r.ids).toEqual(["p", "w", "r"]);
    const both = await solveAll(toy([...cands, ["u", 2, ["x", "y"]]], [{ type: "introduce", order: ["y", "x"] }]));
    expect(both).toEqual({ objective: 0, ids: ["p", "u", "r"] });
  });

  it("introduceAt: not before from; by to", async () => {
    const late: Cand[] = [["p", 1, []], ["q", 2, ["x"]], ["w", 2.1, []], ["z", 3, ["x"]]];
    const r = await solveAll(toy(late, [{ type: "introduceAt", concept: "x", from: 3 }]));
    expect(r.objective).toBeCloseTo(0.1, 9);
    expect(r.ids).toEqual(["p", "w", "z"]);
    const early: Cand[] = [["p", 1, []], ["a", 1.2, ["x"]], ["w", 2, []], ["z", 3, []]];
    const e = await solveAll(toy(early, [{ type: "introduceAt", concept: "x", to: 2 }]));
    expect(e.objective).toBeCloseTo(0.2, 9);
    expect(e.ids).toEqual(["a", "w", "z"]);
  });

  it("maxNew 1: one new concept per level", async () => {
    const cands: Cand[] = [["p", 1, []], ["q", 2, ["x", "y"]], ["q2", 2.2, ["x"]], ["r", 3, ["y"]]];
    const r = await solveAll(toy(cands, [{ type: "maxNew", by: 1 }]));
    expect(r.objective).toBeCloseTo(0.2, 9);
    expect(r.ids).toEqual(["p", "q2", "r"]);
  });

  it("quota: at least 2 levels with x; at most 1", async () => {
    const few: Cand[] = [["p", 1, []], ["a", 1.1, ["x"]], ["w", 2, []], ["b", 2.2, ["x"]], ["z", 3, []]];
    const r = await solveAll(toy(few, [{ type: "quota", concept: "x", min: 2 }]));
    expect(r.objective).toBeCloseTo(0.3, 9);
    expect(r.ids).toEqual(["a", "b", "z"]);
    const many: Cand[] = [["p", 1, ["x"]], ["q", 2, ["x"]], ["r", 3, ["x"]], ["w", 2.3, []], ["z", 2.9, []]];
    const m = await solveAll(toy(many, [{ type: "quota", concept: "x", max: 1 }]));
    expect(m.objective).toBeCloseTo(0.4, 9);
    expect(m.ids).toEqual(["p", "w", "z"]);
  });

  it("maxRun(concepts, 2): no three levels in a row with one set", async () => {
    const cands: Cand[] = [["p", 1, ["x"]], ["q", 2, ["x"]], ["r", 3, ["x"]], ["z", 3.2, []]];
    const r = await solveAll(toy(cands, [], [{ type: "maxRun", key: "concepts", length: 2 }]));
    expect(r.objective).toBeCloseTo(0.2, 9);
    expect(r.ids).toEqual(["p", "q", "z"]);
  });

  it('scope "introduction": the climb starts again where x arrives', async () => {
    const cands: Cand[] = [["a", 1, []], ["b", 3, []], ["c", 1.5, ["x"]], ["d", 3, []]];
    const climb = (scope?: "introduction") => toy(cands, [], [], [1, 3, 1.5]).chain.map((c) => (c.type === "nonDecreasing" ? { ...c, ...(scope ? { scope } : {}) } : c));
    const game = { ...toy(cands, [], [], [1, 3, 1.5]), chain: climb() };
    const r = await solveAll(game);
    expect(r.objective).toBeCloseTo(1.5, 9);
    expect(r.ids).toEqual(["a", "b", "d"]);
    // The run of v may restart where x arrives: the dp takes it too (a class could ship in two runs: its answer is checked).
    const restart = { ...game, chain: climb("introduction") };
    expect(await solveAll(restart)).toEqual({ objective: 0, ids: ["a", "b", "c"] });
    expect(dpRuns(restart)).toMatchObject({ introRuns: true });
    // Where the run restarts, the dp alone may ship a class in two runs: e (0.5) brings x, and a (1)
    // would climb again after it. Levels aiming at 1, 0.5, 1: the dp's relaxation answers a, e, a (0);
    // branching leaves a out of one of those levels: a, e, c and c, e, a cost 0.5, a, e, c the smaller ids.
    const twice: SelectionProblem = { ...restart, slots: restart.slots.map((s, i) => ({ ...s, target: [1, 0.5, 1][i] })) };
    twice.candidates = [...restart.candidates.map((c) => (c.id === "c" ? { id: "c", chapter: 1, part: 1, metrics: { v: 1.5 } } : c)), { id: "e", chapter: 1, part: 1, metrics: { v: 0.5 }, concepts: ["x"] }];
    const ids = twice.candidates.map((_, k) => k).sort((a, b) => (twice.candidates[a].id < twice.candidates[b].id ? -1 : 1));
    twice.eligible = twice.slots.map(() => ids);
    const relaxed = solveDp(twice);
    if (!("selection" in relaxed)) throw new Error("expected the relaxation's answer");
    expect(relaxed.selection.picks.map((k) => twice.candidates[k].id)).toEqual(["a", "e", "a"]);
    const branched = solveDpBranching(twice);
    if (!("selection" in branched)) throw new Error("expected an answer");
    expect(branched.selection.stats.branches).toBeGreaterThan(1);
    expect(await solveAll(twice)).toEqual({ objective: 0.5, ids: ["a", "e", "c"] });
    // A rule on another key scoped to introductions keeps the dp: w may fall by at most 1, except where a concept arrives.
    const fall = toy([["a", 1, []], ["b", 2, []], ["c", 3, ["x"]], ["d", 3, []], ["e", 2.5, []]], [], [{ type: "maxDrop", key: "w", by: 1, scope: "introduction" }]);
    fall.candidates.forEach((c, k) => (c.metrics.w = [5, 5, 1, 1, 4][k]));
    expect(await solveAll(fall)).toEqual({ objective: 0, ids: ["a", "b", "c"] });
    const strict = { ...fall, chain: fall.chain.map((c) => (c.type === "maxDrop" ? { ...c, scope: undefined } : c)) };
    const s2 = await solveAll(strict);
    expect(s2.objective).toBeCloseTo(0.5, 9);
    expect(s2.ids).toEqual(["a", "b", "e"]);
  });
});

describe("part by part (select --incremental, the build)", () => {
  it("a quota's min falls due where the selection ends, not at the end of each step", async () => {
    // Part 1 (levels 1-2) carries no x; part 2 (levels 3-4) does: a min of 2 in the game holds only at the end.
    const problem = toy([["p", 1, []], ["q", 2, []], ["r", 3, ["x"]], ["s", 4, ["x"]], ["t", 3.5, []]], [{ type: "quota", concept: "x", min: 2 }], [], [1, 2, 3, 4]);
    problem.slots.forEach((s, i) => (s.part = i < 2 ? 1 : 2));
    problem.candidates.forEach((c, k) => (c.part = k < 2 ? 1 : 2));
    problem.eligible = [[0, 1], [0, 1], [2, 3, 4], [2, 3, 4]];
    const r = await solveIncremental(problem);
    expect(idsOf(problem, r.picks)).toEqual(["p", "q", "r", "s"]);
    expect(r.objective).toBe(0);
    // Each step's own check: the first step, with levels to come, owes nothing yet.
    expect(checkPicks({ ...problem, slots: problem.slots.slice(0, 2), eligible: problem.eligible.slice(0, 2), openEnd: true }, [0, 1])).toEqual([]);
    expect(checkPicks({ ...problem, slots: problem.slots.slice(0, 2), eligible: problem.eligible.slice(0, 2) }, [0, 1])).toEqual(["level 2: x on 0 levels (at least 2 in the game)"]);
  });
});

describe("the dp's bound on concept states", () => {
  it("past it, auto hands the model to HiGHS and --solver dp names the reason (exit 1, unknown)", async () => {
    // 14 concepts no order lists, under practice: every subset of them introduced is a state of its own.
    const names = Array.from({ length: 14 }, (_, j) => `k${j}`);
    const cands: Cand[] = names.map((n, j) => [`q${String(j).padStart(2, "0")}`, 1 + j * 0.1, [n, names[(j + 1) % 14]]]);
    const problem = toy([["p", 1, []], ...cands], [{ type: "practice", levels: 1 }]);
    expect(typeof conceptAutomatonOf(problem, 20_000)).toBe("string");
    const limited = { ...problem };
    conceptAutomatonOf(limited, 20_000); // this problem object keeps the small bound
    const auto = await solveSelection(limited);
    expect(auto.solver).toBe("highs");
    expect(auto.note).toMatch(/the dp passed its bound \(select\/dp: .*concept states/);
    const err = await solveSelection(limited, { solver: "dp" }).then(() => undefined, (e: unknown) => e);
    expect(err).toBeInstanceOf(SelectionNoAnswer);
    expect((err as SelectionNoAnswer).status).toBe("unknown");
    expect((err as SelectionNoAnswer).limit).toBe("dp concept states");
    expect((err as Error).message).toMatch(/concept states over \d+ concept sets/);
  });
});

describe("an infeasible concept model is diagnosed in concept terms", () => {
  it("names the first level and the concept rule that removed the last candidates", () => {
    // Level 1 takes p or p2, level 2 q or q2, level 3 r: each brings a concept of its own.
    const cands: Cand[] = [["p", 1, ["x"]], ["p2", 1, ["x", "w"]], ["q", 2, ["y"]], ["q2", 2, ["y", "x"]], ["r", 3, ["z"]]];
    const problem = { ...toy(cands, [{ type: "practice", levels: 1 }]), eligible: [[0, 1], [2, 3], [4]] };
    expect(solveBruteForce(problem)).toBeUndefined();
    const d = diagnoseInfeasible(problem);
    expect(d.level).toBe(2);
    expect(d.constraint).toBe("practice 1");
    expect(d.message).toBe("no candidate can continue the chain at level 2 (chapter 1, part 1): practice 1 removed the last 2");
    const late = { ...toy([["p", 1, []], ["q", 2, []], ["r", 3, ["x"]]], [{ type: "introduceAt", concept: "x", to: 2 }]), eligible: [[0], [1], [2]] };
    expect(diagnoseInfeasible(late)).toMatchObject({ level: 2, constraint: "introduceAt x ..2" });
  });
});
