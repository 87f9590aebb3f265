import { describe, expect, it } from "vitest";
import { graphCertificate } from "../../src/program/graph-certificate.ts";
import type { GraphResult } from "../../src/program/wire-results.ts";
import { createRng, type Rng } from "../../src/random/create-rng.ts";

// An outside game's `graph` (SPEC 10) goes through levelramp's own canonical
// labelling, with labelled edges as nodes of their own: pinned against brute-force
// isomorphism (every one-to-one map of the nodes) on small random graphs.

type Edge = [number, number] | [number, number, string];

/** Brute force: is there a permutation of the nodes keeping node labels, and the set of (from, to, label) edges? */
function isomorphic(a: GraphResult, b: GraphResult): boolean {
  const n = a.nodes.length;
  if (n !== b.nodes.length) return false;
  const edgeSet = (g: GraphResult, map: number[]) => new Set(g.edges.map((e) => `${map[e[0]]} ${map[e[1]]} ${e.length === 3 ? `L${e[2]}` : "-"}`));
  const target = edgeSet(b, [...Array(n).keys()]);
  const perms = (rest: number[]): number[][] => (rest.length === 0 ? [[]] : rest.flatMap((x, i) => perms([...rest.slice(0, i), ...rest.slice(i + 1)]).map((p) => [x, ...p])));
  return perms([...Array(n).keys()]).some((map) => {
    if (a.nodes.some((label, v) => label !== b.nodes[map[v]])) return false;
    const mine = edgeSet(a, map);
    return mine.size === target.size && [...mine].every((e) => target.has(e));
  });
}

function randomGraph(rng: Rng, n: number): GraphResult {
  const nodes = Array.from({ length: n }, () => (rng() < 0.7 ? "" : "x"));
  const edges: Edge[] = [];
  for (let k = Math.floor(rng() * n * 2); k > 0; k--) {
    const from = Math.floor(rng() * n);
    const to = Math.floor(rng() * n);
    edges.push(rng() < 0.5 ? [from, to] : [from, to, rng() < 0.5 ? "a" : "b"]);
  }
  return { nodes, edges };
}

/** The same graph with its nodes renumbered by a random permutation and its edges in another order. */
function shuffled(rng: Rng, g: GraphResult): GraphResult {
  const order = g.nodes.map((_, i) => i).sort(() => rng() - 0.5);
  const place = new Array<number>(order.length);
  order.forEach((v, p) => (place[v] = p));
  return {
    nodes: order.map((v) => g.nodes[v]),
    edges: g.edges.map((e) => (e.length === 3 ? [place[e[0]], place[e[1]], e[2]] : [place[e[0]], place[e[1]]]) as Edge).sort(() => rng() - 0.5),
  };
}

describe("graphCertificate (an outside game's graph, SPEC 10)", () => {
  it("agrees with brute-force isomorphism on 600 random pairs of labelled graphs (2-5 nodes), with renumbered copies", () => {
    const rng = createRng("graph-certificate");
    let same = 0;
    for (let i = 0; i < 600; i++) {
      const n = 2 + Math.floor(rng() * 4);
      const a = randomGraph(rng, n);
      const b = i % 2 === 0 ? shuffled(rng, a) : randomGraph(rng, n);
      const expected = isomorphic(a, b);
      if (expected) same++;
      expect(graphCertificate(a) === graphCertificate(b), JSON.stringify({ a, b })).toBe(expected);
    }
    expect(same).toBeGreaterThan(300);
  }, 60_000);

  it("tells edge labels and directions apart, counts a repeated edge once, and keeps node and edge labels apart", () => {
    const path = (label?: string): GraphResult => ({ nodes: ["", "", ""], edges: [label === undefined ? [0, 1] : [0, 1, label], [1, 2]] });
    expect(graphCertificate(path("a"))).not.toBe(graphCertificate(path("b")));
    expect(graphCertificate(path("a"))).not.toBe(graphCertificate(path()));
    expect(graphCertificate({ nodes: ["", ""], edges: [[0, 1]] })).not.toBe(graphCertificate({ nodes: ["", ""], edges: [[0, 1], [1, 0]] }));
    expect(graphCertificate({ nodes: ["", ""], edges: [[0, 1], [0, 1]] })).toBe(graphCertificate({ nodes: ["", ""], edges: [[0, 1]] }));
    // A node labelled "a" between two nodes is not an edge labelled "a".
    expect(graphCertificate({ nodes: ["", "a", ""], edges: [[0, 1], [1, 2]] })).not.toBe(graphCertificate({ nodes: ["", ""], edges: [[0, 1, "a"]] }));
    // Numbers and texts are the same labels.
    expect(graphCertificate({ nodes: ["1", "2"], edges: [[0, 1]] })).toBe(graphCertificate({ nodes: ["2", "1"], edges: [[1, 0]] }));
  }, 60_000);
});
