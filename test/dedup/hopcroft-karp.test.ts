import { describe, expect, it } from "vitest";
import { hopcroftKarp } from "../../src/dedup/hopcroft-karp.ts";
import { createRng } from "../../src/random/create-rng.ts";

/** Largest matching by trying every subset of edges' choices (left node by left node). */
function bruteMaximum(left: number, adjacency: number[][]): number {
  const used = new Set<number>();
  const go = (i: number): number => {
    if (i === left) return 0;
    let best = go(i + 1);
    for (const j of adjacency[i]) {
      if (used.has(j)) continue;
      used.add(j);
      best = Math.max(best, 1 + go(i + 1));
      used.delete(j);
    }
    return best;
  };
  return go(0);
}

describe("hopcroftKarp", () => {
  it("pins a case where greedy first-fit pairing is not maximum", () => {
    // left 0 may take right 0 or 1, left 1 only right 0: greedy 0→0 leaves 1 unpaired
    const m = hopcroftKarp(2, 2, [[0, 1], [0]]);
    expect(m.size).toBe(2);
    expect(Array.from(m.matchLeft)).toEqual([1, 0]);
  });

  it("matches brute force on 3,000 random bipartite graphs and returns a valid one-to-one matching", () => {
    const rng = createRng("dedup/hopcroft-karp");
    for (let t = 0; t < 3000; t++) {
      const left = 1 + Math.floor(rng() * 7);
      const right = 1 + Math.floor(rng() * 7);
      const density = rng() * 0.6;
      const adjacency = Array.from({ length: left }, () => Array.from({ length: right }, (_, j) => j).filter(() => rng() < density));
      const m = hopcroftKarp(left, right, adjacency);
      expect(m.size).toBe(bruteMaximum(left, adjacency));
      let pairs = 0;
      m.matchLeft.forEach((j, i) => {
        if (j < 0) return;
        pairs++;
        expect(adjacency[i]).toContain(j);
        expect(m.matchRight[j]).toBe(i);
      });
      expect(pairs).toBe(m.size);
    }
  });
});
