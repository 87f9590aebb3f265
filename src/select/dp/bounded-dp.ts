import { objectiveTolerance } from "../problem/objective.ts";
import { relaxationBounds, withinRelaxation, type RelaxationBounds } from "./chain-relaxation.ts";
import { keptRuns } from "./kept-runs.ts";
import { bestStart, classDp, type ClassDpLimits, type ClassDpTable } from "./class-dp.ts";
import { withSlotLists, type DpContext } from "./dp-context.ts";
import { firstWidth, keptLists, slotBounds } from "./slot-bounds.ts";

/** What the bounded rounds did: the answer (its last round's table and the proven optimum), if any, and their effort. */
export interface BoundedDp {
  answer?: { table: ClassDpTable; opt: number };
  /** dp runs made (rounds that found nothing included). */
  rounds: number;
  /** Work of every round (transitions looked at and range queries). */
  work: number;
  /** Whether the floor was raised to the relaxed optimum (later rounds then keep classes by their relaxed bounds). */
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
 * round finds no sequence, the pool is small enough (class-slot pairs ×
 * run length ≤ 500,000) and no chapter restarts a rule, the floor becomes the relaxed optimum
 * ({@link relaxationBounds}: values never fall, the primary run's buckets and
 * caps kept), a lower bound of the optimum, and the rounds start again there;
 * the same two sweeps give every class's relaxed bound, and each later round
 * keeps the classes under its limit from them, with no sweep of its own.
 *
 * @returns no answer — the caller runs the full dp, which also finds the
 *   first infeasible slot — when the bound cannot pay: the full dp is small
 *   (up to 20,000 dense states), a round would keep more than half the
 *   states (both checks skipped when `always`: tests), or some slot offers nothing.
 * @throws SolverLimitError `select/dp` when a round passes the dp's bounds.
 */
export function boundedDp(ctx: DpContext, limits: ClassDpLimits, always = false): BoundedDp {
  const S = ctx.problem.slots.length;
  let work = 0;
  let rounds = 0;
  // Every state's class, slot by slot: what the full dp would hold (checked before any bound is computed).
  const usable = ctx.classes.lists.map((list) => list.reduce((n, c) => n + (ctx.mult[c] > 0 ? 1 : 0), 0));
  let full = 0;
  for (let i = 0; i < S; i++) full += usable[ctx.classes.listOfSlot[i]];
  if (!always && full * ctx.L * ctx.KV <= SMALL) return { rounds, work };
  const bounds = slotBounds(ctx);
  if (!Number.isFinite(bounds.floor)) return { rounds, work };
  let floor = bounds.floor;
  // Once the first round finds no sequence, where affordable: the relaxed optimum with the primary
  // run's rules, a floor nearer the optimum (on the real banks the optimum itself or within 1%).
  // Not where chapters restart the rules: each chapter then starts afresh in the relaxation, whose
  // optimum falls far below (a new user's 266 levels in chapters: 57,709 against 97,228).
  let raise = full * ctx.L <= RELAXED_FLOOR_AT_MOST && !ctx.restart.includes(1) && !ctx.introRuns;
  // Once computed (the raise below), every class's relaxed bound: later rounds keep the classes under
  // their limit without sweeping again (it implies the slot bounds: the other slots' least costs are in it).
  let relaxation: RelaxationBounds | undefined;
  const run = (limit: number) => {
    const range = relaxation ? undefined : keptLists(ctx, bounds, limit);
    const relaxed = relaxation ?? (range!.lists.some((l) => l.length === 0) ? undefined : relaxationBounds(ctx, range!));
    const kept = relaxed ? withinRelaxation(relaxed, limit, relaxation ? true : range!.all) : range!;
    // Keeping most states saves little and costs a round: the full dp instead.
    if (kept.all || (!always && kept.size > KEEP_AT_MOST * full)) return undefined;
    rounds++;
    if (!relaxed || kept.lists.some((l) => l.length === 0)) return { table: undefined, opt: Infinity };
    // The kept classes, and in them only the run lengths within the limit.
    // (set on the round's own context: one object shape for every context the dp reads)
    const sub = withSlotLists(ctx, kept.lists, kept.listOfSlot);
    sub.keptRuns = keptRuns(sub, relaxed, limit);
    const table = classDp(sub, S, limits);
    work += table.work;
    return { table, opt: bestStart(table) };
  };
  for (let width = firstWidth(bounds, floor); ; width *= WIDEN) {
    const limit = floor + width;
    const round = run(limit);
    if (!round) return { rounds, work, raised: relaxation !== undefined };
    if (!Number.isFinite(round.opt) && raise) {
      raise = false;
      relaxation = relaxationBounds(ctx, { lists: bounds.orders.map((o) => o.cls), listOfSlot: ctx.classes.listOfSlot, all: true, size: full });
      const relaxed = relaxation.relaxed;
      // No relaxed sequence: none at all (the full dp says where it breaks).
      if (!Number.isFinite(relaxed)) return { rounds, work, raised: true };
      if (relaxed > limit) {
        floor = relaxed;
        width = firstWidth(bounds, floor) / WIDEN;
      }
    }
    if (!Number.isFinite(round.opt)) continue;
    const raised = relaxation !== undefined;
    if (round.opt + objectiveTolerance(round.opt) <= limit) return { answer: { table: round.table!, opt: round.opt }, rounds, work, raised };
    // A feasible cost: one more round at it proves the optimum.
    const proof = run(round.opt + 2 * objectiveTolerance(round.opt));
    if (!proof) return { rounds, work, raised };
    return { answer: { table: proof.table!, opt: proof.opt }, rounds, work, raised };
  }
}
