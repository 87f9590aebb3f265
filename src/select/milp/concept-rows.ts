import type { ConceptRules } from "../rules/concept-rules.ts";

/** Where a MILP's concept helpers lie (SPEC 12): I[s, t] at `introduced + s·tracked + t`, N[s] at `introduces + s` (−1: none). */
export interface ConceptVars {
  /** First I[s, t]: 1 when tracked concept t (index into `ConceptRules.tracked`) is introduced by slot s (carried at s or before). */
  introduced: number;
  tracked: number;
  /** First N[s]: 1 when slot s's level introduces some concept; −1 when no rule reads it. */
  introduces: number;
  /** Helper variables in all. */
  count: number;
}

/** What {@link conceptRows} adds rows through (compileMilp's row builder and the y layout). */
export interface RowSink {
  add(vars: ArrayLike<number>, coefs: ArrayLike<number> | number, lo: number, hi: number): void;
}

/**
 * The concept helper variables a model needs, laid out from variable index
 * `first` (all binary, cost 0): I[s, t] for each tracked concept, N[s] when
 * `practice` or scope `introduction` reads it.
 */
export function conceptVars(rules: ConceptRules, slots: number, first: number): ConceptVars {
  const tracked = rules.tracked.length;
  const needN = rules.practice > 0 || rules.introScoped;
  const introduces = needN ? first + slots * tracked : -1;
  return { introduced: first, tracked, introduces, count: slots * tracked + (needN ? slots : 0) };
}

/**
 * The concept rules as MILP rows (SPEC 12), by value over y[s, class] (class k
 * of slot s is variable `yStart[s] + k`, carrying the concepts of
 * `setOfVar(v)`). With a[s, k] = Σ y[s, c] over classes c carrying k:
 *
 * - I[s, t] = I[s−1, t] OR a[s, t]: I ≥ I_prev, I ≥ a, I ≤ I_prev + a (I[−1] = 0);
 *   exact for 0/1 y, so I is 1 exactly from the level that introduces t on;
 * - `introduce` c1 .. cK: I[s, c_k] ≤ I[s, c_{k−1}] (c_k only once c_{k−1}
 *   is introduced, by that level or before; by induction all before it);
 * - `introduceAt`: a[s, k] = 0 at slots numbered below `from`; I[s_to, k] = 1
 *   at the slot the deadline falls on;
 * - `maxNew`: Σ_t (I[s, t] − I[s−1, t]) ≤ by;
 * - N[s] = 1 exactly when some I[s, t] − I[s−1, t] is 1 (N ≥ each, N ≤ their sum);
 *   `practice` P: every P + 1 consecutive slots hold at most one N;
 * - `quota`: min ≤ Σ a[s, k] ≤ max over the selection, or over each chapter's slots.
 *
 * Rows no answer could break (a quota's max above its slots, a `maxNew` above
 * any slot's largest set) are left out.
 */
export function conceptRows(rules: ConceptRules, slots: ReadonlyArray<{ chapter: number }>, yStart: Int32Array, setOfVar: (v: number) => number, vars: ConceptVars, rows: RowSink): void {
  const S = slots.length;
  const T = vars.tracked;
  const I = (s: number, t: number) => vars.introduced + s * T + t;
  const carrying = (s: number, k: number): number[] => {
    const out: number[] = [];
    for (let v = yStart[s]; v < yStart[s + 1]; v++) if (hasConcept(rules.sets.sets[setOfVar(v)], k)) out.push(v);
    return out;
  };
  // 1. I[s, t]: introduced by slot s.
  rules.tracked.forEach((k, t) => {
    for (let s = 0; s < S; s++) {
      const a = carrying(s, k);
      if (s === 0) {
        rows.add([I(0, t), ...a], [1, ...a.map(() => -1)], 0, 0);
        continue;
      }
      if (a.length === 0) {
        rows.add([I(s, t), I(s - 1, t)], [1, -1], 0, 0);
        continue;
      }
      rows.add([I(s, t), I(s - 1, t)], [1, -1], 0, Infinity);
      rows.add([I(s, t), ...a], [1, ...a.map(() => -1)], 0, Infinity);
      rows.add([I(s, t), I(s - 1, t), ...a], [1, -1, ...a.map(() => -1)], -Infinity, 0);
    }
  });
  const tIndex = new Map(Array.from(rules.tracked, (k, t) => [k, t]));
  // 2. introduce orders: each concept only once the one before it is introduced.
  for (const order of rules.orders) {
    for (let j = 1; j < order.length; j++) {
      const p = tIndex.get(order[j - 1])!;
      const q = tIndex.get(order[j])!;
      for (let s = 0; s < S; s++) rows.add([I(s, q), I(s, p)], [1, -1], -Infinity, 0);
    }
  }
  // 3. introduceAt: not carried before `from`; introduced by the deadline's slot.
  for (let s = 0; s < S; s++) {
    for (const k of rules.forbidden[s] ?? []) {
      const a = carrying(s, k);
      if (a.length > 0) rows.add(a, 1, -Infinity, 0);
    }
    for (const k of rules.deadlines[s] ?? []) rows.add([I(s, tIndex.get(k)!)], 1, 1, Infinity);
  }
  // 4. maxNew and N: the new concepts of slot s are I[s, ·] − I[s−1, ·].
  const newTerms = (s: number): { vars: number[]; coefs: number[] } => {
    const v: number[] = [];
    const c: number[] = [];
    for (let t = 0; t < T; t++) {
      v.push(I(s, t));
      c.push(1);
      if (s > 0) {
        v.push(I(s - 1, t));
        c.push(-1);
      }
    }
    return { vars: v, coefs: c };
  };
  if (rules.maxNew < Infinity) {
    for (let s = 0; s < S; s++) {
      let largest = 0;
      for (let v = yStart[s]; v < yStart[s + 1]; v++) largest = Math.max(largest, rules.sets.sets[setOfVar(v)].length);
      if (largest <= rules.maxNew) continue;
      const { vars: v, coefs } = newTerms(s);
      rows.add(v, coefs, -Infinity, rules.maxNew);
    }
  }
  if (vars.introduces >= 0) {
    for (let s = 0; s < S; s++) {
      const n = vars.introduces + s;
      for (let t = 0; t < T; t++) rows.add(s > 0 ? [n, I(s, t), I(s - 1, t)] : [n, I(s, t)], s > 0 ? [1, -1, 1] : [1, -1], 0, Infinity);
      const { vars: v, coefs } = newTerms(s);
      rows.add([n, ...v], [1, ...coefs.map((x) => -x)], -Infinity, 0);
    }
    // practice: at most one introduction in any P + 1 consecutive slots.
    const P = rules.practice;
    if (P > 0 && S > 1) {
      for (let w = 0; w === 0 || w + P < S; w++) {
        const window: number[] = [];
        for (let s = w; s <= Math.min(w + P, S - 1); s++) window.push(vars.introduces + s);
        rows.add(window, 1, -Infinity, 1);
      }
    }
  }
  // 5. quotas, over the selection or each chapter.
  for (const q of rules.quotas) {
    let from = 0;
    for (let s = 0; s < S; s++) {
      if (q.perChapter ? !rules.chapterEnd[s] : s < S - 1) continue;
      const terms: number[] = [];
      for (let j = from; j <= s; j++) terms.push(...carrying(j, q.concept));
      const span = s - from + 1;
      // No level here can carry it and some must: a row no answer meets (one pick per slot, so never two).
      if (terms.length === 0 && q.min > 0) rows.add(Array.from({ length: yStart[from + 1] - yStart[from] }, (_, k) => yStart[from] + k), 1, 2, Infinity);
      else if (q.min > 0 || q.max < Math.min(span, terms.length)) rows.add(terms, 1, q.min, q.max);
      from = s + 1;
    }
  }
}

/** Whether a set's ascending concept ids hold `k`. */
function hasConcept(set: Int32Array, k: number): boolean {
  let lo = 0;
  let hi = set.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (set[mid] < k) lo = mid + 1;
    else hi = mid;
  }
  return lo < set.length && set[lo] === k;
}
