import { DirectedGraph } from "graphology";
import type { ApsisRule } from "./apsis-rules.ts";
import type { ArrowShape } from "./arrow-shape.ts";
import type { SkyLimits } from "./sky-limits.ts";
import { blocksWay } from "./way-out.ts";

/** Why an arrow waits on another: it stands on its way (`block`) or a rule holds it. */
export type HoldKind = "block" | ApsisRule;

/** Node attributes: the arrow's index in the body and its ring. */
export interface ArrowNode {
  index: number;
  ring: number;
}

/** Edge attributes: every reason the target waits on the source. */
export interface HoldEdge {
  kinds: HoldKind[];
}

/** A directed graph over the arrows (node key = arrow index as a string), edge source → target = "target waits on source". */
export type SkyGraph = DirectedGraph<ArrowNode, HoldEdge>;

/**
 * The block graph (SPEC 5.1): one node per arrow, an edge blocker → blocked
 * whenever the blocker's centre segment stands on the blocked arrow's way out.
 */
export function blockGraph(shapes: readonly ArrowShape[], limits: SkyLimits): SkyGraph {
  const graph: SkyGraph = new DirectedGraph<ArrowNode, HoldEdge>();
  shapes.forEach((s, i) => graph.addNode(String(i), { index: i, ring: s.ring }));
  for (let a = 0; a < shapes.length; a++) {
    for (let b = 0; b < shapes.length; b++) {
      if (a !== b && blocksWay(shapes[b], shapes[a], limits)) graph.addEdge(String(b), String(a), { kinds: ["block"] });
    }
  }
  return graph;
}
