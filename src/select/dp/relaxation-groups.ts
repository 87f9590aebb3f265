import type { DpContext } from "./dp-context.ts";

/**
 * The groups of classes the chain relaxation ({@link relaxationBounds}) tells
 * apart: classes equal on every key a pairwise rule reads besides the primary
 * key (a `maxDrop` on depth: one group per depth), and which group may follow
 * which. The relaxation then keeps those rules too — they are what holds a
 * sawtooth ramp's chapter starts apart, where the primary key falls and
 * another key may not fall far — and its bound moves up to the optimum.
 */
export interface RelaxationGroups {
  /** The group of each class (all 0 when no pairwise rule reads another key, or there are too many groups). */
  of: Int32Array;
  count: number;
  /** `ok[a·count + b]` = 1 when a class of group b may follow one of group a (rules scoped to introductions lifted: they may be). */
  ok: Uint8Array;
  /** The same at a chapter start, where chapter-scoped rules are lifted too. */
  okRestart: Uint8Array;
  /** Each group's least and greatest primary value (a group whose values all lie above a class's never comes before it in a run of rising values). */
  least: Float64Array;
  most: Float64Array;
}

/**
 * Past this many groups the relaxation leaves the other keys' rules out (its
 * sweeps look at every group of the slot before for each class: the bound
 * would cost more than it saves).
 */
const MAX_GROUPS = 32;

/**
 * Up to this many (class-slot pair × run position) entries over every slot the bounded rounds
 * sweep with the groups from the start ({@link groupsAtOnce}): on a pool that small a sweep costs
 * little beside the dp's states it saves (the 200-level stand-in, 23,070 entries: 7,180 states →
 * 1,918). Past it a grouped sweep, which keeps an accumulator per group besides the plain ones,
 * costs a cold solve more than the states are worth where the rules bind few steps (100 of 1,000
 * sudoku, whose tier rule binds few steps the relaxation takes: 70,800 entries, 30–40% longer), so
 * the rounds take the groups only once a round without them fails to prove (`boundedDp`).
 */
const AT_ONCE_ENTRIES = 50_000;

const cache = new WeakMap<object, RelaxationGroups>();

/**
 * The {@link RelaxationGroups} of a context's classes (computed once per set
 * of classes). Every real step satisfies the rules it keeps, and it lifts
 * every rule that may be lifted at a step (scoped to introductions anywhere,
 * to chapters at a chapter start), so the relaxation stays a lower bound.
 * SPEC 6 `dp`, "Scale". Throws nothing.
 *
 * @returns the groups (`count` 1, every pair allowed, when the rules bind no step the
 *   relaxation takes or a key has more than 32 value tuples); `least`/`most` in the
 *   primary key's units
 */
export function relaxationGroups(ctx: DpContext): RelaxationGroups {
  let out = cache.get(ctx.classes);
  if (!out) cache.set(ctx.classes, (out = computeGroups(ctx)));
  return out;
}

function oneGroup(C: number): RelaxationGroups {
  return { of: new Int32Array(C), count: 1, ok: Uint8Array.of(1), okRestart: Uint8Array.of(1), least: Float64Array.of(-Infinity), most: Float64Array.of(Infinity) };
}

function computeGroups(ctx: DpContext): RelaxationGroups {
  const C = ctx.classes.count;
  const one = oneGroup(C);
  const keys = [...new Set(ctx.rules.pairRules.map((r) => r.constraint.key).filter((k) => k !== ctx.primaryKey))];
  if (keys.length === 0) return one;
  const columns = keys.map((k) => ctx.rules.valuesOf(k));
  const ids = new Map<string, number>();
  const reps: number[] = [];
  const of = new Int32Array(C);
  for (let c = 0; c < C; c++) {
    const key = columns.map((col) => col[ctx.rep[c]]).join("\u0000");
    let g = ids.get(key);
    if (g === undefined) {
      ids.set(key, (g = reps.length));
      reps.push(ctx.rep[c]);
      if (reps.length > MAX_GROUPS) return one;
    }
    of[c] = g;
  }
  const count = reps.length;
  // Each group's least and greatest primary value.
  const least = new Float64Array(count).fill(Infinity);
  const most = new Float64Array(count).fill(-Infinity);
  for (let c = 0; c < C; c++) {
    least[of[c]] = Math.min(least[of[c]], ctx.pv[c]);
    most[of[c]] = Math.max(most[of[c]], ctx.pv[c]);
  }
  const ok = new Uint8Array(count * count);
  const okRestart = new Uint8Array(count * count);
  const restarts = ctx.restart.includes(1) || ctx.introRuns;
  let binds = false;
  for (let a = 0; a < count; a++) {
    for (let b = 0; b < count; b++) {
      ok[a * count + b] = ctx.rules.pairOkExcept(ctx.primaryKey, reps[a], reps[b], false, true) ? 1 : 0;
      okRestart[a * count + b] = ctx.rules.pairOkExcept(ctx.primaryKey, reps[a], reps[b], true, true) ? 1 : 0;
      // A pair the rules forbid binds where the relaxation could take it: a step up the primary key
      // (some class of a at most some class of b), or any step where the key may fall.
      if (!ok[a * count + b] && (restarts || least[a] <= most[b])) binds = true;
    }
  }
  // Rules that forbid no step the relaxation takes (a tier that never falls where the score does not)
  // would only slow its sweeps.
  return binds ? { of, count, ok, okRestart, least, most } : one;
}

/**
 * Whether a context's pool is small enough for the relaxation to keep the groups from its first
 * sweep: at most 50,000 (class-slot pair × run position) entries over every slot. Larger pools
 * sweep without them until a bounded round fails to prove (`boundedDp`). Throws nothing.
 */
export function groupsAtOnce(ctx: DpContext): boolean {
  const { lists, listOfSlot } = ctx.classes;
  let entries = 0;
  for (let i = 0; i < listOfSlot.length; i++) entries += lists[listOfSlot[i]].length * ctx.L;
  return entries <= AT_ONCE_ENTRIES;
}
