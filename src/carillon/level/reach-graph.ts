import { DirectedGraph } from "graphology";
import type { CarillonField } from "./compile-field.ts";
import type { DotSize } from "../model/physics-model.ts";
import { arrivalTime, reachGap, reaches } from "./reach.ts";

/** Node attributes of the reach graph: the dot's index and size. */
export interface ReachNode {
  index: number;
  size: DotSize;
}

/** Edge attributes: arrival time of the ring (beats) and the reach gap (field units, ≤ 0). */
export interface ReachEdge {
  time: number;
  gap: number;
}

/** The reach graph of SPEC 4.1: node keys are dot indices as strings. */
export type ReachGraph = DirectedGraph<ReachNode, ReachEdge>;

/**
 * Builds the reach graph (graphology DirectedGraph): an edge A→B whenever A's
 * ring reaches B, `dist(A,B) − radius(B) ≤ reach(A)` (SPEC 4.1). Nodes are
 * added in index order, each node's out-edges in target index order.
 */
export function buildReachGraph(field: CarillonField): ReachGraph {
  const graph: ReachGraph = new DirectedGraph<ReachNode, ReachEdge>();
  for (let i = 0; i < field.count; i++) graph.addNode(String(i), { index: i, size: field.sizes[i] });
  for (let a = 0; a < field.count; a++) {
    for (let b = 0; b < field.count; b++) {
      if (!reaches(field, a, b)) continue;
      graph.addDirectedEdge(String(a), String(b), { time: arrivalTime(field, a, b), gap: reachGap(field, a, b) });
    }
  }
  return graph;
}

/** Out-neighbours of every dot (indices, ascending), read from the reach graph. */
export function outNeighbours(graph: ReachGraph): number[][] {
  const out: number[][] = [];
  graph.forEachNode((key, attr) => {
    const list: number[] = [];
    graph.forEachOutNeighbor(key, (_n, nAttr) => list.push(nAttr.index));
    out[attr.index] = list.sort((p, q) => p - q);
  });
  return out;
}
