// Heavy bells built in as the field grows (SPEC 4.3 item 3, 4.4), and fair to read with rules
// (SPEC 4.2, 4.4): horn cone edges, echo stones' echoed sizes, drifters at every position read.
import { describe, expect, it } from "vitest";
import { withBuiltInBells } from "../../src/carillon/generate/dress/best-dressing.ts";
import type { DressContext } from "../../src/carillon/generate/dress/dress-context.ts";
import { echoChangesReach, echoEligible } from "../../src/carillon/generate/dress/draw-echoes.ts";
import { compileField } from "../../src/carillon/level/compile-field.ts";
import { growField } from "../../src/carillon/generate/grow/grow-field.ts";
import { hornFacings } from "../../src/carillon/generate/dress/horn-facings.ts";
import { loadCarillonModels } from "../../src/carillon/model/load-models.ts";
import { buildReachGraph } from "../../src/carillon/level/reach-graph.ts";
import { ringFrames } from "../../src/carillon/level/ring-frames.ts";
import { checkRuleGeometry } from "../../src/carillon/fair/rule-geometry.ts";
import { solveBody } from "../../src/carillon/solver/solve-body.ts";
import type { CarillonBody, CarillonMark } from "../../src/carillon/level/carillon-body.ts";
import { createRng } from "../../src/random/index.ts";
import { loadFixture } from "./fixtures.ts";

const models = loadCarillonModels();
const geometry = (body: CarillonBody, lastTaps = 0) => {
  const field = compileField(body, models.physics);
  return checkRuleGeometry(field, ringFrames(field), models.fair, lastTaps);
};
const mark = (body: CarillonBody, d: number, m: CarillonMark): CarillonBody => ({ ...body, dots: body.dots.map((x, i) => (i === d ? { ...x, mark: m } : x)) });

function grownFields(count: number, bells: number) {
  const out = [];
  for (let s = 0; out.length < count && s < 200; s++) {
    const g = growField({ level: 90, chapter: 5, settings: { dots: [20, 26], roots: [4, 4] }, rng: createRng(`bell-growth-${bells}-${s}`), stats: {}, models, bells });
    if (g) out.push(g);
  }
  expect(out.length).toBe(count);
  return out;
}

describe("heavy bells built in as the field grows", () => {
  it("a root becomes a bell, disguised by a dot of another tree whose ring touches it: the guard's one exception", () => {
    for (const bells of [1, 2]) {
      for (const g of grownFields(6, bells)) {
        expect(g.bells).toHaveLength(bells);
        expect(g.disguises).toHaveLength(bells);
        const graph = buildReachGraph(compileField(g.body, models.physics));
        for (const root of g.roots) {
          const into: number[] = [];
          graph.forEachInNeighbor(String(root), (k) => into.push(Number(k)));
          const at = g.bells.indexOf(root);
          // Nothing reaches a root, except the disguising dot reaching its bell.
          expect(into).toEqual(at >= 0 ? [g.disguises[at]] : []);
        }
        // As a plain field the disguise pops the bell's root: fewer taps than roots.
        expect(solveBody(g.body, models).goal).toBeLessThan(g.roots.length);
        // With the bells marked, built around its answer: the roots are exactly the goal and the winning taps.
        const solved = solveBody(withBuiltInBells(g), models);
        expect(solved.goal).toBe(g.roots.length);
        expect(solved.winningFirstTaps).toEqual(g.roots);
      }
    }
  });

  it("later chapters start thin: a root's own ring touches at most two dots", () => {
    for (const g of grownFields(6, 1)) {
      const graph = buildReachGraph(compileField(g.body, models.physics));
      for (const root of g.roots) expect(graph.outDegree(String(root))).toBeLessThanOrEqual(models.generator.thinStartTouches);
    }
  });
});

describe("fair to read with rules", () => {
  const fields = grownFields(3, 0);

  it("horn facings: a facing is offered exactly when the horn keeps its cone edges 8° clear and its doubled reach clear", () => {
    let offered = 0;
    let refused = 0;
    for (const g of fields) {
      expect(geometry(g.body)).toEqual([]);
      const field = compileField(g.body, models.physics);
      for (const d of [0, 5, 10, 15]) {
        const ok = new Set(hornFacings(field, models.fair, d));
        for (let f = 0; f < 360; f += 3) {
          const problems = geometry(mark(g.body, d, { kind: "horn", facing: f }));
          expect(problems.length === 0, `dot ${d} facing ${f}: ${problems.map((p) => p.message).join("; ")}`).toBe(ok.has(f));
          if (ok.has(f)) offered++;
          else refused++;
        }
      }
    }
    expect(offered).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });

  it("a dot near a cone edge is a fair-cone problem", () => {
    // Normal horn at (100,300) facing 0°; a dot at bearing 40° (5° inside the edge), 150 units away.
    const body: CarillonBody = {
      width: 640,
      height: 900,
      dots: [
        { x: 100, y: 300, size: "normal", note: 0, mark: { kind: "horn", facing: 0 } },
        { x: 100 + 150 * Math.cos((40 * Math.PI) / 180), y: 300 + 150 * Math.sin((40 * Math.PI) / 180), size: "normal", note: 0 },
      ],
    };
    const problems = geometry(body);
    expect(problems.map((p) => p.reason)).toEqual(["fair-cone"]);
    expect(problems[0].message).toMatch(/lies 5° from an edge of horn 0's cone \(at least 8°\)/);
  });

  it("echo stones: the reach margin holds for every ring size they can echo", () => {
    let eligible = 0;
    for (const g of fields) {
      const field = compileField(g.body, models.physics);
      const graph = buildReachGraph(field);
      const inn: number[][] = Array.from({ length: field.count }, () => []);
      graph.forEachEdge((_e, _a, s, t) => inn[Number(t)].push(Number(s)));
      const ctx = { field, inn, models } as unknown as DressContext;
      for (let d = 0; d < field.count; d++) {
        if (!echoEligible(ctx, d)) continue;
        eligible++;
        expect(geometry(mark(g.body, d, { kind: "echo" }))).toEqual([]);
      }
    }
    expect(eligible).toBeGreaterThan(0);
    // A small echo at (230,300) popped by a big dot echoes 170: a dot whose edge is 165 away is unclear.
    const body: CarillonBody = {
      width: 640,
      height: 900,
      dots: [
        { x: 100, y: 300, size: "big", note: 0 },
        { x: 230, y: 300, size: "small", note: 0, mark: { kind: "echo" } },
        { x: 413, y: 300, size: "normal", note: 0 },
      ],
    };
    expect(geometry(body).map((p) => p.message)).toEqual(["dot 1's echoed ring (reach 170) reaches dot 2 with only 5 units to spare (at least 10)"]);
  });

  it("echo stones that can matter: a popper of another size whose ring reaches other dots than the stone's own", () => {
    const ctxOf = (body: CarillonBody) => {
      const field = compileField(body, models.physics);
      const inn: number[][] = Array.from({ length: field.count }, () => []);
      buildReachGraph(field).forEachEdge((_e, _a, s, t) => inn[Number(t)].push(Number(s)));
      return { field, inn, models } as unknown as DressContext;
    };
    // Big 0 reaches small 1; echoing the big ring, 1 reaches normal 2 (its own small ring does not).
    const plain = { ...loadFixture("echo-small-stone-echoes-big-ring"), dots: loadFixture("echo-small-stone-echoes-big-ring").dots.map(({ mark: _m, ...d }) => d) };
    const ctx = ctxOf(plain);
    expect(echoChangesReach(ctx, 1)).toBe(true);
    // Nothing reaches dot 0: no popper, no other ring to echo.
    expect(echoChangesReach(ctx, 0)).toBe(false);
    // The same line with 0 as small as 1: the echo is 1's own ring, it can never matter.
    const same = ctxOf({ ...plain, dots: plain.dots.map((d, i) => (i === 0 ? { ...d, x: 200, size: "small" as const } : d)) });
    expect(same.inn[1]).toContain(0);
    expect(echoChangesReach(same, 1)).toBe(false);
  });

  it("drifters: checked at every position read before the goal's taps, and only those", () => {
    const base = loadFixture("drifter-comes-into-reach"); // goal 2: positions at 0 and 1 tap
    const withStep = (step: [number, number]) => mark(base, 1, { kind: "drifter", step });
    // Step −60: after one tap 0's ring reaches the drifter (220,300) with 8 units to spare.
    expect(geometry(withStep([-60, 0]), 1).map((p) => p.message)).toContain("after 1 tap, dot 0's ring reaches dot 1 with only 8 units to spare (at least 10)");
    expect(geometry(withStep([-60, 0]), 0)).toEqual([]);
    // Step −80: fair at 0 and 1 tap; at 2 taps it would overlap dot 0, a position never read within the goal.
    expect(geometry(withStep([-80, 0]), 1)).toEqual([]);
    expect(geometry(withStep([-80, 0]), 2).map((p) => p.reason)).toContain("fair-gap");
  });
});
