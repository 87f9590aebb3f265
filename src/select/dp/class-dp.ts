import { STEP_TOLERANCE } from "../rules/chain-rules.ts";
import { firstAbove, nextSide, otherKeysOk, runKept, sideReached, sideReachedBy, startSide, type DpContext } from "./dp-context.ts";
import { RangeMin } from "./range-min.ts";
import { RunStates } from "./run-states.ts";
import { eachNewRunStep, eachRestartStep, eachSameRunStep, runStep, type RunStep } from "./run-steps.ts";
import type { Remedy } from "../../io/errors.ts";
import { SolverLimitError } from "../problem/solver-limits.ts";

/** Work bounds of one class-dp run. */
export interface ClassDpLimits {
  maxStates: number;
  maxWork: number;
  /** Memory the tables may take, MB (dense states 8 bytes; sparse ones about 8·L + 50). */
  maxMemoryMB: number;
}

/**
 * The class dp's cost-to-go tables for slots `[0, slots)`. Dense states — runs
 * that used no scarce class but (once) their last one — live in one array,
 * slot i's at `denseBase[i] + (p·L + run − 1)·KV + q` (p a flat position of
 * the slot sets); the other states in `sparse[i]`.
 */
export interface ClassDpTable {
  ctx: DpContext;
  slots: number;
  dense: Float64Array;
  denseBase: Float64Array;
  sparse: Array<RunStates | undefined>;
  states: number;
  /** States kept outside the dense array (their memory grows with the run length). */
  sparseStates: number;
  work: number;
  /** Slots whose new-run successors were found by range minima (the rest one by one). */
  rangeSlots: number;
}

/** Index of dense state (flat position p, run length, other run lengths q) of slot i. */
export function denseIndex(table: ClassDpTable, i: number, p: number, run: number, q: number): number {
  return table.denseBase[i] + (p * table.ctx.L + run - 1) * table.ctx.KV + q;
}

/** Cost-to-go of a sparse state of slot i (Infinity when it does not exist). */
export function sparseCtg(table: ClassDpTable, i: number, d: number, run: number, q: number, mem: Int32Array): number {
  const states = table.sparse[i];
  const at = states ? states.find(d, run, q, mem) : -1;
  return at < 0 ? Infinity : states!.ctg[at];
}

/**
 * The class dp (SPEC 6 `dp`, "Scale"): the optimal cost-to-go of every state
 * of slots `[0, slots)`, backward. A state is the last class, the length of the
 * current run of the primary `maxRun` key, the run lengths of the other
 * `maxRun` rules, and the scarce classes (fewer members than the run length)
 * the run has used — a class with enough members can never run out inside one
 * run, so its uses need no counting, and a class is used only inside the one
 * run of its bucket (its key never decreases).
 *
 * Successors found by range minima: a slot's classes are sorted by group
 * (equal on every other key a rule reads) and value, so the successors a state
 * may take form one range per compatible group — a new run: buckets above the
 * state's (up to value + by under a `maxRise` on the key); the run grown (from
 * a state with no scarce class): values from the state's up in its bucket.
 * Evenness splits a range where the step turns. States are swept in ascending
 * value, so every range end is a pointer that only moves forward. Work per
 * slot: O(n log n) per table to build the range-min tables — O(n) where a
 * new run's range is a group suffix (no `maxRise` on the key, no evenness
 * turn: suffix minima), and no grown-run tables where the slot offers no
 * class with L members — O(g) per state (n classes, g groups, amortised
 * pointer moves, O(1) per range); where g is not small against n,
 * successors are looked at one by one.
 *
 * @throws SolverLimitError `select/dp` past `limits.maxStates`, `maxMemoryMB` or `maxWork`.
 */
export function classDp(ctx: DpContext, slots: number, limits: ClassDpLimits): ClassDpTable {
  const { sets, L, KV } = ctx;
  // 1. Dense states: every class of every slot × run length × other run lengths.
  const denseBase = new Float64Array(slots);
  let total = 0;
  for (let i = 0; i < slots; i++) {
    const j = sets.setOf[i];
    denseBase[i] = total - sets.start[j] * L * KV;
    total += (sets.start[j + 1] - sets.start[j]) * L * KV;
  }
  const table: ClassDpTable = { ctx, slots, dense: new Float64Array(0), denseBase, sparse: [], states: total, sparseStates: 0, work: 0, rangeSlots: 0 };
  checkLimits(table, limits, 0);
  table.dense = new Float64Array(total);
  // 2. Sparse states, forward: runs that used a scarce class before their last pick.
  sparseStates(table, limits);
  // 3. Cost-to-go, backward: the last slot's states cost nothing more.
  const scratch = new Scratch(ctx);
  for (let i = slots - 2; i >= 0; i--) {
    costToGo(table, i, scratch);
    checkLimits(table, limits, i);
  }
  return table;
}

/** The optimum: least slot-0 cost ⊕ cost-to-go over the first slot's states (each class with the side state it starts, {@link startSide}). */
export function bestStart(table: ClassDpTable): number {
  const { ctx } = table;
  const { sets } = ctx;
  const j = sets.setOf[0];
  let opt = Infinity;
  for (let p = sets.start[j]; p < sets.start[j + 1]; p++) {
    const c = sets.cls[p];
    const q = startSide(ctx, c);
    if (ctx.mult[c] === 0 || q < 0) continue;
    const v = ctx.obj.combine(ctx.obj.slotCost(0, ctx.rep[c]), table.dense[denseIndex(table, 0, p, 1, q)]);
    if (v < opt) opt = v;
  }
  return opt;
}

/** What helps past the dp's bounds, in words and as remedies. */
const TRY_ELSE = "try HiGHS (solver highs) with a time limit, fewer levels at once (part by part)";
const REMEDIES: readonly Remedy[] = ["solver-highs", "time-limit", "fewer-levels", "limits"];

function checkLimits(table: ClassDpTable, limits: ClassDpLimits, slot: number): void {
  const { ctx } = table;
  if (table.states <= limits.maxStates && table.work <= limits.maxWork && table.states * 8 <= limits.maxMemoryMB * 2 ** 20 && table.sparseStates === 0) return;
  const size = `${table.slots} levels, ${ctx.classes.candidates} candidates in ${ctx.classes.count} classes, maxRun ${ctx.L}`;
  const where = ctx.problem.slots[slot] ? `, at level ${ctx.problem.slots[slot].number}` : "";
  if (table.states > limits.maxStates) {
    throw new SolverLimitError("select/dp", "dp states", `more than ${limits.maxStates} states (${size}${where}); ${TRY_ELSE}, or a larger dp.maxStates in the solver limits (default models/select/solver.json)`, REMEDIES);
  }
  // Dense states: one number. Sparse ones: last, run, kv, the multiset, the cost, the hash slot — with the arrays' doubling slack.
  const mb = (8 * (table.states - table.sparseStates) + (8 * ctx.L + 50) * table.sparseStates) / 2 ** 20;
  if (mb > limits.maxMemoryMB) {
    throw new SolverLimitError("select/dp", "dp memory", `its tables would pass ${limits.maxMemoryMB} MB (${table.states} states, ${size}${where}); ${TRY_ELSE}, a shorter maxRun, or a larger dp.maxMemoryMB in the solver limits (default models/select/solver.json)`, REMEDIES);
  }
  if (table.work > limits.maxWork) {
    throw new SolverLimitError("select/dp", "dp work", `more than ${limits.maxWork} steps (${size}${where}); ${TRY_ELSE}, or a larger dp.maxWork in the solver limits (default models/select/solver.json)`, REMEDIES);
  }
}

/**
 * Which of slot i's classes can be in a run longer than one with no scarce
 * class before it: only when slot i − 1 offers a class in the same bucket with
 * enough members, or with a lower value (its scarce multiset then drops it). Dense states of longer runs are kept only for those (the
 * others are never reached, and nothing reads them). Cached per pair of sets.
 */
function grownRuns(ctx: DpContext, i: number, cache: Map<number, Uint8Array>): Uint8Array | undefined {
  // A chapter start where the primary run starts afresh holds runs of one only.
  if (i === 0 || ctx.L === 1 || (ctx.restart[i] && ctx.primaryRestarts)) return undefined;
  const { sets } = ctx;
  const j = sets.setOf[i];
  const jp = sets.setOf[i - 1];
  const key = jp * sets.gFirst.length + j;
  let out = cache.get(key);
  if (out) return out;
  out = new Uint8Array(sets.start[j + 1] - sets.start[j]);
  const end = sets.start[jp + 1];
  for (let p = sets.start[j]; p < sets.start[j + 1]; p++) {
    const b = sets.pb[p];
    const pv = ctx.pv[sets.cls[p]];
    for (let k = firstAbove(sets.bPb, sets.start[jp], end, b, true); k < end && sets.bPb[k] === b; k++) {
      const c = sets.cls[sets.bOrder[k]];
      // A scarce class of a lower value leaves the run's multiset at the step (run-steps' dropPassed).
      if (ctx.mult[c] > 0 && (!ctx.scarce[c] || (!ctx.introRuns && sets.bPv[k] < pv))) {
        out[p - sets.start[j]] = 1;
        break;
      }
    }
  }
  cache.set(key, out);
  return out;
}

/** Buffers reused across slots. */
class Scratch {
  readonly mem: Int32Array;
  readonly step: RunStep;
  readonly pos: Int32Array;
  /** Range-min tables per (run length, other run lengths, side of the evenness turn). */
  readonly rmq: RangeMin[] = [];
  readonly values: Float64Array[] = [];
  readonly compat: Array<Uint8Array | undefined> = [];
  /** Whether the new-run tables of the current slot are suffix minima (`values[t + 1]`) rather than range-min tables. */
  suffixes = false;
  readonly grownRuns = new Map<number, Uint8Array>();
  newRun = new Float64Array(0);
  grown = new Float64Array(0);
  private ptr = { lo: new Int32Array(0), hi: new Int32Array(0), turn: new Int32Array(0), bucket: new Int32Array(0), end: new Int32Array(0) };

  constructor(private readonly ctx: DpContext) {
    this.mem = new Int32Array(ctx.L).fill(-1);
    this.step = runStep(ctx.L);
    this.pos = new Int32Array(ctx.classes.count).fill(-1);
    const tables = ctx.L * ctx.KV * (ctx.evenness === "primary" ? 2 : 1);
    for (let t = 0; t < tables; t++) this.rmq.push(new RangeMin());
  }

  /** The scarce multiset of a dense state: its last class when scarce. */
  denseMem(c: number): Int32Array {
    for (let k = 0; k < this.mem.length; k++) this.mem[k] = -1;
    if (this.ctx.scarce[c]) this.mem[0] = c;
    return this.mem;
  }

  newRunFor(n: number): Float64Array {
    if (this.newRun.length < n) this.newRun = new Float64Array(n);
    return this.newRun;
  }

  grownFor(n: number): Float64Array {
    if (this.grown.length < n) this.grown = new Float64Array(n);
    return this.grown;
  }

  /** Per-group range pointers of a sweep over `groups` groups. */
  pointers(groups: number): { lo: Int32Array; hi: Int32Array; turn: Int32Array; bucket: Int32Array; end: Int32Array } {
    if (this.ptr.lo.length < groups) {
      const make = () => new Int32Array(groups);
      this.ptr = { lo: make(), hi: make(), turn: make(), bucket: make(), end: make() };
    }
    return this.ptr;
  }

  /** Whether slot set j holds a class that is not scarce (1 yes, 2 no, 0 not known yet). */
  private plentiful = new Uint8Array(0);

  /** Whether slot set `j` offers a class with at least L usable members (a run may repeat it freely). */
  hasPlentiful(j: number): boolean {
    const { sets, scarce } = this.ctx;
    if (this.plentiful.length === 0) this.plentiful = new Uint8Array(sets.start.length - 1);
    if (this.plentiful[j] === 0) {
      let found = false;
      for (let p = sets.start[j]; p < sets.start[j + 1] && !found; p++) found = scarce[sets.cls[p]] === 0;
      this.plentiful[j] = found ? 1 : 2;
    }
    return this.plentiful[j] === 1;
  }

  /** Which groups a class of group `g` may be followed by (1 yes, 2 no, 0 not known yet). */
  compatRow(g: number): Uint8Array {
    return (this.compat[g] ??= new Uint8Array(this.ctx.groupRep.length));
  }
}

function sparseStates(table: ClassDpTable, limits: ClassDpLimits): void {
  const { ctx, slots } = table;
  const { sets, L, KV } = ctx;
  const scratch = new Scratch(ctx);
  const mem = new Int32Array(L);
  let next: RunStates | undefined;
  let i = 0;
  const add = (s: RunStep) => {
    // A run length the round's bound leaves out is never held, nor grown from.
    if (s.dense || !runKept(ctx, i + 1, s.p, s.run)) return;
    next ??= new RunStates(L);
    if (next.add(s.d, s.run, s.q, s.mem)) {
      table.states++;
      if (++table.sparseStates % 65536 === 0) checkLimits(table, limits, i + 1);
    }
  };
  table.sparse = [undefined];
  for (i = 0; i + 1 < slots; i++) {
    next = undefined;
    // Into a chapter start with scoped rules: restart steps (which grow a run only where it goes on).
    const steps = ctx.restart[i + 1] || ctx.introRuns ? eachRestartStep : eachSameRunStep;
    // From dense states whose last class is scarce, and from every sparse state.
    const j = sets.setOf[i];
    if (L > 1) {
      const longer = grownRuns(ctx, i, scratch.grownRuns);
      for (let p = sets.start[j]; p < sets.start[j + 1]; p++) {
        const c = sets.cls[p];
        if (!ctx.scarce[c] || ctx.mult[c] === 0) continue;
        for (let run = 1; run < (longer?.[p - sets.start[j]] ? L : 2); run++) {
          if (!runKept(ctx, i, p, run)) continue;
          for (let q = 0; q < KV; q++) if (sideReachedBy(ctx, i, c, q)) table.work += steps(ctx, i + 1, c, run, q, scratch.denseMem(c), scratch.step, add);
        }
      }
    }
    const here = table.sparse[i];
    for (let s = 0; here && s < here.size; s++) {
      here.members(s, mem);
      table.work += steps(ctx, i + 1, here.last(s), here.run(s), here.kv(s), mem, scratch.step, add);
    }
    here?.seal();
    table.sparse.push(next);
    checkLimits(table, limits, i + 1);
  }
  table.sparse[table.sparse.length - 1]?.seal();
}

/** Fills the cost-to-go of slot i's states from slot i + 1's. */
function costToGo(table: ClassDpTable, i: number, scratch: Scratch): void {
  const { ctx, dense } = table;
  const { obj, L, KV, sets } = ctx;
  const j = sets.setOf[i];
  const first = sets.start[j];
  const grouped = sets.grouped[sets.setOf[i + 1]] === 1;
  const linf = obj.norm === "Linf";
  // The cost of a same-run successor looked at one by one.
  let best = Infinity;
  let from = 0;
  const sameRun = (s: RunStep) => {
    const after = s.dense ? dense[denseIndex(table, i + 1, s.p, s.run, s.q)] : sparseCtg(table, i + 1, s.d, s.run, s.q, s.mem);
    const here = obj.slotCost(i + 1, ctx.rep[s.d]);
    const v = linf ? (here > after ? here : after) : here + obj.stepCost(i, ctx.rep[from], ctx.rep[s.d]) + after;
    if (v < best) best = v;
  };
  // Into a chapter start with scoped rules: every state's successors one by one (restart steps).
  if (ctx.restart[i + 1] || ctx.introRuns) return restartCostToGo(table, i, scratch, sameRun, (c) => {
    best = Infinity;
    from = c;
  }, () => best);
  // The cost of a new-run successor looked at one by one (slots with many groups for their classes).
  const newRunStep = (p: number, d: number, q2: number) => {
    const after = dense[denseIndex(table, i + 1, p, 1, q2)];
    const here = obj.slotCost(i + 1, ctx.rep[d]);
    const v = linf ? (here > after ? here : after) : here + obj.stepCost(i, ctx.rep[from], ctx.rep[d]) + after;
    if (v < best) best = v;
  };
  // Range minima: every state's new-run part, and the grown-run part of states with no scarce class.
  if (grouped) {
    // Grown runs are read only from states whose class is not scarce: without one, their tables are not built.
    const grownToo = L > 1 && scratch.hasPlentiful(j);
    buildRangeMins(table, i, scratch, grownToo ? L : 1);
    sweepRanges(table, i, scratch, false);
    if (grownToo) sweepRanges(table, i, scratch, true);
    table.rangeSlots++;
  }
  const longer = grownRuns(ctx, i, scratch.grownRuns);
  const newRuns = grouped ? scratch.newRun : scratch.newRunFor((sets.start[j + 1] - first) * KV);
  for (let p = first; p < sets.start[j + 1]; p++) {
    const c = sets.cls[p];
    if (ctx.mult[c] === 0) {
      dense.fill(Infinity, denseIndex(table, i, p, 1, 0), denseIndex(table, i, p + 1, 1, 0));
      continue;
    }
    const at = (p - first) * L * KV;
    const runs = longer?.[p - first] ? L : 1;
    // Run lengths the round's bound leaves out cost Infinity; a class with none held costs no step.
    let held = false;
    for (let run = 1; run <= L && !held; run++) held = runKept(ctx, i, p, run);
    for (let q = 0; q < KV; q++) {
      if (!held || !sideReachedBy(ctx, i, c, q)) {
        // A concept state no sequence leaves here with this class (SPEC 12), or a class the round's bound keeps no run of: never reached.
        for (let run = 1; run <= L; run++) dense[denseIndex(table, i, p, run, q)] = Infinity;
        continue;
      }
      if (!grouped) {
        best = Infinity;
        from = c;
        table.work += eachNewRunStep(ctx, i + 1, c, q, newRunStep);
        newRuns[(p - first) * KV + q] = best;
      }
      const newRun = newRuns[(p - first) * KV + q];
      for (let run = runs + 1; run < L; run++) dense[denseIndex(table, i, p, run, q)] = Infinity;
      // A run at its length only ends: its dense state, which runs of scarce classes reach too, is the new-run part.
      if (runs < L) dense[denseIndex(table, i, p, L, q)] = runKept(ctx, i, p, L) ? newRun : Infinity;
      for (let run = 1; run <= runs; run++) {
        if (!runKept(ctx, i, p, run)) {
          dense[denseIndex(table, i, p, run, q)] = Infinity;
          continue;
        }
        let same = Infinity;
        if (run < L && grouped && !ctx.scarce[c]) same = scratch.grown[at + run * KV + q];
        else if (run < L) {
          best = Infinity;
          from = c;
          table.work += eachSameRunStep(ctx, i + 1, c, run, q, scratch.denseMem(c), scratch.step, sameRun);
          same = best;
        }
        dense[denseIndex(table, i, p, run, q)] = newRun < same ? newRun : same;
      }
    }
  }
  const sparse = table.sparse[i];
  if (!sparse) return;
  // Sparse states: the new-run part of their last class, plus their own grown runs.
  for (let p = first; p < sets.start[j + 1]; p++) scratch.pos[sets.cls[p]] = p;
  for (let s = 0; s < sparse.size; s++) {
    const c = sparse.last(s);
    const q = sparse.kv(s);
    sparse.members(s, scratch.mem);
    best = Infinity;
    from = c;
    table.work += eachSameRunStep(ctx, i + 1, c, sparse.run(s), q, scratch.mem, scratch.step, sameRun);
    const newRun = newRuns[(scratch.pos[c] - first) * KV + q];
    sparse.ctg[s] = best < newRun ? best : newRun;
  }
  for (let p = first; p < sets.start[j + 1]; p++) scratch.pos[sets.cls[p]] = -1;
}

/**
 * The cost-to-go of slot i's states when slot i + 1 starts a chapter and some
 * rule is chapter-scoped: each state's successors one by one through
 * {@link eachRestartStep} (scoped rules do not look back; the run grows only
 * where it goes on). `visit` is `costToGo`'s one-by-one step (it keeps the
 * best value, read by `best` after `reset(c)`).
 */
function restartCostToGo(table: ClassDpTable, i: number, scratch: Scratch, visit: (s: RunStep) => void, reset: (c: number) => void, best: () => number): void {
  const { ctx, dense } = table;
  const { L, KV, sets } = ctx;
  const j = sets.setOf[i];
  const first = sets.start[j];
  const longer = grownRuns(ctx, i, scratch.grownRuns);
  // Where the primary run starts afresh, every successor starts a new run: a state's best
  // successor depends on its class and side index alone (not its run or scarce multiset), so it
  // is looked for once per (position, side index) and shared by the dense and sparse states.
  const n = sets.start[j + 1] - first;
  const memo = ctx.primaryRestarts && ctx.restart[i + 1] ? scratch.newRunFor(n * KV).fill(NaN, 0, n * KV) : undefined;
  const bestOf = (p: number, c: number, run: number, q: number, mem: Int32Array) => {
    const at = (p - first) * KV + q;
    if (memo && memo[at] === memo[at]) return memo[at];
    reset(c);
    table.work += eachRestartStep(ctx, i + 1, c, run, q, mem, scratch.step, visit);
    if (memo) memo[at] = best();
    return best();
  };
  for (let p = first; p < sets.start[j + 1]; p++) {
    const c = sets.cls[p];
    const runs = ctx.mult[c] === 0 ? 0 : longer?.[p - first] ? L : 1;
    for (let run = 1; run <= L; run++) {
      // A run at its length (dense whatever it used, see RunStep) is reached from sparse states too.
      const held = (run <= runs || (run === L && runs > 0)) && runKept(ctx, i, p, run);
      for (let q = 0; q < KV; q++) dense[denseIndex(table, i, p, run, q)] = held && sideReachedBy(ctx, i, c, q) ? bestOf(p, c, run, q, scratch.denseMem(c)) : Infinity;
    }
  }
  const sparse = table.sparse[i];
  if (!sparse) return;
  for (let p = first; p < sets.start[j + 1]; p++) scratch.pos[sets.cls[p]] = p;
  for (let s = 0; s < sparse.size; s++) {
    sparse.members(s, scratch.mem);
    const c = sparse.last(s);
    sparse.ctg[s] = bestOf(scratch.pos[c], c, sparse.run(s), sparse.kv(s), scratch.mem);
  }
  for (let p = first; p < sets.start[j + 1]; p++) scratch.pos[sets.cls[p]] = -1;
}

/**
 * Builds, over slot i + 1's classes, one range-min table per (run length up
 * to `runs`, other run lengths) of A(d) = slot cost of d ⊕ cost-to-go of dense
 * state (d, run, q) — with evenness on the primary key, two: A − λ·v and A + λ·v.
 */
function buildRangeMins(table: ClassDpTable, i: number, scratch: Scratch, runs: number): void {
  const { ctx, dense } = table;
  const { obj, KV, sets } = ctx;
  const j = sets.setOf[i + 1];
  const first = sets.start[j];
  const n = sets.start[j + 1] - first;
  const linf = obj.norm === "Linf";
  const lambda = ctx.problem.objective.evenness;
  const split = ctx.evenness === "primary";
  let cost = scratch.values[0];
  if (!cost || cost.length < n) cost = scratch.values[0] = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const d = sets.cls[first + k];
    cost[k] = ctx.mult[d] === 0 ? Infinity : obj.slotCost(i + 1, ctx.rep[d]);
  }
  // A new run's range in a group is a suffix (no maxRise on the key, no evenness turn): suffix minima do.
  scratch.suffixes = ctx.riseCap === Infinity && !split;
  let t = 0;
  for (let run = 1; run <= runs; run++) {
    for (let q = 0; q < KV; q++) {
      // A concept state no sequence reaches at slot i + 1: no successor lands in it, so its tables are never read.
      if (!sideReached(ctx, i + 1, q)) {
        t += split ? 2 : 1;
        continue;
      }
      for (let side = split ? -1 : 0; side <= (split ? 1 : 0); side += 2) {
        let v = scratch.values[t + 1];
        if (!v || v.length < n) v = scratch.values[t + 1] = new Float64Array(n);
        for (let k = 0; k < n; k++) {
          const after = dense[denseIndex(table, i + 1, first + k, run, q)];
          const a = linf ? (cost[k] > after ? cost[k] : after) : cost[k] + after;
          v[k] = side === 0 ? a : a + side * lambda * ctx.mv[sets.cls[first + k]];
        }
        if (run === 1 && scratch.suffixes) {
          suffixMinima(sets, j, v);
          table.work += n;
        } else {
          scratch.rmq[t].build(v, n);
          table.work += n * scratch.rmq[t].depth;
        }
        t++;
      }
    }
  }
}

/** Turns `v` (over slot set j's positions) into minima of each group's suffix: v[k] = min over v[k .. group end). */
function suffixMinima(sets: DpContext["sets"], j: number, v: Float64Array): void {
  const first = sets.start[j];
  for (let g = sets.gFirst[j]; g < sets.gFirst[j + 1]; g++) {
    const lo = sets.gPos[g] - first;
    const end = (g + 1 < sets.gFirst[j + 1] ? sets.gPos[g + 1] : sets.start[j + 1]) - first;
    for (let k = end - 2; k >= lo; k--) if (v[k + 1] < v[k]) v[k] = v[k + 1];
  }
}

/**
 * Range-minimum successors of slot i's states, swept in ascending value so
 * every range end only moves forward (one pointer per group of slot i + 1):
 * `grown` false — the new-run part of every (class, q), into `scratch.newRun`
 * (buckets above the state's, up to value + by under a `maxRise` on the key);
 * true — the grown-run part of states with no scarce class, into
 * `scratch.grown` at (position, run, q) (values from the state's up, in its
 * bucket). With evenness on the primary key each range splits where the step
 * turns (value − target step above or below the state's): A + λv above,
 * A − λv below.
 */
function sweepRanges(table: ClassDpTable, i: number, scratch: Scratch, grown: boolean): void {
  const { ctx } = table;
  const { sets, L, KV } = ctx;
  const j = sets.setOf[i];
  const first = sets.start[j];
  const jn = sets.setOf[i + 1];
  const firstNext = sets.start[jn];
  const setEnd = sets.start[jn + 1];
  const g0 = sets.gFirst[jn];
  const G = sets.gFirst[jn + 1] - g0;
  const ptr = scratch.pointers(G);
  for (let gi = 0; gi < G; gi++) {
    const start = sets.gPos[g0 + gi];
    ptr.end[gi] = gi + 1 < G ? sets.gPos[g0 + gi + 1] : setEnd;
    ptr.lo[gi] = ptr.hi[gi] = ptr.turn[gi] = ptr.bucket[gi] = start;
  }
  const out = grown ? scratch.grownFor((sets.start[j + 1] - first) * L * KV) : scratch.newRunFor((sets.start[j + 1] - first) * KV);
  const primaryTurn = ctx.evenness === "primary";
  const perRun = primaryTurn ? 2 : 1;
  const lambda = ctx.problem.objective.evenness;
  const dt = ctx.problem.slots[i + 1].target - ctx.problem.slots[i].target;
  const cap = ctx.riseCap + STEP_TOLERANCE;
  const capped = ctx.riseCap !== Infinity;
  const pvN = sets.pv;
  const pbN = sets.pb;
  for (let k = first; k < sets.start[j + 1]; k++) {
    const p = sets.bOrder[k];
    const c = sets.cls[p];
    if (ctx.mult[c] === 0 || (grown && ctx.scarce[c])) continue;
    const v = ctx.pv[c];
    const b = ctx.pb[c];
    const turnAt = ctx.mv[c] + dt;
    const compat = scratch.compatRow(ctx.group[c]);
    const base = grown ? (p - first) * L * KV : (p - first) * KV;
    for (let x = base; x < base + (grown ? L * KV : KV); x++) out[x] = Infinity;
    for (let gi = 0; gi < G; gi++) {
      const g = sets.gId[g0 + gi];
      if (compat[g] === 0) compat[g] = otherKeysOk(ctx, ctx.groupRep[ctx.group[c]], ctx.groupRep[g]) ? 1 : 2;
      if (compat[g] === 2) continue;
      const end = ptr.end[gi];
      // Range ends, all monotone in v: lo, the bucket end (grown), the rise end, the turn.
      let lo = ptr.lo[gi];
      if (grown) while (lo < end && pvN[lo] < v) lo++;
      else while (lo < end && pbN[lo] <= b) lo++;
      ptr.lo[gi] = lo;
      let hi = end;
      if (grown) {
        let e = ptr.bucket[gi] > lo ? ptr.bucket[gi] : lo;
        while (e < end && pbN[e] <= b) e++;
        ptr.bucket[gi] = hi = e;
      }
      if (capped) {
        let r = ptr.hi[gi] > lo ? ptr.hi[gi] : lo;
        while (r < end && pvN[r] - v <= cap) r++;
        ptr.hi[gi] = r;
        if (r < hi) hi = r;
      }
      table.work += 2;
      if (lo >= hi) continue;
      let at = 0;
      if (primaryTurn) {
        at = ptr.turn[gi] > lo ? ptr.turn[gi] : lo;
        while (at < end && pvN[at] < turnAt) at++;
        ptr.turn[gi] = at;
        if (at > hi) at = hi;
      }
      const rep = ctx.groupRep[g];
      const step = ctx.evenness === "group" ? ctx.obj.stepCost(i, ctx.rep[c], ctx.rep[rep]) : 0;
      for (let run = grown ? 2 : 1; run <= (grown ? L : 1); run++) {
        for (let q = 0; q < KV; q++) {
          if (!sideReachedBy(ctx, i, c, q)) continue;
          const q2 = ctx.secondary.length === 0 && !ctx.concepts ? q : nextSide(ctx, i + 1, q, c, rep);
          if (q2 < 0) continue;
          const t = ((run - 1) * KV + q2) * perRun;
          let value: number;
          if (primaryTurn) {
            const up = scratch.rmq[t + 1].min(at - firstNext, hi - firstNext) - lambda * turnAt;
            const down = scratch.rmq[t].min(lo - firstNext, at - firstNext) + lambda * turnAt;
            value = up < down ? up : down;
          } else if (!grown && scratch.suffixes) value = scratch.values[t + 1][lo - firstNext] + step;
          else value = scratch.rmq[t].min(lo - firstNext, hi - firstNext) + step;
          const x = grown ? base + (run - 1) * KV + q : base + q;
          if (value < out[x]) out[x] = value;
        }
      }
    }
  }
}
