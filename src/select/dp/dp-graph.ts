import { LevelrampError } from "../../io/errors.ts";
import { chainRulesOf, chapterStarts, type ChainRules, type RunRule } from "../rules/chain-rules.ts";
import { conceptAutomatonOf, conceptStep, type ConceptAutomaton } from "../rules/concept-automaton.ts";
import { hasConceptRules } from "../rules/concept-rules.ts";
import { candidateConcepts } from "../problem/candidate-columns.ts";
import { dpRuns } from "./dp-runs.ts";
import { SolverLimitError } from "../problem/solver-limits.ts";
import type { SelectionProblem } from "../problem/selection-problem.ts";

/** Limits and restrictions of one explicit dp graph. */
export interface DpGraphOptions {
  /** Candidates that may not be chosen (1 = excluded), e.g. by a conflict branch. */
  excluded?: Uint8Array;
  /** Work bound: the build stops with an error past this many states in all (default 5,000,000). */
  maxStates?: number;
  /** Memory bound: the build stops past this many transitions in all (default 20,000,000, about 160 MB). */
  maxTransitions?: number;
}

/**
 * One slot's states, flat: state s has last candidate `last[s]`, run members
 * `mem[s·L .. s·L + mlen[s])` (L = the primary maxRun length; the last member
 * is `last[s]`), run lengths `cnt[s·K .. s·K + K)` of the K other maxRun rules,
 * the concept automaton's state `phi[s]` (SPEC 12; 0 without concept rules),
 * and CSR transitions to the next slot's states `next[start[s] .. start[s+1])`.
 */
export interface Layer {
  last: number[];
  mem: number[];
  mlen: number[];
  /** Numeric key of the members alone (Σ (m_j + 1)·B^j), so a child's key needs no allocation. */
  memKey: number[];
  cnt: number[];
  phi: number[];
  start: number[];
  next: number[];
}

const emptyLayer = (): Layer => ({ last: [], mem: [], mlen: [], memKey: [], cnt: [], phi: [], start: [], next: [] });

/** The dp's layered state graph, or the first slot no state reaches. */
export type DpGraph = { layers: Layer[]; states: number; transitions: number } | { infeasibleAt: number };

/** How a graph's states are keyed and checked, fixed for one build. */
interface GraphShape {
  rules: ChainRules;
  excluded: Uint8Array | undefined;
  /** 1 at a chapter start, where chapter-scoped rules do not look back. */
  restart: ArrayLike<number>;
  /** The primary maxRun length and the number of other maxRun rules. */
  L: number;
  K: number;
  /** Powers of the member base B = n + 1, and each run length's multiplier in a numeric key. */
  powB: number[];
  cntMul: number[];
  /** Whether every key fits below 2^53 (else keys are strings). */
  numericKeys: boolean;
  /** Primary bucket per candidate, and whether the primary run is chapter-scoped; per other rule, its buckets, length and scope. */
  pb: ArrayLike<number>;
  primaryScoped: boolean;
  runBuckets: ArrayLike<number>[];
  runLengths: number[];
  secondaryScoped: boolean[];
  /** Scratch: the run lengths of the child being built. */
  newRuns: number[];
  /** The concept rules' automaton and each candidate's concept set, when the model has concept rules. */
  concepts?: ConceptAutomaton;
  setOf?: Int32Array;
  /** Each key's multiplier of the concept state. */
  phiMul: number;
  runScopedIntro: boolean[];
}

/**
 * Builds the dp's layered state graph (SPEC 6 `dp`): per slot, every state
 * reachable from the first slot — the last candidate, the members of the
 * current run of equal buckets of the primary `maxRun` key (at most its
 * length), the run lengths of any other `maxRun` rules, and the concept
 * rules' automaton state (SPEC 12) — with transitions that meet every chain
 * constraint and concept rule and use no candidate twice.
 *
 * @throws LevelrampError `select/dp` when the problem is not chain-shaped or the state bound is passed.
 * @throws SolverLimitError `select/min-moves` when the concept rules' automaton is past its size bound.
 */
export function buildDpGraph(problem: SelectionProblem, options: DpGraphOptions = {}): DpGraph {
  // 1. The chain's rules: the dp needs a primary run on a nonDecreasing key, each candidate in one run of it.
  const rules = chainRulesOf(problem);
  const runs = dpRuns(problem);
  if ("refusal" in runs) throw new LevelrampError("select/dp", `${runs.refusal}; use a MILP solver (solver milp or highs)`, 2, ["solver-milp", "solver-highs"]);
  if (runs.introRuns) {
    throw new LevelrampError("select/dp", `the fewest-moves dp follows each candidate and needs the run of ${runs.primary.constraint.key} to hold where a concept is introduced (SPEC 12: it may restart there, and a candidate could ship in two of its runs); use a MILP solver (solver milp or highs) without the fewest-moves search`, 2, ["solver-milp", "solver-highs", "no-min-moves"]);
  }
  if (runs.multiRun) {
    throw new LevelrampError("select/dp", `the fewest-moves dp follows each candidate and needs each in one chapter when the run of ${runs.primary.constraint.key} restarts at chapter starts (some may fill levels of two chapters); use a MILP solver (solver milp or highs) without the fewest-moves search`, 2, ["solver-milp", "solver-highs", "no-min-moves"]);
  }
  const primary = runs.primary;
  const { excluded, maxStates = 5_000_000, maxTransitions = 20_000_000 } = options;
  const S = problem.slots.length;
  if (S === 0) return { layers: [], states: 0, transitions: 0 };
  // 2. How states are keyed.
  const shape = graphShape(problem, rules, primary, runs.secondary, excluded);
  // 3. The first slot: one state per eligible candidate.
  const first = firstLayer(problem, shape);
  if (first.last.length === 0) return { infeasibleAt: 0 };
  const layers: Layer[] = [first];
  let states = first.last.length;
  let transitions = 0;
  // 4. Slot by slot: the next layer from the current one, within the bounds.
  for (let i = 0; i + 1 < S; i++) {
    const cur = layers[i];
    const nxt = nextLayer(problem, shape, cur, i, { before: transitions, max: maxTransitions });
    transitions += cur.next.length;
    if (nxt.last.length === 0) return { infeasibleAt: i + 1 };
    states += nxt.last.length;
    if (states > maxStates) tooLarge(problem, i + 1, `${maxStates} states`);
    layers.push(nxt);
  }
  return { layers, states, transitions };
}

/**
 * State keys: numbers when they fit in 2^53 (members in base B = n + 1, then
 * each run length), strings otherwise.
 */
function graphShape(problem: SelectionProblem, rules: ChainRules, primary: RunRule, secondary: RunRule[], excluded: Uint8Array | undefined): GraphShape {
  const L = primary.length;
  const K = secondary.length;
  const base = problem.candidates.length + 1;
  const powB: number[] = [1];
  for (let j = 1; j <= L; j++) powB.push(powB[j - 1] * base);
  const cntMul: number[] = [];
  let span = powB[L];
  for (const r of secondary) {
    cntMul.push(span);
    span *= r.length + 1;
  }
  const made = hasConceptRules(problem) ? conceptAutomatonOf(problem) : undefined;
  if (typeof made === "string") throw new SolverLimitError("select/min-moves", "min-moves concept states", `the concept rules need ${made}; select without the fewest-moves search, or give the introduce order every concept the pools carry`, ["no-min-moves"]);
  const phiMul = span;
  span *= made?.count ?? 1;
  return {
    rules, excluded, L, K, powB, cntMul, phiMul,
    ...(made ? { concepts: made, setOf: candidateConcepts(problem).setOf } : {}),
    runScopedIntro: secondary.map((r) => r.introScoped),
    restart: chapterStarts(problem.slots),
    numericKeys: span < Number.MAX_SAFE_INTEGER,
    pb: primary.bucket,
    primaryScoped: primary.scoped,
    runBuckets: secondary.map((r) => r.bucket),
    runLengths: secondary.map((r) => r.length),
    secondaryScoped: secondary.map((r) => r.scoped),
    newRuns: new Array<number>(K).fill(0),
  };
}

/** The first slot's layer: each eligible, not excluded candidate starts a run of one. */
function firstLayer(problem: SelectionProblem, shape: GraphShape): Layer {
  const { L, K, excluded } = shape;
  const first = emptyLayer();
  for (const d of problem.eligible[0]) {
    if (excluded?.[d]) continue;
    const phi = shape.concepts ? conceptStep(shape.concepts, 0, 0, shape.setOf![d]) : 0;
    if (phi < 0) continue;
    first.phi.push(phi);
    first.last.push(d);
    first.mem.push(d);
    for (let j = 1; j < L; j++) first.mem.push(-1);
    first.mlen.push(1);
    first.memKey.push(d + 1);
    for (let k = 0; k < K; k++) first.cnt.push(1);
  }
  return first;
}

/**
 * Slot `i + 1`'s layer: every child of `cur`'s states (a candidate eligible
 * there, meeting the pair rules, no member twice in a run, no run too long),
 * equal children merged by key; fills `cur.start`/`cur.next`.
 *
 * @throws SolverLimitError when the graph's transitions (`bound.before` of earlier layers) pass `bound.max`.
 */
function nextLayer(problem: SelectionProblem, shape: GraphShape, cur: Layer, i: number, bound: { before: number; max: number }): Layer {
  const { rules, excluded, L, K, powB, cntMul, numericKeys, pb, primaryScoped, runBuckets, runLengths, secondaryScoped, newRuns } = shape;
  const nxt = emptyLayer();
  const index = new Map<number | string, number>();
  const elig = problem.eligible[i + 1];
  const fresh = shape.restart[i + 1] === 1; // a chapter start: scoped rules do not look back
  for (let s = 0; s < cur.last.length; s++) {
    cur.start.push(cur.next.length);
    const c = cur.last[s];
    const mlen = cur.mlen[s];
    const mOff = s * L;
    for (const d of elig) {
      if (excluded?.[d] || !rules.pairOk(c, d, fresh, true)) continue;
      // Concept rules (SPEC 12): the automaton's step, and the rules scoped to introductions where it introduces nothing.
      let phi = 0;
      let intro = false;
      if (shape.concepts) {
        const a = shape.concepts;
        const x = shape.setOf![d];
        phi = conceptStep(a, i + 1, cur.phi[s], x);
        if (phi < 0) continue;
        intro = a.intro[cur.phi[s] * a.sets + x] === 1;
      }
      if (!intro && rules.introScoped && !rules.introPairOk(c, d)) continue;
      const same = pb[d] === pb[c] && !(fresh && primaryScoped);
      let memKey: number;
      if (same) {
        if (mlen >= L) continue;
        let dup = false;
        for (let j = 0; j < mlen; j++) if (cur.mem[mOff + j] === d) dup = true;
        if (dup) continue;
        memKey = cur.memKey[s] + (d + 1) * powB[mlen];
      } else memKey = d + 1;
      let ok = true;
      let key = memKey + phi * shape.phiMul;
      for (let k = 0; k < K; k++) {
        const run = runBuckets[k][d] === runBuckets[k][c] && !(fresh && secondaryScoped[k]) && !(intro && shape.runScopedIntro[k]) ? cur.cnt[s * K + k] + 1 : 1;
        if (run > runLengths[k]) {
          ok = false;
          break;
        }
        newRuns[k] = run;
        key += run * cntMul[k];
      }
      if (!ok) continue;
      const mapKey: number | string = numericKeys
        ? key
        : `${same ? cur.mem.slice(mOff, mOff + mlen).join(",") + "," : ""}${d}|${newRuns.join(",")}|${phi}`;
      let at = index.get(mapKey);
      if (at === undefined) {
        at = nxt.last.length;
        index.set(mapKey, at);
        nxt.last.push(d);
        nxt.phi.push(phi);
        if (same) for (let j = 0; j < mlen; j++) nxt.mem.push(cur.mem[mOff + j]);
        nxt.mem.push(d);
        for (let j = same ? mlen + 1 : 1; j < L; j++) nxt.mem.push(-1);
        nxt.mlen.push(same ? mlen + 1 : 1);
        nxt.memKey.push(memKey);
        for (let k = 0; k < K; k++) nxt.cnt.push(newRuns[k]);
      }
      cur.next.push(at);
    }
    if (bound.before + cur.next.length > bound.max) tooLarge(problem, i + 1, `${bound.max} transitions`);
  }
  cur.start.push(cur.next.length);
  return nxt;
}

function tooLarge(problem: SelectionProblem, slot: number, what: string): never {
  const size = `${problem.slots.length} levels, ${problem.candidates.length} candidates`;
  throw new SolverLimitError("select/min-moves", "min-moves graph", `more than ${what} by level ${problem.slots[slot].number} (${size}); select fewer levels at once (part by part) or without the fewest-moves search`, ["fewer-levels", "no-min-moves"]);
}
