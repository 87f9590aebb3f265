import { LevelrampError } from "../../io/errors.ts";
import { checkPicks } from "../rules/check-picks.ts";
import { classPicks, compileMilp, idsOfClasses, MICRO, type LinearModel } from "./compile-milp.ts";
import { highsBackend } from "./highs-backend.ts";
import type { MilpAnswer, MilpBackend, MilpRequest, MilpResult } from "./milp-backend.ts";
import { objectiveOf } from "../problem/objective.ts";
import { relaxedReach } from "../rules/relaxed-reach.ts";
import { candidateClassesOf } from "../rules/candidate-classes.ts";
import { milpRounds } from "./milp-rounds.ts";
import { gapOf, makeSelection, type Selection, type SelectionProblem } from "../problem/selection-problem.ts";
import type { SolverLimits } from "../problem/solver-limits.ts";
import { SELECT_DEFAULTS } from "../../io/select-defaults.ts";
import { timeLeft } from "./time-left.ts";

export type { MilpResult } from "./milp-backend.ts";

/** Options of {@link solveMilp}. */
export interface MilpOptions {
  /** Break ties by ids (default true); false skips the extra solves (benchmarks and objective-only oracles). */
  lexicographic?: boolean;
  /** Wall-clock budget of every solve of this call together, seconds (default {@link SELECT_DEFAULTS}`.timeLimitSeconds`, 30). */
  timeLimitSeconds?: number;
  /** Budget of one javascript-lp-solver tie-break solve before HiGHS answers it instead, seconds (default 2). */
  tieBreakBudgetSeconds?: number;
  /** Run the relaxed forward pass first, proving most infeasible models infeasible without a solver (default: for javascript-lp-solver). */
  precheck?: boolean;
  /** Size bounds of the model (default `milp` of models/select/solver.json). */
  limits?: SolverLimits["milp"];
  /**
   * The bounded rounds ({@link milpRounds}): `auto` (default) for models of more than
   * 4,000 class-slot pairs, `always`, `never` (the whole model at once); tests compare them.
   */
  bound?: "auto" | "always" | "never";
}

/** Class-slot pairs (y variables) past which `auto` solves in bounded rounds. */
const ROUNDS_FROM = 4_000;

/**
 * Solves the selection model with a MILP backend (SPEC 6 `milp` / `highs`)
 * over classes of interchangeable candidates ({@link compileMilp}), then makes
 * the answer the lexicographically smallest optimal list of ids.
 *
 * Ties: with the objective bounded by the optimum (+ half a micro-unit) and
 * earlier slots fixed, blocks of slots are ordered by one integer objective
 * (slot j weighs the product of the choices of the block's later slots, at
 * most 2^26 in all); a class's id at a slot is its member at index "uses
 * before the block", so the block's answer is exact up to the first slot that
 * reuses a class picked earlier in the block — slots up to there are fixed,
 * the next block starts at it. Slots whose pick is already the smallest id
 * need no solve. Ids then go to classes in slot order ({@link idsOfClasses}).
 *
 * Large models (more than 4,000 class-slot pairs) are solved in bounded
 * rounds ({@link milpRounds}): only the candidates a lower bound keeps, the
 * bound widening until the answer is proven; the answer and its ids are
 * the whole model's.
 *
 * Status: `optimal` only when the first solve finished (the backend proved
 * it) and every tie-break solve did. A time limit with an incumbent gives a
 * `feasible` answer — re-checked against every constraint — with `bound` (the
 * solver's dual bound when it reports one, else the per-level floor, the
 * larger of the two) and `gap`; a limit during tie-breaking gives `feasible`
 * with the optimum as bound (gap 0). A javascript-lp-solver tie-break solve
 * that stalls past `tieBreakBudgetSeconds` is answered by HiGHS instead — the same
 * exact question, so the answer does not depend on timing.
 *
 * @throws SolverLimitError `select/milp` when the model is too large to build.
 * @throws LevelrampError when an answer breaks the model (a solver bug, never shipped).
 */
export async function solveMilp(problem: SelectionProblem, backend: MilpBackend, options: MilpOptions = {}): Promise<MilpResult> {
  const t0 = performance.now();
  // The one deadline of this call's solves (the first, the rounds', the tie-breaks'): each is given the seconds left.
  const left = timeLeft(options.timeLimitSeconds ?? SELECT_DEFAULTS.timeLimitSeconds);
  try {
    if ((options.precheck ?? backend.name === "milp") && relaxedReach(problem).infeasibleAt >= 0) return { infeasible: true };
    const classes = candidateClassesOf(problem);
    let pairs = 0;
    for (let s = 0; s < problem.slots.length; s++) pairs += classes.lists[classes.listOfSlot[s]].length;
    const bound = options.bound ?? "auto";
    if (bound === "always" || (bound === "auto" && pairs > ROUNDS_FROM)) {
      const r = await milpRounds(problem, (p) => solveOnce(p, backend, options, t0, left));
      return "selection" in r ? { selection: { ...r.selection, stats: { ...r.selection.stats, solveMs: Math.round(performance.now() - t0) } } } : r;
    }
    return await solveOnce(problem, backend, options, t0, left);
  } finally {
    await backend.close();
  }
}

/** One model solved and its ties broken (no rounds, the backend left open); `left`: the seconds left of the call's budget. */
async function solveOnce(problem: SelectionProblem, backend: MilpBackend, options: MilpOptions, t0: number, left: () => number): Promise<MilpResult> {
  {
    const model = compileMilp(problem, options.limits);
    const first = await backend.solve({ model }, left());
    if (first.status === "infeasible") return { infeasible: true };
    let classes = first.values ? classPicks(model, (v) => first.values![v]) : undefined;
    const stats = () => ({ solves, slots: problem.slots.length, classes: model.classes.count, candidates: model.classes.candidates, variables: model.numVars, rows: model.numRows, solveMs: Math.round(performance.now() - t0) });
    let solves = 1;
    if (first.status === "limit") {
      if (!classes) return { limit: true, note: `${solverName(backend)} found no answer within its time limit` };
      return { selection: feasible(problem, model, backend, classes, first, stats(), `${solverName(backend)} time limit`) };
    }
    if (!classes) throw new LevelrampError(`select/${backend.name}`, "the solver's answer leaves a slot empty", 1);
    if (options.lexicographic !== false) {
      const tied = await breakTies(problem, model, backend, classes, first, options, left);
      solves += tied.solves;
      classes = tied.classes;
      if (tied.cutShort) {
        // The first solve proved the objective optimal: the bound is the objective itself (gap 0).
        const s = finish(problem, model, backend, classes, "feasible", stats());
        return { selection: { ...s, bound: s.objective, gap: 0, note: `${solverName(backend)} time limit while breaking ties: the objective is optimal, the smallest ids are not proven` } };
      }
    }
    return { selection: finish(problem, model, backend, classes, "optimal", stats()) };
  }
}

function solverName(backend: MilpBackend): string {
  return backend.name === "highs" ? "HiGHS" : "javascript-lp-solver";
}

/** A `feasible` answer from an incumbent: re-checked, with the best bound known. */
function feasible(problem: SelectionProblem, model: LinearModel, backend: MilpBackend, classes: number[], answer: MilpAnswer, stats: Record<string, number>, note: string): Selection {
  const s = finish(problem, model, backend, classes, "feasible", stats);
  const S = problem.slots.length;
  const margin = (S + 1) * (1 + 2 * problem.objective.evenness) / MICRO; // rounding of micro-unit costs
  const solverBound = answer.bound === undefined ? -Infinity : answer.bound / MICRO - margin;
  const bound = Math.min(s.objective, Math.max(0, perLevelFloor(problem), solverBound));
  return { ...s, bound, gap: gapOf(s.objective, bound), note };
}

/**
 * A lower bound on any sequence's objective: each slot at its cheapest
 * eligible candidate, constraints ignored (Σ for L1/L2, max for Linf).
 */
export function perLevelFloor(problem: SelectionProblem): number {
  const obj = objectiveOf(problem);
  let total = 0;
  problem.slots.forEach((_, s) => {
    let best = Infinity;
    for (const c of problem.eligible[s]) best = Math.min(best, obj.slotCost(s, c));
    if (!Number.isFinite(best)) return;
    total = obj.combine(total, best);
  });
  return total;
}

/** Largest product of choices one tie-break solve orders at once (integer objective ≤ 2^26). */
const TIE_BREAK_SPAN = 2 ** 26;

/** The lexicographically smallest optimal classes (see {@link solveMilp}); `cutShort` when a limit stopped it; `left`: the seconds left. */
async function breakTies(
  problem: SelectionProblem,
  model: LinearModel,
  backend: MilpBackend,
  start: number[],
  first: MilpAnswer,
  options: MilpOptions,
  left: () => number,
): Promise<{ classes: number[]; solves: number; cutShort: boolean }> {
  const S = problem.slots.length;
  const { members } = model.classes;
  const ids = problem.candidates;
  const costRow = {
    name: "objective_bound",
    terms: Array.from(model.cost.keys()).filter((v) => model.cost[v] !== 0).map((v): [number, number] => [v, model.cost[v]]),
    hi: scaledObjective(model, first.values!) + 0.5,
  };
  let picks = start;
  const fixed: number[] = [];
  const uses = new Map<number, number>();
  let solves = 0;
  // Classes of slot j by the id each would ship after the fixed prefix (rank 0 = smallest id).
  const ranked = (j: number): number[] => {
    const vars = Array.from({ length: model.yStart[j + 1] - model.yStart[j] }, (_, k) => model.yStart[j] + k);
    const idOf = (v: number) => members[model.yClass[v]][uses.get(model.yClass[v]) ?? 0];
    return vars.sort((a, b) => {
      const x = idOf(a);
      const y = idOf(b);
      if (x === undefined || y === undefined) return x === undefined ? (y === undefined ? a - b : 1) : -1;
      return ids[x].id < ids[y].id ? -1 : ids[x].id > ids[y].id ? 1 : a - b;
    });
  };
  const varOf = (j: number, c: number) => {
    for (let v = model.yStart[j]; v < model.yStart[j + 1]; v++) if (model.yClass[v] === c) return v;
    throw new Error("select/milp: internal: a pick is not a variable of its slot");
  };
  const fix = (j: number) => {
    fixed.push(varOf(j, picks[j]));
    uses.set(picks[j], (uses.get(picks[j]) ?? 0) + 1);
  };
  let s = 0;
  while (s < S) {
    const order = ranked(s);
    if (model.yClass[order[0]] === picks[s]) {
      fix(s++);
      continue;
    }
    // A block of slots whose ranks fit one integer objective.
    const block: number[] = [s];
    let span = order.length;
    while (block[block.length - 1] + 1 < S && span * (model.yStart[block[block.length - 1] + 2] - model.yStart[block[block.length - 1] + 1]) <= TIE_BREAK_SPAN) {
      const j = block[block.length - 1] + 1;
      span *= model.yStart[j + 1] - model.yStart[j];
      block.push(j);
    }
    const objective = new Map<number, number>();
    let weight = 1;
    for (let k = block.length - 1; k >= 0; k--) {
      const j = block[k];
      const vars = k === 0 ? order : ranked(j);
      vars.forEach((v, r) => objective.set(v, r * weight));
      weight *= vars.length;
    }
    const request: MilpRequest = { model, objective, extraRows: [costRow], fixedOne: fixed.slice() };
    let r = await backend.solve(request, backend.name === "highs" ? left() : Math.min(left(), options.tieBreakBudgetSeconds ?? 2));
    solves++;
    if (r.status === "limit" && backend.name !== "highs" && left() > 0) {
      // javascript-lp-solver can stall on the degenerate tie-break models;
      // HiGHS answers the same exact question, so the result does not change.
      r = await highsBackend().solve(request, left());
      solves++;
    }
    if (r.status !== "optimal" || !r.values) return { classes: picks, solves, cutShort: true };
    const p = classPicks(model, (v) => r.values![v]);
    if (p) picks = p;
    // Exact up to the first block slot that reuses a class picked earlier in the block.
    const seen = new Set<number>();
    let end = block.length;
    for (let k = 0; k < block.length; k++) {
      if (seen.has(picks[block[k]])) {
        end = k;
        break;
      }
      seen.add(picks[block[k]]);
    }
    for (let k = 0; k < end; k++) fix(block[k]);
    s = block[end - 1] + 1;
  }
  return { classes: picks, solves, cutShort: false };
}

/** Ids for the classes, re-checked against the model exactly (SPEC 6 solver notes). */
function finish(problem: SelectionProblem, model: LinearModel, backend: MilpBackend, classes: number[], status: "optimal" | "feasible", stats: Record<string, number>): Selection {
  const picks = idsOfClasses(model.classes, classes);
  const broken = picks ? checkPicks(problem, picks) : ["a class is used more often than it has members"];
  if (broken.length) {
    throw new LevelrampError(`select/${backend.name}`, `the solver's answer breaks the model (${broken.slice(0, 3).join("; ")})`, 1);
  }
  return makeSelection({ picks: picks!, objective: objectiveOf(problem).total(picks!), status, solver: backend.name, stats });
}

/** The model's own objective (micro-units) of an answer: Σ cost·value over variables. */
function scaledObjective(model: LinearModel, values: Float64Array): number {
  let total = 0;
  for (let v = 0; v < model.numVars; v++) total += model.cost[v] * (model.binary[v] ? Math.round(values[v]) : values[v]);
  return total;
}
