import { LevelrampError } from "../../io/errors.ts";
import { candidateColumns } from "../problem/candidate-columns.ts";
import { bestStart, classDp, denseIndex, sparseCtg, type ClassDpLimits, type ClassDpTable } from "./class-dp.ts";
import { boundedDp } from "./bounded-dp.ts";
import { dpContext, startSide, withSlotLists, type DpContext } from "./dp-context.ts";
import { relaxationBounds, withinRelaxation } from "./chain-relaxation.ts";
import { dpRefusal, type DpRuns } from "./dp-runs.ts";
import { objectiveTolerance } from "../problem/objective.ts";
import { eachNewRunStep, eachRestartStep, eachSameRunStep, runStep, type RunStep } from "./run-steps.ts";
import { makeSelection, type Selection, type SelectionProblem } from "../problem/selection-problem.ts";
import { solverLimits } from "../problem/solver-limits.ts";

/** Limits and restrictions of one dp run. */
export interface DpOptions {
  /** Candidates that may not be chosen (1 = excluded), e.g. by a conflict branch. */
  excluded?: Uint8Array;
  /** Classes that may not fill single slots, as (slot, class) pairs: a branch on a class shipped too often ({@link DpRuns.introRuns}). */
  excludedAt?: ReadonlyArray<readonly [number, number]>;
  /** Work bound: states in all (default `dp.maxStates` of models/select/solver.json). */
  maxStates?: number;
  /** Work bound: transitions looked at and range queries (default `dp.maxWork`). */
  maxWork?: number;
  /** Memory bound of the tables, MB (default `dp.maxMemoryMB`). */
  maxMemoryMB?: number;
  /** Where new runs are found by range minima (default `auto`; tests compare `always` with `never`). */
  ranges?: "auto" | "always" | "never";
  /**
   * The bounded rounds ({@link boundedDp}): `auto` (default) where they pay, `always` wherever the
   * bound drops a state, `never` (the full dp at once, over every class: not even those on no
   * relaxed sequence are left out); tests compare the three.
   */
  bound?: "auto" | "always" | "never";
  /**
   * When the bounded rounds' relaxation keeps other keys' rules ({@link boundedDp}): `auto`
   * (default: at once on a small pool, else from the first round that fails to prove), `late`
   * (only from such a round, whatever the pool's size: tests).
   */
  groups?: "auto" | "late";
}

/** A dp answer, or the first slot at which no candidate can continue the chain. */
export type DpResult = { selection: Selection } | { infeasibleAt: number };

/**
 * Whether dp is exact for a problem (SPEC 6 "dp applies"): some `maxRun` key
 * is also a `nonDecreasing` key. A candidate can then only repeat inside one
 * run of equal values of that key, which the dp state holds. When that run
 * may restart at a chapter start (its `maxRun`, or every `nonDecreasing` on
 * its key, is chapter-scoped), a class could also be used again in another
 * chapter's run, which no state holds: the dp then applies only when no
 * candidate may fill slots of two chapters (eligibility `part`, or all slots
 * in one chapter). (Conflicts are handled by branching on top of dp,
 * {@link solveDpBranching}.)
 */
export function dpApplies(problem: Pick<SelectionProblem, "chain" | "candidates"> & Partial<Pick<SelectionProblem, "slots" | "eligible">>): boolean {
  return dpRefusal(problem) === undefined;
}

/**
 * Exact dynamic programming over slots (SPEC 6 `dp`), ignoring conflicts.
 *
 * Interchangeable candidates are one class ({@link candidateClasses}); the
 * class dp ({@link classDp}) gives every state's optimal cost-to-go. A
 * forward pass then takes, slot by slot, the smallest candidate id that still
 * reaches the optimum (ties within {@link objectiveTolerance}): a class used
 * for the k-th time in its run ships its k-th smallest id, so the answer is
 * the lexicographically smallest optimal list of ids, as if every candidate
 * were its own state. Stats: `states`, `classes`, `candidates`, `slots`,
 * `work`, `solveMs`.
 *
 * @returns the selection (proven optimal) or the first infeasible slot index
 *   (the shortest prefix of slots no sequence fills).
 * @throws LevelrampError `select/dp` (exit 2) when the problem is not chain-shaped.
 * @throws SolverLimitError `select/dp` (exit 1) past the state or work bound.
 */
export function solveDp(problem: SelectionProblem, options: DpOptions = {}): DpResult {
  const t0 = performance.now();
  const defaults = solverLimits().dp;
  const limits: ClassDpLimits = {
    maxStates: options.maxStates ?? defaults.maxStates,
    maxWork: options.maxWork ?? defaults.maxWork,
    maxMemoryMB: options.maxMemoryMB ?? defaults.maxMemoryMB,
  };
  const S = problem.slots.length;
  const ctx = dpContext(problem, options.excluded, options.ranges, options.excludedAt);
  let work = 0;
  let rounds = 0;
  const stats = (table?: ClassDpTable) => ({
    states: table?.states ?? 0,
    classes: ctx.classes.count,
    candidates: ctx.classes.candidates,
    slots: S,
    work: Math.round(work),
    rangeSlots: table?.rangeSlots ?? 0,
    rounds,
    solveMs: Math.round((performance.now() - t0) * 10) / 10,
  });
  if (S === 0) return { selection: makeSelection({ picks: [], objective: 0, status: "optimal", solver: "dp", stats: stats() }) };
  const answer = (table: ClassDpTable, opt: number): DpResult => {
    const picks = cheapestIds(table, opt);
    return { selection: makeSelection({ picks, objective: ctx.obj.total(picks), status: "optimal", solver: "dp", stats: stats(table) }) };
  };
  // 1. Only the states a lower bound keeps, in widening rounds (most pools: a small share of them).
  if (options.bound !== "never") {
    const bounded = boundedDp(ctx, limits, options.bound === "always", options.groups === "late");
    work += bounded.work;
    rounds += bounded.rounds;
    if (bounded.answer) return answer(bounded.answer.table, bounded.answer.opt);
  }
  // 2. Every state on some sequence the chain relaxation allows at all (no cost limit): the bound
  // would keep them all, or no sequence exists (then the full dp finds its first infeasible slot).
  const reach = options.bound === "never" ? undefined : relaxedReach(ctx);
  if (reach) {
    const table = classDp(reach, S, limits);
    work += table.work;
    rounds++;
    const opt = bestStart(table);
    if (Number.isFinite(opt)) return answer(table, opt);
  }
  const table = classDp(ctx, S, limits);
  work += table.work;
  rounds++;
  const opt = bestStart(table);
  if (!Number.isFinite(opt)) return { infeasibleAt: firstInfeasibleSlot(table, limits) };
  return answer(table, opt);
}

/**
 * The context restricted to the classes that lie on some sequence of the
 * chain relaxation ({@link relaxationBounds} with no cost limit: the primary
 * key never falls but where a chapter restarts it, a bucket's run holds at
 * most its usable candidates — per chapter where the run restarts there).
 * Every real sequence is such a sequence, so the dp over it has the full
 * dp's optimum and ids. Where slots are tight — an order re-sequenced under
 * chapter-scoped rules, each chapter's levels filling its own slots — it pins
 * each slot to the few values it can hold. Undefined when it drops nothing,
 * or leaves a slot empty (the full dp then names the first infeasible slot).
 */
function relaxedReach(ctx: DpContext): DpContext | undefined {
  const { lists, listOfSlot } = ctx.classes;
  const size = ctx.problem.slots.reduce((n, _, i) => n + lists[listOfSlot[i]].length, 0);
  const kept = withinRelaxation(relaxationBounds(ctx, { lists, listOfSlot, all: true, size }), Infinity, true, true);
  if (kept.all || kept.lists.some((l) => l.length === 0)) return undefined;
  return withSlotLists(ctx, kept.lists, kept.listOfSlot);
}

/** The shortest prefix of slots no sequence fills (binary search: a prefix of a feasible prefix is feasible). */
function firstInfeasibleSlot(table: ClassDpTable, limits: ClassDpLimits): number {
  let lo = 0;
  let hi = table.slots - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (Number.isFinite(bestStart(classDp(table.ctx, mid + 1, limits)))) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The path state of the forward pass. */
interface PathState {
  c: number;
  run: number;
  q: number;
  /** Scarce classes used in the run (sorted, −1 padded). */
  mem: Int32Array;
}

/**
 * Forward pass: the smallest id at each slot that still reaches `opt`. Among
 * the successors of the path's state (a new run, or the same run grown), a
 * class's next id is its member at index "uses so far" (in the whole
 * sequence: a class that may ship in two runs, {@link DpRuns.multiRun},
 * ships its next members there too).
 */
function cheapestIds(table: ClassDpTable, opt: number): number[] {
  const { ctx } = table;
  const { obj, problem } = ctx;
  const tol = objectiveTolerance(opt);
  const ids = candidateColumns(problem).ids;
  const idLess = (a: number, b: number) => b < 0 || ids[a] < ids[b];
  // Slot 0: the class whose first member has the smallest id among those reaching opt.
  let state: PathState | undefined;
  let pick = -1;
  let acc = 0;
  {
    const { sets } = ctx;
    const j = sets.setOf[0];
    let fallback = { v: Infinity, c: -1 };
    for (let p = sets.start[j]; p < sets.start[j + 1]; p++) {
      const c = sets.cls[p];
      const q = startSide(ctx, c);
      if (ctx.mult[c] === 0 || q < 0) continue;
      const v = obj.combine(obj.slotCost(0, ctx.rep[c]), table.dense[denseIndex(table, 0, p, 1, q)]);
      if (v < fallback.v) fallback = { v, c };
      if (v <= opt + tol && idLess(ctx.members[c][0], pick)) {
        pick = ctx.members[c][0];
        state = freshState(ctx, c, q);
      }
    }
    if (!state) state = freshState(ctx, fallback.c, startSide(ctx, fallback.c));
    pick = ctx.members[state.c][0];
    acc = obj.slotCost(0, pick);
  }
  const picks = [pick];
  const used = new Int32Array(ctx.classes.count);
  used[state.c] = 1;
  const step = runStep(ctx.L);
  // The best successor within the tolerance (smallest id) and the cheapest one: two records reused
  // for every successor of every slot (no object or closure per successor; the state is made once).
  const chosen = new Choice(ctx.L);
  const fallback = new Choice(ctx.L);
  for (let i = 0; i + 1 < table.slots; i++) {
    const from: PathState = state;
    chosen.clear();
    fallback.clear();
    const consider = (d: number, after: number, run: number, q: number, mem: Int32Array | undefined) => {
      const a = obj.combine(obj.combine(acc, obj.slotCost(i + 1, ctx.rep[d])), obj.stepCost(i, ctx.rep[from.c], ctx.rep[d]));
      const v = obj.combine(a, after);
      // A run that restarts at introductions may use a class more often than it has members (the
      // relaxation solveDpBranching checks and branches on): the last member then stands in.
      const id = ctx.members[d][Math.min(used[d], ctx.members[d].length - 1)];
      if (!fallback.set || v < fallback.v) fallback.take(v, id, a, d, run, q, mem);
      if (v <= opt + tol && (!chosen.set || idLess(id, chosen.pick))) chosen.take(v, id, a, d, run, q, mem);
    };
    const grownRun = (s: RunStep) => {
      const after = s.dense ? table.dense[denseIndex(table, i + 1, s.p, s.run, s.q)] : sparseCtg(table, i + 1, s.d, s.run, s.q, s.mem);
      consider(s.d, after, s.run, s.q, s.mem);
    };
    if (ctx.restart[i + 1] || ctx.introRuns) {
      // A chapter start with scoped rules, or a run that may restart at introductions: a new run starts afresh, or the run goes on.
      eachRestartStep(ctx, i + 1, from.c, from.run, from.q, from.mem, step, (s) => {
        if (s.run === 1) consider(s.d, table.dense[denseIndex(table, i + 1, s.p, 1, s.q)], 1, s.q, undefined);
        else grownRun(s);
      });
    } else {
      eachNewRunStep(ctx, i + 1, from.c, from.q, (p, d, q) => consider(d, table.dense[denseIndex(table, i + 1, p, 1, q)], 1, q, undefined));
      eachSameRunStep(ctx, i + 1, from.c, from.run, from.q, from.mem, step, grownRun);
    }
    const take = chosen.set ? chosen : fallback;
    if (!take.set) throw new LevelrampError("select/dp", "internal: lost the optimal path while rebuilding it", 1);
    state = take.same ? { c: take.d, run: take.run, q: take.q, mem: take.mem.slice() } : freshState(ctx, take.d, take.q);
    used[take.d]++;
    acc = take.acc;
    picks.push(take.pick);
  }
  return picks;
}

/** A successor the forward pass keeps: its value, id, accumulated cost and the state it leads to. */
class Choice {
  set = false;
  v = Infinity;
  pick = -1;
  acc = 0;
  d = -1;
  run = 1;
  q = 0;
  /** Whether it stays in the run (then `mem` is the run's scarce multiset after it). */
  same = false;
  readonly mem: Int32Array;

  constructor(L: number) {
    this.mem = new Int32Array(L);
  }

  clear(): void {
    this.set = false;
  }

  take(v: number, pick: number, acc: number, d: number, run: number, q: number, mem: Int32Array | undefined): void {
    this.set = true;
    this.v = v;
    this.pick = pick;
    this.acc = acc;
    this.d = d;
    this.run = run;
    this.q = q;
    this.same = mem !== undefined;
    if (mem) this.mem.set(mem);
  }
}

function freshState(ctx: ReturnType<typeof dpContext>, c: number, q: number): PathState {
  const mem = new Int32Array(ctx.L).fill(-1);
  if (ctx.scarce[c]) mem[0] = c;
  return { c, run: 1, q, mem };
}
