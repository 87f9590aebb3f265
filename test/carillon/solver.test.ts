import { describe, expect, it } from "vitest";
import { NoAnswerError } from "../../src/io/errors.ts";
import { isCleared, stateKey, type CarillonState } from "../../src/carillon/level/carillon-state.ts";
import { condensationSources } from "../../src/carillon/level/condensation-sources.ts";
import { fieldEngine } from "../../src/carillon/solver/field-engine.ts";
import { loadCarillonModels } from "../../src/carillon/model/load-models.ts";
import { simulatedTapModel } from "../../src/carillon/solver/simulated-tap-model.ts";
import { solveField } from "../../src/carillon/solver/solve-field.ts";
import type { TapModel } from "../../src/carillon/solver/tap-model.ts";
import { loadFixture } from "./fixtures.ts";
import { scatterField } from "./scatter.ts";

const { physics } = loadCarillonModels();
const limits = { maxStates: 200_000 };

/** Plain breadth-first search over states with the reference model: fewest taps, no bound. */
function fewestTapsByBreadthFirst(model: TapModel): number {
  let layer: CarillonState[] = [model.start()];
  const seen = new Set([stateKey(layer[0])]);
  for (let depth = 0; ; depth++) {
    if (layer.some(isCleared)) return depth;
    const next: CarillonState[] = [];
    for (const s of layer) {
      for (const d of model.tapsFrom(s)) {
        const n = model.tap(s, d).next;
        const k = stateKey(n);
        if (!seen.has(k)) {
          seen.add(k);
          next.push(n);
        }
      }
    }
    layer = next;
  }
}

/** Every sequence of `k` taps in lexicographic order; the first that clears. */
function lexSmallestByEnumeration(model: TapModel, k: number): number[] | null {
  const walk = (s: CarillonState, left: number): number[] | null => {
    if (isCleared(s)) return [];
    if (left === 0) return null;
    for (const d of model.tapsFrom(s)) {
      const rest = walk(model.tap(s, d).next, left - 1);
      if (rest) return [d, ...rest];
    }
    return null;
  };
  return walk(model.start(), k);
}

describe("solver (SPEC 4.5)", () => {
  it("agrees with the condensation source count and the starts on plain fields", () => {
    for (let s = 0; s < 40; s++) {
      const e = fieldEngine(scatterField(`solver-${s}`, 8 + (s % 25)), physics);
      const result = solveField(e.model, limits);
      const sources = condensationSources(e.graph);
      expect(result.goal).toBe(sources.length);
      expect(result.winningFirstTaps).toEqual(sources.flat().sort((a, b) => a - b));
      let state = e.model.start();
      for (const d of result.solution) state = e.model.tap(state, d).next;
      expect(isCleared(state)).toBe(true);
      expect(result.solution).toHaveLength(result.goal);
    }
  });

  it("matches a plain breadth-first search and the lexicographic enumeration on small fields", () => {
    for (let s = 0; s < 25; s++) {
      const e = fieldEngine(scatterField(`small-${s}`, 4 + (s % 6)), physics);
      const reference = simulatedTapModel(e.field, { graph: e.graph });
      const result = solveField(e.model, limits);
      expect(result.goal).toBe(fewestTapsByBreadthFirst(reference));
      expect(result.solution).toEqual(lexSmallestByEnumeration(reference, result.goal));
    }
  });

  it("stays exact without the lower bound, which then explores more states (the bound really prunes)", () => {
    let pruned = 0;
    let blind = 0;
    for (let s = 0; s < 10; s++) {
      const e = fieldEngine(scatterField(`blind-${s}`, 14), physics);
      const noBound: TapModel = { ...e.model, lowerBound: (st) => (st.lost ? Infinity : 0) };
      const a = solveField(e.model, limits);
      const b = solveField(noBound, limits);
      expect(b.goal).toBe(a.goal);
      expect(b.winningFirstTaps).toEqual(a.winningFirstTaps);
      expect(b.solution).toEqual(a.solution);
      pruned += a.states;
      blind += b.states;
    }
    expect(pruned).toBeLessThan(blind);
  });

  it("hand-built: two lines far apart need 2 taps, either big dot first", () => {
    const e = fieldEngine(loadFixture("two-lines-far-apart"), physics);
    expect(solveField(e.model, limits)).toMatchObject({ goal: 2, solution: [0, 3], winningFirstTaps: [0, 3] });
  });

  it("fails clearly past its state limit and its wall-clock abort", () => {
    const e = fieldEngine(loadFixture("two-lines-far-apart"), physics);
    expect(() => solveField(e.model, { maxStates: 1 })).toThrow(NoAnswerError);
    expect(() => solveField(e.model, { maxStates: 1 })).toThrow(/carillon\/solver: gave up after expanding 1 states/);
    const big = fieldEngine(scatterField("deadline", 40), physics);
    const noBound: TapModel = { ...big.model, lowerBound: () => 0 };
    expect(() => solveField(noBound, { maxStates: 1e9, deadlineMs: -1 })).toThrow(/carillon\/solver: aborted after -1 ms/);
  });
});
