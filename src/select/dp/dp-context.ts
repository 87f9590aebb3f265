import { LevelrampError } from "../../io/errors.ts";
import { candidateClassesOf, type CandidateClasses } from "../rules/candidate-classes.ts";
import { chainRulesOf, chapterStarts, type ChainRules } from "../rules/chain-rules.ts";
import { dpRuns } from "./dp-runs.ts";
import { conceptAutomatonOf, conceptStep, type ConceptAutomaton } from "../rules/concept-automaton.ts";
import { hasConceptRules } from "../rules/concept-rules.ts";
import { candidateConcepts } from "../problem/candidate-columns.ts";
import { SolverLimitError } from "../problem/solver-limit-error.ts";
import { objectiveOf, type Objective } from "../problem/objective.ts";
import type { SelectionProblem } from "../problem/selection-problem.ts";
import { equalRuns, sortRange } from "../rules/equal-runs.ts";

/**
 * The classes eligible in each slot, arranged for the dp, flat: set j (one per
 * distinct eligible list) holds positions `start[j] .. start[j+1]` of `cls`,
 * `pv`, `pb`, sorted by group, then by the primary key's value (then class),
 * so the successors a chain rule allows within one group form one range. Its
 * groups are `gFirst[j] .. gFirst[j+1]` of `gId` (group) and `gPos` (first
 * position; the group ends where the next begins, the last at the set's end).
 * `bOrder` holds the same positions sorted by (bucket, value), `bPb` their
 * buckets: one run's successors are a range of it.
 */
export interface SlotSets {
  /** Set of each slot. */
  setOf: Int32Array;
  /** Where each set's positions begin (set j: `start[j] .. start[j+1]`; one more entry than sets). */
  start: Int32Array;
  /** The class at each position (classes of a set sorted by group, then primary value, then class). */
  cls: Int32Array;
  /** "Primary value": the primary run key's value of the class at each position. */
  pv: Float64Array;
  /** "Primary bucket": the primary run rule's bucket of the class at each position (its value rounded by the rule's precision). */
  pb: Float64Array;
  /** "Group first": set j's groups are entries `gFirst[j] .. gFirst[j+1]` of `gId` and `gPos`. */
  gFirst: Int32Array;
  /** The group of each of a set's groups (an index into `DpContext.groupRep`). */
  gId: Int32Array;
  /** The first position of each of a set's groups. */
  gPos: Int32Array;
  /** "Bucket order": a set's positions sorted by (primary bucket, primary value): one run's successors are a range of it. */
  bOrder: Int32Array;
  /** "Bucket-order primary bucket": `pb` at each entry of `bOrder`, for binary search. */
  bPb: Float64Array;
  /** "Bucket-order primary value": `pv` at each entry of `bOrder` (ascending within a bucket). */
  bPv: Float64Array;
  /** 1 where range queries pay off (few groups for the number of classes). */
  grouped: Uint8Array;
}

/**
 * Everything the class dp reads, per class: the primary `maxRun` key's value
 * and bucket, the group (values of every other key a pairwise rule reads, the
 * other run rules' buckets, and the metric when evenness needs it), usable
 * members and multiplicity; and the run rules.
 */
export interface DpContext {
  problem: SelectionProblem;
  /** Interchangeable candidates merged into classes; the dp works on classes. */
  classes: CandidateClasses;
  /** The model's chain rules, compiled. */
  rules: ChainRules;
  /** The objective: each level's cost against the ramp. */
  obj: Objective;
  /** Length of the primary run rule (the `maxRun` whose key is non-decreasing). */
  L: number;
  /** The primary run rule's key. */
  primaryKey: string;
  /** Representative candidate of each class (its first member). */
  rep: Int32Array;
  /** Usable members of each class (excluded ones left out), sorted by id; `mult` their count. */
  members: number[][];
  mult: Int32Array;
  /** 1 when a class has fewer members than L: its uses in a run are counted in the state. */
  scarce: Uint8Array;
  /** "Primary value": the primary key's value of each class. */
  pv: Float64Array;
  /** "Primary bucket": the primary run rule's bucket of each class (equal buckets extend a run). */
  pb: Float64Array;
  /** Objective metric value of each class. */
  mv: Float64Array;
  /** Group of each class: classes equal on every key a pairwise rule reads (the primary key aside), the other runs' buckets and, with evenness, the metric. */
  group: Int32Array;
  /** Representative class of each group. */
  groupRep: Int32Array;
  /** The other run rules: length, each class's bucket, and whether a run starts afresh at a chapter start, at an introduction. */
  secondary: Array<{ length: number; bucket: Float64Array; scoped: boolean; introScoped: boolean }>;
  /**
   * The side state beside the run, as one index q = runs + KR·φ: the other
   * rules' run lengths (KR = Π length combinations; `strides` each one's) and
   * the concept automaton's state φ (SPEC 12; one state without concept
   * rules). KV = KR × the automaton's states.
   */
  /** Side states in all (KR × the automaton's states). */
  KV: number;
  /** Combinations of the other run rules' lengths. */
  KR: number;
  /** Stride of each other run rule's length in the side index. */
  strides: number[];
  /** The concept rules' automaton, when the model has concept rules (SPEC 12). */
  concepts?: ConceptAutomaton;
  /** Concept set of each class (its representative's). */
  setOf?: Int32Array;
  /**
   * Per slot, 1 for each automaton state some sequence of that slot's and the
   * earlier slots' concept sets can leave there (the concept rules alone):
   * the other states are never reached, and the passes skip them.
   */
  reach?: Uint8Array[];
  /** Concept behaviour of each class (`ConceptAutomaton.behaviour` of its set). */
  behaviourOf?: Int32Array;
  /**
   * Per slot, `reachBy[i][b·states + φ]` = 1 when a class of behaviour b can
   * leave state φ there (some state reachable at the slot before steps to φ
   * with it): a class's dense states in other states are never reached.
   */
  reachBy?: Uint8Array[];
  /** Largest rise of the primary key allowed by a `maxRise` on it (Infinity if none). */
  riseCap: number;
  /** How evenness is paid in range queries: none, metric = primary key, or metric constant in each group. */
  evenness: "none" | "primary" | "group";
  /** The classes eligible in each slot, flat ({@link SlotSets}). */
  sets: SlotSets;
  /** Memo of {@link bucketStart} per slot set (only sets that hold a good share of the classes). */
  bucketMemo: Array<Int32Array | undefined>;
  /**
   * Per slot, 1 where a chapter starts and some rule is chapter-scoped
   * (`scope: "chapter"`): the step into that slot is a restart step
   * ({@link eachRestartStep}); all 0 when no rule is scoped.
   */
  restart: Uint8Array;
  /** Whether the primary run starts afresh at a restart slot (its `maxRun` is chapter-scoped). */
  primaryRestarts: boolean;
  /**
   * Whether the primary run may restart where a level introduces a concept
   * ({@link DpRuns.introRuns}): every step then goes through
   * {@link eachRestartStep}, which lets the key fall (and, with
   * `introRestarts`, the run start afresh) at a step that introduces.
   */
  introRuns: boolean;
  /** Whether the primary run starts afresh at a level that introduces a concept (its `maxRun` is scoped to introductions). */
  introRestarts: boolean;
  /** Where new runs are found by range minima (see {@link dpContext}). */
  ranges: "auto" | "always" | "never";
  /** A bounded round's states by run length: only those within its limit are held ({@link runKept}); none left out when absent. */
  keptRuns?: KeptRuns | undefined;
}

/**
 * Which run lengths of each slot's classes a bounded round keeps
 * ({@link keptRuns} in run-bounds.ts): `ok[base[i] + (p − start)·L + run − 1]`
 * is 1 when the state of slot i, flat position p (start the first position of
 * the slot's set) and a primary run `run` long may lie on a sequence within
 * the round's limit.
 */
export interface KeptRuns {
  base: Int32Array;
  ok: Uint8Array;
}

/** Whether slot i's states of flat position p with a primary run `run` long are held (always, outside a bounded round). */
export function runKept(ctx: DpContext, i: number, p: number, run: number): boolean {
  const kept = ctx.keptRuns;
  return kept === undefined || kept.ok[kept.base[i] + (p - ctx.sets.start[ctx.sets.setOf[i]]) * ctx.L + run - 1] === 1;
}

/**
 * Prepares a problem for the class dp.
 *
 * @param excluded candidates that may not be chosen (conflict branching).
 * @param ranges where new runs are found by range minima: `auto` (slots with
 *   few groups for their classes), `always`, `never` (one by one; tests
 *   compare the two ways).
 * @param excludedAt classes left out of single slots, as (slot, class) pairs
 *   (the branches of {@link solveDpBranching} on a class a run that restarts
 *   at introductions shipped too often).
 * @throws LevelrampError `select/dp` (exit 2) when the problem is not chain-shaped.
 * @throws SolverLimitError `select/dp` when the concept rules' automaton is past its size bound.
 */
export function dpContext(problem: SelectionProblem, excluded?: Uint8Array, ranges: "auto" | "always" | "never" = "auto", excludedAt?: ReadonlyArray<readonly [number, number]>): DpContext {
  const rules = chainRulesOf(problem);
  const runs = dpRuns(problem);
  if ("refusal" in runs) throw new LevelrampError("select/dp", `${runs.refusal}; use a MILP solver (solver milp or highs)`, 2, ["solver-milp", "solver-highs"]);
  const primary = runs.primary;
  const classes = excludedAt?.length ? withoutAt(candidateClassesOf(problem), excludedAt) : candidateClassesOf(problem);
  const C = classes.count;
  const L = primary.length;
  const members = excluded ? classes.members.map((m) => m.filter((k) => !excluded[k])) : classes.members;
  const rep = Int32Array.from(classes.members, (m) => m[0]);
  const mult = Int32Array.from(members, (m) => m.length);
  const scarce = Uint8Array.from(mult, (m) => (m < L ? 1 : 0));
  const primaryKey = primary.constraint.key;
  const obj = objectiveOf(problem);
  const byClass = (values: ArrayLike<number>) => {
    const out = new Float64Array(C);
    for (let c = 0; c < C; c++) out[c] = values[rep[c]];
    return out;
  };
  const pv = byClass(rules.valuesOf(primaryKey));
  const pb = byClass(primary.bucket);
  const mv = byClass(rules.valuesOf(problem.metric));
  const secondary = runs.secondary.map((r) => ({ length: r.length, bucket: byClass(r.bucket), scoped: r.scoped, introScoped: r.introScoped }));
  const strides: number[] = [];
  let KR = 1;
  for (const r of secondary) {
    strides.push(KR);
    KR *= r.length;
  }
  // Concept rules (SPEC 12): the automaton's state goes beside the run lengths.
  const concepts = hasConceptRules(problem) ? conceptAutomatonFor(problem) : undefined;
  const KV = KR * (concepts?.count ?? 1);
  const setOf = concepts ? byClassInt(candidateConcepts(problem).setOf, rep) : undefined;
  let riseCap = Infinity;
  for (const c of problem.chain) if (c.type === "maxRise" && c.key === primaryKey) riseCap = Math.min(riseCap, c.by);
  const evenness = problem.objective.evenness === 0 || problem.objective.norm === "Linf" ? "none" : problem.metric === primaryKey ? "primary" : "group";
  // Groups: equal on every key a pairwise rule reads (the primary key aside),
  // on the other run rules' buckets, and on the metric when evenness needs it.
  const groupKeys = [...new Set(rules.pairRules.map((r) => r.constraint.key).filter((k) => k !== primaryKey))];
  if (evenness === "group") groupKeys.push(problem.metric);
  const columns: ArrayLike<number>[] = [...groupKeys.map((k) => byClass(rules.valuesOf(k))), ...secondary.map((r) => r.bucket)];
  // With concept rules a step's next state depends on the class's concept set: one behaviour per group.
  const behaviourOf = setOf ? Int32Array.from(setOf, (x) => concepts!.behaviour[x]) : undefined;
  if (behaviourOf) columns.push(behaviourOf);
  const { id: group, count: groups } = equalRuns(Int32Array.from({ length: C }, (_, c) => c), C, columns);
  const groupRep = new Int32Array(groups).fill(-1);
  for (let c = 0; c < C; c++) if (groupRep[group[c]] < 0) groupRep[group[c]] = c;
  // Rules scoped to introductions hold or not by the state, not by the group: successors one by one.
  const rangesUsed = rules.introScoped ? "never" : ranges;
  const sets = slotSets(classes.lists, classes.listOfSlot, group, pv, pb, rangesUsed);
  const restart = rules.scoped ? chapterStarts(problem.slots) : new Uint8Array(problem.slots.length);
  const ctx: DpContext = {
    problem, classes, rules, obj, L, primaryKey, rep, members, mult, scarce, pv, pb, mv, group,
    groupRep, secondary, KV, KR, strides, riseCap, evenness, sets, bucketMemo: [], restart, primaryRestarts: primary.scoped, ranges: rangesUsed,
    introRuns: runs.introRuns, introRestarts: runs.introRuns && primary.introScoped, keptRuns: undefined,
    ...(concepts ? { concepts, setOf, behaviourOf } : {}),
  };
  if (concepts) conceptReach(ctx, classes.lists, classes.listOfSlot);
  return ctx;
}

/** The classes with each (slot, class) pair of `excludedAt` left out of that slot's list (a slot with one gets a list of its own). */
function withoutAt(classes: CandidateClasses, excludedAt: ReadonlyArray<readonly [number, number]>): CandidateClasses {
  const lists = [...classes.lists];
  const listOfSlot = classes.listOfSlot.slice();
  const bySlot = new Map<number, Set<number>>();
  for (const [s, c] of excludedAt) (bySlot.get(s) ?? bySlot.set(s, new Set()).get(s)!).add(c);
  for (const [s, out] of bySlot) {
    listOfSlot[s] = lists.length;
    lists.push(classes.lists[classes.listOfSlot[s]].filter((c) => !out.has(c)));
  }
  return { ...classes, lists, listOfSlot };
}

function byClassInt(values: ArrayLike<number>, rep: Int32Array): Int32Array {
  return Int32Array.from(rep, (k) => values[k]);
}

/** The concept automaton of a problem for the dp, or the dp's limit error naming its size. */
function conceptAutomatonFor(problem: SelectionProblem): ConceptAutomaton {
  const a = conceptAutomatonOf(problem);
  if (typeof a === "string") {
    throw new SolverLimitError("select/dp", "dp concept states", `the concept rules need ${a} (the dp keeps one state per combination of introduced concepts, levels since an introduction and quota counts); give the introduce order every concept the pools carry, smaller quotas, or use HiGHS (solver highs)`, ["solver-highs"]);
  }
  return a;
}

/**
 * Per slot, the automaton states the concept rules alone let a sequence
 * leave there, in all and by the behaviour of the class that fills it (see
 * {@link DpContext.reach}, {@link DpContext.reachBy}): forward over each
 * slot's concept sets, one set per behaviour. Work: slots × reachable states
 * × the slot's distinct behaviours.
 */
function conceptReach(ctx: DpContext, lists: readonly Int32Array[], listOfSlot: Int32Array): void {
  const a = ctx.concepts!;
  const B = Math.max(...a.behaviour) + 1;
  // One set of each behaviour a list offers.
  const setsOfList = lists.map((list) => {
    const byB = new Map<number, number>();
    for (const c of list) byB.set(ctx.behaviourOf![c], ctx.setOf![c]);
    return [...byB];
  });
  const reach: Uint8Array[] = [];
  const reachBy: Uint8Array[] = [];
  let prev = Uint8Array.of(1); // before slot 0: the start state
  for (let s = 0; s < listOfSlot.length; s++) {
    const here = new Uint8Array(a.count);
    const by = new Uint8Array(B * a.count);
    for (let phi = 0; phi < prev.length; phi++) {
      if (!prev[phi]) continue;
      for (const [b, x] of setsOfList[listOfSlot[s]]) {
        const to = conceptStep(a, s, phi, x);
        if (to >= 0) here[to] = by[b * a.count + to] = 1;
      }
    }
    reach.push(here);
    reachBy.push(by);
    prev = here;
  }
  ctx.reach = reach;
  ctx.reachBy = reachBy;
}

/**
 * The same context with other classes eligible per slot — a subset of each
 * slot's classes, e.g. those a bound keeps ({@link keptLists}): `lists` are
 * the distinct lists (as the classes they hold), `listOfSlot` each slot's
 * (one entry per slot). The dp over it is the dp of SPEC 6 restricted to those
 * classes; throws nothing.
 */
export function withSlotLists(ctx: DpContext, lists: readonly Int32Array[], listOfSlot: Int32Array): DpContext {
  return { ...ctx, sets: slotSets(lists, listOfSlot, ctx.group, ctx.pv, ctx.pb, ctx.ranges), bucketMemo: [] };
}

function slotSets(lists: readonly Int32Array[], listOfSlot: Int32Array, group: Int32Array, pv: Float64Array, pb: Float64Array, ranges: "auto" | "always" | "never"): SlotSets {
  const E = lists.length;
  const start = new Int32Array(E + 1);
  for (let j = 0; j < E; j++) start[j + 1] = start[j] + lists[j].length;
  const total = start[E];
  const cls = new Int32Array(total);
  const bOrder = new Int32Array(total);
  const byGroup = (a: number, b: number) => group[a] - group[b] || pv[a] - pv[b] || a - b;
  const byBucket = (x: number, y: number) => pb[cls[x]] - pb[cls[y]] || pv[cls[x]] - pv[cls[y]] || x - y;
  const gFirst = new Int32Array(E + 1);
  const gId: number[] = [];
  const gPos: number[] = [];
  const grouped = new Uint8Array(E);
  for (let j = 0; j < E; j++) {
    const s = start[j];
    const n = lists[j].length;
    cls.set(lists[j], s);
    sortRange(cls, s, s + n, byGroup);
    for (let k = s; k < s + n; k++) {
      bOrder[k] = k;
      if (k === s || group[cls[k]] !== group[cls[k - 1]]) {
        gId.push(group[cls[k]]);
        gPos.push(k);
      }
    }
    gFirst[j + 1] = gId.length;
    const groups = gFirst[j + 1] - gFirst[j];
    grouped[j] = ranges === "always" || (ranges === "auto" && n >= 8 && groups * 4 <= n) ? 1 : 0;
    sortRange(bOrder, s, s + n, byBucket);
  }
  const pvAt = new Float64Array(total);
  const pbAt = new Float64Array(total);
  const bPb = new Float64Array(total);
  const bPv = new Float64Array(total);
  for (let k = 0; k < total; k++) {
    pvAt[k] = pv[cls[k]];
    pbAt[k] = pb[cls[k]];
    bPb[k] = pb[cls[bOrder[k]]];
    bPv[k] = pv[cls[bOrder[k]]];
  }
  return { setOf: listOfSlot, start, cls, pv: pvAt, pb: pbAt, gFirst, gId: Int32Array.from(gId), gPos: Int32Array.from(gPos), bOrder, bPb, bPv, grouped };
}


/**
 * Whether class `d` may follow class `c` under every pairwise rule whose key
 * is not the primary key (the primary key's rules are ranges in a slot set).
 */
export function otherKeysOk(ctx: DpContext, c: number, d: number): boolean {
  return ctx.rules.pairOkExcept(ctx.primaryKey, ctx.rep[c], ctx.rep[d]);
}

/**
 * Index of the other run rules' lengths after `d` follows `c` with lengths
 * index `q` (the run part of a side index: a multiple of KR added to it
 * changes nothing), or −1 when a run would pass its length. At a chapter
 * start (`restart`), a chapter-scoped rule's run starts afresh; at a level
 * that introduces a concept (`intro`), one scoped to introductions.
 */
export function nextRuns(ctx: DpContext, q: number, c: number, d: number, restart = false, intro = false): number {
  const sec = ctx.secondary;
  if (sec.length === 0) return 0;
  let out = 0;
  for (let j = 0; j < sec.length; j++) {
    const r = sec[j];
    const len = Math.floor(q / ctx.strides[j]) % r.length; // run length − 1
    const next = r.bucket[d] === r.bucket[c] && !(restart && r.scoped) && !(intro && r.introScoped) ? len + 1 : 0;
    if (next >= r.length) return -1;
    out += next * ctx.strides[j];
  }
  return out;
}

/**
 * The side index after class `d` fills `slot` following class `c` with side
 * index `q` (see {@link DpContext.KV}): the other rules' run lengths and the
 * concept automaton's state; −1 when a run passes its length, a concept rule
 * forbids the step, or a pair rule scoped to introductions forbids it at a
 * level that introduces nothing. Callers check the other pair rules
 * (`pairOk` with `intro` set, so the ones scoped to introductions are left here).
 */
export function nextSide(ctx: DpContext, slot: number, q: number, c: number, d: number, restart = false): number {
  const a = ctx.concepts;
  if (!a) return nextRuns(ctx, q, c, d, restart);
  const phi = (q / ctx.KR) | 0;
  const x = ctx.setOf![d];
  const to = conceptStep(a, slot, phi, x);
  if (to < 0) return -1;
  const intro = a.intro[phi * a.sets + x] === 1;
  if (!intro && ctx.rules.introScoped && !ctx.rules.introPairOk(ctx.rep[c], ctx.rep[d])) return -1;
  const runs = nextRuns(ctx, q, c, d, restart, intro);
  return runs < 0 ? -1 : runs + ctx.KR * to;
}

/** Whether class `d` filling a slot from side index `q` introduces a concept (false without concept rules). */
export function introduces(ctx: DpContext, q: number, d: number): boolean {
  const a = ctx.concepts;
  return !!a && a.intro[((q / ctx.KR) | 0) * a.sets + ctx.setOf![d]] === 1;
}

/** The side index after class `c` fills the first slot (nothing before it), or −1 when a concept rule forbids it there. */
export function startSide(ctx: DpContext, c: number): number {
  const a = ctx.concepts;
  if (!a) return 0;
  const to = conceptStep(a, 0, 0, ctx.setOf![c]);
  return to < 0 ? -1 : ctx.KR * to;
}

/** Whether side index `q` can be met at slot `i` (its concept state is reachable there). */
export function sideReached(ctx: DpContext, i: number, q: number): boolean {
  return !ctx.reach || ctx.reach[i][(q / ctx.KR) | 0] === 1;
}

/** Whether side index `q` can be met at slot `i` just after class `c` fills it (see {@link DpContext.reachBy}). */
export function sideReachedBy(ctx: DpContext, i: number, c: number, q: number): boolean {
  return !ctx.reachBy || ctx.reachBy[i][ctx.behaviourOf![c] * ctx.concepts!.count + ((q / ctx.KR) | 0)] === 1;
}

/**
 * First position of slot set `j`'s bucket order (`bOrder`, `bPb`) whose
 * primary bucket is ≥ class `c`'s: where the successors that stay in c's run
 * begin. Memoised per (set, class) for sets of 64 classes or more that hold at
 * least a quarter of all classes (eligibility `any`, big parts), so the memo
 * costs at most 16 bytes per set position.
 */
export function bucketStart(ctx: DpContext, j: number, c: number): number {
  const { sets } = ctx;
  const lo = sets.start[j];
  const hi = sets.start[j + 1];
  const C = ctx.classes.count;
  if (hi - lo < 64 || 4 * (hi - lo) < C) return firstAbove(sets.bPb, lo, hi, ctx.pb[c], true);
  let memo = ctx.bucketMemo[j];
  if (!memo) memo = ctx.bucketMemo[j] = new Int32Array(C).fill(-1);
  if (memo[c] < 0) memo[c] = firstAbove(sets.bPb, lo, hi, ctx.pb[c], true);
  return memo[c];
}

/**
 * First position of slot set `j`'s bucket order from which class `c`'s run may
 * go on: its bucket, from its value up (the primary key never falls inside a
 * run: a `nonDecreasing` on it holds there). Binary search from {@link bucketStart}.
 */
export function sameRunStart(ctx: DpContext, j: number, c: number): number {
  const { sets } = ctx;
  let lo = bucketStart(ctx, j, c);
  let hi = sets.start[j + 1];
  const b = ctx.pb[c];
  const v = ctx.pv[c];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sets.bPb[mid] > b || sets.bPv[mid] >= v) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** First position in `[lo, hi)` of a sorted array whose value is `> x` (or `>= x` with `orEqual`). */
export function firstAbove(a: Float64Array, lo: number, hi: number, x: number, orEqual = false): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (orEqual ? a[mid] >= x : a[mid] > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
