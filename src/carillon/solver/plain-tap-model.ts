import { startState, type CarillonState } from "../level/carillon-state.ts";
import { dotsOf, hasDot, popcount32, type DotSet } from "../level/dot-set.ts";
import type { CarillonField } from "../level/compile-field.ts";
import { plainReach, type PlainReach } from "./plain-reach.ts";
import { buildReachGraph, type ReachGraph } from "../level/reach-graph.ts";
import { sourceComponentCount } from "./source-component-count.ts";
import type { TapModel, TapResult } from "./tap-model.ts";

/** The plain tap model with the reach graph and closures it was built from. */
export interface PlainTapModel extends TapModel {
  readonly graph: ReachGraph;
  readonly reach: PlainReach;
}

/**
 * The fast tap model of a plain field: a tap pops `closure[d] ∩ alive` (the
 * same dots, in a different order, as the event simulation — pinned by a
 * differential test), and the lower bound is the number of source components
 * among the remaining dots, which on a plain field is exact.
 *
 * @throws Error (`carillon/plain-tap-model: ...`) when a dot carries a mark:
 *   marked fields need the rules' model.
 */
export function plainTapModel(field: CarillonField, graph: ReachGraph = buildReachGraph(field)): PlainTapModel {
  const marked = field.marks.findIndex((m) => m !== undefined);
  if (marked >= 0) {
    throw new Error(`carillon/plain-tap-model: dot ${marked} carries a '${field.marks[marked]?.kind}' mark; the plain model plays plain fields only`);
  }
  const reach = plainReach(graph);
  return {
    field,
    graph,
    reach,
    start: () => startState(field),
    tapsFrom: (state) => dotsOf(state.alive),
    tap(state: CarillonState, dot: number): TapResult {
      if (!hasDot(state.alive, dot)) throw new Error(`carillon/plain-tap-model: dot ${dot} is not on the field`);
      const cl = reach.closure[dot];
      const alive: DotSet = new Uint32Array(state.alive.length);
      let popCount = 0;
      for (let w = 0; w < alive.length; w++) {
        const a = state.alive[w];
        alive[w] = a & ~cl[w];
        popCount += popcount32(a & cl[w]);
      }
      return { next: { alive, cracked: state.cracked, positions: state.positions, taps: state.taps + 1, lost: false }, popCount };
    },
    lowerBound: (state) => (state.lost ? Infinity : sourceComponentCount(reach, state.alive)),
    // A dot outside every source component pops no dot of one (a source has no remaining dot reaching
    // it from outside), so every source component stays whole and a source: the count cannot fall.
    keepsLowerBound(state: CarillonState, dot: number): boolean {
      const re = reach.reachers[dot];
      const cl = reach.closure[dot];
      for (let w = 0; w < reach.words; w++) if ((re[w] & state.alive[w] & ~cl[w]) !== 0) return true;
      return false;
    },
  };
}
