// Selection benchmarks (issues: the selection engine; re-sequencing real pools): the class dp
// against the previous explicit-state dp, HiGHS and javascript-lp-solver, side by side in one run,
// on the real sudoku bank (fixtures/sudoku), a synthetic integer bank of 100,000 candidates and
// the seeded generic shapes; the pool file's parse time as the floor. MILPs run under time limits
// (objective only, no tie-breaking), so the run ends; "no answer" rows say which limit stopped them.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { readCsvPool } from "../src/io/csv/read-csv-pool.ts";
import { readJsonFile } from "../src/io/read-json-file.ts";
import { readPool } from "../src/io/read-pool.ts";
import { modelSchema } from "../src/io/schemas/model.ts";
import { planSchema } from "../src/io/schemas/plan.ts";
import { rampSchema, type Ramp } from "../src/io/schemas/ramp.ts";
import { createRng } from "../src/random/create-rng.ts";
import { buildProblem } from "../src/select/problem/build-problem.ts";
import { highsBackend } from "../src/select/milp/highs-backend.ts";
import { lpSolverBackend } from "../src/select/milp/lp-solver-backend.ts";
import { rampTarget } from "../src/select/ramp/ramp-target.ts";
import type { SelectionProblem } from "../src/select/problem/selection-problem.ts";
import { solveDp } from "../src/select/dp/solve-dp.ts";
import { solveMilp } from "../src/select/milp/solve-milp.ts";
import { SolverLimitError } from "../src/select/problem/solver-limits.ts";
import { chainModel } from "../test/helpers/chain-model.ts";
import { syntheticPool } from "../test/helpers/synthetic-pool.ts";
import { graphDp } from "./graph-dp.ts";
import { integerBankProblem } from "./integer-bank.ts";
import type { BenchCase, BenchSuite } from "./harness.ts";

/** Time limits of the MILP rows (seconds). */
const HIGHS_SECONDS = 60;
const LP_SOLVER_SECONDS = 30;

interface Instance {
  label: string;
  /** Builds the problem (seeded or read from fixtures); `file` is the pool file when there is one. */
  make: () => { problem: SelectionProblem; file?: string };
  /** Which MILP rows to run. */
  highs: boolean;
  lpSolver: boolean;
  /** Whether the previous explicit-state dp row runs (it is bounded; past its bound it says so). */
  graph: boolean;
}

const dir = mkdtempSync(join(tmpdir(), "levelramp-bench-"));

/** The seeded generic shapes of the selection bench. */
function shape(label: string, s: { chapters: number; parts: number; levelsPerPart: number; perLevel: number; eligibility: "part" | "any"; step: number; noise: number }) {
  return () => {
    const slots = s.chapters * s.parts * s.levelsPerPart;
    const ramp: Ramp = { format: "levelramp/ramp@1", metric: "difficulty", points: [[1, 1], [slots, 1 + s.step * (slots - 1)]], interpolation: "linear" };
    const { pool, plan } = syntheticPool(createRng(`bench/${label}`), { ...s, target: rampTarget(ramp) });
    const file = join(dir, `${label.replace(/\W+/g, "-")}.json`);
    writeFileSync(file, JSON.stringify(pool));
    const built = buildProblem({ pool, poolFile: file, plan, planFile: "plan", model: chainModel(s.eligibility, 0.01), modelFile: "model", ramp, rampFile: "ramp" });
    return { problem: built.problem, file };
  };
}

/** The sudoku bank (fixtures/sudoku): `levels` of `candidates`, the walkthrough's model, plan and ramp. */
function sudoku(levels: 100 | 400, candidates: 1000 | 3000) {
  return () => {
    const file = `fixtures/sudoku/sudoku-${candidates}.csv`;
    const pool = readCsvPool(file);
    const model = readJsonFile(modelSchema, "fixtures/sudoku/model.json");
    const plan = readJsonFile(planSchema, `fixtures/sudoku/plan-${levels}.json`);
    const ramp = readJsonFile(rampSchema, `fixtures/sudoku/ramp-${levels}.json`);
    return { problem: buildProblem({ pool, poolFile: file, plan, planFile: "plan", model, modelFile: "model", ramp, rampFile: "ramp" }).problem, file };
  };
}

/** 1,000 levels of 100,000 candidates with integer metrics (difficulty 0..1000, depth 1..5), eligibility any. */
function integerBank() {
  return { problem: integerBankProblem() };
}

const instances: Instance[] = [
  { label: "sudoku 100 of 1,000 (real)", make: sudoku(100, 1000), highs: true, lpSolver: true, graph: true },
  { label: "sudoku 400 of 3,000 (real)", make: sudoku(400, 3000), highs: true, lpSolver: false, graph: true },
  { label: "1,000 of 100,000, integer metrics", make: integerBank, highs: true, lpSolver: false, graph: false },
  { label: "1000 slots × pools of 4", make: shape("1000 slots × pools of 4", { chapters: 1, parts: 1000, levelsPerPart: 1, perLevel: 4, eligibility: "part", step: 1, noise: 0.3 }), highs: true, lpSolver: false, graph: true },
  { label: "400 slots, pools of 20 per part", make: shape("400 slots, pools of 20 per part", { chapters: 20, parts: 4, levelsPerPart: 5, perLevel: 4, eligibility: "part", step: 0.1, noise: 0.4 }), highs: true, lpSolver: false, graph: true },
  { label: "200 levels, pools of 40 per tier", make: shape("200 levels, pools of 40 per tier", { chapters: 10, parts: 2, levelsPerPart: 10, perLevel: 4, eligibility: "part", step: 0.1, noise: 0.4 }), highs: true, lpSolver: false, graph: true },
  { label: "10 of 40, eligibility any", make: shape("10 of 40, eligibility any", { chapters: 1, parts: 1, levelsPerPart: 10, perLevel: 4, eligibility: "any", step: 0.3, noise: 0.8 }), highs: true, lpSolver: true, graph: true },
  { label: "100 of 400, eligibility any", make: shape("100 of 400, eligibility any", { chapters: 1, parts: 1, levelsPerPart: 100, perLevel: 4, eligibility: "any", step: 0.3, noise: 0.8 }), highs: true, lpSolver: false, graph: true },
  { label: "30 slots, pools of 20 per part", make: shape("30 slots, pools of 20 per part", { chapters: 2, parts: 3, levelsPerPart: 5, perLevel: 4, eligibility: "part", step: 0.1, noise: 0.4 }), highs: true, lpSolver: true, graph: true },
];

const rounded = (x: number) => Number(x.toFixed(6));

async function milpRow(problem: SelectionProblem, which: "highs" | "milp") {
  try {
    const backend = which === "highs" ? highsBackend() : lpSolverBackend();
    const r = await solveMilp(problem, backend, { lexicographic: false, timeLimitSeconds: which === "highs" ? HIGHS_SECONDS : LP_SOLVER_SECONDS });
    if ("selection" in r) return { objective: rounded(r.selection.objective), status: r.selection.status, ...(r.selection.bound !== undefined ? { bound: rounded(r.selection.bound) } : {}) };
    return { answer: "infeasible" in r ? "infeasible" : `no answer in ${which === "highs" ? HIGHS_SECONDS : LP_SOLVER_SECONDS} s` };
  } catch (err) {
    if (err instanceof SolverLimitError) return { answer: err.limit === "highs abort" ? `HiGHS aborted (WebAssembly) after ${err.message.match(/after ([\d.]+ s)/)?.[1] ?? "?"}` : `refused: ${err.limit}` };
    throw err;
  }
}

const cases: BenchCase<any>[] = [];
for (const inst of instances) {
  const setup = () => inst.make();
  if (inst.label.includes("slots") || inst.label.includes("of 40") || inst.label.includes("of 400") || inst.label.includes("per tier")) {
    cases.push({ name: `parse pool: ${inst.label}`, setup, run: ({ file }) => void readPool(file) });
  }
  const big = inst.label.startsWith("1,000 of 100,000");
  cases.push({
    name: `dp: ${inst.label}`,
    setup,
    repeat: big ? 3 : 11,
    warmup: big ? 1 : undefined,
    run: ({ problem }) => {
      // A fresh problem object each run, so classes, rules and objective are compiled in the timed part too.
      const r = solveDp({ ...problem });
      if (!("selection" in r)) throw new Error("infeasible");
      const { states, classes, candidates, work } = r.selection.stats;
      return { objective: rounded(r.selection.objective), states, classes, candidates, work, rssMB: Math.round(process.memoryUsage().rss / 2 ** 20) };
    },
  });
  if (inst.graph) {
    // The real banks and "any" shapes take the previous dp seconds to minutes (or past its bound): one run.
    const slow = inst.label.includes("sudoku") || inst.label.includes("100 of 400");
    cases.push({
      name: `previous dp: ${inst.label}`,
      setup,
      ...(slow ? { repeat: 0 } : { repeat: 5, warmup: 1 }),
      run: ({ problem }) => {
        try {
          const r = graphDp({ ...problem });
          return "objective" in r ? { objective: rounded(r.objective), states: r.states, transitions: r.transitions } : { answer: "infeasible" };
        } catch (err) {
          if (err instanceof SolverLimitError) return { answer: `past its bound (${err.message.replace(/^[^:]+: /, "").split(" by level")[0]})` };
          throw err;
        }
      },
    });
  }
  if (inst.highs) cases.push({ name: `highs: ${inst.label}`, setup, repeat: 0, run: ({ problem }) => milpRow(problem, "highs") });
  if (inst.lpSolver) cases.push({ name: `milp: ${inst.label}`, setup, repeat: 0, run: ({ problem }) => milpRow(problem, "milp") });
}

// The 100,000-candidate bank once more, alone in a child process: its peak memory (maxRSS) is the dp's own.
cases.push({
  name: "dp, own process (peak memory): 1,000 of 100,000",
  repeat: 0,
  run: () => {
    const script = fileURLToPath(new URL("./integer-bank.ts", import.meta.url));
    return JSON.parse(execFileSync(process.execPath, ["--import", "tsx", script], { encoding: "utf8", maxBuffer: 1 << 20 }));
  },
});

export const suite: BenchSuite = { name: "select", cases };
