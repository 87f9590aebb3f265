import { firstWidth, keptLists, slotBounds, type BoundsContext } from "../dp/slot-bounds.ts";
import { objectiveOf, objectiveTolerance } from "../problem/objective.ts";
import { gapOf, type Selection, type SelectionProblem } from "../problem/selection-problem.ts";
import { candidateClassesOf } from "../rules/candidate-classes.ts";
import { relaxedReach } from "../rules/relaxed-reach.ts";
import type { MilpResult } from "./milp-backend.ts";

/** How much wider each round's bound is than the one before. */
const WIDEN = 4;

/**
 * The MILP over only the candidates a lower bound keeps, in widening rounds
 * (SPEC 6, as the dp's bounded rounds do it): every piece of the objective is
 * ≥ 0, so a sequence through class c at slot i costs at least LB(i, c) =
 * cost(i, c) + Σ over the other slots of their least cost (`slotBounds`).
 * Round r keeps, per slot, the candidates of classes with LB ≤ T = floor +
 * width·4^r and solves that smaller model (`solveOnce`):
 *
 * - an answer v ≤ T − tol is the optimum, proven, and its tie-break is the
 *   full model's — every sequence within the tie tolerance of the optimum
 *   costs ≤ T, so none was dropped;
 * - an answer above that is a feasible cost: one more round at T = v + 2·tol proves it;
 * - no answer (the relaxed reach pass, or the solver, says so) widens the bound;
 *   a round that would keep every candidate solves the full model.
 *
 * A time limit inside a round gives its incumbent as a `feasible` answer,
 * whose bound is the smaller of the round's own and T (a sequence the round
 * dropped costs more than T).
 *
 * @returns what the last model solved says, with `stats.rounds` and `stats.kept` (y variables of the last round).
 */
export async function milpRounds(problem: SelectionProblem, solveOnce: (p: SelectionProblem) => Promise<MilpResult>): Promise<MilpResult> {
  const classes = candidateClassesOf(problem);
  const ctx: BoundsContext = { obj: objectiveOf(problem), classes, rep: Int32Array.from(classes.members, (m) => m[0]), mult: Int32Array.from(classes.members, (m) => m.length), problem };
  const bounds = slotBounds(ctx);
  let rounds = 0;
  const round = async (limit: number): Promise<{ result: MilpResult; all: boolean }> => {
    const kept = keptLists(ctx, bounds, limit);
    if (kept.all) return { result: await solveOnce(problem), all: true };
    rounds++;
    const keep = kept.lists.map((list) => new Set(list));
    const sub: SelectionProblem = { ...problem, eligible: problem.eligible.map((list, s) => list.filter((k) => keep[kept.listOfSlot[s]].has(classes.classOf[k]))) };
    if (sub.eligible.some((l) => l.length === 0) || relaxedReach(sub).infeasibleAt >= 0) return { result: { infeasible: true }, all: false };
    return { result: await solveOnce(sub), all: false };
  };
  const stamp = (r: MilpResult, limit: number, all: boolean): MilpResult => {
    if (!("selection" in r)) return r;
    const s: Selection = { ...r.selection, stats: { ...r.selection.stats, rounds } };
    // A dropped sequence costs more than the limit: the full optimum is at least the smaller of the two.
    if (!all && s.status === "feasible" && s.bound !== undefined) {
      const bound = Math.min(s.bound, limit);
      return { selection: { ...s, bound, gap: gapOf(s.objective, bound) } };
    }
    return { selection: s };
  };
  for (let width = firstWidth(bounds, bounds.floor); ; width *= WIDEN) {
    const limit = bounds.floor + width;
    const { result, all } = await round(limit);
    if (all || "limit" in result) return stamp(result, limit, all);
    if ("infeasible" in result) continue;
    const v = result.selection.objective;
    if (result.selection.status !== "optimal" || v + objectiveTolerance(v) <= limit) return stamp(result, limit, false);
    // A feasible cost above the limit: one more round at it proves the optimum.
    const proofLimit = v + 2 * objectiveTolerance(v);
    const proof = await round(proofLimit);
    return stamp(proof.result, proofLimit, proof.all);
  }
}
