// Selection benchmarks (issue: the selection engine): dp against javascript-lp-solver and HiGHS on
// seeded generic pools of several shapes, and the pool file's parse time as the floor.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readPool } from "../src/io/read-pool.ts";
import type { Model } from "../src/io/schemas/model.ts";
import type { Ramp } from "../src/io/schemas/ramp.ts";
import { createRng } from "../src/random/create-rng.ts";
import { buildProblem } from "../src/select/build-problem.ts";
import { highsBackend } from "../src/select/highs-backend.ts";
import { lpSolverBackend } from "../src/select/lp-solver-backend.ts";
import { rampTarget } from "../src/select/ramp-target.ts";
import { solveDp } from "../src/select/solve-dp.ts";
import { solveMilp } from "../src/select/solve-milp.ts";
import { syntheticPool } from "../test/helpers/synthetic-pool.ts";
import type { BenchCase, BenchSuite } from "./harness.ts";

const ramp: Ramp = { format: "levelramp/ramp@1", metric: "difficulty", points: [[1, 1], [1000, 60]], interpolation: "linear" };
const model = (eligibility: "part" | "any"): Model => ({
  format: "levelramp/model@1",
  metric: "difficulty",
  eligibility,
  constraints: [
    { type: "nonDecreasing", key: "difficulty" },
    { type: "maxDrop", key: "depth", by: 1 },
    { type: "maxRun", key: "difficulty", length: 3, precision: 0.01 },
  ],
  objective: { norm: "L1", evenness: 0 },
});

interface Shape {
  label: string;
  chapters: number;
  parts: number;
  levelsPerPart: number;
  perLevel: number;
  eligibility: "part" | "any";
  /** Whether javascript-lp-solver is run too (small models only). */
  milp: boolean;
  /** Ramp rise per level and difficulty noise (σ), so the chain stays feasible. */
  step: number;
  noise: number;
}

const shapes: Shape[] = [
  { label: "1000 slots × pools of 4", chapters: 1, parts: 1000, levelsPerPart: 1, perLevel: 4, eligibility: "part", milp: false, step: 1, noise: 0.3 },
  { label: "400 slots, pools of 20 per part", chapters: 20, parts: 4, levelsPerPart: 5, perLevel: 4, eligibility: "part", milp: false, step: 0.1, noise: 0.4 },
  { label: "10 of 40, eligibility any", chapters: 1, parts: 1, levelsPerPart: 10, perLevel: 4, eligibility: "any", milp: true, step: 0.3, noise: 0.8 },
  { label: "100 of 400, eligibility any", chapters: 1, parts: 1, levelsPerPart: 100, perLevel: 4, eligibility: "any", milp: false, step: 0.3, noise: 0.8 },
  { label: "30 slots, pools of 20 per part", chapters: 2, parts: 3, levelsPerPart: 5, perLevel: 4, eligibility: "part", milp: true, step: 0.1, noise: 0.4 },
];

const dir = mkdtempSync(join(tmpdir(), "levelramp-bench-"));

function setup(shape: Shape) {
  const slots = shape.chapters * shape.parts * shape.levelsPerPart;
  const r: Ramp = { ...ramp, points: [[1, 1], [slots, 1 + shape.step * (slots - 1)]] };
  const { pool, plan } = syntheticPool(createRng(`bench/${shape.label}`), { ...shape, target: rampTarget(r) });
  const file = join(dir, `${shape.label.replace(/\W+/g, "-")}.json`);
  writeFileSync(file, JSON.stringify(pool));
  const built = buildProblem({ pool, poolFile: file, plan, planFile: "plan", model: model(shape.eligibility), modelFile: "model", ramp: r, rampFile: "ramp" });
  return { file, problem: built.problem };
}

const cases: BenchCase<any>[] = [];
for (const shape of shapes) {
  cases.push({ name: `parse pool: ${shape.label}`, setup: () => setup(shape), run: ({ file }) => void readPool(file) });
  cases.push({
    name: `dp: ${shape.label}`,
    setup: () => setup(shape),
    run: ({ problem }) => {
      // A fresh problem object each run, so compiling rules and objective is timed too.
      const r = solveDp({ ...problem });
      if (!("selection" in r)) throw new Error("infeasible");
      return { objective: Number(r.selection.objective.toFixed(6)), states: r.selection.stats.states };
    },
  });
  cases.push({
    name: `highs: ${shape.label}`,
    setup: () => setup(shape),
    repeat: shape.eligibility === "any" && shape.levelsPerPart >= 100 ? 1 : 3,
    warmup: 0,
    run: async ({ problem }) => {
      const r = await solveMilp(problem, highsBackend(60), { lexicographic: false });
      return "selection" in r ? { objective: Number(r.selection.objective.toFixed(6)) } : { answer: Object.keys(r)[0] };
    },
  });
  if (shape.milp) {
    cases.push({
      name: `milp: ${shape.label}`,
      setup: () => setup(shape),
      repeat: 3,
      warmup: 1,
      run: async ({ problem }) => {
        const r = await solveMilp(problem, lpSolverBackend(60_000), { lexicographic: false });
        return "selection" in r ? { objective: Number(r.selection.objective.toFixed(6)) } : { answer: Object.keys(r)[0] };
      },
    });
  }
}

export const suite: BenchSuite = { name: "select", cases };
