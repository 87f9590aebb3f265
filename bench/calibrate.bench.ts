// `npm run bench -- calibrate`: levelramp calibrate as a user meets it (a cold CLI process of the
// compiled package: run `npm run build` first). The coverage sweeps are bench/calibrate-coverage.bench.ts.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { playsCsv, simulatePlays } from "../test/helpers/simulate-plays.ts";
import type { BenchSuite } from "./harness.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const bin = join(root, "bin", "levelramp.js");

/** A generic levels file of n levels whose metric climbs from 1 to 40 (what calibrate reads: numbers, ids, metrics). */
function levelsFile(n: number) {
  const metric = (i: number) => Math.round((1 + (39 * i) / (n - 1)) * 1e6) / 1e6;
  const ramp = { format: "levelramp/ramp@1", metric: "difficulty", points: [[1, 1], [n, 40]], interpolation: "linear" };
  const model = { format: "levelramp/model@1", metric: "difficulty", eligibility: "part", constraints: [{ type: "nonDecreasing", key: "difficulty" }], objective: { norm: "L1", evenness: 0 } };
  const levels = Array.from({ length: n }, (_, i) => ({ number: i + 1, chapter: 1 + Math.floor(i / 20), part: 1, id: `bench-${i + 1}`, metrics: { difficulty: metric(i) }, target: metric(i), deviation: 0 }));
  return { file: { format: "levelramp/levels@1", game: "generic", seed: "bench", model, ramp, objective: 0, status: "optimal", optimal: true, levels }, metrics: levels.map((l) => l.metrics.difficulty) };
}

/** Writes a levels file and a plays CSV of about `rows` per-player rows (survivorship: strong players reach late levels). */
function setupPlays(levels: number, players: number) {
  const dir = mkdtempSync(join(tmpdir(), "levelramp-bench-calibrate-"));
  const { file, metrics } = levelsFile(levels);
  writeFileSync(join(dir, "levels.json"), JSON.stringify(file));
  const plays = simulatePlays(
    { model: "rasch", a: -4, b: 0.12, sigma: 1, tau: 0.2, outliers: [{ level: 20, shift: 1.5 }, { level: 90, shift: -1.5 }] },
    { seed: "bench-calibrate", metrics, players, patience: 5, churn: 0.01 },
  );
  writeFileSync(join(dir, "plays.csv"), playsCsv(plays));
  return { dir, rows: plays.rows.length };
}

/** GNU time, when the machine has it: the CPU seconds and peak memory of each CLI run besides the wall the harness times. */
const TIME = "/usr/bin/time";
/** Per CLI run, in order (the cold run first): wall and CPU seconds, peak MB, and the 1-minute load average when it started. */
const runs: Array<{ wallS: number; userS: number; sysS: number; peakMB: number; load: number }> = [];

/** Runs the compiled CLI once, as a user would (a new Node process). */
function cli(dir: string) {
  if (!existsSync(join(root, "dist", "calibrate", "calibrate.js"))) throw new Error("bench/calibrate: run `npm run build` first (the bench times the compiled CLI)");
  const args = [bin, "calibrate", join(dir, "plays.csv"), "--levels", join(dir, "levels.json"), "--json"];
  const timed = existsSync(TIME);
  const load = loadavg()[0];
  const out = timed
    ? execFileSync(TIME, ["-f", "%e %U %S %M", "-o", join(dir, "time.txt"), process.execPath, ...args], { encoding: "utf8", maxBuffer: 1 << 26 })
    : execFileSync(process.execPath, args, { encoding: "utf8", maxBuffer: 1 << 26 });
  if (timed) {
    const [wallS, userS, sysS, kb] = readFileSync(join(dir, "time.txt"), "utf8").trim().split("\n").pop()!.split(" ").map(Number);
    runs.push({ wallS, userS, sysS, peakMB: Math.round(kb / 1024), load: Number(load.toFixed(2)) });
  }
  const cal = JSON.parse(out) as { params: { b: { value: number; low: number; high: number } }; outliers: unknown[] };
  const cpu = runs.map((r) => r.userS + r.sysS).sort((x, y) => x - y);
  return { b: cal.params.b, outliers: cal.outliers.length, ...(runs.length ? { medianCpuS: Number(cpu[Math.floor(cpu.length / 2)].toFixed(2)), runs } : {}) };
}

const cliCase = { name: "cli calibrate: ~100,000 per-player rows, 400 levels (cold process)", setup: () => setupPlays(400, 1070), run: ({ dir, rows }: { dir: string; rows: number }) => ({ rows, ...cli(dir) }), repeat: 3, warmup: 1 };

export const suite: BenchSuite = { name: "calibrate", cases: [cliCase] };
