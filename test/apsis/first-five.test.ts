import { describe, expect, it } from "vitest";
import { NoAnswerError } from "../../src/io/errors.ts";
import type { Ramp } from "../../src/io/schemas/ramp.ts";
import { createRng } from "../../src/random/create-rng.ts";
import { rampTarget } from "../../src/select/ramp/ramp-target.ts";
import { apsisBackend, arrowShape, checkLevel, composeFirstFive, loadApsisRamp, loadFirstFiveModel, loadSkyModel, skyLimits, solveSky } from "../../src/apsis/index.ts";
import { skyProblems } from "../../src/apsis/check/sky-problems.ts";
import { drawSmallSky } from "../../src/apsis/compose/draw-small-sky.ts";
import { skyBalance, skySpread, skySymmetry } from "../../src/apsis/compose/sky-looks.ts";
import { taughtShare } from "../../src/apsis/compose/sky-teaching.ts";
import { smallSkyRounds } from "../../src/apsis/compose/small-sky-rounds.ts";

const sky = loadSkyModel();
const model = loadFirstFiveModel();

describe("apsis first five levels (SPEC 5.5)", () => {
  it("keeps its settings in models/apsis/first-five.json (100,000 draws) and takes its targets from the ramp file", () => {
    expect(model.draws).toBe(100_000);
    expect(model.levels.map((l) => l.level)).toEqual([1, 2, 3, 4, 5]);
    // The default ramp (models/apsis/ramp.json): 3 at level 1, 12 at level 10, monotone cubic between.
    const target = rampTarget(loadApsisRamp());
    expect([1, 2, 3, 4, 5].map((l) => Math.round(target(l) * 100) / 100)).toEqual([3, 3.99, 4.97, 5.95, 6.93]);
  });

  it("composes levels 1–5 on the ramp, proven, and never easier (small draw count)", () => {
    const stats: Record<string, number> = {};
    const levels = composeFirstFive(5, createRng("first-five"), stats, { draws: 3000 });
    // The ramp reads 3, 3.99, 4.97, 5.95, 6.93: every level lands on the nearest whole read.
    expect(levels.map((l) => l.metrics.reads)).toEqual([3, 4, 5, 6, 7]);
    for (let i = 0; i < levels.length; i++) {
      const l = levels[i];
      expect(l.rules).toEqual([]);
      expect(l.metrics.depth).toBeGreaterThanOrEqual(2);
      expect(checkLevel(l.level, l.solution, [])).toEqual([]);
      expect(solveSky(l.level).solution).toEqual(l.solution);
      if (i > 0) expect(l.metrics.arrows).toBeGreaterThanOrEqual(levels[i - 1].metrics.arrows);
    }
    expect(stats["first-five-teaches-nothing"]).toBeGreaterThan(0);
  });

  it("is deterministic by seed, and the backend composes the same", () => {
    const a = composeFirstFive(2, createRng("seed-a"), {}, { draws: 500 });
    const b = composeFirstFive(2, createRng("seed-a"), {}, { draws: 500 });
    expect(a).toEqual(b);
    const c = composeFirstFive(2, createRng("seed-b"), {}, { draws: 500 });
    expect(c.map((l) => l.level)).not.toEqual(a.map((l) => l.level));
    expect(typeof apsisBackend.composeFirst).toBe("function");
  });

  it("follows a changed ramp: the same draws aim at the new ramp's values at levels 1–5", () => {
    const steeper: Ramp = { format: "levelramp/ramp@1", metric: "reads", points: [[1, 3], [5, 11], [10, 20]], interpolation: "linear" };
    // Linear from 3 at level 1 to 11 at level 5: targets 3, 5, 7, 9, 11 (the default ramp reads 3–6.93).
    const steep = composeFirstFive(5, createRng("first-five"), {}, { draws: 3000, ramp: steeper }).map((l) => l.metrics.reads);
    steep.forEach((reads, i) => expect(Math.abs(reads - (3 + 2 * i))).toBeLessThanOrEqual(1));
    expect(steep[4]).toBeGreaterThanOrEqual(10);
    const flatter: Ramp = { ...steeper, points: [[1, 3], [5, 5]] };
    const flat = composeFirstFive(5, createRng("first-five"), {}, { draws: 3000, ramp: flatter }).map((l) => l.metrics.reads);
    flat.forEach((reads, i) => expect(Math.abs(reads - (3 + 0.5 * i))).toBeLessThanOrEqual(1));
    expect(flat[4]).toBeLessThanOrEqual(6);
    expect(() => composeFirstFive(1, createRng("x"), {}, { draws: 10, ramp: { ...steeper, metric: "bits" } })).toThrow(/apsis\/first-five: expected a reads ramp/);
  });

  it("says when no draw is eligible", () => {
    expect(() => composeFirstFive(1, createRng("none"), {}, { draws: 1, model: { ...model, levels: [{ level: 1, arrows: [1, 1] }] } })).toThrow(NoAnswerError);
    expect(() => composeFirstFive(6, createRng("x"), {}, { draws: 1 })).toThrow(/apsis\/first-five: the first-five model has no settings for level 6/);
  });

  it("scores symmetry as the share matched under the best turn or mirror", () => {
    const a = { ring: 2, angle: 10, length: 36, direction: 40 };
    const turn = [a, { ...a, angle: 130, direction: 160 }, { ...a, angle: 250, direction: 280 }];
    expect(skySymmetry(turn)).toBe(1);
    const mirror = [a, { ...a, angle: 350, direction: 320 }];
    expect(skySymmetry(mirror)).toBe(1);
    const onAxis = [{ ring: 1, angle: 30, length: 36, direction: 30 }, { ring: 4, angle: 77, length: 52, direction: 200 }];
    expect(skySymmetry(onAxis)).toBe(0.5);
    expect(skySymmetry([a, { ...a, ring: 3, angle: 100 }])).toBe(0);
  });

  it("scores spread as ring entropy and balance as the centroid near the sun", () => {
    const spread = [1, 2, 3].map((ring) => ({ ring, angle: 0, length: 36, direction: 0 }));
    expect(skySpread(spread, 5)).toBeCloseTo(1, 12);
    expect(skySpread(spread.map((a) => ({ ...a, ring: 2 })), 5)).toBe(0);
    expect(skyBalance([{ ring: 5, angle: 0, length: 36, direction: 0 }, { ring: 5, angle: 180, length: 36, direction: 0 }], sky)).toBeCloseTo(1, 12);
    expect(skyBalance([{ ring: 5, angle: 0, length: 36, direction: 0 }], sky)).toBe(0);
  });

  it("scores teaching by the rounds that hold an arrow blocked before", () => {
    expect(taughtShare([1, 1, 1], [false, false, false])).toBe(0);
    expect(taughtShare([3, 2, 1, 1], [true, true, false, false])).toBeCloseTo(2 / 3, 12);
    // A round whose arrows were only held (never blocked) does not count.
    expect(taughtShare([1, 2], [false, false])).toBe(0);
  });

  it("the bitmask fast path agrees with the graphology solver on drawn systems", () => {
    const rng = createRng("small-diff");
    const limits = skyLimits(sky);
    let solvedCount = 0;
    let rejected = 0;
    for (let d = 0; d < 3000; d++) {
      const drawn = drawSmallSky(rng, [2, 7], model, sky).arrows;
      const fast = smallSkyRounds(drawn, limits);
      const body = { hearts: 3, arrows: drawn };
      if (fast === "cycle") {
        expect(() => solveSky(body)).toThrow(/cannot be cleared/);
        rejected++;
      } else if (typeof fast === "string") {
        expect(skyProblems(drawn.map((a) => arrowShape(a, sky)), limits).length).toBeGreaterThan(0);
        rejected++;
      } else {
        const slow = solveSky(body);
        expect(fast.rounds).toEqual(slow.rounds);
        expect(fast.reads).toBe(slow.reads);
        expect(fast.depth).toBe(slow.depth);
        expect(fast.freeAtStart).toBe(slow.freeAtStart);
        solvedCount++;
      }
    }
    expect(solvedCount).toBeGreaterThan(300);
    expect(rejected).toBeGreaterThan(300);
  });
});

