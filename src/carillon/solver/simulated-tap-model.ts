import { startState, type CarillonState } from "../level/carillon-state.ts";
import { dotsOf } from "../level/dot-set.ts";
import type { CarillonField } from "../level/compile-field.ts";
import type { TieOrder } from "../level/hit-queue.ts";
import { buildReachGraph, type ReachGraph } from "../level/reach-graph.ts";
import { ringTable } from "../level/ring-table.ts";
import { simulateTap } from "../level/simulate-tap.ts";
import type { TapModel } from "./tap-model.ts";
import { condensationSources } from "../level/condensation-sources.ts";

/**
 * The plain reference tap model: every tap is played event by event by
 * {@link simulateTap}; the lower bound is the number of condensation sources
 * among the remaining dots, computed with graphology. Slower than the plain
 * model; it is the one the fast paths are checked against, and the one the
 * order-sensitivity check uses (`tieOrder: "reverse"`). Its bound is only
 * admissible on plain fields and it plays the ring table, not frames, so a
 * field with echo stones or drifters needs {@link rulesTapModel} instead.
 */
export function simulatedTapModel(
  field: CarillonField,
  options: { tieOrder?: TieOrder; graph?: ReachGraph } = {},
): TapModel {
  const graph = options.graph ?? buildReachGraph(field);
  const rings = ringTable(graph);
  return {
    field,
    start: () => startState(field),
    tapsFrom: (state: CarillonState) => dotsOf(state.alive),
    tap(state, dot) {
      const outcome = simulateTap(field, state, dot, { rings, tieOrder: options.tieOrder });
      return { next: outcome.next, popCount: outcome.popped.length };
    },
    lowerBound: (state) => (state.lost ? Infinity : condensationSources(graph, dotsOf(state.alive)).length),
  };
}
