import type { AbstractGraph } from "graphology-types";
import { InputError } from "../io/errors.ts";

/**
 * The edges of a graph whose node keys are the item indices `"0".."n-1"` (dots
 * of a Carillon field, arrows of an Apsis sky) as out-lists by index; an
 * undirected edge counts both ways, parallel edges once.
 *
 * @param module module name for error messages, e.g. `dedup/carillon`.
 * @param what what the graph is, e.g. `reach graph`.
 * @throws InputError (exit 2) when the graph does not have exactly one node per index.
 */
export function indexedGraphLists(graph: AbstractGraph, n: number, module: string, what: string): number[][] {
  if (graph.order !== n) throw new InputError(module, `expected a ${what} with one node per item (${n}), got ${graph.order} nodes`);
  const indexOf = (key: string): number => {
    const i = Number(key);
    if (!Number.isInteger(i) || i < 0 || i >= n || String(i) !== key) {
      throw new InputError(module, `expected ${what} node keys to be the indices "0".."${n - 1}", got "${key}"`);
    }
    return i;
  };
  graph.forEachNode((key) => indexOf(key));
  const out: number[][] = Array.from({ length: n }, () => []);
  const seen = new Set<number>();
  graph.forEachEdge((edge, _attr, source, target) => {
    const s = indexOf(source);
    const t = indexOf(target);
    const pairs = graph.isDirected(edge) ? [[s, t]] : [[s, t], [t, s]];
    for (const [a, b] of pairs) {
      if (seen.has(a * n + b)) continue;
      seen.add(a * n + b);
      out[a].push(b);
    }
  });
  return out;
}

/** In-lists matching out-lists. */
export function inLists(out: readonly (readonly number[])[]): number[][] {
  const inn: number[][] = out.map(() => []);
  out.forEach((heads, a) => heads.forEach((b) => inn[b].push(a)));
  return inn;
}
