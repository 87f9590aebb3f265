import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";

/** One benchmark case: `run` is timed; `setup` (untimed) builds its input. */
export interface BenchCase<I = unknown> {
  /** Row label, e.g. `dp 1000 slots × 4`. */
  name: string;
  /** Builds the (seeded) input once; not timed. */
  setup?: () => I | Promise<I>;
  /** The work timed; may return counters (states, tries...) shown in the table. */
  run: (input: I) => unknown | Promise<unknown>;
  /** Timed repetitions (default 11); the median is reported. 0: the first (cold) run is the only one (minute-long cases). */
  repeat?: number;
  /** Warm-up runs before timing (default: until 0.5 s or 30 runs, at least 2); the first is reported as the cold time. */
  warmup?: number;
  /** Releases what `setup` made (a browser, a temp folder); not timed. */
  teardown?: (input: I) => unknown | Promise<unknown>;
}

/** A named group of cases, one file under bench/ exports one. */
export interface BenchSuite {
  name: string;
  cases: BenchCase<any>[];
  /** A table over the measured rows (markdown), printed after them and kept in the results file. */
  summary?: (rows: BenchRow[]) => string;
}

/** A measured row. */
export interface BenchRow {
  suite: string;
  name: string;
  medianMs: number;
  minMs: number;
  maxMs: number;
  /** The first call in the process (before the JIT warms up). */
  coldMs: number;
  repeat: number;
  counters?: unknown;
}

/**
 * Runs a suite: warm-up, then `repeat` timed runs per case; prints a table to
 * stdout and returns the rows (the caller writes them to bench/results/).
 */
export async function runSuite(suite: BenchSuite): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const c of suite.cases) {
    const input = c.setup ? await c.setup() : undefined;
    const repeat = c.repeat ?? 11;
    let counters: unknown;
    const t0 = performance.now();
    counters = await c.run(input);
    const coldMs = performance.now() - t0;
    const warmStart = performance.now();
    for (let i = 1; repeat > 0 && (c.warmup !== undefined ? i < c.warmup : i < 2 || (i < 30 && performance.now() - warmStart < 500)); i++) counters = await c.run(input);
    const times: number[] = repeat === 0 ? [coldMs] : [];
    for (let i = 0; i < repeat; i++) {
      const t0 = performance.now();
      counters = await c.run(input);
      times.push(performance.now() - t0);
    }
    await c.teardown?.(input);
    times.sort((a, b) => a - b);
    const row: BenchRow = {
      suite: suite.name,
      name: c.name,
      medianMs: round(times[Math.floor(times.length / 2)]),
      minMs: round(times[0]),
      maxMs: round(times[times.length - 1]),
      coldMs: round(coldMs),
      repeat,
      counters: counters && typeof counters === "object" ? counters : undefined,
    };
    rows.push(row);
    process.stdout.write(formatRow(row) + "\n");
  }
  return rows;
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

function formatRow(r: BenchRow): string {
  const counters = r.counters ? "  " + JSON.stringify(r.counters) : "";
  return `${r.suite.padEnd(10)} ${r.name.padEnd(48)} median ${r.medianMs.toFixed(3).padStart(10)} ms  (min ${r.minMs.toFixed(3)}, max ${r.maxMs.toFixed(3)}, n=${r.repeat}; cold ${r.coldMs.toFixed(1)})${counters}`;
}

/** Writes rows (and the suite's summary table, if any) as JSON to bench/results/<suite>.json, with the load average at the end. */
export function writeResults(dir: string, suite: string, rows: BenchRow[], summary?: string): void {
  mkdirSync(dir, { recursive: true });
  const meta = { node: process.version, platform: `${process.platform}-${process.arch}`, date: new Date().toISOString(), loadAverage: loadavg().map((x) => Number(x.toFixed(2))) };
  writeFileSync(join(dir, `${suite}.json`), JSON.stringify({ ...meta, rows, ...(summary ? { summary: summary.trim().split("\n") } : {}) }, null, 2) + "\n");
}
