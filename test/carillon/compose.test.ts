import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { carillonBackend } from "../../src/carillon/carillon-backend.ts";
import { type CarillonState } from "../../src/carillon/level/carillon-state.ts";
import { composeFirstFive, type ComposeResult } from "../../src/carillon/compose/compose-first-five.ts";
import { loadComposeModels } from "../../src/carillon/model/load-compose-model.ts";
import { rhythmOf } from "../../src/carillon/compose/score/rhythm-score.ts";
import { loadCarillonModels } from "../../src/carillon/model/load-models.ts";
import { measureCarillon } from "../../src/carillon/measure/measure-carillon.ts";
import { simulateTap, type TapOutcome } from "../../src/carillon/level/simulate-tap.ts";
import { InputError } from "../../src/io/errors.ts";
import type { CarillonBody } from "../../src/carillon/level/carillon-body.ts";
import { createRng, deriveSeed } from "../../src/random/index.ts";
import { rampTarget } from "../../src/select/ramp/ramp-target.ts";

/** The seed the pictures in docs/images were composed with (docs/carillon-compose.md). */
// The stream the build composes levels 1–5 on with seed 1 (src/pipeline/workers/pipeline-task.ts), so the pictures are what ships.
const DOCS_SEED = deriveSeed(1, "carillon", "composed");
const imagesDir = fileURLToPath(new URL("../../docs/images/", import.meta.url));
const models = loadCarillonModels();
const { compose, ramp } = loadComposeModels();
const target = rampTarget(ramp);

function play(body: CarillonBody, solution: number[]): TapOutcome[] {
  const m = measureCarillon(body);
  let state: CarillonState = m.engine.model.start();
  return solution.map((dot) => {
    const o = simulateTap(m.engine.field, state, dot, { rings: m.engine.rings });
    state = o.next;
    return o;
  });
}

describe("the composed first five levels (SPEC 4.6)", () => {
  let result: ComposeResult;
  const stats: Record<string, number> = {};
  beforeAll(() => {
    result = composeFirstFive(5, createRng(DOCS_SEED), stats);
  });

  it("gives levels 1..5 in order, each with its figure, body, stored solution and metrics {bits, goal, dots, starts}", () => {
    expect(result.levels).toHaveLength(5);
    expect(result.chosen.map((c) => c.figure)).toEqual(["arch", "nestedArches", "splitCircle", "bell", "butterfly"]);
    for (const l of result.levels) {
      expect(Object.keys(l.metrics).sort()).toEqual(["bits", "dots", "goal", "starts"]);
      expect(l.rules).toEqual([]);
      expect(carillonBackend.bodySchema.safeParse(l.level).success).toBe(true);
      expect(l.level.goal).toBe(l.metrics.goal);
    }
  });

  it("every level is proven by the solver and passes fair to read and every shipped-level check of the engine", () => {
    for (const l of result.levels) {
      const m = measureCarillon(l.level);
      expect(m.fair.problems).toEqual([]);
      expect(m.goal).toBe(l.metrics.goal);
      expect(m.solution).toEqual(l.solution);
      expect(carillonBackend.validate(l.level, l.solution, [])).toEqual([]);
      expect(carillonBackend.grade(l.level)).toEqual(l.metrics);
      // Every stored tap pops at least two dots and 10% of the field (SPEC 4.2).
      let left = l.metrics.dots;
      for (const tap of play(l.level, l.solution)) {
        expect(tap.popped.length).toBeGreaterThanOrEqual(2);
        expect(tap.popped.length).toBeGreaterThanOrEqual(0.1 * left);
        left -= tap.popped.length;
      }
    }
  });

  it("meets the milestones: level 1 one tap, every tap wins, 0 bits; level 2 two taps; big dots from 3; small dots at 5", () => {
    const [l1, l2, l3, l4, l5] = result.levels;
    expect(l1.metrics).toMatchObject({ goal: 1, bits: 0 });
    expect(measureCarillon(l1.level).winningFirstTaps).toHaveLength(l1.metrics.dots);
    expect(l2.metrics.goal).toBe(2);
    const sizes = (l: typeof l1) => new Set(l.level.dots.map((d) => d.size));
    expect([...sizes(l1)]).toEqual(["normal"]);
    expect([...sizes(l2)]).toEqual(["normal"]);
    expect(sizes(l3).has("big")).toBe(true);
    expect(sizes(l3).has("small")).toBe(false);
    expect(sizes(l4).has("small")).toBe(false);
    expect(sizes(l5).has("small")).toBe(true);
  });

  it("never gets easier, rises towards the ramp, and stays below level 6's target with level 6's two taps", () => {
    const bits = result.levels.map((l) => l.metrics.bits);
    const goals = result.levels.map((l) => l.metrics.goal);
    for (let i = 1; i < 5; i++) {
      expect(bits[i]).toBeGreaterThanOrEqual(bits[i - 1]);
      expect(goals[i]).toBeGreaterThanOrEqual(goals[i - 1]);
    }
    expect(bits[4]).toBeLessThan(target(6));
    expect(goals[4]).toBeLessThanOrEqual(2);
    expect(bits[2]).toBeGreaterThan(bits[1]);
    expect(bits[4]).toBeGreaterThan(bits[2]);
  });

  it("rhythm: at least 90% of the chosen five's ring arrivals fall on the half-beat grid (replayed here through the engine)", () => {
    let arrivals = 0;
    let on = 0;
    for (const l of result.levels) {
      const r = rhythmOf(play(l.level, l.solution), compose.beats.grid, compose.beats.tolerance);
      arrivals += r.arrivals;
      on += r.onGrid;
    }
    expect(on / arrivals).toBeGreaterThanOrEqual(0.9);
    expect(on / arrivals).toBeCloseTo(result.rhythm, 12);
    // Levels 1 and 2 are wholly on the beat: every pop on the grid, counted from the tap.
    for (const l of result.levels.slice(0, 2)) {
      const r = rhythmOf(play(l.level, l.solution), compose.beats.grid, 1e-6);
      expect(r.popsOnGrid).toBe(r.arrivals);
    }
  });

  it("melody: every chain ends on the home degree, big dots sound low and small ones high", () => {
    for (const l of result.levels) {
      for (const tap of play(l.level, l.solution)) {
        const lastTime = tap.popTimes[tap.popTimes.length - 1];
        tap.popped.forEach((d, k) => {
          if (Math.abs(tap.popTimes[k] - lastTime) <= 1e-6 && l.level.dots[d].size !== "small") expect(l.level.dots[d].note).toBe(0);
        });
      }
      for (const d of l.level.dots) {
        const [lo, hi] = compose.notes.range[d.size];
        expect(d.note).toBeGreaterThanOrEqual(lo);
        expect(d.note).toBeLessThanOrEqual(hi);
      }
    }
    for (const c of result.chosen) expect(c.scores.melody).toBeGreaterThan(0.9);
  });

  it("the dots are numbered in pop order, so the stored solution taps the first dot of each chain", () => {
    for (const l of result.levels) {
      const taps = play(l.level, l.solution);
      expect(taps.flatMap((t) => t.popped)).toEqual(l.level.dots.map((_, i) => i));
    }
  });

  it("puts the score breakdown per level into stats", () => {
    for (let level = 1; level <= 5; level++) {
      for (const key of ["melody", "rhythm", "symmetry", "fill", "ramp", "total", "bits", "pool"]) {
        expect(stats[`compose-level-${level}-${key}`]).toBeTypeOf("number");
      }
    }
    expect(stats["compose-rhythm"]).toBeGreaterThanOrEqual(0.9);
    expect(result.breakdown.map((b) => b.level)).toEqual([1, 2, 3, 4, 5]);
    expect(result.breakdown.every((b) => b.pool > 0 && b.pool <= compose.variationsPerLevel)).toBe(true);
  });

  it("docs/images/carillon-level-1.svg … -5.svg are these five, drawn by the backend (UPDATE_COMPOSE_IMAGES=1 rewrites them)", () => {
    result.levels.forEach((l, i) => {
      const svg = carillonBackend.renderSvg(l.level, { solution: l.solution, title: `Level ${i + 1}` });
      const file = `${imagesDir}carillon-level-${i + 1}.svg`;
      if (process.env.UPDATE_COMPOSE_IMAGES === "1") {
        mkdirSync(imagesDir, { recursive: true });
        writeFileSync(file, svg);
      }
      expect(existsSync(file)).toBe(true);
      expect(readFileSync(file, "utf8")).toBe(svg);
    });
  });
});

describe("composeFirst through the backend", () => {
  it("is deterministic by rng and matches composeFirstFive", () => {
    const a = carillonBackend.composeFirst!(1, createRng("backend-compose"), {});
    const b = composeFirstFive(1, createRng("backend-compose"), {}).levels;
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(a.map((l) => l.metrics.goal)).toEqual([1]);
  });

  it("refuses a count outside 1..5 with an InputError (exit 2)", () => {
    for (const count of [0, 6, 2.5]) {
      expect(() => carillonBackend.composeFirst!(count, createRng("x"), {})).toThrow(InputError);
    }
  });

  it("the model files load, and a level out of order is named by file and JSON path", () => {
    expect(compose.levels.map((l) => l.level)).toEqual([1, 2, 3, 4, 5]);
    expect(models.physics.ringSpeed).toBe(110);
    const dir = fileURLToPath(new URL("../../models/carillon/", import.meta.url));
    const tmp = `${fileURLToPath(new URL("../../node_modules/.cache/", import.meta.url))}compose-bad-${process.pid}/`;
    mkdirSync(tmp, { recursive: true });
    const bad = JSON.parse(readFileSync(`${dir}compose.json`, "utf8"));
    bad.levels[1].level = 3;
    writeFileSync(`${tmp}compose.json`, JSON.stringify(bad));
    writeFileSync(`${tmp}ramp.json`, readFileSync(`${dir}ramp.json`, "utf8"));
    expect(() => loadComposeModels(tmp)).toThrow(/compose\.json at \$\.levels\[1\]\.level: expected level 2/);
  });
});
