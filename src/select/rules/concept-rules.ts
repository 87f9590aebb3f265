import { candidateConcepts } from "../problem/candidate-columns.ts";
import type { ConceptSets } from "../problem/concept-sets.ts";
import type { SelectionProblem } from "../problem/selection-problem.ts";
import { chainRulesOf } from "./chain-rules.ts";
import type { ConceptConstraint } from "../../io/schemas/model.ts";

/** A `quota` over concept ids: how many levels carry `concept`, in the selection or in each chapter. */
export interface ConceptQuota {
  constraint: ConceptConstraint & { type: "quota" };
  concept: number;
  min: number;
  /** Infinity when the quota has no max. */
  max: number;
  perChapter: boolean;
}

/**
 * A problem's concept rules (SPEC 12) over concept ids, as the solvers read
 * them (the checker, `conceptBreaks`, reads the names and shares none of
 * this). Concept ids are those of the candidates' interned sets; a concept
 * the model names that no candidate carries (a game's own, refused otherwise
 * by `buildProblem`) gets an id after them, carried by no set.
 *
 * "Introduced so far" is kept for the `tracked` concepts only: every concept
 * when a rule reads whether a level introduces anything at all (`maxNew`,
 * `practice`, scope `introduction`); else the concepts of `introduce` orders
 * and of `introduceAt` deadlines. Concepts nothing reads stay free.
 */
export interface ConceptRules {
  sets: ConceptSets;
  /** Every concept name by id: the sets' names, then the model's names no candidate carries. */
  names: string[];
  /** `introduce` orders as concept ids. */
  orders: Int32Array[];
  /** Smallest `maxNew` (Infinity when none). */
  maxNew: number;
  /** Largest `practice` (0 when none). */
  practice: number;
  quotas: ConceptQuota[];
  /** Whether some chain rule is scoped to introductions. */
  introScoped: boolean;
  /** Whether whether-a-level-introduces is read (maxNew, practice, scope introduction): then every concept is tracked. */
  readsIntroductions: boolean;
  /** The concept ids whose introduction is kept, ascending. */
  tracked: Int32Array;
  /**
   * Per slot, the concept ids no level at that slot may carry: an
   * `introduceAt` whose `from` is above the slot's number (SPEC 12: the
   * concept comes at a level numbered from..to). `undefined` where none.
   */
  forbidden: Array<Int32Array | undefined>;
  /**
   * Per slot, the concept ids that must be introduced once that slot is
   * filled: an `introduceAt` with `to`, at the last slot numbered `to` or
   * below, when the selection reaches level `to` (a window that closes before
   * the first slot, or after the last, asks nothing here). `undefined` where none.
   */
  deadlines: Array<Int32Array | undefined>;
  /** Per slot, 1 where a chapter starts (its chapter differs from the slot before's): chapter quotas count afresh. */
  chapterStart: Uint8Array;
  /** Per slot, 1 where a chapter ends (the last slot, or the next slot's chapter differs): chapter quotas' `min` is due. */
  chapterEnd: Uint8Array;
  /** More levels follow the last slot (see `SelectionProblem.openEnd`): no quota's min is due there. */
  openEnd: boolean;
  /** Whether anything here reads concepts at all (a concept rule, or scope introduction); `maxRun(concepts)` is a plain run rule. */
  active: boolean;
}

/** Whether a problem has concept rules for the solvers to keep (a concept constraint, or a chain rule scoped to introductions); `maxRun(concepts)` alone is a plain run rule. */
export function hasConceptRules(problem: Pick<SelectionProblem, "chain" | "conceptConstraints">): boolean {
  return (problem.conceptConstraints?.length ?? 0) > 0 || problem.chain.some((c) => c.scope === "introduction");
}

const cache = new WeakMap<object, ConceptRules>();

/** {@link conceptRules}, once per problem object. */
export function conceptRulesOf(problem: SelectionProblem): ConceptRules {
  let r = cache.get(problem);
  if (!r) cache.set(problem, (r = conceptRules(problem)));
  return r;
}

/** Compiles a problem's concept rules over concept ids (see {@link ConceptRules}); throws nothing. */
export function conceptRules(problem: SelectionProblem): ConceptRules {
  const sets = candidateConcepts(problem);
  const constraints = problem.conceptConstraints ?? [];
  const names = sets.names.slice();
  const idOf = new Map(sets.idOf);
  const id = (name: string): number => {
    let k = idOf.get(name);
    if (k === undefined) {
      k = names.length;
      names.push(name);
      idOf.set(name, k);
    }
    return k;
  };
  const S = problem.slots.length;
  const introScoped = chainRulesOf(problem).introScoped;
  let maxNew = Infinity;
  let practice = 0;
  const orders: Int32Array[] = [];
  const quotas: ConceptQuota[] = [];
  // introduceAt windows, merged per concept (the schema refuses windows that do not meet).
  const windows = new Map<number, { from: number; to: number }>();
  for (const c of constraints) {
    if (c.type === "introduce") orders.push(Int32Array.from(c.order, id));
    else if (c.type === "maxNew") maxNew = Math.min(maxNew, c.by);
    else if (c.type === "practice") practice = Math.max(practice, c.levels);
    else if (c.type === "quota") quotas.push({ constraint: c, concept: id(c.concept), min: c.min ?? 0, max: c.max ?? Infinity, perChapter: c.scope === "chapter" });
    else {
      const k = id(c.concept);
      const w = windows.get(k) ?? { from: 1, to: Infinity };
      windows.set(k, { from: Math.max(w.from, c.from ?? 1), to: Math.min(w.to, c.to ?? Infinity) });
    }
  }
  const forbidden: Array<Int32Array | undefined> = new Array(S).fill(undefined);
  const deadlines: Array<Int32Array | undefined> = new Array(S).fill(undefined);
  const due = new Set<number>();
  if (S > 0) {
    const first = problem.slots[0].number;
    const last = problem.slots[S - 1].number;
    for (const [k, w] of windows) {
      for (let s = 0; s < S && problem.slots[s].number < w.from; s++) forbidden[s] = push(forbidden[s], k);
      if (w.to === Infinity || w.to < first || w.to > last) continue;
      let s = 0;
      while (s + 1 < S && problem.slots[s + 1].number <= w.to) s++;
      deadlines[s] = push(deadlines[s], k);
      due.add(k);
    }
  }
  const readsIntroductions = maxNew < Infinity || practice > 0 || introScoped;
  const trackedSet = new Set<number>(due);
  if (readsIntroductions) for (let k = 0; k < names.length; k++) trackedSet.add(k);
  for (const o of orders) for (const k of o) trackedSet.add(k);
  const chapterStart = new Uint8Array(S);
  const chapterEnd = new Uint8Array(S);
  for (let s = 0; s < S; s++) {
    if (s > 0 && problem.slots[s].chapter !== problem.slots[s - 1].chapter) chapterStart[s] = 1;
    if (s === S - 1 ? !problem.openEnd : problem.slots[s + 1].chapter !== problem.slots[s].chapter) chapterEnd[s] = 1;
  }
  return {
    sets, names, orders, maxNew, practice, quotas, introScoped, readsIntroductions,
    tracked: Int32Array.from(trackedSet).sort(),
    forbidden, deadlines, chapterStart, chapterEnd,
    openEnd: problem.openEnd === true,
    active: constraints.length > 0 || introScoped,
  };
}

function push(list: Int32Array | undefined, k: number): Int32Array {
  if (!list) return Int32Array.of(k);
  if (list.includes(k)) return list;
  const out = new Int32Array(list.length + 1);
  out.set(list);
  out[list.length] = k;
  return out.sort();
}
