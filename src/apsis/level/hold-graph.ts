import type { SkyGraph } from "./block-graph.ts";
import type { RuleHold } from "./rule-holds.ts";

/**
 * The hold graph (SPEC 5.3/5.4): the block graph plus one edge per rule hold
 * (holder → held); an edge that is both a block and a hold lists both kinds.
 * The block graph is not changed.
 */
export function holdGraph(blocks: SkyGraph, holds: readonly RuleHold[]): SkyGraph {
  const graph = blocks.copy() as SkyGraph;
  graph.forEachEdge((edge, attrs) => graph.replaceEdgeAttributes(edge, { kinds: [...attrs.kinds] }));
  for (const h of holds) {
    const from = String(h.from);
    const to = String(h.to);
    const edge = graph.edge(from, to);
    if (edge === undefined) graph.addEdge(from, to, { kinds: [h.rule] });
    else {
      const kinds = graph.getEdgeAttribute(edge, "kinds");
      if (!kinds.includes(h.rule)) kinds.push(h.rule);
    }
  }
  return graph;
}
