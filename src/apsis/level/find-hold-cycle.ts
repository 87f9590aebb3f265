import type { SkyGraph } from "./block-graph.ts";

/**
 * A cycle of the hold graph, as arrow indices in wait order (each arrow is
 * held by the next, the last by the first), or `null` when the graph has
 * none. Iterative depth-first search; the lowest-numbered cycle start first.
 */
export function findHoldCycle(graph: SkyGraph): number[] | null {
  const state = new Map<string, 0 | 1 | 2>();
  const nodes = graph.nodes().sort((a, b) => Number(a) - Number(b));
  for (const root of nodes) {
    if (state.get(root)) continue;
    const path: string[] = [root];
    const iters: string[][] = [graph.outNeighbors(root).sort((a, b) => Number(a) - Number(b))];
    state.set(root, 1);
    while (path.length > 0) {
      const next = iters[iters.length - 1].shift();
      if (next === undefined) {
        state.set(path.pop()!, 2);
        iters.pop();
        continue;
      }
      const s = state.get(next) ?? 0;
      if (s === 1) {
        // path[i..] → next closes a cycle of "holds" edges; a hold edge u → v means v waits on u.
        const from = path.indexOf(next);
        return path.slice(from).map(Number).reverse();
      }
      if (s === 0) {
        state.set(next, 1);
        path.push(next);
        iters.push(graph.outNeighbors(next).sort((a, b) => Number(a) - Number(b)));
      }
    }
  }
  return null;
}
