import { describe, expect, it } from "vitest";
import { canonicalLabel, canonicalLabelLists } from "../../src/dedup/canonical-label.ts";
import { refineColours } from "../../src/dedup/colour-refinement.ts";
import { graphToLists } from "../../src/dedup/canonical-label.ts";
import { createRng } from "../../src/random/create-rng.ts";
import { shuffle } from "../../src/random/shuffle.ts";
import { NoAnswerError } from "../../src/io/errors.ts";
import { bruteCanonical, bruteIsomorphic, graphFromEdges, listsOf, permutations, randomEdges, relabel } from "./graph-helpers.ts";

const bidirected = (pairs: Array<[number, number]>): Array<[number, number]> => pairs.flatMap(([a, b]) => [[a, b], [b, a]] as Array<[number, number]>);

describe("canonicalLabel", () => {
  it("separates two disjoint triangles from a 6-cycle, which colour refinement alone cannot", () => {
    const triangles = graphFromEdges(6, bidirected([[0, 1], [1, 2], [2, 0], [3, 4], [4, 5], [5, 3]]));
    const hexagon = graphFromEdges(6, bidirected([[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 0]]));
    // colour refinement leaves both as one cell of six
    for (const g of [triangles, hexagon]) {
      const lists = graphToLists(g, g.nodes(), () => "");
      expect(refineColours(lists, new Array(6).fill(0)).count).toBe(1);
    }
    expect(canonicalLabel(triangles).certificate).not.toBe(canonicalLabel(hexagon).certificate);
    // directed versions too: two directed 3-cycles vs one directed 6-cycle
    const dTriangles = graphFromEdges(6, [[0, 1], [1, 2], [2, 0], [3, 4], [4, 5], [5, 3]]);
    const dHexagon = graphFromEdges(6, [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 0]]);
    expect(canonicalLabel(dTriangles).certificate).not.toBe(canonicalLabel(dHexagon).certificate);
  });

  it("finds the 16 and 218 directed graphs on 3 and 4 nodes, class for class with brute force", () => {
    const expected: Record<number, number> = { 3: 16, 4: 218 };
    for (const n of [3, 4]) {
      const pairs: Array<[number, number]> = [];
      for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) if (a !== b) pairs.push([a, b]);
      const perms = permutations(n);
      const labels = new Array<string>(n).fill("");
      const byCert = new Map<string, string>();
      const byBrute = new Map<string, string>();
      for (let mask = 0; mask < 1 << pairs.length; mask++) {
        const edges = pairs.filter((_, i) => mask & (1 << i));
        const cert = canonicalLabelLists(listsOf(n, edges, labels)).certificate;
        const brute = bruteCanonical(n, edges, labels, perms);
        // the two partitions must be the same: cert ↔ brute is a bijection
        if (byCert.has(cert)) expect(byCert.get(cert)).toBe(brute);
        else byCert.set(cert, brute);
        if (byBrute.has(brute)) expect(byBrute.get(brute)).toBe(cert);
        else byBrute.set(brute, cert);
      }
      expect(byCert.size).toBe(expected[n]);
      expect(byBrute.size).toBe(expected[n]);
    }
  });

  it("agrees with brute-force isomorphism on 2,400 random small graphs (labelled and unlabelled, directed, with loops)", () => {
    const rng = createRng("dedup/canonical-random");
    const permsBy = new Map<number, number[][]>();
    let isoPairs = 0;
    let nonIsoPairs = 0;
    for (let t = 0; t < 2400; t++) {
      const n = 2 + Math.floor(rng() * 5); // 2..6
      if (!permsBy.has(n)) permsBy.set(n, permutations(n));
      const perms = permsBy.get(n)!;
      const alphabet = t % 3 === 0 ? [""] : t % 3 === 1 ? ["a", "b"] : ["a", "b", "c"];
      const labels = Array.from({ length: n }, () => alphabet[Math.floor(rng() * alphabet.length)]);
      const density = 0.15 + rng() * 0.5;
      const edges = randomEdges(rng, n, density, t % 4 === 0);
      // a relabelled copy is always isomorphic
      const perm = shuffle(rng, Array.from({ length: n }, (_, i) => i));
      const copy = relabel(perm, edges, labels);
      const a = canonicalLabel(graphFromEdges(n, edges, labels));
      const b = canonicalLabel(graphFromEdges(n, copy.edges, copy.labels));
      expect(b.certificate).toBe(a.certificate);
      // a second random graph: certificates equal exactly when brute force says isomorphic
      const edges2 = t % 2 === 0 ? randomEdges(rng, n, density, t % 4 === 0) : mutate(rng, n, edges);
      const c = canonicalLabelLists(listsOf(n, edges2, labels));
      const iso = bruteIsomorphic(n, edges, labels, edges2, labels, perms);
      expect(c.certificate === a.certificate).toBe(iso);
      if (t % 8 === 0) expect(bruteCanonical(n, edges, labels, perms) === bruteCanonical(n, edges2, labels, perms)).toBe(iso);
      if (iso) isoPairs++;
      else nonIsoPairs++;
    }
    // both outcomes really occurred
    expect(isoPairs).toBeGreaterThan(50);
    expect(nonIsoPairs).toBeGreaterThan(50);
  });

  it("maps isomorphic graphs onto each other through `order`", () => {
    const rng = createRng("dedup/canonical-order");
    for (let t = 0; t < 200; t++) {
      const n = 3 + Math.floor(rng() * 8);
      const labels = Array.from({ length: n }, () => (rng() < 0.5 ? "x" : "y"));
      const edges = randomEdges(rng, n, 0.3);
      const perm = shuffle(rng, Array.from({ length: n }, (_, i) => i));
      const copy = relabel(perm, edges, labels);
      const a = canonicalLabel(graphFromEdges(n, edges, labels));
      const b = canonicalLabel(graphFromEdges(n, copy.edges, copy.labels));
      const map = new Map(a.order.map((key, p) => [Number(key), Number(b.order[p])]));
      const bEdges = new Set(copy.edges.map(([x, y]) => `${x}>${y}`));
      for (const [x, y] of edges) expect(bEdges.has(`${map.get(x)}>${map.get(y)}`)).toBe(true);
      labels.forEach((l, v) => expect(copy.labels[map.get(v)!]).toBe(l));
    }
  });

  it("stays small on very symmetric graphs (automorphism pruning) and is invariant there", () => {
    const rng = createRng("dedup/canonical-symmetric");
    const cases: Array<{ name: string; n: number; edges: Array<[number, number]> }> = [];
    cases.push({ name: "40 isolated nodes", n: 40, edges: [] });
    const complete: Array<[number, number]> = [];
    for (let a = 0; a < 20; a++) for (let b = 0; b < 20; b++) if (a !== b) complete.push([a, b]);
    cases.push({ name: "complete 20", n: 20, edges: complete });
    const triangles: Array<[number, number]> = [];
    for (let k = 0; k < 10; k++) triangles.push(...bidirected([[3 * k, 3 * k + 1], [3 * k + 1, 3 * k + 2], [3 * k + 2, 3 * k]]));
    cases.push({ name: "10 triangles", n: 30, edges: triangles });
    const cube: Array<[number, number]> = [];
    for (let v = 0; v < 16; v++) for (let bit = 0; bit < 4; bit++) cube.push([v, v ^ (1 << bit)]);
    cases.push({ name: "4-cube", n: 16, edges: cube });
    const star: Array<[number, number]> = [];
    for (let k = 1; k < 30; k++) star.push([0, k]);
    cases.push({ name: "out-star of 29 leaves", n: 30, edges: star });
    for (const c of cases) {
      const labels = new Array<string>(c.n).fill("");
      const a = canonicalLabel(graphFromEdges(c.n, c.edges, labels));
      const perm = shuffle(rng, Array.from({ length: c.n }, (_, i) => i));
      const copy = relabel(perm, c.edges, labels);
      const b = canonicalLabel(graphFromEdges(c.n, copy.edges, copy.labels));
      expect(b.certificate, c.name).toBe(a.certificate);
      expect(a.searchNodes, c.name).toBeLessThan(3000);
      expect(a.automorphisms, c.name).toBeGreaterThan(0);
    }
  });

  it("fails clearly past its work limit", () => {
    const lists = { n: 12, out: Array.from({ length: 12 }, () => []), inn: Array.from({ length: 12 }, () => []), labels: new Array(12).fill("") };
    expect(() => canonicalLabelLists(lists, 5)).toThrow(NoAnswerError);
    expect(() => canonicalLabelLists(lists, 5)).toThrow(/^dedup\/canonical-label: /);
  });

  it("handles the empty graph and keeps labels in the certificate", () => {
    expect(canonicalLabelLists({ n: 0, out: [], inn: [], labels: [] }).certificate).toBe("n=0;labels=[];adj=");
    const a = canonicalLabel(graphFromEdges(2, [[0, 1]], ["bell", ""]));
    const b = canonicalLabel(graphFromEdges(2, [[0, 1]], ["", "bell"]));
    expect(a.certificate).not.toBe(b.certificate);
    expect(a.hash).toMatch(/^[0-9a-f]{16}$/);
  });
});

function mutate(rng: () => number, n: number, edges: Array<[number, number]>): Array<[number, number]> {
  // flip one ordered pair: often a near miss, sometimes isomorphic again
  const a = Math.floor(rng() * n);
  const b = Math.floor(rng() * n);
  const has = edges.some(([x, y]) => x === a && y === b);
  return has ? edges.filter(([x, y]) => !(x === a && y === b)) : [...edges, [a, b]];
}
