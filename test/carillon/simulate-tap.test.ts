import { describe, expect, it } from "vitest";
import type { CarillonBody } from "../../src/carillon/level/carillon-body.ts";
import { createRng } from "../../src/random/index.ts";
import { startState, stateKey } from "../../src/carillon/level/carillon-state.ts";
import { dotsOf } from "../../src/carillon/level/dot-set.ts";
import { fieldEngine } from "../../src/carillon/solver/field-engine.ts";
import { HitQueue } from "../../src/carillon/level/hit-queue.ts";
import { loadCarillonModels } from "../../src/carillon/model/load-models.ts";
import { simulateTap } from "../../src/carillon/level/simulate-tap.ts";
import { simulatedTapModel } from "../../src/carillon/solver/simulated-tap-model.ts";
import { preview } from "../../src/carillon/level/preview.ts";
import { loadFixture } from "./fixtures.ts";

const { physics } = loadCarillonModels();
const body = (dots: Array<[number, number, "small" | "normal" | "big"]>): CarillonBody => ({
  width: 640,
  height: 900,
  dots: dots.map(([x, y, size]) => ({ x, y, size, note: 0 })),
});

/** Random scatter fields (not fair, not grown): the simulation must hold on any field. */
function scatter(seed: string, n: number): CarillonBody {
  const rng = createRng(seed);
  const sizes = ["small", "normal", "big"] as const;
  return body(Array.from({ length: n }, () => [30 + rng() * 580, 30 + rng() * 840, sizes[Math.floor(rng() * 3)]] as [number, number, "small"]));
}

describe("tap simulation in ring-arrival time order (SPEC 4.1)", () => {
  it("a dot pops at its first hit, by the ring that arrives first, whatever the dot indices say", () => {
    // 0 = A normal at (200,300), tapped. 2 = B small at (250,300): A's ring arrives after (50−12)/110 beats.
    // 1 = C normal at (300,300): A's ring arrives after (100−18)/110 = 82/110 beats, but B's ring
    // (reach 60, 50−18 = 32 units) gets there first, at (38+32)/110 = 70/110 beats.
    const engine = fieldEngine(
      body([
        [200, 300, "normal"],
        [300, 300, "normal"],
        [250, 300, "small"],
      ]),
      physics,
    );
    const out = simulateTap(engine.field, startState(engine.field), 0, { rings: engine.rings });
    expect(out.popped).toEqual([0, 2, 1]);
    expect(out.poppedBy).toEqual([-1, 0, 2]);
    expect(out.popTimes[1]).toBeCloseTo(38 / 110, 12);
    expect(out.popTimes[2]).toBeCloseTo(70 / 110, 12);
    expect(out.events.map((e) => [e.emitter, e.target, e.effect])).toEqual([
      [0, 2, "pop"],
      [2, 1, "pop"],
      [0, 1, "gone"], // A's own ring reaches C after C has already popped.
    ]);
    expect(out.next.taps).toBe(1);
    expect(dotsOf(out.next.alive)).toEqual([]);
  });

  it("hits at the same moment (within 1e-9 beats) go by dot index; hits further apart go by time", () => {
    // Tapped centre 0 at (300,300); normals at the same distance left (2) and right (1).
    const make = (rightX: number) =>
      fieldEngine(
        body([
          [300, 300, "normal"],
          [rightX, 300, "normal"],
          [200, 300, "normal"],
        ]),
        physics,
      );
    const order = (rightX: number, tieOrder?: "index" | "reverse") => {
      const e = make(rightX);
      return simulateTap(e.field, startState(e.field), 0, { rings: e.rings, tieOrder }).popped;
    };
    expect(order(400)).toEqual([0, 1, 2]); // exact tie: index order
    expect(order(400, "reverse")).toEqual([0, 2, 1]);
    expect(order(400 + 1e-8)).toEqual([0, 1, 2]); // 1e-8/110 beats later: still the same moment
    expect(order(400 + 1e-6)).toEqual([0, 2, 1]); // 9e-9 beats later: dot 2 first
  });

  it("the hit queue orders by time with the tolerance, then target, then emitter", () => {
    const q = new HitQueue(1e-9);
    q.push({ time: 1, target: 5, emitter: 0 });
    q.push({ time: 1 + 5e-10, target: 3, emitter: 9 });
    q.push({ time: 1 + 5e-10, target: 3, emitter: 2 });
    q.push({ time: 0.5, target: 7, emitter: 1 });
    q.push({ time: 1.1, target: 0, emitter: 1 });
    const seen = [];
    while (q.size) seen.push(q.pop());
    expect(seen.map((h) => [h.target, h.emitter])).toEqual([
      [7, 1],
      [3, 2],
      [3, 9],
      [5, 0],
      [0, 1],
    ]);
  });

  it("pop times are the earliest ring arrival over all chains (Dijkstra), on random fields", () => {
    for (let s = 0; s < 20; s++) {
      const e = fieldEngine(scatter(`dijkstra-${s}`, 25), physics);
      const n = e.field.count;
      const tapped = s % n;
      const out = simulateTap(e.field, startState(e.field), tapped, { rings: e.rings });
      const best = new Array<number>(n).fill(Infinity);
      best[tapped] = 0;
      const done = new Array<boolean>(n).fill(false);
      for (;;) {
        let u = -1;
        for (let i = 0; i < n; i++) if (!done[i] && best[i] < Infinity && (u < 0 || best[i] < best[u])) u = i;
        if (u < 0) break;
        done[u] = true;
        const ring = e.rings[u];
        ring.targets.forEach((t, k) => (best[t] = Math.min(best[t], best[u] + ring.times[k])));
      }
      const expected = best.map((t, i) => [i, t] as const).filter(([, t]) => t < Infinity);
      expect(out.popped.slice().sort((a, b) => a - b)).toEqual(expected.map(([i]) => i));
      out.popped.forEach((d, k) => expect(out.popTimes[k]).toBeCloseTo(best[d], 9));
      for (let k = 1; k < out.popTimes.length; k++) expect(out.popTimes[k]).toBeGreaterThanOrEqual(out.popTimes[k - 1] - 1e-9);
    }
  });

  it("the plain closure model and the event simulation agree on every tap of random states", () => {
    let compared = 0;
    for (let s = 0; s < 15; s++) {
      const e = fieldEngine(scatter(`agree-${s}`, 30), physics);
      const reference = simulatedTapModel(e.field, { graph: e.graph });
      const rng = createRng(`walk-${s}`);
      let state = e.model.start();
      while (dotsOf(state.alive).length > 0) {
        for (const d of dotsOf(state.alive)) {
          const fast = e.model.tap(state, d);
          const slow = reference.tap(state, d);
          expect(stateKey(fast.next)).toBe(stateKey(slow.next));
          expect(fast.popCount).toBe(slow.popCount);
          expect(e.model.lowerBound(fast.next)).toBe(reference.lowerBound(slow.next));
          compared++;
        }
        const alive = dotsOf(state.alive);
        state = e.model.tap(state, alive[Math.floor(rng() * alive.length)]).next;
      }
    }
    expect(compared).toBeGreaterThan(500);
  });

  it("a tap's preview is every dot it would pop, tapped dot included, from the current state", () => {
    const e = fieldEngine(loadFixture("three-dot-line"), physics);
    const start = startState(e.field);
    expect(preview(e, start, 0)).toEqual([0, 1, 2]); // the big dot reaches 1, which reaches 2
    expect(preview(e, start, 1)).toEqual([1, 2]);
    expect(preview(e, start, 2)).toEqual([2, 1]);
    const afterTwo = e.model.tap(start, 2).next; // pops 2 and 1; only the big dot is left
    expect(preview(e, afterTwo, 0)).toEqual([0]);
  });

  it("refuses a tap on a dot that is not on the field", () => {
    const e = fieldEngine(body([[100, 100, "normal"]]), physics);
    const after = simulateTap(e.field, startState(e.field), 0, { rings: e.rings }).next;
    expect(() => simulateTap(e.field, after, 0, { rings: e.rings })).toThrow(/carillon\/simulate-tap: dot 0 is not on the field/);
  });
});
