import { LevelrampError } from "../../io/errors.ts";
import { chainRulesOf, chapterStarts } from "../rules/chain-rules.ts";
import { dpRefusal } from "./dp-context.ts";
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
 * and CSR transitions to the next slot's states `next[start[s] .. start[s+1])`.
 */
export interface Layer {
  last: number[];
  mem: number[];
  mlen: number[];
  /** Numeric key of the members alone (Σ (m_j + 1)·B^j), so a child's key needs no allocation. */
  memKey: number[];
  cnt: number[];
  start: number[];
  next: number[];
}

const emptyLayer = (): Layer => ({ last: [], mem: [], mlen: [], memKey: [], cnt: [], start: [], next: [] });

/** The dp's layered state graph, or the first slot no state reaches. */
export type DpGraph = { layers: Layer[]; states: number; transitions: number } | { infeasibleAt: number };

/**
 * Builds the dp's layered state graph (SPEC 6 `dp`): per slot, every state
 * reachable from the first slot — the last candidate, the members of the
 * current run of equal buckets of the primary `maxRun` key (at most its
 * length), and the run lengths of any other `maxRun` rules — with transitions
 * that meet every chain constraint and use no candidate twice.
 *
 * @throws LevelrampError `select/dp` when the problem is not chain-shaped or the state bound is passed.
 */
export function buildDpGraph(problem: SelectionProblem, options: DpGraphOptions = {}): DpGraph {
  const rules = chainRulesOf(problem);
  const primary = rules.primaryRun;
  const refusal = dpRefusal(problem);
  if (!primary || refusal) throw new LevelrampError("select/dp", `${refusal}; use --solver milp or highs`, 2);
  const restart = chapterStarts(problem.slots); // where chapter-scoped rules do not look back
  const secondary = rules.runRules.filter((r) => r !== primary);
  const secondaryScoped = secondary.map((r) => r.scoped);
  const { excluded, maxStates = 5_000_000, maxTransitions = 20_000_000 } = options;
  const S = problem.slots.length;
  const n = problem.candidates.length;
  if (S === 0) return { layers: [], states: 0, transitions: 0 };

  // State keys are numbers when they fit in 2^53 (members in base B = n + 1,
  // then each run length), strings otherwise.
  const L = primary.length;
  const K = secondary.length;
  const base = n + 1;
  const powB: number[] = [1];
  for (let j = 1; j <= L; j++) powB.push(powB[j - 1] * base);
  const cntMul: number[] = [];
  let span = powB[L];
  for (const r of secondary) {
    cntMul.push(span);
    span *= r.length + 1;
  }
  const numericKeys = span < Number.MAX_SAFE_INTEGER;
  const pb = primary.bucket;
  const runBuckets = secondary.map((r) => r.bucket);
  const runLengths = secondary.map((r) => r.length);
  const newRuns = new Array<number>(K).fill(0);

  const layers: Layer[] = [];
  let states = 0;
  let transitions = 0;
  const first = emptyLayer();
  for (const d of problem.eligible[0]) {
    if (excluded?.[d]) continue;
    first.last.push(d);
    first.mem.push(d);
    for (let j = 1; j < L; j++) first.mem.push(-1);
    first.mlen.push(1);
    first.memKey.push(d + 1);
    for (let k = 0; k < K; k++) first.cnt.push(1);
  }
  if (first.last.length === 0) return { infeasibleAt: 0 };
  layers.push(first);
  states += first.last.length;

  for (let i = 0; i + 1 < S; i++) {
    const cur = layers[i];
    const nxt = emptyLayer();
    const index = new Map<number | string, number>();
    const elig = problem.eligible[i + 1];
    const fresh = restart[i + 1] === 1; // a chapter start: scoped rules do not look back
    for (let s = 0; s < cur.last.length; s++) {
      cur.start.push(cur.next.length);
      const c = cur.last[s];
      const mlen = cur.mlen[s];
      const mOff = s * L;
      for (const d of elig) {
        if (excluded?.[d] || !rules.pairOk(c, d, fresh)) continue;
        const same = pb[d] === pb[c] && !(fresh && primary.scoped);
        let memKey: number;
        if (same) {
          if (mlen >= L) continue;
          let dup = false;
          for (let j = 0; j < mlen; j++) if (cur.mem[mOff + j] === d) dup = true;
          if (dup) continue;
          memKey = cur.memKey[s] + (d + 1) * powB[mlen];
        } else memKey = d + 1;
        let ok = true;
        let key = memKey;
        for (let k = 0; k < K; k++) {
          const run = runBuckets[k][d] === runBuckets[k][c] && !(fresh && secondaryScoped[k]) ? cur.cnt[s * K + k] + 1 : 1;
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
          : `${same ? cur.mem.slice(mOff, mOff + mlen).join(",") + "," : ""}${d}|${newRuns.join(",")}`;
        let at = index.get(mapKey);
        if (at === undefined) {
          at = nxt.last.length;
          index.set(mapKey, at);
          nxt.last.push(d);
          if (same) for (let j = 0; j < mlen; j++) nxt.mem.push(cur.mem[mOff + j]);
          nxt.mem.push(d);
          for (let j = same ? mlen + 1 : 1; j < L; j++) nxt.mem.push(-1);
          nxt.mlen.push(same ? mlen + 1 : 1);
          nxt.memKey.push(memKey);
          for (let k = 0; k < K; k++) nxt.cnt.push(newRuns[k]);
        }
        cur.next.push(at);
      }
      if (transitions + cur.next.length > maxTransitions) tooLarge(problem, i + 1, `${maxTransitions} transitions`);
    }
    cur.start.push(cur.next.length);
    transitions += cur.next.length;
    if (nxt.last.length === 0) return { infeasibleAt: i + 1 };
    states += nxt.last.length;
    if (states > maxStates) tooLarge(problem, i + 1, `${maxStates} states`);
    layers.push(nxt);
  }

  return { layers, states, transitions };
}

function tooLarge(problem: SelectionProblem, slot: number, what: string): never {
  const size = `${problem.slots.length} levels, ${problem.candidates.length} candidates`;
  throw new SolverLimitError("select/min-moves", "min-moves graph", `more than ${what} by level ${problem.slots[slot].number} (${size}); select fewer levels at once (--chapters) or drop --min-moves`);
}
