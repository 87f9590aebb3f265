import { candidateClassesOf, type CandidateClasses } from "../rules/candidate-classes.ts";
import { chainRulesOf, chapterStarts, isChapterScoped, isIntroductionScoped, STEP_TOLERANCE } from "../rules/chain-rules.ts";
import { conceptRulesOf, hasConceptRules } from "../rules/concept-rules.ts";
import { candidateConcepts } from "../problem/candidate-columns.ts";
import { conceptRows, conceptVars, type ConceptVars } from "./concept-rows.ts";
import { objectiveOf } from "../problem/objective.ts";
import type { SelectionProblem } from "../problem/selection-problem.ts";
import { SolverLimitError, solverLimits, type SolverLimits } from "../problem/solver-limits.ts";

/** Costs and values go to MILP solvers in integer micro-units (SPEC 6 solver notes). */
export const MICRO = 1e6;

/** A row `lo ≤ Σ coef·var ≤ hi` outside the model's own (objective bounds, fixed picks); either bound may be absent. */
export interface LinearRow {
  name: string;
  terms: Array<[number, number]>;
  lo?: number;
  hi?: number;
}

/**
 * The selection model as a MILP, flat (CSR rows, typed arrays): binary
 * y[slot, class] — class k of slot s's list is variable `yStart[s] + k` —
 * plus helper variables (Linf's z, evenness's e). Each class stands for its
 * interchangeable candidates; ids are given after the solve.
 */
export interface LinearModel {
  numVars: number;
  /** Objective coefficient of each variable (micro-units). */
  cost: Float64Array;
  /** 1 for a binary variable, 0 for a continuous one (≥ 0, no upper bound). */
  binary: Uint8Array;
  numRows: number;
  rowStart: Int32Array;
  rowIndex: Int32Array;
  rowValue: Float64Array;
  /** Row bounds; −Infinity / Infinity when absent. */
  rowLo: Float64Array;
  rowHi: Float64Array;
  yStart: Int32Array;
  yClass: Int32Array;
  classes: CandidateClasses;
  /** The helper variables after the y's: Linf's z, evenness's e_s, or none. */
  helpers: "z" | "e" | "none";
  /** The concept helpers after those (SPEC 12: I[s, t], N[s]), when the model has concept rules. */
  concepts?: ConceptVars;
}

/** Row builder over growable typed arrays. */
class Rows {
  count = 0;
  start: number[] = [0];
  index = new Int32Array(1024);
  value = new Float64Array(1024);
  lo: number[] = [];
  hi: number[] = [];
  private size = 0;

  add(vars: ArrayLike<number>, coefs: ArrayLike<number> | number, lo: number, hi: number, from = 0, to = vars.length): void {
    const n = to - from;
    if (this.size + n > this.index.length) {
      const cap = Math.max(this.index.length * 2, this.size + n);
      const index = new Int32Array(cap);
      index.set(this.index.subarray(0, this.size));
      const value = new Float64Array(cap);
      value.set(this.value.subarray(0, this.size));
      this.index = index;
      this.value = value;
    }
    for (let k = from; k < to; k++) {
      const value = typeof coefs === "number" ? coefs : coefs[k];
      if (value === 0) continue; // HiGHS refuses explicit zeros at run time
      this.index[this.size] = vars[k];
      this.value[this.size] = value;
      this.size++;
    }
    this.start.push(this.size);
    this.lo.push(lo);
    this.hi.push(hi);
    this.count++;
  }

  get nonzeros(): number {
    return this.size;
  }
}

/**
 * Compiles the selection model to a compact MILP (SPEC 6 `milp`, "Scale"),
 * solver-neutral, by value rather than pair by pair:
 *
 * - y[s, class] binary; one per slot: Σ y[s,·] = 1; a class is used at most
 *   as often as it has members: Σ_s y[s,c] ≤ members;
 * - `nonDecreasing(k)`: Σ v·y[s+1,·] − Σ v·y[s,·] ≥ 0 (V_{s+1} ≥ V_s, the
 *   values of the picks, exact since one pick per slot); `maxRise(k, by)`:
 *   V_{s+1} − V_s ≤ by; `maxDrop(k, by)`: V_s − V_{s+1} ≤ by (1e-9 tolerance);
 *   rules on one key share a row; rows no pick could break are left out;
 *   at a chapter start a chapter-scoped rule (`scope: "chapter"`) adds
 *   nothing to the row;
 * - `maxRun(k, L)`: per bucket, in every window of L + 1 slots, Σ y ≤ L
 *   (a chapter-scoped one: windows inside one chapter only);
 * - conflicts (classes of one candidate each): Σ_s y[s,a] + Σ_s y[s,b] ≤ 1;
 * - concept rules (SPEC 12, {@link conceptRows}) through binary helpers
 *   I[s, t] (concept t introduced by slot s) and N[s] (slot s introduces
 *   something); a chain rule scoped to introductions is relaxed where N is 1:
 *   its value row by big-M (M the most the step could pass its bound by),
 *   its maxRun windows by Σ N over the window's later slots;
 * - objective in micro-units: Σ cost·y for L1/L2; Linf minimises z with
 *   z ≥ Σ cost·y[s,·]; evenness adds λ·e_s with e_s ≥ ±(V_{s+1} − V_s − Δt_s)
 *   (e_s in the metric's units, its cost λ·10^6).
 *
 * Costs are rounded to integer micro-units, so answers are exact to 1e-6 per level.
 *
 * @throws SolverLimitError `select/milp` when the model would pass
 *   `milp.maxVariables` or `milp.maxNonzeros` (models/select/solver.json).
 *   Also when a level's cost passes 1e15 micro-units or their sum passes
 *   2^53 (limit `milp cost range`): HiGHS refuses such a model.
 */
export function compileMilp(problem: SelectionProblem, limits: SolverLimits["milp"] = solverLimits().milp): LinearModel {
  const classes = candidateClassesOf(problem);
  const rules = chainRulesOf(problem);
  const obj = objectiveOf(problem);
  const S = problem.slots.length;
  const linf = problem.objective.norm === "Linf";
  const even = !linf && problem.objective.evenness > 0;
  // 1. y variables, slot by slot; check the size before building rows.
  const yStart = new Int32Array(S + 1);
  for (let s = 0; s < S; s++) yStart[s + 1] = yStart[s] + classes.lists[classes.listOfSlot[s]].length;
  const numY = yStart[S];
  const concepts = hasConceptRules(problem) ? conceptRulesOf(problem) : undefined;
  checkSize(problem, classes, numY, even, limits, concepts ? conceptSize(concepts, S, numY) : { variables: 0, nonzeros: 0 });
  const yClass = new Int32Array(numY);
  for (let s = 0; s < S; s++) yClass.set(classes.lists[classes.listOfSlot[s]], yStart[s]);
  const helpers = numY + (linf ? 1 : 0) + (even ? Math.max(0, S - 1) : 0);
  const cvars = concepts ? conceptVars(concepts, S, helpers) : undefined;
  const numVars = helpers + (cvars?.count ?? 0);
  const cost = new Float64Array(numVars);
  const binary = new Uint8Array(numVars);
  binary.fill(1, helpers);
  const rep = (v: number) => classes.members[yClass[v]][0];
  for (let s = 0; s < S; s++) {
    for (let v = yStart[s]; v < yStart[s + 1]; v++) {
      binary[v] = 1;
      if (!linf) cost[v] = Math.round(obj.slotCost(s, rep(v)) * MICRO);
    }
  }
  checkCostRange(problem, obj, classes, yStart, yClass);
  const rows = new Rows();
  const range = (s: number) => Int32Array.from({ length: yStart[s + 1] - yStart[s] }, (_, k) => yStart[s] + k);
  // 2. One pick per slot; each class at most as often as it has members.
  for (let s = 0; s < S; s++) rows.add(range(s), 1, 1, 1);
  capacityRows(classes, yStart, yClass, rows);
  // 3. Pairwise rules by value (those scoped to introductions relaxed where slot s + 1 introduces: N[s + 1]).
  const introduces = cvars && cvars.introduces >= 0 ? (s: number) => cvars.introduces + s : undefined;
  valueRows(problem, rules, yStart, yClass, rep, rows, introduces);
  // 4. maxRun as bucket windows (a chapter-scoped run's windows stay inside a chapter; one scoped
  //    to introductions gives way by the introductions after a window's first slot).
  const starts = chapterStarts(problem.slots);
  for (const r of rules.runRules) runRows(r, S, yStart, yClass, rep, rows, r.scoped ? starts : undefined, r.introScoped ? introduces : undefined);
  // 4b. Concept rules (SPEC 12).
  if (concepts && cvars) {
    const setOf = candidateConcepts(problem).setOf;
    conceptRows(concepts, problem.slots, yStart, (v) => setOf[rep(v)], cvars, rows);
  }
  // 5. Conflicts.
  const uses = usesOfClass(classes, yStart, yClass);
  for (const [a, b] of problem.conflicts) {
    const terms = [...(uses.get(classes.classOf[a]) ?? []), ...(uses.get(classes.classOf[b]) ?? [])];
    if (terms.length > 1 && classes.classOf[a] !== classes.classOf[b]) rows.add(terms, 1, -Infinity, 1);
  }
  // 6. Linf's z and evenness's e_s.
  if (linf) {
    const z = numY;
    cost[z] = 1;
    for (let s = 0; s < S; s++) {
      const vars = [...range(s), z];
      const coefs = vars.map((v) => (v === z ? -1 : Math.round(obj.slotCost(s, rep(v)) * MICRO)));
      rows.add(vars, coefs, -Infinity, 0);
    }
  }
  if (even) {
    for (let s = 0; s + 1 < S; s++) {
      // e_s in the metric's units (coefficients near 1 keep HiGHS's presolve sound), costing λ·MICRO.
      const e = numY + s;
      cost[e] = problem.objective.evenness * MICRO;
      const dt = problem.slots[s + 1].target - problem.slots[s].target;
      const vars = [...range(s + 1), ...range(s), e];
      const up = vars.map((v) => (v === e ? -1 : (v >= yStart[s + 1] ? 1 : -1) * obj.value(rep(v))));
      rows.add(vars, up, -Infinity, dt);
      rows.add(vars, up.map((k, i) => (vars[i] === e ? -1 : -k)), -Infinity, -dt);
    }
  }
  return {
    numVars,
    cost,
    binary,
    numRows: rows.count,
    rowStart: Int32Array.from(rows.start),
    rowIndex: rows.index.subarray(0, rows.nonzeros),
    rowValue: rows.value.subarray(0, rows.nonzeros),
    rowLo: Float64Array.from(rows.lo),
    rowHi: Float64Array.from(rows.hi),
    yStart,
    yClass,
    classes,
    helpers: linf ? "z" : even ? "e" : "none",
    ...(cvars ? { concepts: cvars } : {}),
  };
}

/**
 * About how many helper variables and coefficients the concept rules add
 * (an upper estimate): I per slot and tracked concept with its three rows,
 * each y in the rows of the concepts its class carries, N with its rows, a
 * quota's terms.
 */
function conceptSize(rules: ReturnType<typeof conceptRulesOf>, S: number, numY: number): { variables: number; nonzeros: number } {
  const T = rules.tracked.length;
  let largest = 0;
  for (const set of rules.sets.sets) largest = Math.max(largest, set.length);
  const n = rules.practice > 0 || rules.introScoped ? S : 0;
  return { variables: S * T + n, nonzeros: S * T * 8 + numY * 3 * largest + n * (4 * T + rules.practice + 2) + numY * rules.quotas.length };
}

/** Refuses a model past the MILP size bounds, before any row is built. */
function checkSize(problem: SelectionProblem, classes: CandidateClasses, numY: number, even: boolean, limits: SolverLimits["milp"], extra: { variables: number; nonzeros: number }): void {
  const pairKeys = new Set(problem.chain.filter((c) => c.type !== "maxRun").map((c) => c.key)).size;
  const runs = problem.chain.filter((c): c is Extract<typeof c, { type: "maxRun" }> => c.type === "maxRun");
  const nonzeros = numY * (2 + 2 * pairKeys + runs.reduce((a, r) => a + r.length + 1, 0) + (even ? 4 : 0) + (problem.objective.norm === "Linf" ? 1 : 0)) + extra.nonzeros;
  const variables = numY + extra.variables;
  const size = `${problem.slots.length} levels × ${classes.count} classes of ${classes.candidates} candidates: ${variables} variables, about ${nonzeros} coefficients`;
  if (variables > limits.maxVariables || nonzeros > limits.maxNonzeros) {
    throw new SolverLimitError("select/milp", "milp size", `the MILP would be too large (${size}; bounds ${limits.maxVariables} variables, ${limits.maxNonzeros} coefficients in the solver limits, default models/select/solver.json); select fewer levels at once (part by part), or use a chain-shaped model (a maxRun key that is also a nonDecreasing key) so the dp answers`, ["fewer-levels", "limits"]);
  }
}

/** Largest micro-unit coefficient HiGHS takes in a row (its `large_matrix_value`, 1e15); a sum of costs must also stay an exact integer (below 2^53). */
const MAX_MICRO_COST = 1e15;

/**
 * The objective's scale, checked before any row is built: costs are integer
 * micro-units, so a slot cost of 2e9 (a ramp point and a metric at opposite
 * ends of ±1e9) is 2e15, which HiGHS refuses ("passModel failed") and whose
 * sums are no longer exact.
 *
 * @throws SolverLimitError `select/milp` (exit 1) naming the largest cost and what to do.
 */
function checkCostRange(problem: SelectionProblem, obj: ReturnType<typeof objectiveOf>, classes: CandidateClasses, yStart: Int32Array, yClass: Int32Array): void {
  let total = 0;
  let largest = 0;
  for (let s = 0; s < problem.slots.length; s++) {
    let worst = 0;
    for (let v = yStart[s]; v < yStart[s + 1]; v++) worst = Math.max(worst, Math.abs(obj.slotCost(s, classes.members[yClass[v]][0])));
    largest = Math.max(largest, worst);
    total += worst * MICRO;
  }
  if (largest * MICRO > MAX_MICRO_COST || total > Number.MAX_SAFE_INTEGER) {
    throw new SolverLimitError(
      "select/milp",
      "milp cost range",
      `the objective's numbers are too large for the MILP (a level costs up to ${largest.toPrecision(3)}, ${(largest * MICRO).toPrecision(3)} micro-units; HiGHS takes at most 1e15 and the sum of all levels must stay below 2^53); use the dp (solver dp) with a chain-shaped model, or give the ramp and the metric a smaller scale`,
      ["solver-dp"],
    );
  }
}

function usesOfClass(classes: CandidateClasses, yStart: Int32Array, yClass: Int32Array): Map<number, number[]> {
  const uses = new Map<number, number[]>();
  for (let v = 0; v < yStart[yStart.length - 1]; v++) {
    const c = yClass[v];
    const list = uses.get(c);
    if (list) list.push(v);
    else uses.set(c, [v]);
  }
  return uses;
}

function capacityRows(classes: CandidateClasses, yStart: Int32Array, yClass: Int32Array, rows: Rows): void {
  for (const [c, vs] of usesOfClass(classes, yStart, yClass)) {
    if (vs.length > classes.members[c].length) rows.add(vs, 1, -Infinity, classes.members[c].length);
  }
}

/** V_{s+1} − V_s within [lo, hi] per key that a pairwise rule reads, skipping rows no pick could break. */
function valueRows(
  problem: SelectionProblem,
  rules: ReturnType<typeof chainRulesOf>,
  yStart: Int32Array,
  yClass: Int32Array,
  rep: (v: number) => number,
  rows: Rows,
  introduces?: (s: number) => number,
): void {
  const S = problem.slots.length;
  const starts = chapterStarts(problem.slots);
  // Per key: the bounds of every rule on it, and (at chapter starts) of its game-scoped rules only.
  const byKey = new Map<string, { lo: number; hi: number; gameLo: number; gameHi: number }>();
  for (const c of problem.chain) {
    if (c.type === "maxRun") continue;
    if (isIntroductionScoped(c)) {
      if (introduces) introductionRows(c, rules.valuesOf(c.key), S, yStart, rep, rows, introduces);
      continue;
    }
    const b = byKey.get(c.key) ?? byKey.set(c.key, { lo: -Infinity, hi: Infinity, gameLo: -Infinity, gameHi: Infinity }).get(c.key)!;
    const lo = c.type === "nonDecreasing" ? 0 : c.type === "maxDrop" ? -(c.by + STEP_TOLERANCE) : -Infinity;
    const hi = c.type === "maxRise" ? c.by + STEP_TOLERANCE : Infinity;
    b.lo = Math.max(b.lo, lo);
    b.hi = Math.min(b.hi, hi);
    if (!isChapterScoped(c)) {
      b.gameLo = Math.max(b.gameLo, lo);
      b.gameHi = Math.min(b.gameHi, hi);
    }
  }
  for (const [key, bounds] of byKey) {
    const values = rules.valuesOf(key);
    for (let s = 0; s + 1 < S; s++) {
      const lo = starts[s + 1] ? bounds.gameLo : bounds.lo;
      const hi = starts[s + 1] ? bounds.gameHi : bounds.hi;
      if (lo === -Infinity && hi === Infinity) continue;
      let minA = Infinity, maxA = -Infinity, minB = Infinity, maxB = -Infinity;
      for (let v = yStart[s]; v < yStart[s + 1]; v++) {
        const x = values[rep(v)];
        if (x < minA) minA = x;
        if (x > maxA) maxA = x;
      }
      for (let v = yStart[s + 1]; v < yStart[s + 2]; v++) {
        const x = values[rep(v)];
        if (x < minB) minB = x;
        if (x > maxB) maxB = x;
      }
      if (minB - maxA >= lo && maxB - minA <= hi) continue;
      const vars: number[] = [];
      const coefs: number[] = [];
      for (let v = yStart[s + 1]; v < yStart[s + 2]; v++) {
        vars.push(v);
        coefs.push(values[rep(v)]);
      }
      for (let v = yStart[s]; v < yStart[s + 1]; v++) {
        vars.push(v);
        coefs.push(-values[rep(v)]);
      }
      rows.add(vars, coefs, lo, hi);
    }
  }
  void yClass;
}

/**
 * A pair rule scoped to introductions (SPEC 12): V_{s+1} − V_s within its
 * bound unless slot s + 1 introduces a concept (N[s+1] = 1), by big-M rows
 * whose M is the most the step could pass the bound by, so N = 1 frees the
 * step and N = 0 is the plain row; rows no pick could break are left out.
 */
function introductionRows(
  c: Extract<SelectionProblem["chain"][number], { type: "nonDecreasing" | "maxRise" | "maxDrop" }>,
  values: Float64Array,
  S: number,
  yStart: Int32Array,
  rep: (v: number) => number,
  rows: Rows,
  introduces: (s: number) => number,
): void {
  const lo = c.type === "nonDecreasing" ? 0 : c.type === "maxDrop" ? -(c.by + STEP_TOLERANCE) : -Infinity;
  const hi = c.type === "maxRise" ? c.by + STEP_TOLERANCE : Infinity;
  for (let s = 0; s + 1 < S; s++) {
    let minA = Infinity, maxA = -Infinity, minB = Infinity, maxB = -Infinity;
    for (let v = yStart[s]; v < yStart[s + 1]; v++) {
      const x = values[rep(v)];
      if (x < minA) minA = x;
      if (x > maxA) maxA = x;
    }
    for (let v = yStart[s + 1]; v < yStart[s + 2]; v++) {
      const x = values[rep(v)];
      if (x < minB) minB = x;
      if (x > maxB) maxB = x;
    }
    const vars: number[] = [];
    const coefs: number[] = [];
    for (let v = yStart[s + 1]; v < yStart[s + 2]; v++) {
      vars.push(v);
      coefs.push(values[rep(v)]);
    }
    for (let v = yStart[s]; v < yStart[s + 1]; v++) {
      vars.push(v);
      coefs.push(-values[rep(v)]);
    }
    const n = introduces(s + 1);
    if (minB - maxA < lo) rows.add([...vars, n], [...coefs, lo - (minB - maxA)], lo, Infinity);
    if (maxB - minA > hi) rows.add([...vars, n], [...coefs, -(maxB - minA - hi)], -Infinity, hi);
  }
}

/**
 * maxRun(key, L): in every window of L + 1 slots, at most L picks of any one
 * bucket (buckets present in the whole window); with `starts` (a
 * chapter-scoped rule), only windows that no chapter start cuts; with
 * `introduces` (scoped to introductions), Σ y − Σ N over the window's later
 * slots ≤ L: an introduction inside the window starts the run afresh.
 */
function runRows(r: { length: number; bucket: Float64Array }, S: number, yStart: Int32Array, yClass: Int32Array, rep: (v: number) => number, rows: Rows, starts?: Uint8Array, introduces?: (s: number) => number): void {
  const L = r.length;
  const bySlot: Array<Map<number, number[]>> = [];
  for (let s = 0; s < S; s++) {
    const m = new Map<number, number[]>();
    for (let v = yStart[s]; v < yStart[s + 1]; v++) {
      const b = r.bucket[rep(v)];
      const list = m.get(b);
      if (list) list.push(v);
      else m.set(b, [v]);
    }
    bySlot.push(m);
  }
  for (let w = 0; w + L < S; w++) {
    let cut = false;
    for (let j = w + 1; j <= w + L && starts && !cut; j++) cut = starts[j] === 1;
    if (cut) continue;
    for (const b of bySlot[w].keys()) {
      let everywhere = true;
      for (let j = w + 1; j <= w + L && everywhere; j++) everywhere = bySlot[j].has(b);
      if (!everywhere) continue;
      const vars: number[] = [];
      for (let j = w; j <= w + L; j++) vars.push(...bySlot[j].get(b)!);
      if (introduces) {
        const ns: number[] = [];
        for (let j = w + 1; j <= w + L; j++) ns.push(introduces(j));
        rows.add([...vars, ...ns], [...vars.map(() => 1), ...ns.map(() => -1)], -Infinity, L);
      } else rows.add(vars, 1, -Infinity, L);
    }
  }
  void yClass;
}

/**
 * The class picked in each slot from variable values, or undefined when a
 * slot has no y at 1.
 */
export function classPicks(model: LinearModel, value: (v: number) => number): number[] | undefined {
  const out: number[] = [];
  for (let s = 0; s + 1 < model.yStart.length; s++) {
    let pick = -1;
    for (let v = model.yStart[s]; v < model.yStart[s + 1]; v++) if (value(v) > 0.5) pick = model.yClass[v];
    if (pick < 0) return undefined;
    out.push(pick);
  }
  return out;
}

/**
 * Candidate ids for a sequence of classes (SPEC 6 tie rule): the k-th use of a
 * class, in slot order, ships its k-th smallest id — the lexicographically
 * smallest ids that sequence of classes allows.
 *
 * @returns candidate indices, or undefined when a class is used more often than it has members.
 */
export function idsOfClasses(classes: CandidateClasses, picks: readonly number[]): number[] | undefined {
  const uses = new Map<number, number>();
  const out: number[] = [];
  for (const c of picks) {
    const u = uses.get(c) ?? 0;
    const k = classes.members[c][u];
    if (k === undefined) return undefined;
    uses.set(c, u + 1);
    out.push(k);
  }
  return out;
}

/** Human name of a variable (for debugging and javascript-lp-solver's named model). */
export function variableName(model: LinearModel, v: number): string {
  const S = model.yStart.length - 1;
  const numY = model.yStart[S];
  const cv = model.concepts;
  if (cv && v >= cv.introduced) {
    if (cv.introduces >= 0 && v >= cv.introduces) return `n_${v - cv.introduces}`;
    const k = v - cv.introduced;
    return `i_${Math.floor(k / cv.tracked)}_${k % cv.tracked}`;
  }
  if (v < numY) {
    let s = 0;
    while (model.yStart[s + 1] <= v) s++;
    return `y_${s}_${model.yClass[v]}`;
  }
  return model.helpers === "z" ? "z" : `e_${v - numY}`;
}
