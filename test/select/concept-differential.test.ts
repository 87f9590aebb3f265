import { describe, expect, it } from "vitest";
import { createRng } from "../../src/random/create-rng.ts";
import { diagnoseInfeasible } from "../../src/select/diagnose/diagnose-infeasible.ts";
import { dpApplies, solveDp } from "../../src/select/dp/solve-dp.ts";
import { dpRuns } from "../../src/select/dp/dp-runs.ts";
import { solveDpBranching } from "../../src/select/dp/solve-dp-branching.ts";
import { solveDpMinMoves } from "../../src/select/dp/solve-dp-min-moves.ts";
import { candidateClasses } from "../../src/select/rules/candidate-classes.ts";
import { conceptAutomatonOf, conceptStep, conceptStepBreaks } from "../../src/select/rules/concept-automaton.ts";
import { highsBackend } from "../../src/select/milp/highs-backend.ts";
import { lpSolverBackend } from "../../src/select/milp/lp-solver-backend.ts";
import { solveMilp } from "../../src/select/milp/solve-milp.ts";
import type { Selection, SelectionProblem } from "../../src/select/problem/selection-problem.ts";
import { solveBruteForce } from "../../src/select/solve/solve-brute-force.ts";
import { expectValidSelection, idsOf } from "./check-selection.ts";
import { alikeConceptProblem, randomConceptProblem, type RandomConceptOptions } from "./random-concept-problem.ts";
import { BRUTE_FORCE_SPACE, searchSpace } from "./random-problem.ts";

// SPEC 12 "Exact, as before": on random small instances with concepts, the dp (where it applies),
// HiGHS, javascript-lp-solver and brute force agree on the objective and on the tie rule's ids,
// and agree when there is no answer. The instances are counted by the rules they exercise, by
// feasibility and by the solvers that took them, and the counts are asserted, so the test fails
// if the generator stops reaching a rule.

const variants: RandomConceptOptions[] = [
  { chainShaped: true, fullOrder: true },
  { chainShaped: true },
  { chainShaped: true, fullOrder: true, chapters: true },
  { chainShaped: true, pins: true, keepPrefix: true },
  { chainShaped: true, conflicts: true, fullOrder: true },
  {},
  { chainShaped: true, any: true, fullOrder: true },
  { chapters: true, pins: true },
  { tied: true, fullOrder: true },
  { tied: true, any: true },
];

/** The rules an instance has, by name: the concept rule types, `maxRun(concepts)`, `introduction` scope. */
function rulesOf(p: SelectionProblem): string[] {
  const out = new Set<string>((p.conceptConstraints ?? []).map((c) => (c.type === "quota" && c.scope === "chapter" ? "quota per chapter" : c.type)));
  if (p.chain.some((c) => c.key === "concepts")) out.add("maxRun(concepts)");
  if (p.chain.some((c) => c.scope === "introduction")) out.add("scope introduction");
  return [...out];
}

/** The same instance without its concept rules (chain rules unscoped from introductions, no run of concept sets). */
function withoutConcepts(p: SelectionProblem): SelectionProblem {
  return { ...p, conceptConstraints: undefined, chain: p.chain.filter((c) => c.key !== "concepts").map((c) => (c.scope === "introduction" ? { ...c, scope: undefined } : c)) };
}

describe("dp = HiGHS = javascript-lp-solver = brute force with concepts (SPEC 12)", () => {
  it("agrees on 300 random small instances: objective, ids, and no answer", async () => {
    const counts = { checked: 0, feasible: 0, infeasible: 0, dp: 0, dpFeasible: 0, dpTied: 0, dpIntroRuns: 0, dpIntroFeasible: 0, dpIntroBranched: 0, jsLp: 0, tooLarge: 0, plainInfeasible: 0, diagnosedConcept: 0 };
    const exercised = new Map<string, number>();
    const bind = new Map<string, number>();
    const dpWith = new Map<string, number>();

    for (let i = 0; counts.checked < 300; i++) {
      const o = variants[i % variants.length];
      const problem = randomConceptProblem(createRng(`concept-diff-${i}`), o);
      if (searchSpace(problem) > BRUTE_FORCE_SPACE) {
        counts.tooLarge++;
        continue;
      }
      // Instances whose chain alone has no sequence say nothing about concepts: another is drawn (and counted).
      if (!solveBruteForce(withoutConcepts(problem))) {
        counts.plainInfeasible++;
        continue;
      }
      counts.checked++;
      const brute = solveBruteForce(problem);
      const answers: Array<{ name: string; r: { selection: Selection } | { infeasible: true } | { limit: true; note: string } | { infeasibleAt: number } }> = [];
      answers.push({ name: "highs", r: await solveMilp(problem, highsBackend()) });
      // In bounded rounds (what large models get): the same answer, ids included.
      if (i % 3 === 0) answers.push({ name: "highs (rounds)", r: await solveMilp(problem, highsBackend(), { bound: "always" }) });
      // javascript-lp-solver's tie-breaking solves over eligibility "any" take seconds (HiGHS answers those).
      if (!o.any) {
        answers.push({ name: "milp", r: await solveMilp(problem, lpSolverBackend()) });
        counts.jsLp++;
      }
      // A primary run that restarts at introductions (scope introduction on its maxRun or on every
      // nonDecreasing of its key) is the dp's too: it may ship a class in two runs, so its answers are
      // checked and branched on (solveDpBranching), and the fewest-moves dp refuses it.
      const runs = dpRuns(problem);
      const introRuns = "introRuns" in runs && runs.introRuns;
      if (dpApplies(problem)) {
        const dp = solveDpBranching(problem);
        answers.push({ name: "dp", r: dp });
        // Both ways of the dp's passes: bounded rounds and range minima everywhere, and neither.
        if (problem.conflicts.length === 0) {
          const dpWay = (o: { bound: "always" | "never"; ranges: "always" | "never" }) => (introRuns ? solveDpBranching(problem, o) : solveDp(problem, o));
          answers.push({ name: "dp (bound, ranges)", r: dpWay({ bound: "always", ranges: "always" }) });
          answers.push({ name: "dp (full, one by one)", r: dpWay({ bound: "never", ranges: "never" }) });
          // The min-moves graph with no reference: the fewest moves (none) within the optimum is the optimum itself.
          if (brute && !introRuns) answers.push({ name: "min-moves graph", r: solveDpMinMoves(problem, { ids: problem.slots.map(() => undefined) }, brute.objective + 1e-9) });
        }
        counts.dp++;
        if (introRuns) {
          counts.dpIntroRuns++;
          if ("selection" in dp) {
            counts.dpIntroFeasible++;
            // The dp path ran: its answer is the dp's, and where the relaxation shipped a class twice, branches were run.
            expect(dp.selection.solver, `instance ${i}`).toBe("dp");
            if ((dp.selection.stats.branches ?? 1) > 1) counts.dpIntroBranched++;
          }
        }
      }
      const rules = rulesOf(problem);
      for (const name of rules) exercised.set(name, (exercised.get(name) ?? 0) + 1);
      if (!brute) {
        counts.infeasible++;
        for (const { name, r } of answers) expect("selection" in r, `instance ${i}: ${name} found a sequence brute force did not`).toBe(false);
        // The diagnosis names a level and a rule; the chain alone has sequences here, so mostly a concept rule.
        const d = diagnoseInfeasible(problem);
        if (/^(introduce|introduceAt|maxNew|practice|quota) /.test(d.constraint)) counts.diagnosedConcept++;
        continue;
      }
      counts.feasible++;

      for (const name of rules) bind.set(name, (bind.get(name) ?? 0) + 1);
      if (dpApplies(problem)) {
        counts.dpFeasible++;
        // The dp picked classes of several members that carry concepts.
        const dp = answers.find((a) => a.name === "dp")!.r as { selection: Selection };
        const classes = candidateClasses(problem);
        if (dp.selection.picks.some((k) => classes.members[classes.classOf[k]].length > 1 && problem.candidates[k].concepts)) counts.dpTied++;
        for (const name of rules) dpWith.set(name, (dpWith.get(name) ?? 0) + 1);
      }
      for (const { name, r } of answers) {
        if (!("selection" in r)) throw new Error(`instance ${i}: ${name} missed a feasible sequence (${JSON.stringify(r)})`);
        expect(r.selection.objective, `instance ${i} ${name}`).toBeCloseTo(brute.objective, 9);
        expect(idsOf(problem, r.selection.picks), `instance ${i} ${name}`).toEqual(idsOf(problem, brute.picks));
        expect(r.selection.status).toBe(name === "min-moves graph" ? "feasible" : "optimal");
        expectValidSelection(problem, r.selection.picks);
      }
    }
    console.log(JSON.stringify({ counts, exercised: Object.fromEntries(exercised), feasibleWith: Object.fromEntries(bind), dpFeasibleWith: Object.fromEntries(dpWith) }));
    // The mix the generator reaches (seeded, so these are exact counts; the floors leave room for a retune).
    expect(counts.tooLarge).toBeLessThanOrEqual(20);
    expect(counts.feasible).toBeGreaterThanOrEqual(160);
    expect(counts.infeasible).toBeGreaterThanOrEqual(100);
    expect(counts.diagnosedConcept).toBeGreaterThanOrEqual(70);
    expect(counts.jsLp).toBeGreaterThanOrEqual(220);
    expect(counts.dp).toBeGreaterThanOrEqual(130);
    expect(counts.dpFeasible).toBeGreaterThanOrEqual(80);
    expect(counts.dpTied).toBeGreaterThanOrEqual(5);
    // Runs that restart at introductions on the dp, where no run that holds there is at hand (today 35,
    // 19 with an answer; the branches on a class shipped twice are intro-runs-differential's).
    expect(counts.dpIntroRuns).toBeGreaterThanOrEqual(30);
    expect(counts.dpIntroFeasible).toBeGreaterThanOrEqual(15);
    for (const name of ["introduce", "introduceAt", "maxNew", "practice", "quota", "quota per chapter", "maxRun(concepts)", "scope introduction"]) {
      expect(exercised.get(name) ?? 0, `instances with ${name}`).toBeGreaterThanOrEqual(25);
      expect(bind.get(name) ?? 0, `feasible instances with ${name}`).toBeGreaterThanOrEqual(20);
      expect(dpWith.get(name) ?? 0, `feasible instances with ${name} the dp took`).toBeGreaterThanOrEqual(8);
    }
  }, 240_000);

  it("the automaton's table and the words of its rules agree: a step is allowed exactly where no rule is named (100 instances)", () => {
    let steps = 0;
    let refused = 0;
    for (let i = 0; i < 100; i++) {
      const problem = randomConceptProblem(createRng(`concept-words-${i}`), variants[i % variants.length]);
      if (!problem.conceptConstraints) continue;
      const a = conceptAutomatonOf(problem);
      if (typeof a === "string") throw new Error(`instance ${i}: ${a}`);
      for (let slot = 0; slot < problem.slots.length; slot++) {
        for (let phi = 0; phi < a.count; phi++) {
          for (let x = 0; x < a.sets; x++) {
            const allowed = conceptStep(a, slot, phi, x) >= 0;
            expect(conceptStepBreaks(problem, a, slot, phi, x).length === 0, `instance ${i} slot ${slot} state ${phi} set ${x}`).toBe(allowed);
            steps++;
            if (!allowed) refused++;
          }
        }
      }
    }
    expect(steps).toBeGreaterThan(5_000);
    expect(refused).toBeGreaterThan(steps / 10);
  });

  it("sets that behave alike under the rules are one class, and the ids still follow the tie rule (40 instances)", async () => {
    let merged = 0;
    let feasible = 0;
    for (let i = 0; i < 40; i++) {
      const problem = alikeConceptProblem(createRng(`concept-alike-${i}`));
      const classes = candidateClasses(problem);
      const setKey = (k: number) => [...(problem.candidates[k].concepts ?? [])].sort().join(";");
      const mixes = classes.members.some((m) => m.some((k) => setKey(k) !== setKey(m[0])));
      if (mixes) merged++;
      const brute = solveBruteForce(problem);
      const answers = [solveDp(problem), solveDp(problem, { bound: "always", ranges: "always" }), await solveMilp(problem, highsBackend())];
      if (!brute) {
        for (const r of answers) expect("selection" in r, `instance ${i}`).toBe(false);
        continue;
      }
      if (mixes) feasible++;
      for (const r of answers) {
        if (!("selection" in r)) throw new Error(`instance ${i}: a solver missed a feasible sequence`);
        expect(r.selection.objective, `instance ${i}`).toBeCloseTo(brute.objective, 9);
        expect(idsOf(problem, r.selection.picks), `instance ${i}`).toEqual(idsOf(problem, brute.picks));
      }
    }
    expect(merged).toBeGreaterThanOrEqual(20);
    expect(feasible).toBeGreaterThanOrEqual(10);
    console.log(JSON.stringify({ merged, feasible }));
  }, 60_000);
});
