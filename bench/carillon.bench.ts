// Carillon engine benchmarks: grow + prove + measure one plain guarded field (SPEC 4.3/4.5)
// for 10, 20 and 40 dots and goals 1–6, and prove + measure alone on pre-grown fields.
// Seeds rotate through a fixed list, so the median is over different fields, and the
// counters are means over the timed and warm-up runs (solver, pop-rule search, bits states).
import type { BenchCase, BenchSuite } from "./harness.ts";
import { generateLevel } from "../src/carillon/generate/generate-level.ts";
import { loadCarillonModels, type CarillonModels } from "../src/carillon/model/load-models.ts";
import { measureCarillon } from "../src/carillon/measure/measure-carillon.ts";
import type { CarillonBody } from "../src/carillon/level/carillon-body.ts";
import { createRng, deriveSeed } from "../src/random/index.ts";

const base = loadCarillonModels();
// Every goal from 1 on, guarded at any level: the roots are then exactly the goal.
const models: CarillonModels = {
  ...base,
  generator: { ...base.generator, milestones: { ...base.generator.milestones, minGoal: [[1, 1]], guardFromLevel: 1 } },
};

function counters() {
  let runs = 0;
  const sum = { solver: 0, fair: 0, bits: 0, failed: 0 };
  return {
    add(states: { solver: number; fair: number; bits: number } | null) {
      runs++;
      if (!states) sum.failed++;
      else for (const k of ["solver", "fair", "bits"] as const) sum[k] += states[k];
    },
    mean() {
      const ok = Math.max(1, runs - sum.failed);
      return { solverStates: sum.solver / ok, fairStates: sum.fair / ok, bitsStates: sum.bits / ok, failed: sum.failed };
    },
  };
}

function growCase(dots: number, goal: number): BenchCase {
  let seed = 0;
  const c = counters();
  return {
    name: `grow+prove+measure ${dots} dots, goal ${goal}`,
    repeat: 21,
    run: () => {
      const field = generateLevel({
        level: 30,
        chapter: 2,
        settings: { dots: [dots, dots], roots: [goal, goal] },
        rng: createRng(deriveSeed("bench", dots, goal, seed++)),
        stats: {},
        models,
      });
      c.add(field ? field.measure.states : null);
      return c.mean();
    },
  };
}

function measureCase(dots: number, goal: number): BenchCase<CarillonBody[]> {
  let i = 0;
  const c = counters();
  return {
    name: `prove+measure ${dots} dots, goal ${goal}`,
    repeat: 21,
    setup: () => {
      const bodies: CarillonBody[] = [];
      for (let s = 0; bodies.length < 8; s++) {
        const f = generateLevel({ level: 30, chapter: 2, settings: { dots: [dots, dots], roots: [goal, goal] }, rng: createRng(deriveSeed("bench-m", s)), stats: {}, models });
        if (f) bodies.push(f.body);
      }
      return bodies;
    },
    run: (bodies) => {
      const m = measureCarillon(bodies[i++ % bodies.length], { models });
      c.add(m.states);
      return c.mean();
    },
  };
}

const cases: BenchCase<any>[] = [];
for (const goal of [1, 2, 3]) cases.push(growCase(10, goal));
for (const goal of [1, 2, 3, 4, 5, 6]) cases.push(growCase(20, goal));
for (const goal of [1, 2, 3, 4, 5, 6]) cases.push(growCase(40, goal));
cases.push(measureCase(20, 4), measureCase(40, 6));

export const suite: BenchSuite = { name: "carillon", cases };
