import type { LevelsFile } from "../../io/schemas/levels.ts";
import { isConceptConstraint } from "../../io/concepts/is-concept-constraint.ts";
import { describeBounds, withinBounds } from "../problem/build-problem.ts";
import type { ChainConstraint, SelectionProblem } from "../problem/selection-problem.ts";
import { levelsStatus } from "../problem/levels-file.ts";
import { objectiveOf, objectiveTolerance } from "../problem/objective.ts";
import { dpApplies, solveDp } from "../dp/solve-dp.ts";
import { SolverLimitError } from "../problem/solver-limits.ts";

/** What `verify` could re-derive of a levels file's status (SPEC 6 status). */
export interface StatusCheck {
  /** The status the file states (files before statuses: from `optimal`). */
  claimed: "optimal" | "feasible";
  /** Whether the claim was re-derived (a file claiming `optimal` re-solved with the dp). */
  rederived: boolean;
  ok: boolean;
  /** One sentence for the designer. */
  message: string;
  /** When a better order exists: its objective and the first level that differs. */
  better?: { objective: number; level: number; id: string; instead: string };
}

/**
 * The shipped levels of a file as a selection problem: its levels are both the
 * slots (their numbers, chapters, parts and stored targets) and the
 * candidates; levels the file lists as `fixed` and levels a model `pin` names
 * keep their slot; the others may go to any slot (`eligibility: "any"`) or
 * any slot of their chapter and part; `bounds` narrow as in the selection.
 */
export function problemOfLevels(file: LevelsFile): SelectionProblem {
  const { model } = file;
  const levels = file.levels;
  const pins = new Map<number, string>();
  for (const c of model.constraints) if (c.type === "pin") pins.set(c.level, c.id);
  const kinds = new Map((file.fixed ?? []).map((f) => [f.level, f.kind]));
  const fixed = levels.map((l) => {
    const kind = kinds.get(l.number) ?? (pins.get(l.number) === l.id ? "pin" : undefined);
    return kind ? { kind, source: "the levels file" } : undefined;
  });
  const byId = (a: number, b: number) => (levels[a].id < levels[b].id ? -1 : levels[a].id > levels[b].id ? 1 : a - b);
  const free = levels.map((_, k) => k).filter((k) => !fixed[k]).sort(byId);
  const bounds = model.constraints.filter((c): c is Extract<typeof c, { type: "bounds" }> => c.type === "bounds");
  // The free levels of each chapter and part, in one pass (a filter of the whole file per slot made verify quadratic).
  const partOf = (l: { chapter: number; part: number }) => `${l.chapter}/${l.part}`;
  const byPart = new Map<string, number[]>();
  if (model.eligibility !== "any") {
    for (const k of free) {
      const key = partOf(levels[k]);
      const list = byPart.get(key);
      if (list) list.push(k);
      else byPart.set(key, [k]);
    }
  }
  // A slot's list: its part's (or every free level), narrowed by the bounds that hold at its number; one list
  // per part and set of bounds, shared by the slots that see it (none of the problem's users changes a list).
  const narrowed = new Map<string, { list: number[]; by: string[] | undefined }>();
  const narrow = (start: number[], holding: number[]) => {
    let list = start;
    let by: string[] | undefined;
    for (const i of holding) {
      const b = bounds[i];
      const kept = list.filter((k) => withinBounds(levels[k].metrics[b.key], b));
      if (kept.length < list.length) (by ??= []).push(describeBounds(b));
      list = kept;
    }
    return { list, by };
  };
  const narrowedBy: Array<string[] | undefined> = levels.map(() => undefined);
  const eligible = levels.map((l, s) => {
    const holding: number[] = [];
    bounds.forEach((b, i) => {
      if (l.number >= (b.from ?? 1) && l.number <= (b.to ?? Infinity)) holding.push(i);
    });
    const part = model.eligibility === "any" ? "" : partOf(l);
    const start = fixed[s] ? [s] : model.eligibility === "any" ? free : (byPart.get(part) ?? []);
    if (holding.length === 0) return start;
    const key = `${part}|${holding.join(",")}`;
    let cut = fixed[s] ? undefined : narrowed.get(key);
    if (!cut) {
      cut = narrow(start, holding);
      if (!fixed[s]) narrowed.set(key, cut);
    }
    narrowedBy[s] = cut.by && [...cut.by];
    return cut.list;
  });
  const index = new Map(levels.map((l, k) => [l.id, k]));
  const conflicts: Array<[number, number]> = [];
  for (const c of model.constraints) {
    if (c.type !== "conflict") continue;
    const ks = c.ids.map((id) => index.get(id)).filter((k): k is number => k !== undefined);
    for (let a = 0; a < ks.length; a++) for (let b = a + 1; b < ks.length; b++) conflicts.push([ks[a], ks[b]]);
  }
  return {
    metric: model.metric,
    slots: levels.map((l) => ({ number: l.number, chapter: l.chapter, part: l.part, target: l.target })),
    candidates: levels.map((l) => ({ id: l.id, chapter: l.chapter, part: l.part, metrics: l.metrics, ...(l.concepts?.length ? { concepts: l.concepts } : {}) })),
    eligible,
    chain: model.constraints.filter((c): c is ChainConstraint => ["nonDecreasing", "maxRise", "maxDrop", "maxRun"].includes(c.type)),
    conceptConstraints: model.constraints.filter(isConceptConstraint),
    conflicts,
    objective: model.objective,
    fixed,
    narrowedBy,
  };
}

/**
 * Re-derives a levels file's status where it can (SPEC 6 status; `verify`).
 * A file that says `optimal` is re-solved with the dp over its own levels
 * (when the model is chain-shaped): if some other order of the same levels
 * under the same model is better, the claim is refused. (The pool is not in
 * the file, so a better level it did not ship cannot be seen: passing means
 * "no better order of these levels", not a full proof.) Files written before
 * statuses (no `status`) do not mark their fixed levels and are not re-solved.
 * A `feasible` file's bound must not exceed its objective.
 */
export function recheckStatus(file: LevelsFile): StatusCheck {
  const claimed = levelsStatus(file);
  const problem = problemOfLevels(file);
  const own = objectiveOf(problem).total(problem.slots.map((_, s) => s));
  const tol = objectiveTolerance(own);
  if (file.bound !== undefined && file.bound > file.objective + objectiveTolerance(file.objective) + 1e-6) {
    return { claimed, rederived: false, ok: false, message: `the stated bound ${file.bound} is above the objective ${file.objective}: no answer can beat its own lower bound` };
  }
  if (claimed !== "optimal") {
    return { claimed, rederived: false, ok: true, message: `feasible, not proven optimal${file.note ? ` (${file.note})` : ""}: nothing to re-derive` };
  }
  if (file.status === undefined) {
    return { claimed, rederived: false, ok: true, message: "optimal as stated; not re-derived (a file from before statuses does not mark its fixed levels)" };
  }
  if (!dpApplies(problem)) {
    return { claimed, rederived: false, ok: true, message: "optimal as stated; not re-derived (the model is not chain-shaped, so the dp cannot re-solve it)" };
  }
  let r: ReturnType<typeof solveDp>;
  try {
    r = solveDp(problem);
  } catch (err) {
    if (!(err instanceof SolverLimitError)) throw err;
    return { claimed, rederived: false, ok: true, message: `optimal as stated; not re-derived (${err.message})` };
  }
  if (!("selection" in r) || r.selection.objective >= own - tol) {
    return { claimed, rederived: true, ok: true, message: `optimal: no other order of these ${file.levels.length} levels is better (re-solved with the dp; the pool is not in the file)` };
  }
  const s = r.selection.picks.findIndex((c, k) => c !== k);
  const better = { objective: r.selection.objective, level: file.levels[s].number, id: file.levels[r.selection.picks[s]].id, instead: file.levels[s].id };
  return {
    claimed,
    rederived: true,
    ok: false,
    message: `the file says optimal, but another order of the same levels reaches objective ${better.objective.toFixed(6)} < ${own.toFixed(6)} (from level ${better.level}: ${better.id} instead of ${better.instead})`,
    better,
  };
}
