import { tableOf } from "../../io/csv/candidate-table.ts";
import { roundMetric } from "../../io/round-metric.ts";
import type { LevelsFile, ShippedLevel } from "../../io/schemas/levels.ts";
import type { Model } from "../../io/schemas/model.ts";
import type { Pool } from "../../io/schemas/pool.ts";
import type { Ramp } from "../../io/schemas/ramp.ts";
import type { BuiltProblem } from "./build-problem.ts";
import { candidateValues } from "./candidate-columns.ts";
import type { Selection } from "./selection-problem.ts";

/**
 * Pool coverage of one slot (issue "release loop"): the signed deviation of the
 * candidate closest to the slot's target among every candidate its
 * eligibility admits (pins and keeps aside; dropped and excluded ones out). A
 * shipped |deviation| above it means the constraints cost something there; equal
 * means the pool itself is the limit. Of two equally close, the one below the
 * target. O(log n) per slot after one sort per distinct list.
 */
export function bestDeviation(built: BuiltProblem, slot: number, metric: string): number {
  const target = built.problem.slots[slot].target;
  const sorted = sortedValues(built, built.open[slot], metric);
  // The closest value is a neighbour of the target in sorted order (v − t is monotone in v):
  // the largest value below it and the smallest at or above it; a tie goes to the one below.
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < target) lo = mid + 1;
    else hi = mid;
  }
  let best = Infinity;
  for (const k of [lo - 1, lo]) {
    if (k < 0 || k >= sorted.length) continue;
    const d = sorted[k] - target;
    if (Math.abs(d) < Math.abs(best) || (Math.abs(d) === Math.abs(best) && d < best)) best = d;
  }
  return Number.isFinite(best) ? roundMetric(best) : 0;
}

const sortedCache = new WeakMap<readonly number[], Map<string, Float64Array>>();

/** The metric values of a candidate list, ascending: made once per (list, metric) — slots share their lists. */
function sortedValues(built: BuiltProblem, list: readonly number[], metric: string): Float64Array {
  let byMetric = sortedCache.get(list);
  if (!byMetric) sortedCache.set(list, (byMetric = new Map()));
  let sorted = byMetric.get(metric);
  if (!sorted) {
    const values = candidateValues(built.problem, metric);
    sorted = new Float64Array(list.length);
    for (let i = 0; i < list.length; i++) sorted[i] = values[list[i]];
    sorted.sort();
    byMetric.set(metric, sorted);
  }
  return sorted;
}

/**
 * The levels file of a selection (SPEC 3 `levelramp/levels@1`): model and ramp
 * embedded in full; per level its number, chapter and part (of the slot), id,
 * metrics, target, deviation = value − target (6 decimals), pool coverage
 * (`bestDeviation`, {@link bestDeviation}), rules, concepts (SPEC 12), and for
 * game levels the body and stored solution; `plan`: the plan's parts the
 * file fills (first..last level of each), which verify checks numbers,
 * chapters and parts against.
 */
export function toLevelsFile(args: {
  built: BuiltProblem;
  selection: Selection;
  pool: Pool;
  model: Model;
  ramp: Ramp;
}): LevelsFile {
  const { built, selection, pool, model, ramp } = args;
  const { problem } = built;
  const levels: ShippedLevel[] = selection.picks.map((c, s) => {
    const slot = problem.slots[s];
    const cand = built.candidateOf(c);
    const src = built.sourceOf(c);
    // A CSV pool (a table) carries no rules, bodies or solutions: its candidates are not made for this.
    const table = tableOf(pool);
    const from = src.kind === "kept" ? src.level : table ? undefined : pool.candidates[src.index];
    // Concepts (SPEC 12) come from a kept level, the table's column or a candidate.
    const concepts = src.kind === "pool" && table ? table.concepts?.[src.index] : from?.concepts;
    const value = cand.metrics[model.metric];
    const out: ShippedLevel = {
      number: slot.number,
      chapter: slot.chapter,
      part: slot.part,
      id: cand.id,
      metrics: cand.metrics,
      target: slot.target,
      deviation: roundMetric(value - slot.target),
      bestDeviation: bestDeviation(built, s, model.metric),
    };
    if (from?.rules && from.rules.length) out.rules = from.rules;
    if (concepts && concepts.length) out.concepts = [...concepts];
    if (from?.level !== undefined) out.level = from.level;
    if (from?.solution !== undefined) out.solution = from.solution;
    return out;
  });
  return {
    format: "levelramp/levels@1",
    game: pool.game,
    seed: pool.seed ?? null,
    model,
    ramp,
    objective: roundMetric(selection.objective),
    status: selection.status,
    optimal: selection.status === "optimal",
    ...(selection.bound !== undefined ? { bound: roundMetric(selection.bound), gap: roundMetric(selection.gap ?? 0) } : {}),
    ...(selection.optimum !== undefined ? { optimum: roundMetric(selection.optimum), tolerance: selection.tolerance } : {}),
    ...(selection.note ? { note: selection.note } : {}),
    ...(problem.fixed.some(Boolean) ? { fixed: problem.slots.flatMap((slot, s) => (problem.fixed[s] ? [{ level: slot.number, kind: problem.fixed[s]!.kind }] : [])) } : {}),
    solver: selection.solver,
    plan: { parts: planParts(problem.slots) },
    levels,
  };
}

/** The slots as the plan's parts they belong to: chapter, part, first and last level number (slots are in level order). */
function planParts(slots: ReadonlyArray<{ number: number; chapter: number; part: number }>): Array<{ chapter: number; part: number; first: number; last: number }> {
  const parts: Array<{ chapter: number; part: number; first: number; last: number }> = [];
  for (const s of slots) {
    const p = parts[parts.length - 1];
    if (p && p.chapter === s.chapter && p.part === s.part && p.last + 1 === s.number) p.last = s.number;
    else parts.push({ chapter: s.chapter, part: s.part, first: s.number, last: s.number });
  }
  return parts;
}

/** A levels file's status: its `status`, or for files written before statuses, `optimal` read as one. */
export function levelsStatus(file: Pick<LevelsFile, "status" | "optimal">): "optimal" | "feasible" {
  return file.status ?? (file.optimal ? "optimal" : "feasible");
}

/**
 * One line for a status, e.g. `optimal (proven)`, `feasible (bound 12.5, gap
 * 3.1%): HiGHS time limit`, `feasible: within 0.5 of the optimum 41.2`.
 */
export function describeStatus(s: { status?: "optimal" | "feasible"; optimal: boolean; bound?: number; gap?: number; optimum?: number; tolerance?: number; note?: string }): string {
  const status = levelsStatus(s);
  if (status === "optimal") return "optimal (proven)";
  const parts: string[] = [];
  if (s.bound !== undefined) parts.push(`bound ${s.bound}, gap ${((s.gap ?? 0) * 100).toFixed(2)}%`);
  if (s.optimum !== undefined) parts.push(`within ${s.tolerance ?? 0} of the optimum ${s.optimum}`);
  return `feasible, not proven optimal${parts.length ? ` (${parts.join("; ")})` : ""}${s.note ? `: ${s.note}` : ""}`;
}
