import { describe, expect, it } from "vitest";
import { catmullRomCurve } from "../../src/carillon/compose/curve/catmull-rom-curve.ts";
import { centreChain } from "../../src/carillon/compose/figure/centre-chain.ts";
import { FigureSketch } from "../../src/carillon/compose/figure/figure-sketch.ts";
import { fillScore } from "../../src/carillon/compose/score/fill-score.ts";
import { layChain, type LayOptions } from "../../src/carillon/compose/figure/lay-chain.ts";
import { SampledCurve } from "../../src/carillon/compose/curve/sampled-curve.ts";
import { symmetryScore } from "../../src/carillon/compose/score/symmetry-score.ts";
import { archCurve } from "../../src/carillon/compose/figure/figure-arch.ts";
import { loadCarillonModels } from "../../src/carillon/model/load-models.ts";

const { physics, fair } = loadCarillonModels();
const sketch = (mirror: ConstructorParameters<typeof FigureSketch>[4] = null) => new FigureSketch(physics, fair, 16, 1e-6, mirror);
const options = (more: Partial<LayOptions> = {}): LayOptions => ({ chain: 0, segment: 0, mirrored: false, maxTurn: 24, turnStep: 1, ...more });
const dist = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);

describe("laying dots along a curve on the beat", () => {
  it("a straight line: dots exactly 73 apart (normal, half-beat), 155.5 across a junction", () => {
    const line = new SampledCurve((u) => ({ x: 60 + 520 * u, y: 450 }));
    const s = sketch();
    const laid = layChain(line, { sizes: ["normal", "big", "normal"], beats: [0.5, 1.25], oneWay: [1], fill: { size: "normal", beats: 0.5, max: 10 } }, s, physics, options())!;
    const dots = laid.dots.map((i) => s.dots[i]);
    expect(dist(dots[0], dots[1])).toBeCloseTo(81, 9);
    expect(dist(dots[1], dots[2])).toBeCloseTo(155.5, 9);
    for (let k = 3; k < dots.length; k++) expect(dist(dots[k - 1], dots[k])).toBeCloseTo(73, 9);
    expect(dots.map((d) => d.segment)).toEqual([0, 0, 1, 1, 1, 1]);
    expect(dots.map((d) => d.time)).toEqual([0, 0.5, 1.75, 2.25, 2.75, 3.25]);
    expect(dots[dots.length - 1].x).toBeLessThanOrEqual(580);
  });

  it("on a curve, every link keeps its exact beat distance, turned or not", () => {
    const s = sketch();
    const curve = new SampledCurve(archCurve(320, 760, 200, 420));
    const laid = layChain(curve, { sizes: ["normal"], beats: [], fill: { size: "normal", beats: 0.5, max: 30 } }, s, physics, options())!;
    expect(laid.dots.length).toBeGreaterThan(8);
    for (let k = 1; k < laid.dots.length; k++) expect(dist(s.dots[laid.dots[k - 1]], s.dots[laid.dots[k]])).toBeCloseTo(73, 9);
  });

  it("centring: a chain on a symmetric arch ends as far from the right foot as it starts from the left", () => {
    const curve = archCurve(320, 760, 200, 300);
    const s = sketch();
    const laid = centreChain(new SampledCurve(curve), { sizes: ["normal"], beats: [], fill: { size: "normal", beats: 0.5, max: 30 } }, s, physics, options({ from: 0.05, to: 0.95 }), 3)!;
    const first = s.dots[laid.dots[0]];
    const last = s.dots[laid.dots[laid.dots.length - 1]];
    expect(first.x + last.x).toBeCloseTo(640, 0);
    expect(first.y).toBeCloseTo(last.y, 0);
  });

  it("the placement pre-check: gap and reach margin, chains kept apart, no early pop, no reach back across a junction", () => {
    const s = sketch();
    s.add({ x: 200, y: 450, size: "normal", chain: 0, segment: 0, time: 0, parent: -1, mirrored: false });
    const at = (x: number, y: number, more: object = {}) => ({ x, y, size: "normal" as const, chain: 0, segment: 0, time: 0.5, parent: 0, mirrored: false, ...more });
    expect(s.fits(at(273, 450))).toBe(true);
    expect(s.fits(at(240, 450))).toBe(false); // 4 units edge to edge
    expect(s.fits(at(330, 450, { chain: 1, parent: -1 }))).toBe(false); // 130 − 18 = 112: reaches, other chain, and within 10 of 110
    expect(s.fits(at(350, 450, { chain: 1, parent: -1 }))).toBe(true); // misses by 22
    // Within a chain, a ring may reach a dot again only once it is meant to have popped.
    const b = sketch();
    b.add({ x: 200, y: 450, size: "big", chain: 0, segment: 0, time: 0, parent: -1, mirrored: false });
    b.add(at(273, 450));
    // 146 from the big dot: its ring (reach 170) gets there 128 / 110 = 1.16 beats after the tap.
    expect(b.fits(at(346, 450, { time: 1, parent: 1 }))).toBe(true); // meant to pop at 1.0: the big ring's hit is silent
    expect(b.fits(at(346, 450, { time: 1.5, parent: 1 }))).toBe(false); // meant for 1.5: the big ring would pop it early, off the beat
    // Its own ring may reach back only into its own segment (a tail never reaches into its head).
    const c = sketch();
    c.add({ x: 200, y: 450, size: "normal", chain: 0, segment: 0, time: 0, parent: -1, mirrored: false });
    expect(c.fits(at(273, 450, { parent: -1, segment: 0 }))).toBe(true);
    expect(c.fits(at(273, 450, { parent: -1, segment: 1 }))).toBe(false);
  });

  it("a mirrored sketch checks the mirror images too", () => {
    const s = sketch({ axis: { x: 320 }, chainOf: () => 1 });
    const q = { x: 380, y: 450, size: "normal" as const, chain: 0, segment: 0, time: 0, parent: -1, mirrored: true };
    expect(s.fits(q)).toBe(false); // its own image is 120 away: within the reach margin of the other chain
    expect(s.fits({ ...q, x: 420 })).toBe(true);
    s.add({ ...q, x: 420 });
    expect(s.figure().map((d) => [d.x, d.chain])).toEqual([[420, 0], [220, 1]]);
  });

  it("a Catmull–Rom spline passes through its points", () => {
    const pts = [{ x: 0, y: 0 }, { x: 100, y: 50 }, { x: 180, y: -20 }, { x: 260, y: 40 }];
    const c = catmullRomCurve(pts);
    pts.forEach((p, i) => {
      const q = c(i / (pts.length - 1));
      expect(q.x).toBeCloseTo(p.x, 9);
      expect(q.y).toBeCloseTo(p.y, 9);
    });
    expect(() => catmullRomCurve([{ x: 1, y: 1 }])).toThrow(RangeError);
  });
});

describe("symmetry and screen fill", () => {
  it("a mirrored figure matches itself fully; moving a dot or changing its size breaks one pair", () => {
    const dots = [
      { x: 200, y: 300, size: "normal" as const },
      { x: 440, y: 300, size: "normal" as const },
      { x: 250, y: 500, size: "big" as const },
      { x: 390, y: 500, size: "big" as const },
      { x: 320, y: 650, size: "small" as const },
    ];
    expect(symmetryScore(dots, [0, 45, 90, 135], 12)).toEqual({ score: 1, axis: 90 });
    const moved = dots.map((d, i) => (i === 1 ? { ...d, x: 470 } : d));
    expect(symmetryScore(moved, [90], 12).score).toBeCloseTo(3 / 5, 12);
    const resized = dots.map((d, i) => (i === 3 ? { ...d, size: "normal" as const } : d));
    expect(symmetryScore(resized, [90], 12).score).toBeCloseTo(3 / 5, 12);
  });

  it("fill: √(width share · height share) · (1 − centroid offset)", () => {
    // Two dots of radius 20 at (140, 245) and (500, 655): box 400 × 450 on the 640 × 900 field, centroid at the middle.
    const f = fillScore([{ x: 140, y: 245, radius: 20 }, { x: 500, y: 655, radius: 20 }], 640, 900);
    expect(f).toBeCloseTo(Math.sqrt((400 / 640) * (450 / 900)), 12);
    const shifted = fillScore([{ x: 100, y: 245, radius: 20 }, { x: 460, y: 655, radius: 20 }], 640, 900);
    expect(shifted).toBeCloseTo(Math.sqrt((400 / 640) * (450 / 900)) * (1 - 40 / Math.hypot(320, 450)), 12);
  });
});
