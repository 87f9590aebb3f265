import { describe, expect, it } from "vitest";
import { GrowingField, type ProposedDot } from "../../src/carillon/generate/grow/growing-field.ts";
import { loadCarillonModels } from "../../src/carillon/model/load-models.ts";
import type { DotSize } from "../../src/carillon/model/physics-model.ts";
import { createRng } from "../../src/random/index.ts";

const models = loadCarillonModels();

/** The slow toy version: whole-graph searches after adding `extra` (with its edges). */
function recompute(g: GrowingField, extra?: { dot: ProposedDot; ins: number[]; outs: number[] }) {
  const n = g.count + (extra ? 1 : 0);
  const out = g.out.map((o) => o.slice());
  const core = g.core.slice();
  const tree = g.tree.slice();
  if (extra) {
    out.push(extra.outs.slice());
    for (const u of extra.ins) out[u].push(n - 1);
    core.push(extra.dot.core);
    tree.push(extra.dot.tree);
  }
  const closure = (from: number): Set<number> => {
    const seen = new Set([from]);
    const stack = [from];
    while (stack.length) for (const v of out[stack.pop() as number]) if (!seen.has(v)) (seen.add(v), stack.push(v));
    return seen;
  };
  const reachedBy = new Array<number>(n).fill(0);
  const leadsInto = new Array<number>(n).fill(0);
  let joins = false;
  let reachesRoot = false;
  g.roots.forEach((root, t) => {
    for (const v of closure(root)) {
      reachedBy[v] |= 1 << t;
      if (core[v] && tree[v] !== t) joins = true;
    }
  });
  for (let u = 0; u < n; u++) {
    for (const v of closure(u)) {
      if (core[v]) leadsInto[u] |= 1 << tree[v];
      if (v !== u && g.roots.includes(v)) reachesRoot = true;
    }
  }
  return { reachedBy, leadsInto, joins, reachesRoot };
}

function edgesOf(g: GrowingField, dot: ProposedDot): { ins: number[]; outs: number[] } {
  const ins: number[] = [];
  const outs: number[] = [];
  for (let e = 0; e < g.count; e++) {
    const dist = Math.sqrt((dot.x - g.x[e]) ** 2 + (dot.y - g.y[e]) ** 2);
    if (dist - g.radiusOf(g.size[e]) <= g.reachOf(dot.size)) outs.push(e);
    if (dist - g.radiusOf(dot.size) <= g.reachOf(g.size[e])) ins.push(e);
  }
  return { ins, outs };
}

describe("the guard's incremental sets against whole-graph recomputation (SPEC 4.3)", () => {
  it("keeps reachedBy / leadsInto exact and turns away exactly the dots that would join two trees", () => {
    let joinsChecked = 0;
    let rootsChecked = 0;
    let accepted = 0;
    for (let s = 0; s < 10; s++) {
      const rng = createRng(`guard-${s}`);
      const g = new GrowingField(models.physics, models.fair, models.generator, { guard: true, thinStarts: false });
      const roots: Array<[number, number]> = [
        [150, 180],
        [480, 200],
        [160, 560],
        [470, 620],
      ];
      roots.forEach(([x, y], t) => expect(g.propose({ x, y, size: t % 2 ? "big" : "normal", tree: t, core: true, parent: -1 })).toBeNull());
      const sizes: DotSize[] = ["small", "normal", "big"];
      for (let i = 0; i < 400; i++) {
        const parent = Math.floor(rng() * g.count);
        const size = sizes[Math.floor(rng() * 3)];
        const dist = g.radiusOf(g.size[parent]) + g.radiusOf(size) + 15 + rng() * (g.reachOf(g.size[parent]) - 20);
        const angle = rng() * 2 * Math.PI;
        const dot: ProposedDot = {
          x: Math.round((g.x[parent] + dist * Math.cos(angle)) * 10) / 10,
          y: Math.round((g.y[parent] + dist * Math.sin(angle)) * 10) / 10,
          size,
          tree: g.tree[parent],
          core: rng() < 0.5,
          parent,
        };
        const edges = edgesOf(g, dot);
        const verdict = g.propose(dot);
        if (verdict === "guard-join" || verdict === "guard-root") {
          const after = recompute(g, { dot, ...edges });
          if (verdict === "guard-join") {
            expect(after.joins).toBe(true);
            joinsChecked++;
          } else {
            expect(after.reachesRoot).toBe(true);
            rootsChecked++;
          }
          continue;
        }
        if (verdict !== null) continue;
        accepted++;
        const now = recompute(g);
        expect(now.joins).toBe(false);
        expect(now.reachesRoot).toBe(false);
        expect(g.guardSets.reachedBy.slice(0, g.count)).toEqual(now.reachedBy);
        expect(g.guardSets.leadsInto.slice(0, g.count)).toEqual(now.leadsInto);
      }
    }
    expect(accepted).toBeGreaterThan(100);
    expect(joinsChecked).toBeGreaterThan(10);
    expect(rootsChecked).toBeGreaterThan(20);
  });
});
