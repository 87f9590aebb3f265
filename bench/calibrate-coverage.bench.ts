// `npm run bench -- calibrate-coverage`: are calibrate's numbers honest (SPEC 11 "Honest numbers")?
// Many simulated play files from known parameters — level spread τ, survivorship (players who quit),
// planted outliers — on designs of 15 to 400 levels, one of them the shape of a real match-3 week
// (6,814 players, 15 levels, per player and level attempts and wins). Per design: coverage of the 95%
// intervals of a, b, σ, τ and their width against the sampling spread (mean reported width / (2·1.96·
// the standard deviation of the estimates over the files)); on random metrics (true b = 0) how often b
// is called significant and the metric "beats" the constant baseline; outliers found and false flags;
// how many fits converge. In-process (the library's `calibrate`), seeded, deterministic.
//
// CALIBRATE_COVERAGE=name,name  runs only those designs; CALIBRATE_COVERAGE_SEEDS=n (or name=n,name=n) caps the seeds
// per design; CALIBRATE_COVERAGE_LOG=dir appends each file's result to dir/<design>.jsonl and reuses the results
// a log already holds (a long sweep run in parts, or resumed); CALIBRATE_COVERAGE_ORDER=reverse runs the seeds from
// the last (a second process on the same log); CALIBRATE_COVERAGE_LOG_ONLY=1 sums up only the files the log holds.
// CALIBRATE_COVERAGE_SAVE=before  writes the rows to bench/results/calibrate-coverage-before.json instead
// (the figures of an earlier build, shown beside the current ones in the summary table); any other label
// writes calibrate-coverage-<label>.json (e.g. the alternatives: CALIBRATE_COVERAGE=levels-15-ml).
// `npx tsx bench/calibrate-coverage.bench.ts --table` writes the summary table again from the saved results;
// `--merge label,label` first gathers designs run as separate processes (CALIBRATE_COVERAGE_SAVE=label each).
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { calibrate, type CalibrateOptions } from "../src/calibrate/calibrate.ts";
import type { Calibration } from "../src/io/schemas/calibration.ts";
import { createRng, type Rng } from "../src/random/index.ts";
import { simulatePlays, type SimulationDesign, type SimulationTruth } from "../test/helpers/simulate-plays.ts";
import type { BenchRow, BenchSuite } from "./harness.ts";

const results = join(fileURLToPath(new URL(".", import.meta.url)), "results");

/** A simulated design: the truth, the metric (fixed, or drawn per file: a metric unrelated to difficulty), how much play. */
interface Design {
  name: string;
  what: string;
  truth: SimulationTruth;
  /** The metric per level; with `random`, drawn anew for every file (then the truth's b is 0). */
  metrics: number[];
  random?: boolean;
  play: Omit<SimulationDesign, "seed" | "metrics">;
  seeds: number;
  /** Run only when named (an alternative shown beside the design it varies, not part of the default table). */
  alternative?: boolean;
  /** calibrate's options (the alternative: τ by plain ML). */
  options?: CalibrateOptions;
  /** Measure the held-out comparison too (default true); off for the Rasch designs with a true slope, where it would double the cost and the question — does a random metric "beat" the constant? — is the random designs'. */
  heldOut?: boolean;
}

/** A player's patience: 1 + a geometric number of further tries (mean `mean`), so a few players try a level dozens of times. */
const patience = (mean: number) => (rng: Rng) => 1 + Math.floor(Math.log(1 - rng()) / Math.log(1 - 1 / mean));

/** A fixed, seeded metric of n levels that climbs with the level number (sd about n/4.5), with noise. */
function climbing(n: number, seed: string): number[] {
  const rng = createRng(seed);
  return Array.from({ length: n }, (_, i) => Math.round((1 + (14 * i) / (n - 1) + (rng() - 0.5) * 2) * 1e6) / 1e6);
}

/** Levels (0-based) of n, spread out, shifted ±shift alternately (+ harder). */
function planted(n: number, count: number, shift: number) {
  return Array.from({ length: count }, (_, k) => ({ level: Math.floor(((k + 0.5) * n) / count), shift: k % 2 ? -shift : shift }));
}

/** A trend in level number (difficulty + 0.15 logits per level, centred) beside a random metric. */
const trend = (n: number) => Array.from({ length: n }, (_, i) => (0.15 * (i - (n - 1) / 2) * 15) / n);

const DESIGNS: Design[] = [
  {
    name: "rasch-15",
    what: "Rasch, the match-3 week: 6,814 players, 15 levels, τ = 1.0, patience mean 6, churn 4%",
    truth: { model: "rasch", a: -1.5, b: 0.2, sigma: 1.2, tau: 1.0 },
    metrics: climbing(15, "coverage-metric-15"),
    play: { players: 6814, patience: patience(6), churn: 0.04 },
    seeds: 100,
    heldOut: false,
  },
  {
    name: "rasch-15-random",
    what: "the same with a random metric (true b = 0; difficulty climbs with the level number)",
    truth: { model: "rasch", a: -0.5, b: 0, sigma: 1.2, tau: 1.0, offsets: trend(15) },
    metrics: [],
    random: true,
    play: { players: 6814, patience: patience(6), churn: 0.04 },
    seeds: 100,
  },
  {
    name: "rasch-60",
    what: "Rasch, 2,000 players, 60 levels, τ = 0.5, two outliers ±2.5",
    truth: { model: "rasch", a: -2, b: 0.15, sigma: 1, tau: 0.5, outliers: planted(60, 2, 2.5) },
    metrics: climbing(60, "coverage-metric-60"),
    play: { players: 2000, patience: patience(5), churn: 0.02 },
    seeds: 60,
    heldOut: false,
  },
  {
    name: "rasch-400",
    what: "Rasch, 1,070 players, 400 levels, τ = 0.3, eight outliers ±2",
    truth: { model: "rasch", a: -4, b: 0.12, sigma: 1, tau: 0.3, outliers: planted(400, 8, 2) },
    metrics: Array.from({ length: 400 }, (_, i) => Math.round((1 + (39 * i) / 399) * 1e6) / 1e6),
    play: { players: 1070, patience: 5, churn: 0.01 },
    seeds: 20,
    heldOut: false,
  },
  {
    name: "levels-15",
    what: "per level, 15 levels of 200–5,000 attempts, τ = 0.6",
    truth: { model: "levels", a: 1.5, b: 0.2, tau: 0.6 },
    metrics: climbing(15, "coverage-metric-15"),
    play: { attempts: (l) => 200 + ((l * 1733) % 4800) },
    seeds: 300,
  },
  {
    name: "levels-15-random",
    what: "the same with a random metric (true b = 0)",
    truth: { model: "levels", a: 0, b: 0, tau: 0.6, offsets: trend(15) },
    metrics: [],
    random: true,
    play: { attempts: (l) => 200 + ((l * 1733) % 4800) },
    seeds: 300,
  },
  {
    name: "levels-15-ml",
    what: "levels-15 with τ by plain maximum likelihood instead of REML (the alternative)",
    truth: { model: "levels", a: 1.5, b: 0.2, tau: 0.6 },
    metrics: climbing(15, "coverage-metric-15"),
    play: { attempts: (l) => 200 + ((l * 1733) % 4800) },
    seeds: 300,
    alternative: true,
    options: { method: "ml" },
  },
  {
    name: "levels-400",
    what: "per level, 400 levels of 50–2,000 attempts, τ = 0.3, eight outliers ±2",
    truth: { model: "levels", a: 2, b: 0.1, tau: 0.3, outliers: planted(400, 8, 2) },
    metrics: Array.from({ length: 400 }, (_, i) => Math.round((1 + (39 * i) / 399) * 1e6) / 1e6),
    play: { attempts: (l) => 50 + ((l * 397) % 1950) },
    seeds: 100,
  },
];

type Estimate = { value: number; low: number; high: number };

/** What one file gave. */
interface FileResult {
  converged: boolean;
  a?: Estimate;
  b?: Estimate;
  sigma?: Estimate;
  tau?: Estimate | number;
  flagged: number[];
  better?: boolean;
  ms: number;
}

/** Calibrates one simulated file. */
function runFile(d: Design, s: number): FileResult {
  const seed = `coverage/${d.name}/${s}`;
  const rng = createRng(`${seed}/metric`);
  const metrics = d.random ? Array.from({ length: d.truth.offsets!.length }, () => Math.round(rng() * 20 * 1e6) / 1e6) : d.metrics;
  const plays = simulatePlays(d.truth, { seed, metrics, ...d.play });
  const t0 = performance.now();
  let cal: Calibration;
  try {
    cal = calibrate(plays, { ...d.options, heldOut: d.heldOut ?? true });
  } catch {
    return { converged: false, flagged: [], ms: performance.now() - t0 };
  }
  const ms = performance.now() - t0;
  const params = cal.params as Calibration["params"] & { tau?: Estimate };
  const fit = cal.fit as (Calibration["fit"] & { gain?: Estimate }) | null;
  const better = fit ? (fit.gain ? fit.gain.low > 0 : fit.logLoss < fit.baselineLogLoss) : undefined;
  return { converged: true, a: params.a, b: params.b, sigma: params.sigma, tau: params.tau ?? cal.levelSpread, flagged: cal.outliers.map((o) => o.level - 1), better, ms };
}

/** Coverage, width ratio, mean and sd of one parameter over the converged files. */
function summarise(files: FileResult[], pick: (f: FileResult) => Estimate | number | undefined, truth: number) {
  const values: number[] = [];
  const widths: number[] = [];
  let covered = 0;
  let intervals = 0;
  for (const f of files) {
    const e = pick(f);
    if (e === undefined) continue;
    const v = typeof e === "number" ? e : e.value;
    values.push(v);
    if (typeof e !== "number") {
      intervals++;
      widths.push(e.high - e.low);
      if (e.low <= truth && truth <= e.high) covered++;
    }
  }
  if (values.length === 0) return undefined;
  const mean = values.reduce((x, y) => x + y, 0) / values.length;
  const sd = Math.sqrt(values.reduce((x, y) => x + (y - mean) ** 2, 0) / Math.max(1, values.length - 1));
  const meanWidth = widths.length ? widths.reduce((x, y) => x + y, 0) / widths.length : NaN;
  const r = (x: number, d = 4) => (Number.isFinite(x) ? Math.round(x * 10 ** d) / 10 ** d : null);
  return { truth, mean: r(mean), sd: r(sd), coverage: intervals ? r(covered / intervals, 3) : null, widthRatio: intervals && sd > 0 ? r(meanWidth / (2 * 1.959964 * sd), 3) : null };
}

/**
 * The level spread the fit should find: τ, and beside a random metric also the fixed trend the metric cannot
 * explain (the offsets' sample variance — a regression on an unrelated metric leaves it, on average, whole).
 */
function spreadTruth(truth: SimulationTruth): number {
  const o = truth.offsets ?? [];
  const mean = o.reduce((x, y) => x + y, 0) / Math.max(1, o.length);
  const variance = o.length > 1 ? o.reduce((x, y) => x + (y - mean) ** 2, 0) / (o.length - 1) : 0;
  return Math.round(Math.sqrt((truth.tau ?? 0) ** 2 + variance) * 1e4) / 1e4;
}

/** CALIBRATE_COVERAGE_SEEDS: a cap on every design's seeds ("40"), or per design ("rasch-15=40,rasch-400=8"). */
function seedCap(design: string): number {
  const spec = process.env.CALIBRATE_COVERAGE_SEEDS;
  if (!spec) return Infinity;
  if (!spec.includes("=")) return Number(spec);
  const hit = spec.split(",").map((x) => x.split("=")).find(([name]) => name === design);
  return hit ? Number(hit[1]) : Infinity;
}

/** Runs a design's files (or reads those a log already holds) and sums them up. */
function runDesign(d: Design) {
  const seeds = Math.min(d.seeds, seedCap(d.name));
  const log = process.env.CALIBRATE_COVERAGE_LOG ? join(process.env.CALIBRATE_COVERAGE_LOG, `${d.name}.jsonl`) : undefined;
  const logged = new Map<number, FileResult>();
  if (log && existsSync(log)) for (const line of readFileSync(log, "utf8").split("\n").filter(Boolean)) { const f = JSON.parse(line) as FileResult & { seed: number }; logged.set(f.seed, f); }
  const files: FileResult[] = [];
  const reverse = process.env.CALIBRATE_COVERAGE_ORDER === "reverse";
  for (let i = 0; i < seeds; i++) {
    const s = reverse ? seeds - 1 - i : i;
    if (logged.has(s)) files.push(logged.get(s)!);
    else if (log && process.env.CALIBRATE_COVERAGE_LOG_ONLY) continue;
    else {
      const f = runFile(d, s);
      if (log) appendFileSync(log, JSON.stringify({ seed: s, ...f }) + "\n");
      files.push(f);
    }
  }
  const ok = files.filter((f) => f.converged);
  const plantedLevels = new Set((d.truth.outliers ?? []).map((o) => o.level));
  const found = ok.reduce((n, f) => n + f.flagged.filter((l) => plantedLevels.has(l)).length, 0);
  const falseFlags = ok.reduce((n, f) => n + f.flagged.filter((l) => !plantedLevels.has(l)).length, 0);
  const withFalse = ok.filter((f) => f.flagged.some((l) => !plantedLevels.has(l))).length;
  const significant = ok.filter((f) => f.b && (f.b.low > 0 || f.b.high < 0)).length;
  const better = ok.filter((f) => f.better).length;
  const ms = ok.map((f) => f.ms).sort((x, y) => x - y);
  const rate = (k: number) => (ok.length ? Math.round((1000 * k) / ok.length) / 1000 : null);
  return {
    design: d.name,
    files: files.length,
    converged: Math.round((1000 * ok.length) / files.length) / 1000,
    a: d.random ? undefined : summarise(ok, (f) => f.a, d.truth.a),
    b: summarise(ok, (f) => f.b, d.truth.b),
    sigma: d.truth.model === "rasch" ? summarise(ok, (f) => f.sigma, d.truth.sigma ?? 1) : undefined,
    tau: summarise(ok, (f) => f.tau, spreadTruth(d.truth)),
    bSignificant: rate(significant),
    beatsBaseline: d.heldOut === false ? undefined : rate(better),
    plantedFound: plantedLevels.size ? rate(found / plantedLevels.size) : undefined,
    falseFlagsPerFile: rate(falseFlags),
    filesWithFalseFlags: rate(withFalse),
    medianFitMs: ms.length ? Math.round(ms[Math.floor(ms.length / 2)]) : null,
  };
}

type Summary = ReturnType<typeof runDesign>;

/** The summary table: each design's figures, the earlier build's beside them when saved. */
function table(rows: BenchRow[]): string {
  const before = existsSync(join(results, "calibrate-coverage-before.json")) ? (JSON.parse(readFileSync(join(results, "calibrate-coverage-before.json"), "utf8")) as { rows: BenchRow[] }).rows : [];
  const old = new Map(before.map((r) => [(r.counters as Summary).design, r.counters as Summary]));
  const cell = (x: unknown) => (x === null || x === undefined ? "—" : String(x));
  const pair = (b: unknown, a: unknown) => `${cell(b)} → ${cell(a)}`;
  const lines = [
    "| design | files | converged | a cover / width | b cover / width | σ cover / width | τ cover / width | b significant | beats baseline | planted found | false flags / file |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const r of rows) {
    const c = r.counters as Summary;
    const o = old.get(c.design);
    const cw = (s?: { coverage: number | null; widthRatio: number | null }) => (s ? `${cell(s.coverage)} / ${cell(s.widthRatio)}` : "—");
    const both = (f: (x: Summary) => string) => (o ? pair(f(o), f(c)) : f(c));
    lines.push(
      `| ${c.design} | ${o && o.files !== c.files ? `${o.files} → ${c.files}` : c.files} | ${both((x) => cell(x.converged))} | ${both((x) => cw(x.a))} | ${both((x) => cw(x.b))} | ${both((x) => cw(x.sigma))} | ${both((x) => cw(x.tau))} | ${both((x) => cell(x.bSignificant))} | ${both((x) => cell(x.beatsBaseline))} | ${both((x) => cell(x.plantedFound))} | ${both((x) => cell(x.falseFlagsPerFile))} |`,
    );
  }
  return (old.size ? "before → after; " : "") + "coverage of the 95% interval / width ratio (mean width ÷ 2·1.96·sd of the estimates)\n\n" + lines.join("\n") + "\n";
}

const wanted = process.env.CALIBRATE_COVERAGE?.split(",");
const chosen = DESIGNS.filter((d) => (wanted ? wanted.includes(d.name) : !d.alternative));

export const suite: BenchSuite = {
  name: process.env.CALIBRATE_COVERAGE_SAVE ? `calibrate-coverage-${process.env.CALIBRATE_COVERAGE_SAVE}` : "calibrate-coverage",
  cases: chosen.map((d) => ({ name: `${d.name}: ${d.what}`, run: () => runDesign(d), repeat: 0 })),
  summary: process.env.CALIBRATE_COVERAGE_SAVE ? undefined : table,
};

// Run directly: a design's figures as JSON on stdout (`npx tsx bench/calibrate-coverage.bench.ts rasch-15`),
// or `--table`: the summary of the saved results written again (after the earlier build's figures are saved).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // --merge label,label: the designs run as separate processes (CALIBRATE_COVERAGE_SAVE=label each) gathered
  // into calibrate-coverage.json in the designs' order, each part's date and load average kept beside its rows.
  const merge = process.argv.indexOf("--merge");
  if (merge > 0) {
    type Saved = { node: string; platform: string; date: string; loadAverage: number[]; rows: BenchRow[] };
    const parts = process.argv[merge + 1].split(",").map((label) => ({ label, ...(JSON.parse(readFileSync(join(results, `calibrate-coverage-${label}.json`), "utf8")) as Saved) }));
    const order = (r: BenchRow) => DESIGNS.findIndex((d) => d.name === (r.counters as Summary).design);
    // A design in several parts: the last part named holds it.
    const byDesign = new Map(parts.flatMap((p) => p.rows).map((r) => [(r.counters as Summary).design, r]));
    const rows = [...byDesign.values()].sort((x, y) => order(x) - order(y));
    const last = parts.reduce((x, y) => (x.date > y.date ? x : y));
    const merged = { node: last.node, platform: last.platform, date: last.date, parts: parts.map((p) => ({ designs: p.rows.map((r) => (r.counters as Summary).design).filter((d) => byDesign.get(d)?.suite === p.rows.find((r) => (r.counters as Summary).design === d)?.suite), date: p.date, loadAverage: p.loadAverage })), rows };
    writeFileSync(join(results, "calibrate-coverage.json"), JSON.stringify(merged, null, 2) + "\n");
  }
  if (process.argv.includes("--table") || merge > 0) {
    const file = join(results, "calibrate-coverage.json");
    const saved = JSON.parse(readFileSync(file, "utf8")) as { rows: BenchRow[]; summary?: string[] };
    const summary = table(saved.rows);
    writeFileSync(file, JSON.stringify({ ...saved, summary: summary.trim().split("\n") }, null, 2) + "\n");
    process.stdout.write(summary);
  }
  for (const d of DESIGNS.filter((x) => process.argv.slice(2).includes(x.name))) writeFileSync(1, JSON.stringify(runDesign(d)) + "\n");
}
