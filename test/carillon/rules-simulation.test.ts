// The rules inside the one tap simulation (SPEC 4.4): hit timing, cracks that last, echoes of the
// popper's size, the horn's cone, duets at the same moment, drifters bouncing, the home note's
// moment and round-bell turns — including the cases where hit timing decides the outcome.
import { describe, expect, it } from "vitest";
import { stateKey } from "../../src/carillon/level/carillon-state.ts";
import { dotsOf, hasDot } from "../../src/carillon/level/dot-set.ts";
import { driftCoordinate } from "../../src/carillon/level/drift.ts";
import { fieldEngine } from "../../src/carillon/solver/field-engine.ts";
import { loadCarillonModels } from "../../src/carillon/model/load-models.ts";
import { measureCarillon } from "../../src/carillon/measure/measure-carillon.ts";
import { simulateTap } from "../../src/carillon/level/simulate-tap.ts";
import type { CarillonBody, CarillonMark } from "../../src/carillon/level/carillon-body.ts";
import { createRng } from "../../src/random/index.ts";
import { loadFixture } from "./fixtures.ts";

const models = loadCarillonModels();
const { physics } = models;
type D = [number, number, "small" | "normal" | "big", CarillonMark?];
const body = (dots: D[]): CarillonBody => ({
  width: 640,
  height: 900,
  dots: dots.map(([x, y, size, mark]) => ({ x, y, size, note: 0, ...(mark ? { mark } : {}) })),
});
const tap = (b: CarillonBody, dot: number, order: "index" | "reverse" = "index") => {
  const e = fieldEngine(b, physics);
  return simulateTap(e.field, e.model.start(), dot, { rings: e.frames, tieOrder: order });
};

describe("heavy bell", () => {
  it("a first hit cracks it and the crack lasts between taps; a later hit pops it", () => {
    const e = fieldEngine(loadFixture("bell-cracks-middle-of-line"), physics);
    const first = simulateTap(e.field, e.model.start(), 2, { rings: e.frames });
    expect(first.popped).toEqual([2]);
    expect(first.events.map((v) => [v.target, v.effect])).toEqual([[1, "crack"]]);
    expect(hasDot(first.next.cracked, 1)).toBe(true);
    const second = simulateTap(e.field, first.next, 0, { rings: e.frames });
    expect(second.popped).toEqual([0, 1]);
    expect(dotsOf(second.next.alive)).toEqual([]);
    expect(dotsOf(second.next.cracked)).toEqual([]);
  });

  it("a tap pops an uncracked bell at once", () => {
    expect(tap(loadFixture("bell-cracks-middle-of-line"), 1).popped).toEqual([1, 2]);
  });
});

describe("echo stone", () => {
  it("a horn's hit counts as its plain size: the echo reaches 110, not 220", () => {
    // Normal horn 0 (100,300) facing 0° pops small echo 1 (250,300) (138 ≤ 220, in the cone).
    // Normal 2 (350,300): 82 from the echo → reached by a normal-size echo (not by 1's own 60).
    // Small 3 (250,140): 148 from the echo → only a 220 echo would reach it; the horn's cone misses it (−46.8°).
    const b = body([
      [100, 300, "normal", { kind: "horn", facing: 0 }],
      [250, 300, "small", { kind: "echo" }],
      [350, 300, "normal"],
      [250, 140, "small"],
    ]);
    const out = tap(b, 0);
    expect(out.popped).toEqual([0, 1, 2]);
    expect(out.poppedBy).toEqual([-1, 0, 1]);
    // Tapped, the echo stone rings its own (small) size and reaches nothing.
    expect(tap(b, 1).popped).toEqual([1]);
  });
});

describe("horn", () => {
  it("reaches twice as far inside its ±45° cone and nothing outside it", () => {
    const e = fieldEngine(loadFixture("horn-cone-reaches-far-dot"), physics);
    expect(e.rings[0].targets).toEqual(Int32Array.from([1])); // (300,300) at 0°, not (100,400) at 90°
    expect(e.rings[0].times[0]).toBeCloseTo(182 / 110, 12);
    expect(e.graph.hasDirectedEdge("0", "2")).toBe(false);
    expect(e.graph.hasDirectedEdge("2", "0")).toBe(true);
  });
});

describe("duet", () => {
  it("the partner pops at the same moment, wherever it is, and rings its own ring", () => {
    const out = tap(loadFixture("duet-joins-two-lines"), 0);
    const at = (d: number) => out.popTimes[out.popped.indexOf(d)];
    expect(at(3)).toBe(at(2));
    expect(out.poppedBy[out.popped.indexOf(3)]).toBe(2);
    expect(out.events.find((v) => v.effect === "duet")).toMatchObject({ target: 3, emitter: 2 });
    expect(out.popped.slice().sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe("drifter", () => {
  it("bounces off the field's edges: the closed form equals walking the steps with reflections", () => {
    const rng = createRng("drift");
    for (let c = 0; c < 200; c++) {
      const r = [12, 18, 26][c % 3];
      const size = c % 2 ? 640 : 900;
      const start = r + rng() * (size - 2 * r);
      const step = (rng() - 0.5) * 2 * (c % 5 === 0 ? 1500 : 120);
      let pos = start;
      let v = step;
      expect(driftCoordinate(start, step, r, size, 0)).toBe(start);
      for (let t = 1; t <= 25; t++) {
        pos += v;
        // Reflect at each edge as often as needed; the whole dot stays inside.
        for (;;) {
          if (pos < r) {
            pos = 2 * r - pos;
            v = -v;
          } else if (pos > size - r) {
            pos = 2 * (size - r) - pos;
            v = -v;
          } else break;
        }
        const closed = driftCoordinate(start, step, r, size, t);
        expect(Math.abs(closed - pos)).toBeLessThan(1e-6);
        expect(closed).toBeGreaterThanOrEqual(r - 1e-9);
        expect(closed).toBeLessThanOrEqual(size - r + 1e-9);
      }
    }
  });

  it("moves after every tap: the next state's positions follow the step", () => {
    const e = fieldEngine(loadFixture("drifter-comes-into-reach"), physics);
    const s0 = e.model.start();
    expect(s0.positions?.[2]).toBe(280);
    const s1 = simulateTap(e.field, s0, 2, { rings: e.frames }).next;
    expect(s1.positions?.[2]).toBe(200);
    expect(stateKey(s1)).toContain("|t1");
    // At tap count 1 the drifter is in 0's reach.
    expect(simulateTap(e.field, s1, 0, { rings: e.frames }).popped).toEqual([0, 1]);
  });
});

describe("home note: the moment it pops decides", () => {
  // Tapped normal 0 (300,300); home 1 (400,300) is hit after 82/110 beats; normal 2 at (x,300).
  const field = (x: number) =>
    body([
      [300, 300, "normal"],
      [400, 300, "normal", { kind: "home" }],
      [x, 300, "normal"],
    ]);
  it("another dot popping at the same moment (within 1e-9 beats) is fine; a moment later loses", () => {
    const same = tap(field(200), 0); // both hit after 82/110 beats
    expect(same.next.lost).toBe(false);
    expect(dotsOf(same.next.alive)).toEqual([]);
    expect(tap(field(200), 0, "reverse").next.lost).toBe(false); // does not depend on the tie order
    expect(tap(field(201), 0).next.lost).toBe(false); // dot 2 pops first (81/110)
    const late = tap(field(199), 0); // dot 2 pops at 83/110, after the home note
    expect(late.next.lost).toBe(true);
    expect(late.popped).toEqual([0, 1, 2]); // the tap still plays out (its preview)
    const e = fieldEngine(field(199), physics);
    expect(e.model.lowerBound(late.next)).toBe(Infinity);
    expect(() => simulateTap(e.field, late.next, 2, { rings: e.frames })).toThrow(/the state is lost/);
  });

  it("so tapping 0 wins at (200) and loses at (199), where only 2 (whose chain ends on the home note) wins", () => {
    const same = measureCarillon(field(200), { models });
    expect([same.goal, same.winningFirstTaps]).toEqual([1, [0, 2]]);
    const late = measureCarillon(field(199), { models });
    expect([late.goal, late.winningFirstTaps]).toEqual([1, [2]]);
  });
});

describe("round bells: hit timing decides", () => {
  // Tapped normal 0 (300,300); round 1 (order 1) at (400,300), hit after 82/110 beats;
  // round 2 (order 2) at (300,y), hit after (y − 318)/110 beats.
  const field = (y: number, x = 300) =>
    body([
      [300, 300, "normal"],
      [400, 300, "normal", { kind: "round", order: 1 }],
      [x, y, "normal", { kind: "round", order: 2 }],
    ]);
  it("order 1's hit first: both pop; order 2's hit first: it is lost on it (no crack, no ring)", () => {
    expect(tap(field(410), 0).popped).toEqual([0, 1, 2]);
    const early = tap(field(390), 0);
    expect(early.popped).toEqual([0, 1]);
    expect(early.events.map((v) => [v.target, v.effect])).toEqual([
      [2, "out-of-turn"],
      [1, "pop"],
    ]);
    expect(dotsOf(early.next.cracked)).toEqual([]);
  });

  it("a later ring of the same tap pops it once its turn has come", () => {
    // Round 2 at (330,370): hit by 0 after 58.2/110 (out of turn), then by round 1's ring at 82/110 + 81/110.
    const out = tap(field(370, 330), 0);
    expect(out.popped).toEqual([0, 1, 2]);
    expect(out.events.map((v) => v.effect)).toEqual(["out-of-turn", "pop", "pop"]);
  });

  it("a tap out of turn is a tap spent that pops nothing", () => {
    const out = tap(field(410), 2);
    expect(out.popped).toEqual([]);
    expect(out.next.taps).toBe(1);
    expect(dotsOf(out.next.alive)).toEqual([0, 1, 2]);
  });

  it("hits at the same moment whose order changes the outcome are not shipped (fair-order)", () => {
    // Round 2 at (300,400): both hit after 82/110 beats. By index, 1 pops first and then 2; reversed, 2 is lost.
    const b = field(400);
    expect(tap(b, 0).popped).toEqual([0, 1, 2]);
    expect(tap(b, 0, "reverse").popped).toEqual([0, 1]);
    const m = measureCarillon(b, { models });
    expect(m.fair.problems.map((p) => p.reason)).toContain("fair-order");
    expect(m.engine.rules?.orderDependent[0]).toMatchObject({ taps: 0, dot: 0 });
    // Not a tie: no order problem.
    expect(measureCarillon(field(410), { models }).fair.problems.map((p) => p.reason)).not.toContain("fair-order");
  });
});
