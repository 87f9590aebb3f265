import { candidateClassesOf, type CandidateClasses } from "../rules/candidate-classes.ts";
import { chainRulesOf, describeConstraint, type ChainRules, type RunRule } from "../rules/chain-rules.ts";
import type { SelectionProblem } from "../problem/selection-problem.ts";

/**
 * The runs the dp keeps in its state (SPEC 6 "dp applies"). The dp is exact
 * when every class's uses fall in one run of equal buckets of a key that
 * never falls — the *primary* run, whose length and scarce classes the state
 * holds — or when a class that could fall in two such runs has members enough
 * for every use it could get.
 */
export interface DpRuns {
  /**
   * The primary run: a `maxRun` on a `nonDecreasing` key (`implicit` false),
   * or the run the model implies without one (`implicit` true): runs of equal
   * values of a `nonDecreasing` key (each value its own bucket), as long as the
   * most usable candidates sharing one value (at most the slot count) — a
   * length no run can pass, since each candidate ships once, so it never binds.
   */
  primary: RunRule;
  implicit: boolean;
  /** Every other `maxRun` of the model (a `maxRun` on the primary key too, when the implicit run is primary). */
  secondary: RunRule[];
  /**
   * Whether some class may ship in two runs of its bucket (the key may fall, or
   * the run restart, at a chapter start, and the class is eligible in two
   * chapters): then it has members for every slot it could fill, or for the
   * primary length in every chapter it is eligible in, and never runs out. The
   * dp over classes is exact then; one over candidates (min-moves) is not.
   */
  multiRun: boolean;
  /**
   * Whether the primary run may restart where a level introduces a concept
   * (SPEC 12: its `maxRun`, or every `nonDecreasing` on its key, scoped to
   * introductions): the key may fall there, so a class may ship in two runs
   * of its bucket, which no state counts. The dp then solves that relaxation
   * and checks its answer: a class shipped more often than it has members is
   * branched on ({@link solveDpBranching}), so the answer stays exact.
   */
  introRuns: boolean;
}

/** {@link dpRuns}' answer: the runs, or why the dp does not apply. */
export type DpRunsResult = DpRuns | { refusal: string };

type Problem = Pick<SelectionProblem, "chain" | "candidates"> & Partial<SelectionProblem>;

const cache = new WeakMap<object, DpRunsResult>();

/**
 * The dp's runs for a problem (see {@link DpRuns}), or why it does not apply,
 * in words naming the rule or the candidate that stands in the way. Tried in
 * order, the first that keeps the dp exact wins: each `maxRun` on a
 * `nonDecreasing` key (one that holds at introductions first, then the
 * shortest — SPEC 6's primary run), then the implicit run of each
 * `nonDecreasing` key (a game-wide one first, then the fewest candidates
 * sharing a value) — first every run that holds where a concept is
 * introduced, then those that may restart there (SPEC 12: its `maxRun`, or
 * every `nonDecreasing` on its key, scoped to introductions), taken with
 * {@link DpRuns.introRuns}. A run is refused where it may restart
 * at chapter starts (its `maxRun`, or every `nonDecreasing` on its key,
 * chapter-scoped) while a class of fewer members
 * than its uses could need may fill slots of two chapters. Computed once per
 * problem object; reads the candidate classes when a run restarts at chapters
 * or is implicit (full problems only: without slots and eligible lists the
 * implicit length is the most candidates sharing a value).
 */
export function dpRuns(problem: Problem): DpRunsResult {
  let r = cache.get(problem);
  if (!r) cache.set(problem, (r = findRuns(problem)));
  return r;
}

/** Why the dp is not exact for a problem (see {@link dpRuns}), or undefined when it is. */
export function dpRefusal(problem: Problem): string | undefined {
  const r = dpRuns(problem);
  return "refusal" in r ? r.refusal : undefined;
}

function findRuns(problem: Problem): DpRunsResult {
  const rules = chainRulesOf(problem);
  const ndKeys = [...new Set(rules.pairRules.filter((r) => r.constraint.type === "nonDecreasing").map((r) => r.constraint.key))];
  if (ndKeys.length === 0) {
    const chain = problem.chain.length ? `its chain rules are ${problem.chain.map(describeConstraint).join(", ")}` : "it has no chain rule";
    return { refusal: `dp needs a nonDecreasing key (SPEC 6: a candidate can then repeat only among levels of one value, which the dp's state holds); this model has none — ${chain}` };
  }
  const classes = problem.slots && problem.eligible && "fixed" in problem ? candidateClassesOf(problem as SelectionProblem) : undefined;
  const reasons: string[] = [];
  // 1. Each maxRun on a nonDecreasing key, in SPEC 6's order of preference.
  const explicit = rules.runRules.filter((r) => ndKeys.includes(r.constraint.key));
  explicit.sort((a, b) => Number(a.introScoped) - Number(b.introScoped) || a.length - b.length || a.index - b.index);
  // 2. The implicit run of each nonDecreasing key: game-wide keys first, then the fewest candidates sharing a value.
  const implicit = ndKeys.map((key) => implicitRun(problem, rules, classes, key));
  const gameWide = (run: RunRule) => rules.pairRules.some((r) => r.constraint.type === "nonDecreasing" && r.constraint.key === run.constraint.key && !r.scoped && !r.introScoped);
  implicit.sort((a, b) => Number(gameWide(b)) - Number(gameWide(a)) || a.length - b.length);
  // A run that holds where a concept is introduced first (each class then lies in one run of its bucket),
  // then one that may restart there (introRuns: the dp's answer is checked and branched on).
  const runs = [...explicit, ...implicit];
  for (const restartsAtIntroductions of [false, true]) {
    for (const run of runs) {
      if (introRuns(rules, run) !== restartsAtIntroductions) continue;
      const why = unsound(problem, rules, classes, run);
      const isImplicit = run.index < 0;
      if (!why) return { primary: run, implicit: isImplicit, secondary: isImplicit ? rules.runRules : rules.runRules.filter((r) => r !== run), multiRun: multiRun(problem, rules, run), introRuns: restartsAtIntroductions };
      if (!isImplicit || explicit.length === 0) reasons.push(why);
    }
  }
  return { refusal: reasons[0] };
}

/**
 * The implicit run of a `nonDecreasing` key: each value its own bucket, the
 * length the most usable candidates sharing one value (at most the slots).
 * When every `nonDecreasing` on the key is chapter-scoped (so the key may fall
 * at a chapter start anyway), the run restarts at chapter starts too (scoped):
 * its length is then the most candidates sharing a value among those eligible
 * in one chapter (at most that chapter's slots) — a shorter run, fewer
 * states; a class eligible in two chapters is then held to
 * {@link chapterBlocker}'s bound like any restarting run's.
 */
function implicitRun(problem: Problem, rules: ChainRules, classes: CandidateClasses | undefined, key: string): RunRule {
  const values = rules.valuesOf(key);
  const scoped = mayFall(rules, { constraint: { type: "maxRun", key, length: 1, precision: 0 } } as RunRule, (r) => r.scoped) && classes !== undefined && !!problem.slots;
  let length = 1;
  if (scoped) length = longestInAChapter(problem as SelectionProblem, classes!, values);
  else {
    const count = new Map<number, number>();
    if (classes) {
      for (let c = 0; c < classes.count; c++) {
        const v = values[classes.members[c][0]];
        count.set(v, (count.get(v) ?? 0) + classes.members[c].length);
      }
    } else for (const v of values) count.set(v, (count.get(v) ?? 0) + 1);
    for (const n of count.values()) if (n > length) length = n;
    if (problem.slots && problem.slots.length > 0 && length > problem.slots.length) length = problem.slots.length;
  }
  return { constraint: { type: "maxRun", key, length, precision: 0, ...(scoped ? { scope: "chapter" as const } : {}) }, index: -1, length, bucket: values, scoped, introScoped: false };
}

/**
 * The longest run of one value a chapter can hold: per chapter, the members of
 * the classes of every distinct eligible list with a slot in it, counted per
 * value (a class in two of its lists counted twice: an upper bound), at most
 * the chapter's slots; the most over chapters (at least 1).
 */
function longestInAChapter(problem: SelectionProblem, classes: CandidateClasses, values: Float64Array): number {
  const slotsIn = new Map<number, number>();
  const listsIn = new Map<number, Set<number>>();
  problem.slots.forEach((s, i) => {
    slotsIn.set(s.chapter, (slotsIn.get(s.chapter) ?? 0) + 1);
    let set = listsIn.get(s.chapter);
    if (!set) listsIn.set(s.chapter, (set = new Set()));
    set.add(classes.listOfSlot[i]);
  });
  let length = 1;
  for (const [chapter, lists] of listsIn) {
    const count = new Map<number, number>();
    for (const j of lists) {
      for (const c of classes.lists[j]) {
        const v = values[classes.members[c][0]];
        count.set(v, (count.get(v) ?? 0) + classes.members[c].length);
      }
    }
    let most = 1;
    for (const n of count.values()) if (n > most) most = n;
    length = Math.max(length, Math.min(most, slotsIn.get(chapter)!));
  }
  return length;
}

/** Whether the nonDecreasing rules on a run's key all lift where `lifted` says (so the key may fall there). */
function mayFall(rules: ChainRules, run: RunRule, lifted: (r: ChainRules["pairRules"][number]) => boolean): boolean {
  return rules.pairRules.filter((r) => r.constraint.type === "nonDecreasing" && r.constraint.key === run.constraint.key).every(lifted);
}

/** Why a primary run would not keep the dp exact, or undefined. */
function unsound(problem: Problem, rules: ChainRules, classes: CandidateClasses | undefined, run: RunRule): string | undefined {
  const key = run.constraint.key;
  const name = run.index >= 0 ? describeConstraint(run.constraint) : `the runs of equal ${key}`;
  if (!restartsAtChapters(rules, run) || !problem.slots || !problem.eligible) return undefined;
  const blocker = classes ? chapterBlocker(problem as SelectionProblem, classes, run) : candidateInTwoChapters(problem.slots, problem.eligible);
  if (blocker === undefined) return undefined;
  const how = run.scoped ? `${name} is chapter-scoped` : `every nonDecreasing on ${key} is chapter-scoped, so ${key} may fall where a chapter starts`;
  const ids = problem.candidates[blocker.candidate].id;
  const more = blocker.more > 0 ? ` (and ${blocker.more} more like it)` : "";
  return `dp needs each candidate in one chapter when the run of ${key} restarts at chapter starts (${how}): candidate "${ids}"${more} may fill levels of chapters ${blocker.chapters[0]} and ${blocker.chapters[1]}, so it could ship in both chapters' runs of one value, which no dp state holds (SPEC 6); eligibility "part" keeps candidates in their chapter`;
}

/** Whether a primary run may restart where a level introduces a concept: its maxRun is scoped to introductions, or every nonDecreasing on its key is (so the key may fall there). */
function introRuns(rules: ChainRules, run: RunRule): boolean {
  return run.introScoped || mayFall(rules, run, (r) => r.introScoped);
}

/** Whether a primary run restarts at chapter starts: its maxRun is chapter-scoped, or every nonDecreasing on its key is (so the key may fall there). */
function restartsAtChapters(rules: ChainRules, run: RunRule): boolean {
  return run.scoped || mayFall(rules, run, (r) => r.scoped || r.introScoped);
}

/** Whether some class may ship in two runs of its bucket (allowed: it has members enough). */
function multiRun(problem: Problem, rules: ChainRules, run: RunRule): boolean {
  if (!restartsAtChapters(rules, run) || !problem.slots || !problem.eligible) return false;
  return candidateInTwoChapters(problem.slots, problem.eligible) !== undefined;
}

/**
 * A class of too few members eligible in two chapters (its first member, how
 * many more candidates are in such classes, two of its chapters), or
 * undefined. A class may ship in one run of its bucket per chapter it is
 * eligible in, at most `run.length` times each, and at most once per slot it
 * is eligible in: with at least min(slots, chapters × length) members it
 * never runs out, whatever runs it falls in.
 */
function chapterBlocker(problem: SelectionProblem, classes: CandidateClasses, run: RunRule): { candidate: number; more: number; chapters: [number, number] } | undefined {
  const { lists, listOfSlot } = classes;
  // Per distinct list: its slots and its chapters (ascending, each once).
  const slotsOf = new Int32Array(lists.length);
  const chaptersOf: number[][] = lists.map(() => []);
  problem.slots.forEach((s, i) => {
    const j = listOfSlot[i];
    slotsOf[j]++;
    const ch = chaptersOf[j];
    if (ch[ch.length - 1] !== s.chapter && !ch.includes(s.chapter)) ch.push(s.chapter);
  });
  const slots = new Int32Array(classes.count);
  const first = new Float64Array(classes.count).fill(NaN);
  const second = new Float64Array(classes.count).fill(NaN);
  const chapters = new Int32Array(classes.count);
  const seen = new Map<number, Set<number>>();
  lists.forEach((list, j) => {
    for (const c of list) {
      slots[c] += slotsOf[j];
      for (const ch of chaptersOf[j]) {
        if (Number.isNaN(first[c])) {
          first[c] = ch;
          chapters[c] = 1;
        } else if (ch !== first[c]) {
          let s = seen.get(c);
          if (!s) seen.set(c, (s = new Set()));
          if (!s.has(ch)) {
            s.add(ch);
            chapters[c]++;
            if (Number.isNaN(second[c])) second[c] = ch;
          }
        }
      }
    }
  });
  let found: { candidate: number; more: number; chapters: [number, number] } | undefined;
  for (let c = 0; c < classes.count; c++) {
    if (chapters[c] < 2) continue;
    const m = classes.members[c].length;
    if (m >= Math.min(slots[c], chapters[c] * run.length)) continue;
    if (!found) found = { candidate: classes.members[c][0], more: m - 1, chapters: [Math.min(first[c], second[c]), Math.max(first[c], second[c])] };
    else found.more += m;
  }
  return found;
}

/** A candidate eligible in slots of two chapters (with those chapters), or undefined. */
function candidateInTwoChapters(slots: SelectionProblem["slots"], eligible: SelectionProblem["eligible"]): { candidate: number; more: number; chapters: [number, number] } | undefined {
  const chapterOf = new Map<number, number>();
  let previous: number[] | undefined;
  let found: { candidate: number; more: number; chapters: [number, number] } | undefined;
  const counted = new Set<number>();
  for (let s = 0; s < slots.length; s++) {
    const list = eligible[s];
    // A list shared with the slot before, in the same chapter, adds nothing.
    if (list === previous && slots[s - 1].chapter === slots[s].chapter) continue;
    previous = list;
    for (const c of list) {
      const at = chapterOf.get(c);
      if (at === undefined) chapterOf.set(c, slots[s].chapter);
      else if (at !== slots[s].chapter && !counted.has(c)) {
        counted.add(c);
        if (!found) found = { candidate: c, more: 0, chapters: [Math.min(at, slots[s].chapter), Math.max(at, slots[s].chapter)] };
        else found.more++;
      }
    }
  }
  return found;
}
