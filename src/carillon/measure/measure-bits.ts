import { NoAnswerError } from "../../io/errors.ts";
import { isCleared, stateKey, type CarillonState } from "../level/carillon-state.ts";
import type { Lean } from "../model/difficulty-model.ts";
import { leanWeights } from "./lean-weights.ts";
import type { SearchLimits } from "../solver/tap-search.ts";
import type { TapModel } from "../solver/tap-model.ts";

/** Difficulty of a field in bits (SPEC 4.5). */
export interface BitsResult {
  /** −log2 p(start, goal); 0 when every tap wins. */
  bits: number;
  /** The guesser's chance of clearing in the goal. */
  p: number;
  /** States whose taps were evaluated. */
  states: number;
  /** Taps pruned without computing the next state's bound ({@link TapModel.keepsLowerBound}). */
  keptBounds: number;
}

/**
 * Bits of a field (SPEC 4.5): a guesser taps a random dot on the field,
 * weighted by the lean model; p(state, k) = Σ_d w(d)/Σw · p(after d, k−1),
 * p(cleared, ·) = 1, p(not cleared, 0) = 0; bits = −log2 p(start, goal).
 *
 * Fast path: memoised on (state, taps left), and a tap whose next state's
 * lower bound exceeds the taps left contributes 0 without being explored, so
 * only branches that can still win recurse (on a guarded plain field, the
 * remaining roots). Where the model knows a tap cannot lower the bound
 * ({@link TapModel.keepsLowerBound}: on a plain field, a dot outside every
 * source component) and the state's own bound already exceeds the taps left
 * after it, the tap is pruned without computing the next state's bound
 * (the same prune, less work).
 *
 * @param goal the field's exact goal.
 * @throws NoAnswerError (exit 1) past `maxStates` (models/carillon/difficulty.json) or the deadline.
 */
export function measureBits(model: TapModel, goal: number, lean: Lean, limits: SearchLimits): BitsResult {
  const memo = new Map<string, number>();
  const started = Date.now();
  let states = 0;
  let keptBounds = 0;

  const p = (state: CarillonState, k: number): number => {
    if (isCleared(state)) return 1;
    if (k <= 0 || state.lost) return 0;
    const key = `${stateKey(state)}#${k}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    states++;
    if (states > limits.maxStates) {
      throw new NoAnswerError("carillon/bits", `gave up after ${limits.maxStates} states (limit maxStates in models/carillon/difficulty.json)`);
    }
    if (limits.deadlineMs !== undefined && (states & 255) === 1 && Date.now() - started > limits.deadlineMs) {
      throw new NoAnswerError("carillon/bits", `aborted after ${limits.deadlineMs} ms (wall-clock limit) and ${states} states`);
    }
    const taps = model.tapsFrom(state);
    const results = taps.map((d) => model.tap(state, d));
    // The state's own bound, when taps that cannot lower it may be pruned on it.
    const here = model.keepsLowerBound && k > 1 ? model.lowerBound(state, k) : -Infinity;
    const weights = leanWeights(lean, results.map((r) => r.popCount));
    let total = 0;
    let sum = 0;
    for (let i = 0; i < results.length; i++) {
      total += weights[i];
      if (weights[i] === 0) continue;
      const next = results[i].next;
      if (!isCleared(next)) {
        if (k === 1) continue;
        if (here > k - 1 && model.keepsLowerBound?.(state, taps[i])) {
          keptBounds++;
          continue;
        }
        if (model.lowerBound(next, k - 1) > k - 1) continue;
      }
      sum += weights[i] * p(next, k - 1);
    }
    const value = total > 0 ? sum / total : 0;
    memo.set(key, value);
    return value;
  };

  const chance = p(model.start(), goal);
  const bits = chance > 0 ? -Math.log2(chance) : Infinity;
  return { bits: bits === 0 ? 0 : bits, p: chance, states, keptBounds };
}
