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
  const b = new ConceptRowBuilder(rules, slots.length, yStart, setOfVar, vars, rows);
  b.introduced();
  b.orders();
  b.windows();
  b.maxNew();
  b.introductions();
  b.quotas();
}

/** The rows of {@link conceptRows}, one kind of rule per method. */
class ConceptRowBuilder {
  private readonly T: number;
  private readonly tIndex: Map<number, number>;

  constructor(
    private readonly rules: ConceptRules,
    private readonly S: number,
    private readonly yStart: Int32Array,
    private readonly setOfVar: (v: number) => number,
    private readonly vars: ConceptVars,
    private readonly rows: RowSink,
  ) {
    this.T = vars.tracked;
    this.tIndex = new Map(Array.from(rules.tracked, (k, t) => [k, t]));
  }

  /** Variable I[s, t]. */
  private I(s: number, t: number): number {
    return this.vars.introduced + s * this.T + t;
  }

  /** The y variables of slot s whose class carries concept k: a[s, k]'s terms. */
  private carrying(s: number, k: number): number[] {
    const out: number[] = [];
    for (let v = this.yStart[s]; v < this.yStart[s + 1]; v++) if (hasConcept(this.rules.sets.sets[this.setOfVar(v)], k)) out.push(v);
    return out;
  }

  /** The new concepts of slot s as terms: Σ_t I[s, t] − I[s−1, t]. */
  private newTerms(s: number): { vars: number[]; coefs: number[] } {
    const vars: number[] = [];
    const coefs: number[] = [];
    for (let t = 0; t < this.T; t++) {
      vars.push(this.I(s, t));
      coefs.push(1);
      if (s > 0) {
        vars.push(this.I(s - 1, t));
        coefs.push(-1);
      }
    }
    return { vars, coefs };
  }

  /** I[s, t] = I[s−1, t] OR a[s, t] (I[−1] = 0); where slot s cannot carry t, I[s, t] = I[s−1, t]. */
  introduced(): void {
    const { rows } = this;
    this.rules.tracked.forEach((k, t) => {
      for (let s = 0; s < this.S; s++) {
        const a = this.carrying(s, k);
        const minus = a.map(() => -1);
        if (s === 0) rows.add([this.I(0, t), ...a], [1, ...minus], 0, 0);
        else if (a.length === 0) rows.add([this.I(s, t), this.I(s - 1, t)], [1, -1], 0, 0);
        else {
          rows.add([this.I(s, t), this.I(s - 1, t)], [1, -1], 0, Infinity);
          rows.add([this.I(s, t), ...a], [1, ...minus], 0, Infinity);
          rows.add([this.I(s, t), this.I(s - 1, t), ...a], [1, -1, ...minus], -Infinity, 0);
        }
      }
    });
  }

  /** introduce orders: each concept only once the one before it is introduced, I[s, c_k] ≤ I[s, c_{k−1}]. */
  orders(): void {
    for (const order of this.rules.orders) {
      for (let j = 1; j < order.length; j++) {
        const p = this.tIndex.get(order[j - 1])!;
        const q = this.tIndex.get(order[j])!;
        for (let s = 0; s < this.S; s++) this.rows.add([this.I(s, q), this.I(s, p)], [1, -1], -Infinity, 0);
      }
    }
  }

  /** introduceAt: not carried before `from`; introduced by the deadline's slot. */
  windows(): void {
    for (let s = 0; s < this.S; s++) {
      for (const k of this.rules.forbidden[s] ?? []) {
        const a = this.carrying(s, k);
        if (a.length > 0) this.rows.add(a, 1, -Infinity, 0);
      }
      for (const k of this.rules.deadlines[s] ?? []) this.rows.add([this.I(s, this.tIndex.get(k)!)], 1, 1, Infinity);
    }
  }

  /** maxNew: Σ_t (I[s, t] − I[s−1, t]) ≤ by, where some class of the slot carries more than `by` concepts. */
  maxNew(): void {
    const { rules } = this;
    if (rules.maxNew === Infinity) return;
    for (let s = 0; s < this.S; s++) {
      let largest = 0;
      for (let v = this.yStart[s]; v < this.yStart[s + 1]; v++) largest = Math.max(largest, rules.sets.sets[this.setOfVar(v)].length);
      if (largest <= rules.maxNew) continue;
      const { vars, coefs } = this.newTerms(s);
      this.rows.add(vars, coefs, -Infinity, rules.maxNew);
    }
  }

  /** N[s] = 1 exactly when slot s introduces a concept; `practice` P: at most one N in any P + 1 consecutive slots. */
  introductions(): void {
    const { vars: cv, rows, S } = this;
    if (cv.introduces < 0) return;
    for (let s = 0; s < S; s++) {
      const n = cv.introduces + s;
      for (let t = 0; t < this.T; t++) rows.add(s > 0 ? [n, this.I(s, t), this.I(s - 1, t)] : [n, this.I(s, t)], s > 0 ? [1, -1, 1] : [1, -1], 0, Infinity);
      const { vars, coefs } = this.newTerms(s);
      rows.add([n, ...vars], [1, ...coefs.map((x) => -x)], -Infinity, 0);
    }
    const P = this.rules.practice;
    if (P === 0 || S < 2) return;
    for (let w = 0; w === 0 || w + P < S; w++) {
      const window: number[] = [];
      for (let s = w; s <= Math.min(w + P, S - 1); s++) window.push(cv.introduces + s);
      rows.add(window, 1, -Infinity, 1);
    }
  }

  /** quota: min ≤ Σ a[s, k] ≤ max over the selection or each chapter's slots (no min at an open end). */
  quotas(): void {
    const { rules, S, yStart } = this;
    for (const q of rules.quotas) {
      let from = 0;
      for (let s = 0; s < S; s++) {
        if (s < S - 1 && !(q.perChapter && rules.chapterEnd[s])) continue;
        const terms: number[] = [];
        for (let j = from; j <= s; j++) terms.push(...this.carrying(j, q.concept));
        const span = s - from + 1;
        // Where more levels follow (a part-by-part step), the min is not due yet.
        const min = s === S - 1 && rules.openEnd ? 0 : q.min;
        // No level here can carry it and some must: a row no answer meets (one pick per slot, so never two).
        if (terms.length === 0 && min > 0) this.rows.add(Array.from({ length: yStart[from + 1] - yStart[from] }, (_, k) => yStart[from] + k), 1, 2, Infinity);
        else if (min > 0 || q.max < Math.min(span, terms.length)) this.rows.add(terms, 1, min, q.max);
        from = s + 1;
      }
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
