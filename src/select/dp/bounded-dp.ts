import { objectiveTolerance } from "../problem/objective.ts";
import { relaxationBounds, withinRelaxation, type RelaxationBounds } from "./chain-relaxation.ts";
import { keptRuns } from "./kept-runs.ts";
import { bestStart, classDp, type ClassDpLimits, type ClassDpTable } from "./class-dp.ts";
import { withSlotLists, type DpContext } from "./dp-context.ts";
import { firstWidth, keptLists, slotBounds, type KeptLists } from "./slot-bounds.ts";

/** What the bounded rounds did: the answer (its last round's table and the proven optimum), if any, and their effort. */
export interface BoundedDp {
  answer?: { table: ClassDpTable; opt: number };
  /** dp runs made (rounds that found nothing included). */
  rounds: number;
  /** Work of every round (transitions looked at and range queries). */
  work: number;
  /** Whether the floor was raised to a relaxed optimum (over every class, or a round's). */
  raised?: boolean;
}

/** How much wider each round's bound is than the one before. */
const WIDEN = 4;
/** Dense states (class per slot × run lengths) up to which the full dp runs at once: rounds would not pay. */
const SMALL = 20_000;
/** Class-slot pairs × run length up to which the relaxed optimum (one forward sweep over them all) raises the floor. */
const RELAXED_FLOOR_AT_MOST = 500_000;
/** The share of the full dp's classes per slot past which a round runs the full dp instead. */
const KEEP_AT_MOST = 0.5;

/**
 * The class dp over only the states a lower bound keeps, in rounds (SPEC 6
 * `dp`, "Scale"): round r runs {@link classDp} on the classes whose bound
 * ({@link slotBounds}) is at most T = floor + g·4^r. An answer v ≤ T − tol is
 * the optimum, proven: every sequence the bound dropped costs more than T.
 * An answer above that is a feasible cost, so one more round at T = v + 2·tol
 * proves it. No answer (the kept classes chain no sequence) widens the bound.
 * The tie tolerance is inside T in both cases, so every sequence within it of
 * the optimum survives and the forward pass picks the ids the full dp picks.
 * Inside a kept class, only the run lengths whose own relaxed bound is within
 * T are held ({@link keptRuns}): the same argument, state by state.
 *
 * The first width g is 1% of the floor, or the median step from a slot's
 * least cost to its next where that is more: on pools whose classes sit close
 * to the ramp the dp then sees a small share of its states. When the first
 * round finds no sequence and the pool is small enough (class-slot pairs ×
 * run length ≤ 500,000), the floor becomes the relaxed optimum
 * ({@link relaxationBounds}: values never fall, the primary run's buckets and
 * caps kept, other keys' rules where they bind), a lower bound of the
 * optimum, and the rounds start again there, a quarter of a first width
 * above it (the relaxed optimum is often the optimum itself); the same two
 * sweeps give every class's relaxed bound, and each later round keeps the
 * classes under its limit from them, with no sweep of its own — where
 * chapters restart rules, only when the floor rose (else each round's own
 * sweep, over fewer classes, is tighter). A round whose own sweep finds a
 * relaxed sequence within its limit T raises the floor to its cost the same
 * way (a sequence of cost ≤ T lies in the round's classes, so none costs
 * less) and keeps a quarter of a first width above it, reusing the sweep.
 *
 * @returns no answer — the caller runs the full dp, which also finds the
 *   first infeasible slot — when the bound cannot pay: the full dp is small
 *   (up to 20,000 dense states), a round would keep more than half the
 *   states (both checks skipped when `always`: tests), or some slot offers nothing.
 * @throws SolverLimitError `select/dp` when a round passes the dp's bounds.
 */
export function boundedDp(ctx: DpContext, limits: ClassDpLimits, always = false): BoundedDp {
  let work = 0;
  let rounds = 0;
  const full = fullClasses(ctx);
  if (!always && full * ctx.L * ctx.KV <= SMALL) return { rounds, work };
  const bounds = slotBounds(ctx);
  if (!Number.isFinite(bounds.floor)) return { rounds, work };
  let floor = bounds.floor;
  // Once the first round finds no sequence, where affordable: the relaxed optimum over every class, a
  // floor nearer the optimum (on the real banks the optimum itself or within 1%).
  let raise = full * ctx.L <= RELAXED_FLOOR_AT_MOST && !ctx.introRuns;
  let raised = false;
  // The last sweep: the relaxed bound of every class the slot bounds keep within `upTo` (every class:
  // Infinity). It holds for every sequence of cost ≤ upTo, so a round at a limit up to that reuses it.
  let swept: { bounds: RelaxationBounds; upTo: number; whole: boolean } | undefined;
  // A round: the classes within `limit` (lowered to a raised floor's first width unless it is a
  // proof's); undefined when the full dp should run instead.
  const run = (limit: number, proof = false) => {
    let kept: KeptLists;
    let relaxed: RelaxationBounds | undefined;
    if (swept && limit <= swept.upTo) relaxed = swept.bounds;
    else {
      const range = keptLists(ctx, bounds, limit);
      if (range.lists.some((l) => l.length === 0)) kept = range;
      else swept = { bounds: (relaxed = relaxationBounds(ctx, range)), upTo: limit, whole: range.all };
    }
    if (relaxed) {
      // A relaxed sequence within the sweep's limit: no sequence costs less (those above the limit
      // cost more anyway), so the floor rises to it, and the round keeps what lies within a quarter
      // of a first width of the new floor (SPEC 6 "Scale": on a sawtooth ramp the relaxation meets
      // the optimum).
      if (relaxed.relaxed <= swept!.upTo && relaxed.relaxed > floor) {
        floor = relaxed.relaxed;
        raised = true;
        if (!proof) limit = Math.min(limit, floor + firstWidth(bounds, floor) / WIDEN);
      }
      kept = withinRelaxation(relaxed, limit, swept!.whole);
    }
    // Keeping most states saves little and costs a round: the full dp instead.
    if (kept!.all || (!always && kept!.size > KEEP_AT_MOST * full)) return undefined;
    rounds++;
    if (!relaxed || kept!.lists.some((l) => l.length === 0)) return { table: undefined, opt: Infinity, limit };
    const table = roundDp(ctx, kept!, relaxed, limit, limits);
    work += table.work;
    return { table, opt: bestStart(table), limit };
  };
  for (let width = firstWidth(bounds, floor); ; width *= WIDEN) {
    const before = floor;
    const round = run(floor + width);
    if (!round) return { rounds, work, raised };
    // The round raised the floor: widen again from it.
    if (floor > before) width = firstWidth(bounds, floor) / WIDEN;
    if (!Number.isFinite(round.opt) && raise) {
      raise = false;
      const all = relaxationBounds(ctx, { lists: bounds.orders.map((o) => o.cls), listOfSlot: ctx.classes.listOfSlot, all: true, size: full });
      // No relaxed sequence: none at all (the full dp says where it breaks).
      if (!Number.isFinite(all.relaxed)) return { rounds, work, raised: true };
      const higher = all.relaxed > floor + width;
      // Later rounds keep classes by these bounds with no sweep of their own — where chapters restart
      // rules, only if the floor rose (else their own sweeps, over fewer classes, are tighter).
      if (higher || !ctx.restart.includes(1)) {
        swept = { bounds: all, upTo: Infinity, whole: true };
        raised = true;
      }
      if (higher) {
        floor = all.relaxed;
        // The next round a quarter of a first width above: the relaxed optimum is often the optimum
        // itself (the sudoku banks, the 200-level stand-in); a round that finds nothing widens by 4.
        width = firstWidth(bounds, floor) / WIDEN / WIDEN;
      }
    }
    if (!Number.isFinite(round.opt)) continue;
    if (round.opt + objectiveTolerance(round.opt) <= round.limit) return { answer: { table: round.table!, opt: round.opt }, rounds, work, raised };
    // A feasible cost: one more round at it proves the optimum.
    const proof = run(round.opt + 2 * objectiveTolerance(round.opt), true);
    if (!proof) return { rounds, work, raised };
    return { answer: { table: proof.table!, opt: proof.opt }, rounds, work, raised };
  }
}

/** Every state's class, slot by slot: the class-slot pairs the full dp would hold (counted before any bound is computed). */
function fullClasses(ctx: DpContext): number {
  const usable = ctx.classes.lists.map((list) => list.reduce((n, c) => n + (ctx.mult[c] > 0 ? 1 : 0), 0));
  let full = 0;
  for (let i = 0; i < ctx.problem.slots.length; i++) full += usable[ctx.classes.listOfSlot[i]];
  return full;
}

/** A round's dp: over the kept classes, and in them only the run lengths within the limit ({@link keptRuns}). */
function roundDp(ctx: DpContext, kept: KeptLists, relaxed: RelaxationBounds, limit: number, limits: ClassDpLimits): ClassDpTable {
  // (set on the round's own context: one object shape for every context the dp reads)
  const sub = withSlotLists(ctx, kept.lists, kept.listOfSlot);
  sub.keptRuns = keptRuns(sub, relaxed, limit);
  return classDp(sub, ctx.problem.slots.length, limits);
}
