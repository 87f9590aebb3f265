// `levelramp select` as the cold one-shot process a designer types, side by side with
// the same work in this warmed-up process and with the independent baselines a designer could use
// instead, all in one run: a plain dynamic-programming script in Python (bench/baselines/plain-dp.py,
// standard library only) and CBC (Debian `coinor-cbc`) on levelramp's own MILP of the instance.
//
// Cold rows: `node bin/levelramp.js select ... --out FILE --force` (the compiled package, as npx
// runs it), whole wall from spawn to exit, median of runs after one untimed run (files in the page
// cache); peak memory (maxRSS) from GNU time (`/usr/bin/time`, Debian `time`) when it is there;
// whether the command ran from the code cache the build wrote (`codeCache`: used, or why not).
// In-process rows: read, build, solve and levels file in this process, warmed up, median.
// Instances: the sudoku banks of fixtures/sudoku (100 of 1,000 and 400 of 3,000, the walkthrough's
// model), 400 of a 20,000-sudoku QQwing bank (made on first use by fixtures/sudoku/make-sudoku-bank.sh
// into out/bench/; needs qqwing and faketime, else its rows are left out) with two nonDecreasing
// keys, maxRise and L2; the same 400 of 20,000 with the scores halved (rounded half to even: 235
// values, many candidates each — the shape of a game's coarse ratings, where the plain Python dp is
// quick) under the walkthrough's model on the score alone (L1); and 1,000 of the seeded
// 100,000-candidate integer bank with maxRise.
// The 20,000 bank made with qqwing 1.3.4 and glibc on Debian 12: sudoku-20000.csv sha256
// 5622a107cc559fbb62a02873d7a8405bb1da457acaf3a40ce218ef7f82134fd6 (its first 3,000 puzzles are
// the committed bank's).
//
//   npm run bench -- select-cold                  # everything (about 10 minutes on 2 cores)
//   SELECT_COLD_ONLY=sudoku-1000 npm run bench -- select-cold
//   SELECT_COLD_PROFILE=out/profiles npm run bench -- select-cold   # + one node --cpu-prof run per instance
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { readJsonFile } from "../src/io/read-json-file.ts";
import { readPool } from "../src/io/read-pool.ts";
import { modelSchema } from "../src/io/schemas/model.ts";
import { planSchema } from "../src/io/schemas/plan.ts";
import { rampSchema } from "../src/io/schemas/ramp.ts";
import { folderHash } from "../src/pipeline/reuse/generator-fingerprint.ts";
import { buildProblem } from "../src/select/problem/build-problem.ts";
import { compileMilp } from "../src/select/milp/compile-milp.ts";
import { toLevelsFile } from "../src/select/problem/levels-file.ts";
import { solveSelection } from "../src/select/solve/solve-selection.ts";
import { SolverLimitError } from "../src/select/problem/solver-limits.ts";
import { writeLp } from "./baselines/write-lp.ts";
import type { BenchCase, BenchRow, BenchSuite } from "./harness.ts";
import { writeIntegerBank } from "./integer-bank-files.ts";

const root = fileURLToPath(new URL("../", import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), "levelramp-cold-"));
/** CBC's time limit per instance (seconds). */
const CBC_SECONDS = 60;
const gnuTime = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;

interface Files {
  pool: string;
  model: string;
  plan: string;
  ramp: string;
}

interface Instance {
  key: string;
  label: string;
  /** Makes (or finds) the files; undefined when a tool it needs is missing (its rows are left out, with a note). */
  files: () => Files | undefined;
  /** Timed runs of the cold CLI and of the Python script. */
  runs: number;
  pythonRuns: number;
  cbc: boolean;
}

const sudoku = (candidates: number, levels: number, model = "model.json") => (): Files => ({
  pool: `fixtures/sudoku/sudoku-${candidates}.csv`,
  model: `fixtures/sudoku/${model}`,
  plan: `fixtures/sudoku/plan-${levels}.json`,
  ramp: `fixtures/sudoku/ramp-${levels}.json`,
});

/** The 20,000-sudoku QQwing bank, made once into out/bench/sudoku-20000/ (about 7 minutes). */
function sudoku20000(): Files | undefined {
  const dir = join(root, "out/bench/sudoku-20000");
  const pool = join(dir, "sudoku-20000.csv");
  if (!existsSync(pool)) {
    process.stdout.write("select-cold: making the 20,000-sudoku bank with QQwing (fixtures/sudoku/make-sudoku-bank.sh 20000 out/bench/sudoku-20000) ...\n");
    const r = spawnSync(join(root, "fixtures/sudoku/make-sudoku-bank.sh"), ["20000", dir], { encoding: "utf8" });
    if (r.status !== 0) {
      process.stdout.write(`select-cold: no 20,000-sudoku bank, its rows are left out: ${(r.stderr || String(r.error)).trim()}\n`);
      return undefined;
    }
  }
  return { ...sudoku(20000, 400, "model-rise-l2.json")(), pool: relativeToRoot(pool) };
}

/**
 * The 20,000 bank with each score halved, rounded half to even (235 values), and the walkthrough's
 * model without its tier rule (the score alone), in this run's temporary folder.
 */
function halved20000(): Files | undefined {
  const bank = sudoku20000();
  if (!bank) return undefined;
  const lines = readFileSync(join(root, bank.pool), "utf8").trimEnd().split("\n");
  const score = lines[0].split(",").indexOf("score");
  const half = (v: number) => (v % 2 === 1 && (v - 1) / 2 % 2 === 0 ? (v - 1) / 2 : Math.round(v / 2));
  const rows = lines.slice(1).map((line) => line.split(",").map((x, i) => (i === score ? String(half(Number(x))) : x)).join(","));
  const pool = join(tmp, "sudoku-20000-halved.csv");
  writeFileSync(pool, [lines[0], ...rows].join("\n") + "\n");
  const model = JSON.parse(readFileSync(join(root, "fixtures/sudoku/model.json"), "utf8")) as { constraints: Array<{ key?: string }> };
  model.constraints = model.constraints.filter((c) => c.key !== "tier");
  const modelFile = join(tmp, "model-score-alone.json");
  writeFileSync(modelFile, JSON.stringify(model, null, 2) + "\n");
  return { ...sudoku(20000, 400)(), pool, model: modelFile };
}

const instances: Instance[] = [
  { key: "sudoku-1000", label: "sudoku 100 of 1,000 (real, QQwing; walkthrough model, L1)", files: sudoku(1000, 100), runs: 11, pythonRuns: 5, cbc: true },
  { key: "sudoku-3000", label: "sudoku 400 of 3,000 (real, QQwing; walkthrough model, L1)", files: sudoku(3000, 400), runs: 11, pythonRuns: 3, cbc: true },
  { key: "sudoku-20000", label: "sudoku 400 of 20,000 (real, QQwing; score and tier nonDecreasing, maxRise 10, maxRun 3, L2)", files: sudoku20000, runs: 7, pythonRuns: 3, cbc: true },
  { key: "sudoku-20000-halved", label: "sudoku 400 of 20,000, scores halved (235 values; score nonDecreasing, maxRun 3, L1)", files: halved20000, runs: 7, pythonRuns: 3, cbc: false },
  {
    key: "integer-100000",
    label: "1,000 of 100,000 (seeded integers; difficulty nonDecreasing, maxRise 5, depth maxDrop 1, maxRun 3, L1)",
    files: () => mapFiles(writeIntegerBank(join(tmp, "integer-100000"), 5)),
    runs: 5,
    pythonRuns: 1,
    cbc: false, // levelramp's MILP of it is past the size bound (refused before it is built): nothing to hand CBC
  },
];

const only = process.env.SELECT_COLD_ONLY?.split(",");
const profileDir = process.env.SELECT_COLD_PROFILE ? resolve(process.env.SELECT_COLD_PROFILE) : undefined;

function relativeToRoot(path: string): string {
  return path.startsWith(root) ? path.slice(root.length) : path;
}

function mapFiles(f: Files): Files {
  return { pool: relativeToRoot(f.pool), model: relativeToRoot(f.model), plan: relativeToRoot(f.plan), ramp: relativeToRoot(f.ramp) };
}

/** Builds the package when dist/ is missing or compiled from other sources (the cold rows run dist/). */
function ensureBuilt(): void {
  const recorded = join(root, "dist/source-hash.txt");
  if (existsSync(recorded) && readFileSync(recorded, "utf8").trim() === folderHash("src", root)) return;
  process.stdout.write("select-cold: dist/ is missing or stale: npm run build ...\n");
  const r = spawnSync("npm", ["run", "-s", "build"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) throw new Error("select-cold: npm run build failed");
}

/** Whether the command runs from the V8 code cache the build wrote (`used`), or compiles as it runs (LEVELRAMP_DEBUG=1 says). */
function codeCacheState(): string {
  const r = spawnSync(process.execPath, ["bin/levelramp.js", "--version"], { cwd: root, encoding: "utf8", env: { ...process.env, LEVELRAMP_DEBUG: "1" } });
  return /code cache \S+: (.*)/.exec(r.stderr)?.[1]?.trim() ?? "none";
}

let codeCache = "not checked";

/**
 * Runs a command as its own process from the repository root; returns its stdout and, with GNU time,
 * its peak memory and CPU (user + sys, ms; the processes it waited for included).
 */
function run(cmd: string, args: string[], timeoutMs = 600_000): { status: number | null; stdout: string; stderr: string; maxRssMB?: number; cpuMs?: number } {
  const rss = join(tmp, "rss.txt");
  const [file, argv] = gnuTime ? [gnuTime, ["-f", "%M %U %S", "-o", rss, cmd, ...args]] : [cmd, args];
  const r = spawnSync(file, argv, { cwd: root, encoding: "utf8", maxBuffer: 64 << 20, timeout: timeoutMs });
  const [kb, user, sys] = gnuTime && existsSync(rss) ? readFileSync(rss, "utf8").trim().split("\n").pop()!.split(" ").map(Number) : [];
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, maxRssMB: kb === undefined ? undefined : Math.round(kb / 1024), cpuMs: user === undefined ? undefined : Math.round((user + sys) * 1000) };
}

/** Per case, the CPU of every run; a run's counters carry the median of those after the untimed first. */
const cpuRuns = new Map<string, number[]>();
function cpuMedian(name: string, cpuMs: number | undefined): number | undefined {
  if (cpuMs === undefined) return undefined;
  const list = cpuRuns.get(name) ?? [];
  list.push(cpuMs);
  cpuRuns.set(name, list);
  const timed = (list.length > 1 ? list.slice(1) : list).sort((a, b) => a - b);
  return timed[Math.floor(timed.length / 2)];
}

function selectArgs(f: Files, out: string): string[] {
  return ["bin/levelramp.js", "select", "--pools", f.pool, "--model", f.model, "--plan", f.plan, "--ramp", f.ramp, "--out", out, "--force"];
}

/** Answers per instance and row, for the summary. */
const answers = new Map<string, Map<string, { objective?: number; ids?: string[]; note?: string }>>();
const answer = (key: string, row: string, a: { objective?: number; ids?: string[]; note?: string }) => {
  if (!answers.has(key)) answers.set(key, new Map());
  answers.get(key)!.set(row, a);
};

const cases: BenchCase<any>[] = [];
const made = new Map<string, Files | undefined>();
const filesOf = (inst: Instance) => {
  if (!made.has(inst.key)) made.set(inst.key, inst.files());
  return made.get(inst.key);
};

for (const inst of instances.filter((i) => !only || only.includes(i.key))) {
  const label = inst.label;
  // 1. The cold CLI, as a designer runs it.
  cases.push({
    name: `cold CLI: ${label}`,
    setup: () => {
      ensureBuilt();
      codeCache = codeCacheState();
      return filesOf(inst);
    },
    warmup: 1,
    repeat: inst.runs,
    run: (f: Files | undefined) => {
      if (!f) return { skipped: "no pool" };
      const out = join(tmp, `${inst.key}.json`);
      const r = run(process.execPath, selectArgs(f, out));
      if (r.status !== 0) throw new Error(`select-cold: levelramp select exited ${r.status}: ${r.stderr}`);
      const file = JSON.parse(readFileSync(out, "utf8")) as { objective: number; levels: Array<{ id: string }> };
      answer(inst.key, "cold CLI", { objective: file.objective, ids: file.levels.map((l) => l.id) });
      // The summary line without this run's temporary folder; whether Node read extra CA certificates at start (50-90 ms of every process here).
      const line = r.stderr.split("\n")[0].split(tmp).join("<tmp>");
      return { objective: file.objective, maxRssMB: r.maxRssMB, cpuMedianMs: cpuMedian(`cold ${inst.key}`, r.cpuMs), line, extraCaCerts: process.env.NODE_EXTRA_CA_CERTS ? "set" : "unset", codeCache };
    },
  });
  // 2. The same work inside this (warm) process: read, build, solve, levels file.
  cases.push({
    name: `in-process: ${label}`,
    setup: () => filesOf(inst),
    repeat: inst.key === "integer-100000" ? 3 : 11,
    warmup: inst.key === "integer-100000" ? 1 : undefined,
    run: async (f: Files | undefined) => {
      if (!f) return { skipped: "no pool" };
      const t0 = performance.now();
      const pool = readPool(f.pool);
      const model = readJsonFile(modelSchema, f.model);
      const plan = readJsonFile(planSchema, f.plan);
      const ramp = readJsonFile(rampSchema, f.ramp);
      const t1 = performance.now();
      const built = buildProblem({ pool, poolFile: f.pool, plan, planFile: f.plan, model, modelFile: f.model, ramp, rampFile: f.ramp });
      const t2 = performance.now();
      const selection = await solveSelection(built.problem, { solver: "auto" });
      const t3 = performance.now();
      const text = JSON.stringify(toLevelsFile({ built, selection, pool, model, ramp }), null, 2);
      const t4 = performance.now();
      answer(inst.key, "in-process", { objective: Number(selection.objective.toFixed(6)) });
      const ms = (x: number) => Math.round(x * 10) / 10;
      return { readMs: ms(t1 - t0), buildMs: ms(t2 - t1), solveMs: ms(t3 - t2), writeMs: ms(t4 - t3), bytes: text.length, states: selection.stats.states, classes: selection.stats.classes };
    },
  });
  // 3. The plain DP script a designer would write (Python, no libraries), on the same files.
  cases.push({
    name: `plain DP (Python): ${label}`,
    setup: () => filesOf(inst),
    warmup: 1,
    repeat: inst.pythonRuns,
    run: (f: Files | undefined) => {
      if (!f) return { skipped: "no pool" };
      const r = run("python3", ["bench/baselines/plain-dp.py", f.pool, f.model, f.plan, f.ramp]);
      if (r.status !== 0) throw new Error(`select-cold: plain-dp.py exited ${r.status}: ${r.stderr}`);
      const a = JSON.parse(r.stdout) as { objective: number; ids: string[] };
      answer(inst.key, "plain DP (Python)", a);
      return { objective: a.objective, maxRssMB: r.maxRssMB, cpuMedianMs: cpuMedian(`python ${inst.key}`, r.cpuMs) };
    },
  });
  // 4. CBC on levelramp's MILP of the instance (written as an LP file, untimed), one run under a time limit.
  if (inst.cbc) {
    cases.push({
      name: `CBC (MILP, ${CBC_SECONDS} s limit): ${label}`,
      setup: async () => {
        const f = filesOf(inst);
        if (!f) return undefined;
        const pool = readPool(f.pool);
        const built = buildProblem({ pool, poolFile: f.pool, plan: readJsonFile(planSchema, f.plan), planFile: f.plan, model: readJsonFile(modelSchema, f.model), modelFile: f.model, ramp: readJsonFile(rampSchema, f.ramp), rampFile: f.ramp });
        try {
          const lp = join(tmp, `${inst.key}.lp`);
          writeLp(compileMilp(built.problem), lp);
          return lp;
        } catch (err) {
          if (err instanceof SolverLimitError) return { refused: err.message };
          throw err;
        }
      },
      repeat: 0,
      run: (lp: string | { refused: string } | undefined) => {
        if (lp === undefined) return { skipped: "no pool" };
        if (typeof lp !== "string") return { answer: "refused: MILP too large" };
        if (spawnSync("cbc", ["-quit"]).error) return { answer: "no cbc (apt-get install coinor-cbc)" };
        const r = run("cbc", [lp, "timeMode", "elapsed", "sec", String(CBC_SECONDS), "solve", "quit"], (CBC_SECONDS + 60) * 1000);
        const objective = Number(r.stdout.match(/Objective value:\s+(\S+)/)?.[1]);
        const status = r.stdout.match(/Result - (.*)/)?.[1]?.trim() ?? `exit ${r.status}`;
        const a = Number.isFinite(objective) ? { objective: Number((objective / 1e6).toFixed(6)), note: status } : { note: status };
        answer(inst.key, "CBC", a);
        return { ...a, maxRssMB: r.maxRssMB };
      },
    });
  }
  // 5. One profiled cold run (node --cpu-prof), when asked.
  if (profileDir) {
    cases.push({
      name: `profile (node --cpu-prof): ${label}`,
      setup: () => filesOf(inst),
      repeat: 0,
      run: (f: Files | undefined) => {
        if (!f) return { skipped: "no pool" };
        mkdirSync(profileDir, { recursive: true });
        const name = `select-${inst.key}.cpuprofile`;
        const r = run(process.execPath, ["--cpu-prof", "--cpu-prof-dir", profileDir, "--cpu-prof-name", name, ...selectArgs(f, join(tmp, "profiled.json"))]);
        return { status: r.status, profile: join(profileDir, name) };
      },
    });
  }
}

/** The side-by-side table: per instance, each row's median wall and peak memory, and whether the answers agree. */
function summary(rows: BenchRow[]): string {
  const lines = [
    "",
    `${new Date().toISOString().slice(0, 10)}, ${cpus().length}-core ${cpus()[0]?.model.trim() ?? "machine"}, Node ${process.version}, load average ${loadavg().map((x) => x.toFixed(1)).join(" / ")} at the end; medians (wall; CPU = user + sys from GNU time) of the runs after one untimed`,
    "",
    "| instance | levelramp cold CLI | in-process (read + build + solve + write) | plain DP (Python) | levelramp ÷ Python (wall, CPU) | CBC | same objective |",
    "| --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const inst of instances.filter((i) => !only || only.includes(i.key))) {
    const row = (prefix: string) => rows.find((r) => r.name.startsWith(prefix) && r.name.endsWith(inst.label));
    const cell = (r: BenchRow | undefined) => {
      if (!r) return "—";
      const c = (r.counters ?? {}) as { maxRssMB?: number; cpuMedianMs?: number; answer?: string; skipped?: string; note?: string };
      if (c.skipped) return c.skipped;
      if (c.answer) return c.answer;
      const wall = r.medianMs >= 1000 ? `${(r.medianMs / 1000).toFixed(2)} s` : `${r.medianMs.toFixed(0)} ms`;
      const cpu = c.cpuMedianMs === undefined ? "" : ` (CPU ${c.cpuMedianMs >= 1000 ? `${(c.cpuMedianMs / 1000).toFixed(2)} s` : `${c.cpuMedianMs} ms`})`;
      return `${wall}${cpu}${c.maxRssMB ? `, ${c.maxRssMB} MB` : ""}${c.note ? ` (${c.note})` : ""}`;
    };
    const a = answers.get(inst.key);
    const objectives = a ? [...a.values()].map((x) => x.objective).filter((x): x is number => x !== undefined) : [];
    const same = objectives.length > 1 && objectives.every((x) => Math.abs(x - objectives[0]) <= 1e-6 * Math.max(1, Math.abs(x))) ? `yes (${objectives[0]})` : objectives.join(" / ") || "—";
    const py = a?.get("plain DP (Python)")?.ids;
    const ids = py && a?.get("cold CLI")?.ids ? (JSON.stringify(py) === JSON.stringify(a.get("cold CLI")!.ids) ? ", same ids" : ", other ids") : "";
    const [cli, python] = [row("cold CLI"), row("plain DP")];
    const cpuOf = (r: BenchRow | undefined) => (r?.counters as { cpuMedianMs?: number } | undefined)?.cpuMedianMs;
    const ratio = cli && python && cpuOf(cli) && cpuOf(python) ? `${(cli.medianMs / python.medianMs).toFixed(2)}, ${(cpuOf(cli)! / cpuOf(python)!).toFixed(2)}` : "—";
    lines.push(`| ${inst.label} | ${cell(cli)} | ${cell(row("in-process"))} | ${cell(python)} | ${ratio} | ${cell(row("CBC"))} | ${same}${ids} |`);
  }
  rmSync(tmp, { recursive: true, force: true });
  return lines.join("\n") + "\n";
}

export const suite: BenchSuite = { name: "select-cold", cases, summary };
