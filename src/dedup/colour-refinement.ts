/**
 * A directed graph as plain lists, the shape the canonical labelling works on:
 * nodes `0..n-1`, `out[v]` the heads of v's edges, `inn[v]` their tails.
 */
export interface AdjacencyLists {
  n: number;
  out: readonly (readonly number[])[];
  inn: readonly (readonly number[])[];
}

/**
 * Colour refinement (1-dimensional Weisfeiler–Leman) of a directed graph:
 * repeatedly gives each node the colour of (its colour, the sorted multiset of
 * its out-neighbours' colours, the sorted multiset of its in-neighbours'
 * colours), numbered by rank of that signature, until no colour class splits.
 *
 * The result is isomorphism-invariant and ordered: colours are ranks
 * `0..k-1`, and a node whose input colour was smaller keeps a smaller colour,
 * so an ordered partition stays ordered (SPEC 7, chain identity).
 *
 * @param graph the graph as lists.
 * @param colours input colours, ranks `0..k-1` (every rank used).
 * @returns the stable colouring (a new array) and its number of colours.
 */
export function refineColours(graph: AdjacencyLists, colours: ArrayLike<number>): { colours: Int32Array; count: number } {
  const n = graph.n;
  let col = Int32Array.from(colours);
  let count = countColours(col);
  const order = Array.from({ length: n }, (_, i) => i);
  const sigs: number[][] = new Array(n);
  while (count < n) {
    for (let v = 0; v < n; v++) {
      const outs = graph.out[v].map((w) => col[w]).sort(byNumber);
      const ins = graph.inn[v].map((w) => col[w]).sort(byNumber);
      sigs[v] = [col[v], outs.length, ...outs, ...ins];
    }
    order.sort((a, b) => compareSignatures(sigs[a], sigs[b]));
    const next = new Int32Array(n);
    let rank = 0;
    for (let i = 0; i < n; i++) {
      if (i > 0 && compareSignatures(sigs[order[i - 1]], sigs[order[i]]) !== 0) rank++;
      next[order[i]] = rank;
    }
    const nextCount = n === 0 ? 0 : rank + 1;
    if (nextCount === count) break;
    col = next;
    count = nextCount;
  }
  return { colours: col, count };
}

function countColours(col: Int32Array): number {
  let max = -1;
  for (const c of col) if (c > max) max = c;
  return max + 1;
}

function byNumber(a: number, b: number): number {
  return a - b;
}

function compareSignatures(a: number[], b: number[]): number {
  const len = Math.min(a.length, b.length);
  for (let i = 0; i < len; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}
