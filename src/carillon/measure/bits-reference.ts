import { isCleared, type CarillonState } from "../level/carillon-state.ts";
import type { Lean } from "../model/difficulty-model.ts";
import { leanWeights } from "./lean-weights.ts";
import type { TapModel } from "../solver/tap-model.ts";

/**
 * The plain bits recursion of SPEC 4.5, word for word: every tap recursed,
 * no memo, no pruning. Exponential; for small fields and for checking
 * {@link measureBits} against. Counts every state it evaluates.
 *
 * @throws Error when more than `maxStates` states are evaluated.
 */
export function bitsReference(model: TapModel, goal: number, lean: Lean, maxStates = 1_000_000): { bits: number; p: number; states: number } {
  let states = 0;
  const p = (state: CarillonState, k: number): number => {
    if (isCleared(state)) return 1;
    if (k === 0 || state.lost) return 0;
    if (++states > maxStates) throw new Error(`carillon/bits-reference: more than ${maxStates} states`);
    const results = model.tapsFrom(state).map((d) => model.tap(state, d));
    const weights = leanWeights(lean, results.map((r) => r.popCount));
    const total = weights.reduce((a, b) => a + b, 0);
    let sum = 0;
    results.forEach((r, i) => {
      sum += weights[i] * p(r.next, k - 1);
    });
    return sum / total;
  };
  const chance = p(model.start(), goal);
  const bits = chance > 0 ? -Math.log2(chance) : Infinity;
  return { bits: bits === 0 ? 0 : bits, p: chance, states };
}
