import type { SelectionProblem } from "../problem/selection-problem.ts";
import { candidateColumns } from "../problem/candidate-columns.ts";
import { equalRuns } from "./equal-runs.ts";
import { conceptAutomatonOf } from "./concept-automaton.ts";
import { hasConceptRules } from "./concept-rules.ts";
import { candidateConcepts } from "../problem/candidate-columns.ts";

/**
 * Candidates grouped into classes of interchangeable ones (SPEC 6 "Scale").
 * Two candidates are interchangeable when they are equal on every metric the
 * model reads (the chain constraints' keys and the objective metric) and,
 * where the model reads concepts (SPEC 12), carry concept sets the rules tell
 * apart by nothing — the same set under `maxRun(concepts)`, sets of one
 * behaviour under the concept rules' automaton (`ConceptAutomaton.behaviour`;
 * the same set where it cannot be made) — are
 * eligible in exactly the same slots, and neither is named by a conflict or
 * fixed to a slot (pins, kept and composed levels): any optimal sequence may
 * swap them without changing cost or feasibility, so a solver may pick a class
 * and assign ids afterwards.
 */
export interface CandidateClasses {
  /** Number of classes. */
  count: number;
  /** Class of each candidate, −1 for a candidate eligible in no slot. */
  classOf: Int32Array;
  /** Members of each class (candidate indices), sorted by id (UTF-16 code units, then index). */
  members: number[][];
  /** Distinct eligible lists, as the classes they hold (ascending). */
  lists: Int32Array[];
  /** Per slot, the index of its list in `lists`. */
  listOfSlot: Int32Array;
  /** Candidates eligible in at least one slot. */
  candidates: number;
}

const cache = new WeakMap<object, CandidateClasses>();

/** {@link candidateClasses}, computed once per problem object. */
export function candidateClassesOf(problem: SelectionProblem): CandidateClasses {
  let c = cache.get(problem);
  if (!c) cache.set(problem, (c = candidateClasses(problem)));
  return c;
}

/**
 * Groups a problem's candidates into classes of interchangeable ones (see
 * {@link CandidateClasses}). Work: the length of every distinct eligible list
 * once (slots sharing one array are read once; equal lists in different arrays
 * are recognised by content), then one key per candidate.
 */
export function candidateClasses(problem: SelectionProblem): CandidateClasses {
  const table = candidateColumns(problem);
  const n = table.ids.length;
  // 1. Distinct eligible lists: by array, then by content.
  const { listOfSlot, contents } = distinctLists(problem.eligible);
  // 2. Each candidate's eligibility signature — the distinct lists it is in —
  //    numbered through a trie: signature (previous, list) → next.
  const signature = new Int32Array(n).fill(-1);
  const trie = new Map<number, number>();
  let signatures = 0;
  contents.forEach((list, e) => {
    for (const k of list) {
      const key = (signature[k] + 1) * contents.length + e;
      let s = trie.get(key);
      if (s === undefined) trie.set(key, (s = signatures++));
      signature[k] = s;
    }
  });
  // 3. Named candidates stay alone: conflict members and fixed slots' candidates.
  const alone = new Uint8Array(n);
  for (const [a, b] of problem.conflicts) alone[a] = alone[b] = 1;
  problem.fixed.forEach((f, s) => {
    if (f) for (const k of problem.eligible[s]) alone[k] = 1;
  });
  // 4. A class per distinct (signature, values of every metric the model reads).
  const keys = [...new Set([problem.metric, ...problem.chain.map((c) => c.key)])];
  const columns = keys.map((m) => table.values(m));
  if (hasConceptRules(problem)) columns.push(conceptBehaviour(problem));
  let somewhere = 0;
  for (let k = 0; k < n; k++) if (signature[k] >= 0) somewhere++;
  const eligibleSomewhere = new Int32Array(somewhere);
  for (let k = 0, at = 0; k < n; k++) if (signature[k] >= 0) eligibleSomewhere[at++] = k;
  const { id: classOf, count } = equalRuns(eligibleSomewhere, n, columns, alone, signature);
  const members: number[][] = Array.from({ length: count }, () => []);
  for (let k = 0; k < n; k++) if (classOf[k] >= 0) members[classOf[k]].push(k);
  const ids = table.ids;
  for (const m of members) if (m.length > 1) m.sort((a, b) => (ids[a] < ids[b] ? -1 : ids[a] > ids[b] ? 1 : a - b));
  // 5. Each distinct list as its classes, ascending.
  const seen = new Int32Array(members.length).fill(-1);
  const lists = contents.map((list, e) => {
    const out: number[] = [];
    for (const k of list) {
      if (seen[classOf[k]] !== e) {
        seen[classOf[k]] = e;
        out.push(classOf[k]);
      }
    }
    return Int32Array.from(out).sort();
  });
  let candidates = 0;
  for (const m of members) candidates += m.length;
  return { count: members.length, classOf, members, lists, listOfSlot, candidates };
}

/**
 * Each candidate's concept behaviour under the problem's concept rules (the
 * automaton's number of its set), or its set where the automaton is too large
 * to make: candidates differing here are never one class.
 */
function conceptBehaviour(problem: SelectionProblem): Float64Array {
  const setOf = candidateConcepts(problem).setOf;
  const a = conceptAutomatonOf(problem);
  return typeof a === "string" ? Float64Array.from(setOf) : Float64Array.from(setOf, (x) => a.behaviour[x]);
}

/** The distinct eligible lists (by array, then by content) and which one each slot has. */
function distinctLists(eligible: readonly number[][]): { listOfSlot: Int32Array; contents: number[][] } {
  const contents: number[][] = [];
  const byArray = new Map<readonly number[], number>();
  const byHash = new Map<number, number[]>();
  const listOfSlot = new Int32Array(eligible.length);
  eligible.forEach((list, s) => {
    let e = byArray.get(list);
    if (e === undefined) {
      const hash = listHash(list);
      const same = byHash.get(hash)?.find((x) => sameList(contents[x], list));
      e = same ?? contents.length;
      if (same === undefined) {
        contents.push(list);
        const bucket = byHash.get(hash);
        if (bucket) bucket.push(e);
        else byHash.set(hash, [e]);
      }
      byArray.set(list, e);
    }
    listOfSlot[s] = e;
  });
  return { listOfSlot, contents };
}

function listHash(list: readonly number[]): number {
  let h = Math.imul(0x811c9dc5 ^ list.length, 0x01000193);
  for (const k of list) h = Math.imul(h ^ k, 0x01000193);
  return h >>> 0;
}

function sameList(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
