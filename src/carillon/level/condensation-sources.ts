import { DirectedGraph } from "graphology";
import { stronglyConnectedComponents } from "graphology-components";
import type { ReachGraph } from "./reach-graph.ts";

/**
 * Source components of the reach graph's condensation (SPEC 4.1), computed
 * with graphology's strongly connected components on the subgraph of the
 * dots in `among` (default: every dot). On a plain field their number is the
 * goal and their dots are the starts. Each component's dots ascending;
 * components in order of their smallest dot.
 */
export function condensationSources(graph: ReachGraph, among?: Iterable<number>): number[][] {
  const keep = new Set<string>();
  if (among) for (const d of among) keep.add(String(d));
  else graph.forEachNode((k) => keep.add(k));
  const sub = new DirectedGraph();
  for (const k of keep) sub.addNode(k);
  graph.forEachEdge((_e, _a, s, t) => {
    if (keep.has(s) && keep.has(t)) sub.addDirectedEdge(s, t);
  });
  const componentOf = new Map<string, number>();
  const components = stronglyConnectedComponents(sub);
  components.forEach((c, i) => c.forEach((k) => componentOf.set(k, i)));
  const hasIncoming = new Array<boolean>(components.length).fill(false);
  sub.forEachEdge((_e, _a, s, t) => {
    const cs = componentOf.get(s) as number;
    const ct = componentOf.get(t) as number;
    if (cs !== ct) hasIncoming[ct] = true;
  });
  return components
    .filter((_c, i) => !hasIncoming[i])
    .map((c) => c.map(Number).sort((a, b) => a - b))
    .sort((a, b) => a[0] - b[0]);
}
