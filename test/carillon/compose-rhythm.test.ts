import { describe, expect, it } from "vitest";
import { isCleared, type CarillonState } from "../../src/carillon/level/carillon-state.ts";
import { beatDistance } from "../../src/carillon/compose/figure/beat-spacing.ts";
import { composeCandidate, type LevelDemand } from "../../src/carillon/compose/compose-candidate.ts";
import { loadComposeModels } from "../../src/carillon/model/load-compose-model.ts";
import { onGrid } from "../../src/carillon/compose/score/on-grid.ts";
import { rhythmOf } from "../../src/carillon/compose/score/rhythm-score.ts";
import { fieldEngine } from "../../src/carillon/solver/field-engine.ts";
import { loadCarillonModels } from "../../src/carillon/model/load-models.ts";
import { measureCarillon } from "../../src/carillon/measure/measure-carillon.ts";
import { milestonesAt } from "../../src/carillon/generate/grow/milestones.ts";
import { simulateTap, type TapOutcome } from "../../src/carillon/level/simulate-tap.ts";
import type { CarillonBody } from "../../src/carillon/level/carillon-body.ts";
import { loadFixture } from "./fixtures.ts";

const models = loadCarillonModels();
const { compose } = loadComposeModels();

/** Plays taps on a body through the engine's event simulation. */
function play(body: CarillonBody, taps: number[], clears = true): TapOutcome[] {
  const engine = fieldEngine(body, models.physics);
  let state: CarillonState = engine.model.start();
  const out = taps.map((dot) => {
    const o = simulateTap(engine.field, state, dot, { rings: engine.rings });
    state = o.next;
    return o;
  });
  expect(isCleared(state)).toBe(clears);
  return out;
}

describe("on the beat (SPEC 4.6 gaps from the ring speed)", () => {
  it("beat distances: a normal dot 55 units from the emitter to its edge is hit on the half-beat", () => {
    expect(beatDistance(models.physics, "normal", 0.5)).toBe(73);
    expect(beatDistance(models.physics, "big", 0.5)).toBe(81);
    expect(beatDistance(models.physics, "small", 1)).toBe(122);
    expect(beatDistance(models.physics, "normal", 1.25)).toBe(155.5);
  });

  it("onGrid: multiples of the half-beat within the tolerance", () => {
    expect(onGrid(1.5, 0.5, 1e-9)).toBe(true);
    expect(onGrid(1.5 + 5e-10, 0.5, 1e-9)).toBe(true);
    expect(onGrid(1.25, 0.5, 1e-9)).toBe(false);
    expect(onGrid(55 / 110, 0.5, 1e-9)).toBe(true);
    expect(onGrid(62 / 110, 0.5, 1e-9)).toBe(false);
  });

  it("a chain 73 apart pops every half-beat: rhythm 1 (fixture compose-on-beat-chain)", () => {
    const body = loadFixture("compose-on-beat-chain");
    const [tap] = play(body, [0]);
    expect(tap.popTimes).toEqual([0, 0.5, 1, 1.5]);
    expect(rhythmOf([tap], 0.5, 1e-9)).toEqual({ arrivals: 3, onGrid: 3, popsOnGrid: 3, score: 1 });
  });

  it("the same chain 80 apart is off the beat: rhythm 0 (fixture compose-off-beat-chain)", () => {
    const [tap] = play(loadFixture("compose-off-beat-chain"), [0]);
    expect(tap.popTimes[1]).toBeCloseTo(62 / 110, 12);
    expect(rhythmOf([tap], 0.5, 1e-9)).toMatchObject({ arrivals: 3, onGrid: 0, score: 0 });
  });

  it("a junction (big → normal at 1.25 beats) is the one arrival off the grid; the pulse after it runs on, shifted (fixture compose-junction)", () => {
    const body = loadFixture("compose-junction");
    const m = measureCarillon(body);
    expect(m.goal).toBe(2);
    expect(m.winningFirstTaps).toEqual([0, 1, 5, 6]);
    expect(m.bits).toBeCloseTo(2 * Math.log2(5 / 2), 12);
    const taps = play(body, m.solution);
    expect(taps[0].popTimes).toEqual([0, 0.5, 1.75, 2.25, 2.75]);
    expect(rhythmOf(taps, 0.5, 1e-9)).toEqual({ arrivals: 8, onGrid: 6, popsOnGrid: 2, score: 0.75 });
  });

  it("only the arrivals that pop a dot count: hits on dots already popped are silent", () => {
    // Three normal dots 73 apart (a triangle): the tap's ring pops both others on the half-beat;
    // the first of them still sends a ring to the second, which arrives when it is gone.
    const h = 73 * Math.sqrt(3) / 2;
    const body: CarillonBody = {
      width: 640,
      height: 900,
      dots: [
        { x: 300, y: 400, size: "normal", note: 0 },
        { x: 373, y: 400, size: "normal", note: 0 },
        { x: 336.5, y: 400 + h, size: "normal", note: 0 },
      ],
    };
    const [tap] = play(body, [0]);
    expect(tap.events.filter((e) => e.effect === "gone")).toHaveLength(1);
    expect(rhythmOf([tap], 0.5, 1e-9)).toEqual({ arrivals: 2, onGrid: 2, popsOnGrid: 2, score: 1 });
  });
});

describe("a deliberately off-beat layout scores lower on rhythm", () => {
  const demand: LevelDemand = {
    level: 1,
    milestones: milestonesAt(models.generator, 1, 1),
    mustHave: [],
    everyTapWins: true,
    target: 0,
  };
  const arch = (spacing: number) => {
    // Seven normal dots on a flat arch, `spacing` apart along it (73 = the half-beat).
    const dots = [];
    const r = 700;
    const step = 2 * Math.asin(spacing / 2 / r);
    for (let i = -3; i <= 3; i++) dots.push({ x: 320 + r * Math.sin(i * step), y: 900 - r * Math.cos(i * step) - 100, size: "normal" as const });
    return { figure: "arch", dots, params: {} };
  };

  it("on the beat: rhythm 1; the same arch 8 units wider spaced: rhythm 0, and a lower total", () => {
    const on = composeCandidate(arch(73), 0, demand, models, compose);
    const off = composeCandidate(arch(81), 0, demand, models, compose);
    if ("reason" in on || "reason" in off) throw new Error("expected both arches to pass");
    expect(on.scores.rhythm).toBe(1);
    expect(off.scores.rhythm).toBe(0);
    expect(off.total).toBeLessThan(on.total);
    expect(on.metrics).toEqual(off.metrics);
  });
});
