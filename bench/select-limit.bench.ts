// `npm run bench -- select-limit`: the selection's hard cases as a designer meets them — cold CLI
// processes of the compiled package (run `npm run build` first), whole wall and CPU (user + sys
// from GNU time, `/usr/bin/time`), with the solve's own time inside the process (`--stats`
// solveMs, the first solve of a fresh process) — side by side in one run, the commands taken in
// turn (A B C A B C ...), so a machine whose speed drifts moves them alike:
// - the seeded 61-level order in 4 chapters of select-scoped (nonDecreasing enemies and maxRise
//   gold per chapter, no maxRun: the dp's implicit run restarts at chapter starts);
// - the 200-level stand-in for a held-out model (bench/held-out-200.ts: 800 candidates, a
//   sawtooth ramp, chapter-scoped nonDecreasing, maxRun 3 and maxRise, depth drops at most 1);
// - its second form, every candidate eligible for every level (the same pool, the rules
//   game-wide, a straight ramp: 412,200 class-slot pairs × run length, past the size where the
//   relaxation keeps depth's rule from its first sweep);
// - KGoldrunner's order under its concept model with enemies never falling except where a
//   concept is introduced (SPEC 12 scope "introduction", no maxRun): the dp's since it takes runs
//   that restart at introductions, the MILP's before (its answer: no order, proven);
// - the sudoku banks of fixtures/sudoku with the walkthrough's model (100 of 1,000 and 400 of
//   3,000: tier never falls, a rule on another key that binds few steps), no HiGHS (it takes
//   seconds to minutes there; select-cold compares solvers on them).
// Beside the dp (`--solver auto`): HiGHS (`--solver highs`, the MILP `auto` ran for the 61-level
// order before the dp took it) and, when LEVELRAMP_BENCH_BEFORE names another build's
// bin/levelramp.js (an older checkout, built), that build's `--solver auto`. Objectives must agree.
// SELECT_LIMIT_RUNS (default 7) timed runs of each, HiGHS's SELECT_LIMIT_HIGHS_RUNS (default 3).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { BenchCase, BenchRow, BenchSuite } from "./harness.ts";
import { writeHeldOut200 } from "./held-out-200.ts";
import { writeOrder61 } from "./order-61.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "levelramp-bench-limit-"));
const before = process.env.LEVELRAMP_BENCH_BEFORE;
const RUNS = Number(process.env.SELECT_LIMIT_RUNS ?? 7);
const HIGHS_RUNS = Number(process.env.SELECT_LIMIT_HIGHS_RUNS ?? 3);

/** The seeded 61-level order of select-scoped (the same seed, the same files) and its model without a maxRun. */
function order61(): { pool: string; model: string; ramp: string } {
  const { order, ramp } = writeOrder61(dir);
  const files = { pool: order, model: join(dir, "model-61.json"), ramp };
  const constraints = [
    { type: "nonDecreasing", key: "enemies", scope: "chapter" },
    { type: "maxRise", key: "gold", by: 35, scope: "chapter" },
  ];
  writeFileSync(files.model, JSON.stringify({ format: "levelramp/model@1", metric: "enemies", eligibility: "part", constraints, objective: { norm: "L1", evenness: 0 } }));
  return files;
}

const h200 = writeHeldOut200(join(dir, "held-out-200"));
const h200any = writeHeldOut200(join(dir, "held-out-200-any"), "any");
const sudoku = (candidates: number, levels: number) => ["--pools", `sudoku-${candidates}.csv`, "--model", "model.json", "--plan", `plan-${levels}.json`, "--ramp", `ramp-${levels}.json`].map((a, i) => (i % 2 ? join(root, "fixtures/sudoku", a) : a));

/** KGoldrunner's concept model (fixtures/orders) with enemies never falling except where a concept is introduced, no maxRun: the run restarts at introductions. */
function kgIntroduction(): string {
  const model = JSON.parse(readFileSync(join(root, "fixtures/orders/kgoldrunner-concepts-model.json"), "utf8")) as { constraints: Array<{ type: string; scope?: string }> };
  model.constraints = model.constraints.filter((c) => c.type !== "maxRun").map((c) => (c.type === "nonDecreasing" ? { ...c, scope: "introduction" } : c));
  const file = join(dir, "kg-introduction.json");
  writeFileSync(file, JSON.stringify(model));
  return file;
}
const instances = [
  { key: "seeded order, 61 levels in 4 chapters", args: (({ pool, model, ramp }) => ["--pools", pool, "--model", model, "--ramp", ramp])(order61()), highs: true },
  { key: "200 of 800, held-out stand-in", args: ["--pools", h200.pool, "--plan", h200.plan, "--model", h200.model, "--ramp", h200.ramp], highs: true },
  { key: "200 of 800, every candidate eligible everywhere", args: ["--pools", h200any.pool, "--plan", h200any.plan, "--model", h200any.model, "--ramp", h200any.ramp], highs: true },
  { key: "KGoldrunner, 30 levels, enemies scoped to introductions", args: ["--pools", join(root, "fixtures/orders/kgoldrunner-order.csv"), "--model", kgIntroduction(), "--ramp", join(root, "fixtures/orders/kgoldrunner-ramp.json")], highs: true },
  { key: "sudoku 100 of 1,000 (walkthrough model)", args: sudoku(1000, 100), highs: false },
  { key: "sudoku 400 of 3,000 (walkthrough model)", args: sudoku(3000, 400), highs: false },
];

/** The commands side by side: label, the levelramp script, the solver. */
const commands = [
  { label: "dp (auto)", bin: join(root, "bin", "levelramp.js"), solver: "auto" },
  ...(before && existsSync(before) ? [{ label: "before: auto", bin: before, solver: "auto" }] : []),
  { label: "HiGHS", bin: join(root, "bin", "levelramp.js"), solver: "highs" },
];

interface Run {
  wallMs: number;
  cpuMs: number;
  solveMs?: number;
  states?: number;
  rounds?: number;
  solver?: string;
  objective?: number;
  status?: string;
  exit?: number | null;
}

/** Per instance and command label, every run. */
const runs = new Map<string, Run[]>();

/** One cold `select --json --stats` under GNU time. */
function once(inst: (typeof instances)[number], cmd: (typeof commands)[number]): Run {
  const timing = join(dir, "time.txt");
  const out = join(dir, "levels.json");
  const r = spawnSync("/usr/bin/time", ["-f", "%e %U %S", "-o", timing, process.execPath, cmd.bin, "select", ...inst.args, "--solver", cmd.solver, "--json", "--stats", "--out", out, "--force"], { encoding: "utf8", maxBuffer: 1 << 26 });
  const [e, u, s] = readFileSync(timing, "utf8").trim().split("\n").pop()!.split(" ").map(Number);
  const run: Run = { wallMs: e * 1000, cpuMs: (u + s) * 1000, exit: r.status };
  if (r.status === 0) {
    const a = JSON.parse(r.stdout) as { solver: string; objective: number; status: string; stats: { solveMs: number; states?: number; rounds?: number } };
    Object.assign(run, { solver: a.solver, objective: a.objective, status: a.status, solveMs: a.stats.solveMs, states: a.stats.states, rounds: a.stats.rounds });
  }
  return run;
}

const cases: BenchCase<void>[] = instances.map((inst) => ({
  name: `cold select, in turn: ${inst.key}`,
  run: () => {
    for (const cmd of commands) {
      if (cmd.solver === "highs" && !inst.highs) continue;
      const key = `${inst.key}|${cmd.label}`;
      const list = runs.get(key) ?? [];
      // HiGHS takes seconds: its first HIGHS_RUNS runs (and the untimed one) only.
      if (cmd.solver === "highs" && list.length > HIGHS_RUNS) continue;
      list.push(once(inst, cmd));
      runs.set(key, list);
    }
    return { commands: commands.map((c) => c.label) };
  },
  repeat: RUNS,
  warmup: 1,
}));

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Per instance, each command's medians (the untimed first run left out) and the dp's pairwise ratios to the others. */
function summary(_rows: BenchRow[]): string {
  const ms = (x: number) => (Number.isNaN(x) ? "—" : x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(0)} ms`);
  const lines = [
    "",
    `${new Date().toISOString().slice(0, 10)}, ${cpus().length}-core ${cpus()[0]?.model.trim() ?? "machine"}, Node ${process.version}, load average ${loadavg().map((x) => x.toFixed(1)).join(" / ")} at the end; cold CLI, median of ${RUNS} runs in turn (HiGHS ${HIGHS_RUNS}) after one untimed; CPU = user + sys (GNU time); solve = --stats solveMs (in the process)`,
    "",
    "| instance | command | wall | CPU | solve | solver, objective | dp states, rounds | dp ÷ this (pairs: wall, CPU, solve) |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const inst of instances) {
    const dp = (runs.get(`${inst.key}|${commands[0].label}`) ?? []).slice(1);
    for (const cmd of commands) {
      if (cmd.solver === "highs" && !inst.highs) continue;
      const rs = (runs.get(`${inst.key}|${cmd.label}`) ?? []).slice(1);
      const ok = rs.filter((r) => r.exit === 0);
      const last = ok[ok.length - 1];
      const ratio = (f: (r: Run) => number) => {
        const m = median(rs.map((r, i) => f(dp[i]) / f(r)).filter(Number.isFinite));
        return Number.isNaN(m) ? "—" : m.toFixed(2);
      };
      const pairs = cmd === commands[0] ? "—" : `${ratio((r) => r.wallMs)}, ${ratio((r) => r.cpuMs)}${cmd.solver === "highs" ? "" : `, ${ratio((r) => r.solveMs ?? NaN)}`}`;
      const dpStats = last?.solver === "dp" ? `${last.states}, ${last.rounds}` : "—";
      const answer = last ? `${last.solver}, ${last.objective}${last.status === "optimal" ? "" : ` (${last.status})`}` : `exit ${rs[0]?.exit}`;
      lines.push(`| ${inst.key} | ${cmd.label} | ${ms(median(rs.map((r) => r.wallMs)))} | ${ms(median(rs.map((r) => r.cpuMs)))} | ${ms(median(ok.map((r) => r.solveMs!)))} | ${answer} | ${dpStats} | ${pairs} |`);
    }
  }
  return lines.join("\n") + "\n";
}

export const suite: BenchSuite = { name: "select-limit", cases, summary };
