import { LevelrampError } from "../io/errors.ts";
import { checkPicks } from "./check-picks.ts";
import { compileMilp, picksFromValues } from "./compile-milp.ts";
import { highsBackend } from "./highs-backend.ts";
import type { MilpBackend } from "./milp-backend.ts";
import { Objective } from "./objective.ts";
import { relaxedReach } from "./relaxed-reach.ts";
import type { Selection, SelectionProblem } from "./selection-problem.ts";

/** A MILP answer, or why there is none. */
export type MilpResult = { selection: Selection } | { infeasible: true } | { limit: true };

/**
 * Solves the selection model with a MILP backend (SPEC 6 `milp` / `highs`),
 * then makes the answer the lexicographically smallest optimal list of ids:
 * with the objective bounded by the optimum (+ half a micro-unit) and earlier
 * slots fixed, blocks of slots are ordered by one integer tie-break objective
 * (slot j weighs the product of the choices of the block's later slots, at most
 * 2^26 in all), so one extra solve settles several slots; slots whose pick is
 * already the smallest eligible id need none. Every answer is re-checked by
 * reading the picks and recomputing the objective exactly.
 *
 * `optimal` is true only when the first solve finished (the backend proved it).
 * A javascript-lp-solver tie-break solve that stalls past `tieBreakBudgetMs`
 * (default 2,000 ms) is answered by HiGHS instead — the same exact question,
 * so the answer does not depend on timing; a HiGHS limit aborts (`limit`),
 * since a tie-break cut short could change the answer.
 *
 * @param options.lexicographic break ties by ids (default true); false skips
 *   the extra solves (benchmarks and objective-only oracles).
 */
export async function solveMilp(
  problem: SelectionProblem,
  backend: MilpBackend,
  options: { lexicographic?: boolean; tieBreakBudgetMs?: number } = {},
): Promise<MilpResult> {
  if (relaxedReach(problem).infeasibleAt >= 0) {
    await backend.close();
    return { infeasible: true };
  }
  const model = compileMilp(problem);
  const obj = new Objective(problem);
  let solves = 1;
  try {
    const first = await backend.solve({ model });
    if (first.status === "infeasible") return { infeasible: true };
    if (first.status === "limit" || !first.values) return { limit: true };
    let picks = picksFromValues(model, (v) => first.values![v]);
    if (!picks) throw new Error(`select/${backend.name}: the solver's answer leaves a slot empty`);
    const costRow = {
      name: "objective_bound",
      terms: model.vars.flatMap((v, i): Array<[number, number]> => (v.cost !== 0 ? [[i, v.cost]] : [])),
      hi: scaledObjective(model, first.values) + 0.5,
    };
    const fixed: number[] = [];
    const S = problem.slots.length;
    const rank = (s: number, c: number) => problem.eligible[s].indexOf(c);
    let s = 0;
    while (options.lexicographic !== false && s < S) {
      if (rank(s, picks[s]) === 0) {
        fixed.push(model.x[s].get(picks[s])!);
        s++;
        continue;
      }
      // A block of slots whose ranks fit one integer objective: slot j weighs
      // the product of (choices + 1) of the block's later slots, so the block's
      // smallest objective is its lexicographically smallest list of ids.
      const block: number[] = [s];
      let span = problem.eligible[s].length;
      while (block[block.length - 1] + 1 < S && span * problem.eligible[block[block.length - 1] + 1].length <= TIE_BREAK_SPAN) {
        const j = block[block.length - 1] + 1;
        span *= problem.eligible[j].length;
        block.push(j);
      }
      const objective = new Map<number, number>();
      let weight = 1;
      for (let k = block.length - 1; k >= 0; k--) {
        const j = block[k];
        problem.eligible[j].forEach((c, r) => objective.set(model.x[j].get(c)!, r * weight));
        weight *= problem.eligible[j].length;
      }
      const request = { model, objective, extraRows: [costRow], fixedOne: fixed.slice() };
      let r = await backend.solve(request, backend.name === "highs" ? undefined : (options.tieBreakBudgetMs ?? 2000));
      solves++;
      if (r.status === "limit" && backend.name !== "highs") {
        // javascript-lp-solver can stall on the degenerate tie-break models;
        // HiGHS answers the same exact question, so the result does not change.
        r = await highsBackend().solve(request);
        solves++;
      }
      if (r.status === "optimal" && r.values) {
        const p = picksFromValues(model, (v) => r.values![v]);
        if (p && lexBefore(problem, p, picks, block)) picks = p;
      } else if (r.status === "limit") {
        // Wall-clock limits may only abort (SPEC 2): never ship a tie-break cut short.
        return { limit: true };
      }
      for (const j of block) fixed.push(model.x[j].get(picks[j])!);
      s = block[block.length - 1] + 1;
    }
    return { selection: finish(problem, obj, picks, backend.name, solves) };
  } finally {
    await backend.close();
  }
}

/** Largest product of choices one tie-break solve orders at once (integer objective ≤ 2^26). */
const TIE_BREAK_SPAN = 2 ** 26;

/** Whether `a` has smaller ids than `b` on the first block slot where they differ. */
function lexBefore(problem: SelectionProblem, a: number[], b: number[], block: number[]): boolean {
  for (const j of block) {
    if (a[j] !== b[j]) return problem.eligible[j].indexOf(a[j]) < problem.eligible[j].indexOf(b[j]);
  }
  return false;
}

function finish(problem: SelectionProblem, obj: Objective, picks: number[], solver: string, solves: number): Selection {
  const broken = checkPicks(problem, picks);
  if (broken.length) {
    throw new LevelrampError(`select/${solver}`, `the solver's answer breaks the model (${broken.slice(0, 3).join("; ")})`, 1);
  }
  return { picks, objective: obj.total(picks), optimal: true, solver, stats: { solves, slots: problem.slots.length } };
}

/** The model's own objective (micro-units) of an answer: Σ cost·value over variables. */
function scaledObjective(model: ReturnType<typeof compileMilp>, values: Float64Array): number {
  let total = 0;
  model.vars.forEach((v, i) => (total += v.cost * (v.binary ? Math.round(values[i]) : values[i])));
  return total;
}
