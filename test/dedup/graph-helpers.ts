import { DirectedGraph } from "graphology";
import type { Rng } from "../../src/random/create-rng.ts";

/** A directed graph from an explicit edge list; node keys "0".."n-1", optional `label` attributes. */
export function graphFromEdges(n: number, edges: ReadonlyArray<readonly [number, number]>, labels?: readonly string[]): DirectedGraph {
  const g = new DirectedGraph();
  for (let i = 0; i < n; i++) g.addNode(String(i), labels ? { label: labels[i] } : {});
  for (const [a, b] of edges) g.mergeEdge(String(a), String(b));
  return g;
}

/** All permutations of 0..n-1 (n ≤ 7). */
export function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  const out: number[][] = [];
  for (const p of permutations(n - 1)) {
    for (let i = 0; i <= p.length; i++) out.push([...p.slice(0, i), n - 1, ...p.slice(i)]);
  }
  return out;
}

/** Brute-force canonical form: the smallest (labels, adjacency) string over every permutation. */
export function bruteCanonical(n: number, edges: ReadonlyArray<readonly [number, number]>, labels: readonly string[], perms = permutations(n)): string {
  const adj = new Set(edges.map(([a, b]) => a * n + b));
  let best: string | null = null;
  for (const p of perms) {
    // p[i] = the node placed at position i
    let s = p.map((v) => JSON.stringify(labels[v])).join(",") + "|";
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) s += adj.has(p[i] * n + p[j]) ? "1" : "0";
    if (best === null || s < best) best = s;
  }
  return best ?? "";
}

/** A random directed graph: each ordered pair (loops when `loops`) is an edge with probability `density`. */
export function randomEdges(rng: Rng, n: number, density: number, loops = false): Array<[number, number]> {
  const edges: Array<[number, number]> = [];
  for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) if ((a !== b || loops) && rng() < density) edges.push([a, b]);
  return edges;
}

/** Applies a node permutation (node v becomes perm[v]) to an edge list and labels. */
export function relabel(
  perm: readonly number[],
  edges: ReadonlyArray<readonly [number, number]>,
  labels: readonly string[],
): { edges: Array<[number, number]>; labels: string[] } {
  const out = new Array<string>(labels.length);
  labels.forEach((l, v) => (out[perm[v]] = l));
  return { edges: edges.map(([a, b]) => [perm[a], perm[b]] as [number, number]), labels: out };
}

/** Brute-force isomorphism: some permutation keeps every label and maps the edge set onto the other's. */
export function bruteIsomorphic(
  n: number,
  edges1: ReadonlyArray<readonly [number, number]>,
  labels1: readonly string[],
  edges2: ReadonlyArray<readonly [number, number]>,
  labels2: readonly string[],
  perms = permutations(n),
): boolean {
  const set1 = new Set(edges1.map(([a, b]) => a * n + b));
  const set2 = new Set(edges2.map(([a, b]) => a * n + b));
  if (set1.size !== set2.size) return false;
  return perms.some((p) => p.every((w, v) => labels1[v] === labels2[w]) && [...set1].every((e) => set2.has(p[Math.floor(e / n)] * n + p[e % n])));
}

/** Lists form of an edge list, for the labelling's list entry point. */
export function listsOf(n: number, edges: ReadonlyArray<readonly [number, number]>, labels: readonly string[]) {
  const out: number[][] = Array.from({ length: n }, () => []);
  const inn: number[][] = Array.from({ length: n }, () => []);
  for (const [a, b] of edges) {
    out[a].push(b);
    inn[b].push(a);
  }
  return { n, out, inn, labels };
}
