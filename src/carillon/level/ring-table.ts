import type { ReachGraph } from "./reach-graph.ts";

/** Where one dot's ring goes: target dots and the beats until the ring arrives at each. */
export interface Ring {
  targets: Int32Array;
  times: Float64Array;
}

/**
 * Every dot's ring, read from the reach graph (the edges out of a dot and
 * their arrival times), targets ascending. Valid while no dot moves.
 */
export function ringTable(graph: ReachGraph): Ring[] {
  const rings: Ring[] = [];
  graph.forEachNode((key, attr) => {
    const pairs: Array<[number, number]> = [];
    graph.forEachOutEdge(key, (_e, edge, _s, _t, _sa, targetAttr) => pairs.push([targetAttr.index, edge.time]));
    pairs.sort((p, q) => p[0] - q[0]);
    rings[attr.index] = { targets: Int32Array.from(pairs.map((p) => p[0])), times: Float64Array.from(pairs.map((p) => p[1])) };
  });
  return rings;
}
