import { LevelrampError } from "../io/errors.ts";
import { chainRulesOf } from "./chain-rules.ts";
import { objectiveOf, objectiveTolerance } from "./objective.ts";
import type { Selection, SelectionProblem } from "./selection-problem.ts";

/** Limits and restrictions of one dp run. */
export interface DpOptions {
  /** Candidates that may not be chosen (1 = excluded), e.g. by a conflict branch. */
  excluded?: Uint8Array;
  /** Work bound: the run stops with an error past this many states in all (default 5,000,000). */
  maxStates?: number;
}

/** A dp answer, or the first slot at which no candidate can continue the chain. */
export type DpResult = { selection: Selection } | { infeasibleAt: number };

/**
 * Whether dp is exact for a problem (SPEC 6 "dp applies"): some `maxRun` key
 * is also a `nonDecreasing` key. A candidate can then only repeat inside one
 * run of equal values of that key, which the dp state holds. (Conflicts are
 * handled by branching on top of dp, {@link solveDpBranching}.)
 */
export function dpApplies(problem: Pick<SelectionProblem, "chain" | "candidates">): boolean {
  return chainRulesOf(problem).primaryRun !== undefined;
}

/**
 * One slot's states, flat: state s has last candidate `last[s]`, run members
 * `mem[s·L .. s·L + mlen[s])` (L = the primary maxRun length; the last member
 * is `last[s]`), run lengths `cnt[s·K .. s·K + K)` of the K other maxRun rules,
 * and CSR transitions to the next slot's states `next[start[s] .. start[s+1])`.
 */
interface Layer {
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

/**
 * Exact dynamic programming over slots (SPEC 6 `dp`), ignoring conflicts.
 *
 * State after a slot: the last candidate, the members of the current run of
 * equal buckets of the primary `maxRun` key (at most its length, e.g. three),
 * and the run lengths of any other `maxRun` rules. Keeping the run's members —
 * not sorting candidates and moving forward — is what keeps it exact when
 * values tie (a `maxDrop` may need 5 → 4 → 3 among equal keys). A backward
 * pass gives every state's optimal cost-to-go; a forward pass then takes, slot
 * by slot, the smallest candidate id that still reaches the optimum (ties
 * within {@link objectiveTolerance}), so the answer is the lexicographically
 * smallest optimal list of ids.
 *
 * @returns the selection (proven optimal) or the first infeasible slot index.
 * @throws LevelrampError `select/dp` when the problem is not chain-shaped or the state bound is passed.
 */
export function solveDp(problem: SelectionProblem, options: DpOptions = {}): DpResult {
  const rules = chainRulesOf(problem);
  const primary = rules.primaryRun;
  if (!primary) {
    throw new LevelrampError("select/dp", "dp needs a maxRun constraint whose key is also a nonDecreasing key (SPEC 6); use --solver milp or highs", 2);
  }
  const secondary = rules.runRules.filter((r) => r !== primary);
  const obj = objectiveOf(problem);
  const excluded = options.excluded;
  const maxStates = options.maxStates ?? 5_000_000;
  const S = problem.slots.length;
  const n = problem.candidates.length;
  if (S === 0) return { selection: { picks: [], objective: 0, optimal: true, solver: "dp", stats: { states: 0, transitions: 0 } } };

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
    for (let s = 0; s < cur.last.length; s++) {
      cur.start.push(cur.next.length);
      const c = cur.last[s];
      const mlen = cur.mlen[s];
      const mOff = s * L;
      for (const d of elig) {
        if (excluded?.[d] || !rules.pairOk(c, d)) continue;
        const same = pb[d] === pb[c];
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
          const run = runBuckets[k][d] === runBuckets[k][c] ? cur.cnt[s * K + k] + 1 : 1;
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
    }
    cur.start.push(cur.next.length);
    transitions += cur.next.length;
    if (nxt.last.length === 0) return { infeasibleAt: i + 1 };
    states += nxt.last.length;
    if (states > maxStates) {
      throw new LevelrampError("select/dp", `more than ${maxStates} states by level ${problem.slots[i + 1].number}; use --solver highs for this model`, 1);
    }
    layers.push(nxt);
  }

  // Backward: optimal cost-to-go of every state (cost of the slots after it).
  const ctg: Float64Array[] = new Array(S);
  ctg[S - 1] = new Float64Array(layers[S - 1].last.length);
  for (let i = S - 2; i >= 0; i--) {
    const cur = layers[i];
    const nxt = layers[i + 1];
    const here = new Float64Array(cur.last.length);
    const after = ctg[i + 1];
    for (let s = 0; s < cur.last.length; s++) {
      const c = cur.last[s];
      let best = Infinity;
      for (let t = cur.start[s]; t < cur.start[s + 1]; t++) {
        const ns = cur.next[t];
        const d = nxt.last[ns];
        const v = obj.combine(obj.combine(obj.slotCost(i + 1, d), obj.stepCost(i, c, d)), after[ns]);
        if (v < best) best = v;
      }
      here[s] = best;
    }
    ctg[i] = here;
  }

  let opt = Infinity;
  for (let s = 0; s < layers[0].last.length; s++) {
    const v = obj.combine(obj.slotCost(0, layers[0].last[s]), ctg[0][s]);
    if (v < opt) opt = v;
  }
  if (!Number.isFinite(opt)) {
    throw new LevelrampError("select/dp", "internal: every slot has states but no complete sequence was found", 1);
  }
  const tol = objectiveTolerance(opt);

  // Forward: the smallest id at each slot that still reaches the optimum.
  const picks: number[] = [];
  let state = -1;
  let acc = 0;
  {
    let bestState = -1;
    let bestValue = Infinity;
    for (let s = 0; s < layers[0].last.length; s++) {
      const v = obj.combine(obj.slotCost(0, layers[0].last[s]), ctg[0][s]);
      if (v <= opt + tol) {
        state = s;
        break;
      }
      if (v < bestValue) [bestValue, bestState] = [v, s];
    }
    if (state < 0) state = bestState;
    acc = obj.slotCost(0, layers[0].last[state]);
    picks.push(layers[0].last[state]);
  }
  for (let i = 0; i + 1 < S; i++) {
    const cur = layers[i];
    const nxt = layers[i + 1];
    const c = cur.last[state];
    let chosen = -1;
    let chosenAcc = 0;
    let fallback = -1;
    let fallbackValue = Infinity;
    let fallbackAcc = 0;
    for (let t = cur.start[state]; t < cur.start[state + 1]; t++) {
      const ns = cur.next[t];
      const d = nxt.last[ns];
      const a = obj.combine(obj.combine(acc, obj.slotCost(i + 1, d)), obj.stepCost(i, c, d));
      const v = obj.combine(a, ctg[i + 1][ns]);
      if (v <= opt + tol) {
        chosen = ns;
        chosenAcc = a;
        break;
      }
      if (v < fallbackValue) [fallbackValue, fallback, fallbackAcc] = [v, ns, a];
    }
    if (chosen < 0) [chosen, chosenAcc] = [fallback, fallbackAcc];
    state = chosen;
    acc = chosenAcc;
    picks.push(nxt.last[state]);
  }
  return {
    selection: { picks, objective: obj.total(picks), optimal: true, solver: "dp", stats: { states, transitions } },
  };
}
