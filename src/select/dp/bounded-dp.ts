import { objectiveTolerance } from "../problem/objective.ts";
import { relaxationBounds, withinRelaxation, type RelaxationBounds } from "./chain-relaxation.ts";
import { capReach } from "./cap-reach.ts";
import { keptRuns } from "./kept-runs.ts";
import { groupsAtOnce, relaxationGroups } from "./relaxation-groups.ts";
import { bestStart, classDp, type ClassDpLimits, type ClassDpTable } from "./class-dp.ts";
import { withSlotLists, type DpContext } from "./dp-context.ts";
import { firstWidth, keptLists, slotBounds, type KeptLists, type SlotBounds } from "./slot-bounds.ts";

/** What the bounded rounds did: the answer (its last round's table and the proven optimum), if any, and their effort. */
export interface BoundedDp {
  answer?: { table: ClassDpTable; opt: number };
  /** dp runs made (rounds that found nothing included). */
  rounds: number;
  /** Work of every round (transitions looked at and range queries). */
  work: number;
  /** Whether the floor was raised to a relaxed optimum (over every class, or a round's). */
  raised?: boolean;
  /** Whether a round without the other keys' rules failed to prove, so later sweeps kept them. */
  lateGroups?: boolean;
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
 * The sweeps keep the pairwise rules of other keys where they bind
 * ({@link relaxationGroups}: a tighter bound, a costlier sweep) from the start
 * on a pool small enough ({@link groupsAtOnce}: up to 50,000 class-slot pairs
 * × run length); on a larger one from the first round whose dp ran and did not
 * prove (found no sequence, or one above its limit) — the measured sign that
 * the bound without them left a gap. From then on each round's grouped sweep
 * looks only at the classes the relaxed bounds without groups over every class
 * keep within its limit, where those were swept (they bound every sequence
 * too), else at the slot bounds' classes.
 *
 * @param late take the groups only from a round that fails to prove, whatever the pool's size (tests)
 * @returns no answer — the caller runs the full dp, which also finds the
 *   first infeasible slot — when the bound cannot pay: the full dp is small
 *   (up to 20,000 dense states), a round would keep more than half the
 *   states (both checks skipped when `always`: tests), some slot offers nothing,
 *   or no relaxed sequence passes over every class that lies on one.
 * @throws SolverLimitError `select/dp` when a round passes the dp's bounds.
 */
export function boundedDp(ctx: DpContext, limits: ClassDpLimits, always = false, late = false): BoundedDp {
  const full = fullClasses(ctx);
  if (!always && full * ctx.L * ctx.KV <= SMALL) return { rounds: 0, work: 0 };
  const bounds = slotBounds(ctx);
  if (!Number.isFinite(bounds.floor)) return { rounds: 0, work: 0 };
  const r = new Rounds(ctx, limits, always, late, bounds, full);
  const done = (answer?: { table: ClassDpTable; opt: number }): BoundedDp => ({ answer, rounds: r.rounds, work: r.work, raised: r.raised, lateGroups: r.lateGroups });
  for (let width = firstWidth(bounds, r.floor); ; width *= WIDEN) {
    const before = r.floor;
    const round = r.run(r.floor + width);
    if (!round) return done();
    // The round raised the floor: widen again from it.
    if (r.floor > before) width = firstWidth(bounds, r.floor) / WIDEN;
    const proven = round.opt + objectiveTolerance(round.opt) <= round.limit;
    // A round whose dp ran and did not prove: the sweeps without the other keys' rules left a gap.
    if (round.table && !proven) r.groupsFromNow();
    if (!Number.isFinite(round.opt) && r.raise) {
      const next = r.raiseToEveryClass(width);
      // No relaxed sequence: none at all (the full dp says where it breaks).
      if (next === undefined) return done();
      width = next;
    }
    if (!Number.isFinite(round.opt)) continue;
    if (proven) return done({ table: round.table!, opt: round.opt });
    // A feasible cost: one more round at it proves the optimum.
    const proof = r.run(round.opt + 2 * objectiveTolerance(round.opt), true);
    return done(proof ? { table: proof.table!, opt: proof.opt } : undefined);
  }
}

/** The state of {@link boundedDp}'s rounds: the floor, the last sweep, whether its sweeps keep the groups, the effort. */
class Rounds {
  floor: number;
  rounds = 0;
  work = 0;
  /** Whether the relaxed optimum over every class may still raise the floor (once, where affordable). */
  raise: boolean;
  raised = false;
  lateGroups = false;
  private readonly affordable: boolean;
  /** Whether the sweeps keep pairwise rules on other keys where they bind (at once on a small pool). */
  private readonly atOnce: boolean;
  private grouped: boolean;
  /**
   * The last sweep: the relaxed bound of every class the slot bounds keep within `upTo` (every
   * class: Infinity). It holds for every sequence of cost ≤ upTo, so a round at a limit up to that
   * reuses it.
   */
  private swept: { bounds: RelaxationBounds; upTo: number; whole: boolean } | undefined;
  /**
   * Once the groups came in late: the bounds without them over every class, which hold too, so a
   * round's grouped sweep looks only at the classes they keep within its limit (all that lie on
   * some sequence when it keeps `onSome` of them).
   */
  private filter: RelaxationBounds | undefined;
  private onSome = 0;

  constructor(
    private readonly ctx: DpContext,
    private readonly limits: ClassDpLimits,
    private readonly always: boolean,
    late: boolean,
    private readonly bounds: SlotBounds,
    private readonly full: number,
  ) {
    this.floor = bounds.floor;
    // Once the first round finds no sequence, where affordable: the relaxed optimum over every class,
    // a floor nearer the optimum (on the real banks the optimum itself or within 1%).
    this.affordable = full * ctx.L <= RELAXED_FLOOR_AT_MOST;
    this.raise = this.affordable && !ctx.introRuns;
    this.atOnce = !late && groupsAtOnce(ctx);
    // (The groups are looked for only where they are taken: a larger pool whose rounds prove never pays for them.)
    this.grouped = this.atOnce && relaxationGroups(ctx).count > 1;
  }

  /**
   * A round: the classes within `limit` (lowered to a raised floor's first width unless it is a
   * proof's), their dp's table and optimum; undefined when the full dp should run instead.
   */
  run(limit: number, proof = false): { table?: ClassDpTable; opt: number; limit: number } | undefined {
    const { ctx, bounds } = this;
    let kept: KeptLists;
    let relaxed: RelaxationBounds | undefined;
    if (this.swept && limit <= this.swept.upTo) relaxed = this.swept.bounds;
    else {
      const range = this.filter ? withinRelaxation(this.filter, limit, true) : keptLists(ctx, bounds, limit);
      const whole = this.filter ? range.size >= this.onSome : range.all;
      if (range.lists.some((l) => l.length === 0)) kept = range;
      else this.swept = { bounds: (relaxed = relaxationBounds(ctx, range, this.grouped)), upTo: limit, whole };
    }
    if (relaxed) {
      // No relaxed sequence among every class that lies on one: none at all (the full dp says where).
      if (this.swept!.whole && !Number.isFinite(relaxed.relaxed)) return undefined;
      // A relaxed sequence within the sweep's limit: no sequence costs less (those above the limit
      // cost more anyway), so the floor rises to it, and the round keeps what lies within a quarter
      // of a first width of the new floor (SPEC 6 "Scale": on a sawtooth ramp the relaxation meets
      // the optimum).
      if (relaxed.relaxed <= this.swept!.upTo && relaxed.relaxed > this.floor) {
        this.floor = relaxed.relaxed;
        this.raised = true;
        if (!proof) limit = Math.min(limit, this.floor + firstWidth(bounds, this.floor) / WIDEN);
      }
      kept = withinRelaxation(relaxed, limit, this.swept!.whole);
    }
    // Keeping most states (or every one: no limit) saves little and costs a round: the full dp instead.
    if (kept!.all || limit === Infinity || (!this.always && kept!.size > KEEP_AT_MOST * this.full)) return undefined;
    this.rounds++;
    if (!relaxed || kept!.lists.some((l) => l.length === 0)) return { table: undefined, opt: Infinity, limit };
    const table = roundDp(ctx, kept!, relaxed, limit, this.limits);
    this.work += table.work;
    return { table, opt: bestStart(table), limit };
  }

  /** A round failed to prove: from now on the sweeps keep the other keys' rules where they bind (if they do not yet). */
  groupsFromNow(): void {
    if (this.grouped || this.atOnce || relaxationGroups(this.ctx).count === 1) return;
    this.grouped = this.lateGroups = true;
    if (this.swept?.upTo === Infinity) this.filterBy(this.swept.bounds);
    this.swept = undefined;
  }

  /**
   * After a round at `floor + width` found nothing: the relaxed optimum over every class (with the
   * groups only on a pool small enough to keep them at once) raises the floor when it lies above
   * that round's limit; returns the next round's width, or undefined when no relaxed sequence exists.
   */
  raiseToEveryClass(width: number): number | undefined {
    const { ctx, bounds } = this;
    this.raise = false;
    // Every class, less those the caps keep from a slot (on no relaxed sequence: the same optimum and bounds, fewer pairs to sweep).
    const lists = bounds.orders.map((o) => o.cls);
    const reach = capReach(ctx, lists, ctx.classes.listOfSlot);
    const all = relaxationBounds(ctx, reach ?? { lists, listOfSlot: ctx.classes.listOfSlot, all: true, size: this.full }, this.grouped && this.atOnce);
    if (!Number.isFinite(all.relaxed)) {
      this.raised = true;
      return undefined;
    }
    const higher = all.relaxed > this.floor + width;
    // Later rounds keep classes by these bounds with no sweep of their own — where chapters restart
    // rules, only if the floor rose (else their own sweeps, over fewer classes, are tighter); once the
    // groups came in late, their grouped sweeps look only at the classes these keep.
    if (this.grouped && !this.atOnce) this.filterBy(all);
    else if (higher || !ctx.restart.includes(1)) {
      this.swept = { bounds: all, upTo: Infinity, whole: !reach };
      this.raised = true;
    }
    if (!higher) return width;
    this.floor = all.relaxed;
    this.raised = true;
    // The next round a quarter of a first width above: the relaxed optimum is often the optimum
    // itself (the sudoku banks, the 200-level stand-in); a round that finds nothing widens by 4.
    return firstWidth(bounds, this.floor) / WIDEN / WIDEN;
  }

  private filterBy(all: RelaxationBounds): void {
    this.filter = all;
    this.onSome = all.lb.reduce((n, x) => n + (x < Infinity ? 1 : 0), 0);
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
