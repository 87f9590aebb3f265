import type { AbstractGraph, Attributes } from "graphology-types";
import { NoAnswerError } from "../io/errors.ts";
import { refineColours, type AdjacencyLists } from "./colour-refinement.ts";
import { shortHash } from "./short-hash.ts";

/** A directed graph as lists (nodes `0..n-1`) with a string label per node. */
export interface LabelledLists extends AdjacencyLists {
  labels: readonly string[];
}

/** Result of {@link canonicalLabelLists}: positions refer to node numbers `0..n-1`. */
export interface CanonicalListsForm {
  /** Exact canonical form: equal certificates ⇔ isomorphic labelled graphs. Usable as a Map key. */
  certificate: string;
  /** First 16 hex digits of the certificate's SHA-256. */
  hash: string;
  /** `order[p]` = the node placed at canonical position p; two isomorphic graphs map onto each other position by position. */
  order: number[];
  /** Search-tree nodes visited (the work measure bounded by `maxSearchNodes`). */
  searchNodes: number;
  /** Automorphisms found while searching (used for pruning). */
  automorphisms: number;
}

/** Result of {@link canonicalLabel}: like {@link CanonicalListsForm}, with node keys. */
export interface CanonicalLabelling extends Omit<CanonicalListsForm, "order"> {
  /** `order[p]` = the key of the node at canonical position p. */
  order: string[];
}

/** Options of {@link canonicalLabel}. */
export interface CanonicalLabelOptions {
  /** Label of a node (default: its `label` attribute as a string, `""` when absent). */
  label?: (node: string, attributes: Attributes) => string;
  /** Search-tree nodes allowed before failing (default 200000, `models/dedup/thresholds.json` → canonicalSearchNodes). */
  maxSearchNodes?: number;
}

const DEFAULT_MAX_SEARCH_NODES = 200_000;

/**
 * Exact canonical labelling of a labelled directed graph (SPEC 7, "same
 * chains" / "same puzzle redrawn"): two graphs get the same certificate if and
 * only if some one-to-one map of their nodes keeps every label and every edge.
 *
 * Method: colour refinement with in/out neighbour colour multisets from the
 * label ranks; then individualisation and refinement, branching on the first
 * smallest non-singleton cell; the canonical form is the lexicographically
 * smallest adjacency matrix (rows in canonical position order) over the leaves
 * of that search tree. Two exact prunings: children in the same orbit of the
 * automorphisms found so far that fix the current path are skipped, and a
 * subtree that reproduces the first leaf is an automorphic image of a subtree
 * already searched, so the search returns to where the paths part.
 *
 * Edges are a set: parallel edges count once, self-loops count, an undirected
 * edge (mixed graphs) counts in both directions.
 *
 * @throws NoAnswerError (exit 1) `dedup/canonical-label: ...` when more than
 *   `maxSearchNodes` search-tree nodes would be needed.
 */
export function canonicalLabel(graph: AbstractGraph, options: CanonicalLabelOptions = {}): CanonicalLabelling {
  const label = options.label ?? ((_node: string, attributes: Attributes) => (attributes.label === undefined ? "" : String(attributes.label)));
  const keys = graph.nodes();
  const lists = graphToLists(graph, keys, (key) => label(key, graph.getNodeAttributes(key)));
  const form = canonicalLabelLists(lists, options.maxSearchNodes);
  return { ...form, order: form.order.map((p) => keys[p]) };
}

/**
 * Converts a graphology graph to {@link LabelledLists}, node `i` = `keys[i]`.
 * @throws LevelrampError never; an edge whose ends are not in `keys` cannot occur for `keys = graph.nodes()`.
 */
export function graphToLists(graph: AbstractGraph, keys: readonly string[], label: (key: string) => string): LabelledLists {
  const index = new Map<string, number>();
  keys.forEach((k, i) => index.set(k, i));
  const n = keys.length;
  const outSets: Set<number>[] = Array.from({ length: n }, () => new Set<number>());
  graph.forEachEdge((edge, _attr, source, target) => {
    const s = index.get(source)!;
    const t = index.get(target)!;
    outSets[s].add(t);
    if (!graph.isDirected(edge)) outSets[t].add(s);
  });
  const out = outSets.map((s) => [...s].sort((a, b) => a - b));
  const inn: number[][] = Array.from({ length: n }, () => []);
  out.forEach((heads, v) => heads.forEach((w) => inn[w].push(v)));
  return { n, out, inn, labels: keys.map(label) };
}

/**
 * {@link canonicalLabel} on a graph given as lists (nodes `0..n-1`).
 *
 * @param maxSearchNodes work limit, default 200000.
 * @throws NoAnswerError (exit 1) when the search needs more nodes than allowed.
 */
export function canonicalLabelLists(graph: LabelledLists, maxSearchNodes: number = DEFAULT_MAX_SEARCH_NODES): CanonicalListsForm {
  const n = graph.n;
  const names = [...new Set(graph.labels)].sort();
  const rankOf = new Map(names.map((name, i) => [name, i] as const));
  const start = refineColours(graph, graph.labels.map((l) => rankOf.get(l)!));

  const adjacency = new Uint8Array(n * n);
  graph.out.forEach((heads, v) => heads.forEach((w) => (adjacency[v * n + w] = 1)));

  let searchNodes = 0;
  let firstPath: number[] | null = null;
  let firstPerm: Int32Array | null = null;
  let firstCode: Uint8Array | null = null;
  let bestPerm: Int32Array | null = null;
  let bestCode: Uint8Array | null = null;
  const automorphisms: Int32Array[] = [];

  const leaf = (colours: Int32Array, path: number[]): number => {
    const perm = new Int32Array(n);
    for (let v = 0; v < n; v++) perm[colours[v]] = v;
    const code = new Uint8Array(n * n);
    for (let p = 0; p < n; p++) {
      const row = perm[p] * n;
      for (let q = 0; q < n; q++) code[p * n + q] = adjacency[row + perm[q]];
    }
    if (firstCode === null) {
      firstPath = path;
      firstPerm = bestPerm = perm;
      firstCode = bestCode = code;
      return -1;
    }
    if (compareCodes(code, firstCode) === 0) {
      automorphisms.push(mapBetween(firstPerm!, perm));
      let common = 0;
      while (common < path.length && path[common] === firstPath![common]) common++;
      return common;
    }
    const c = compareCodes(code, bestCode!);
    if (c < 0) {
      bestCode = code;
      bestPerm = perm;
    } else if (c === 0) {
      automorphisms.push(mapBetween(bestPerm!, perm));
    }
    return -1;
  };

  const search = (colours: Int32Array, count: number, path: number[]): number => {
    searchNodes++;
    if (searchNodes > maxSearchNodes) {
      throw new NoAnswerError("dedup/canonical-label", `the canonical labelling of a ${n}-node graph needs more than ${maxSearchNodes} search nodes (canonicalSearchNodes)`);
    }
    if (count === n) return leaf(colours, path);
    const cell = targetCell(colours, count);
    const depth = path.length;
    const explored: number[] = [];
    let orbits: Int32Array | null = null;
    let orbitsFrom = -1;
    for (const v of cell.members) {
      if (explored.length > 0) {
        if (orbitsFrom !== automorphisms.length) {
          orbits = orbitsFixing(n, automorphisms, path);
          orbitsFrom = automorphisms.length;
        }
        const root = find(orbits!, v);
        if (explored.some((u) => find(orbits!, u) === root)) continue;
      }
      explored.push(v);
      const child = individualise(colours, cell.colour, v);
      const refined = refineColours(graph, child);
      const jump = search(refined.colours, refined.count, [...path, v]);
      if (jump >= 0 && jump < depth) return jump;
    }
    return -1;
  };

  if (n > 0) search(start.colours, start.count, []);
  const perm = bestPerm ?? new Int32Array(0);
  const order = Array.from(perm);
  const certificate = encodeCertificate(n, order.map((v) => graph.labels[v]), bestCode ?? new Uint8Array(0));
  return { certificate, hash: shortHash(certificate), order, searchNodes, automorphisms: automorphisms.length };
}

/** The first smallest cell with more than one node, its members in node order. */
function targetCell(colours: Int32Array, count: number): { colour: number; members: number[] } {
  const sizes = new Int32Array(count);
  for (const c of colours) sizes[c]++;
  let colour = -1;
  for (let c = 0; c < count; c++) if (sizes[c] > 1 && (colour < 0 || sizes[c] < sizes[colour])) colour = c;
  const members: number[] = [];
  colours.forEach((c, v) => {
    if (c === colour) members.push(v);
  });
  return { colour, members };
}

/** Splits node v off its cell: v keeps the cell's colour, the rest of the cell comes right after it. */
function individualise(colours: Int32Array, colour: number, v: number): Int32Array {
  const next = new Int32Array(colours.length);
  colours.forEach((c, x) => {
    next[x] = c < colour ? c : c > colour ? c + 1 : x === v ? colour : colour + 1;
  });
  return next;
}

/** γ with γ(from[p]) = to[p]: the automorphism mapping one leaf onto another with the same code. */
function mapBetween(from: Int32Array, to: Int32Array): Int32Array {
  const gamma = new Int32Array(from.length);
  for (let p = 0; p < from.length; p++) gamma[from[p]] = to[p];
  return gamma;
}

/** Union–find parents of the orbits of the group generated by the automorphisms that fix every node of `path`. */
function orbitsFixing(n: number, automorphisms: readonly Int32Array[], path: readonly number[]): Int32Array {
  const parent = Int32Array.from({ length: n }, (_, i) => i);
  for (const gamma of automorphisms) {
    if (!path.every((v) => gamma[v] === v)) continue;
    for (let x = 0; x < n; x++) {
      const a = find(parent, x);
      const b = find(parent, gamma[x]);
      if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
    }
  }
  return parent;
}

function find(parent: Int32Array, x: number): number {
  while (parent[x] !== x) {
    parent[x] = parent[parent[x]];
    x = parent[x];
  }
  return x;
}

function compareCodes(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

function encodeCertificate(n: number, labels: string[], code: Uint8Array): string {
  const rows: string[] = [];
  for (let p = 0; p < n; p++) {
    let row = "";
    for (let q = 0; q < n; q += 4) {
      let nibble = 0;
      for (let k = 0; k < 4; k++) nibble = (nibble << 1) | (q + k < n ? code[p * n + q + k] : 0);
      row += nibble.toString(16);
    }
    rows.push(row);
  }
  return `n=${n};labels=${JSON.stringify(labels)};adj=${rows.join(",")}`;
}
