import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { COMMANDS } from "../../src/cli/main.ts";
import { formatJsonSchema } from "../../src/io/schemas/format-schemas.ts";
import { fixture, runCli, type CliRun } from "../helpers/run-cli.ts";
import { tempFolder } from "../helpers/temp-dir.ts";

// The one rule of every command (docs/cli.md "Where output goes", src/cli/cli-io.ts): the result — a table,
// JSON, CSV, a measure, a diff, a verdict — on stdout, and only it; messages about the run —
// progress, notes, what was written where, timings, errors — on stderr, and never the result.
// Every command of the CLI's table (COMMANDS) has runs below; a command added there without
// runs here fails the first test. Runs go in the order of RUNS: later ones read what earlier
// ones wrote (select's levels files, build's folder, generate's shards).

/** One command line and what its stdout must be: exactly the result, checked by `result`. */
interface Run {
  argv: string[];
  /** Exit code (default 0). */
  code?: number;
  /** Writes an input the run needs first. */
  before?: () => void;
  /** Asserts that stdout is the result and nothing else ("" when the result is a file). */
  result: (stdout: string) => void | Promise<void>;
}

let dir = "";
const d = (name: string) => join(dir, name);
const pool = fixture("pools/generic-3x4x20.json");
const tinyPlan = fixture("pipeline/tiny-carillon-plan.json");
const tinyModel = fixture("pipeline/tiny-carillon-model.json");
const tiny = ["--plan", tinyPlan, "--model", tinyModel, "--seed", "7", "--workers", "1"];
/** What earlier runs printed, for later runs to compare against. */
const printed = new Map<string, string>();

const empty = (stdout: string) => expect(stdout).toBe("");
const json = (check: (value: Record<string, unknown>) => void = () => {}) => (stdout: string) => {
  expect(stdout.endsWith("\n")).toBe(true);
  check(JSON.parse(stdout)); // the whole of stdout is one JSON document
};
/** Every line of stdout matches one of the patterns (a text result of a known grammar). */
const linesOf = (...patterns: RegExp[]) => (stdout: string) => {
  expect(stdout.endsWith("\n")).toBe(true);
  for (const line of stdout.slice(0, -1).split("\n")) expect(patterns.some((p) => p.test(line)), line).toBe(true);
};
const file = (name: string) => readFileSync(d(name), "utf8");
const statsLine = /^ {2}(composed levels|candidates grown|dropped as too close to a (chosen|composed) level|conflict pairs inside pools|generator rejections, most frequent first|extra rounds|refine rounds): /;
const verdict = (levels: string, n: number, game: string) => new RegExp(`^verify: ${levels.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: all ${n} ${game} levels pass, checked against `);

/** The runs of each command, in the order they run. */
const RUNS: Record<string, Run[]> = {
  select: [
    { argv: ["select", "--pools", pool, "--json"], result: json((v) => expect(v).toMatchObject({ status: "optimal", optimal: true })) },
    { argv: ["select", "--pools", pool, "--json", "--stats"], result: json((v) => expect(Object.keys(v.stats as object)).toEqual(expect.arrayContaining(["solveMs", "states", "classes", "candidates", "slots"]))) },
    { argv: ["select", "--pools", pool, "--out", "{dir}/a.json"], result: empty },
    { argv: ["select", "--pools", pool, "--ramp", "{dir}/steeper-ramp.json", "--out", "{dir}/b.json"], result: empty },
  ],
  report: [
    { argv: ["report", "{dir}/a.json", "--out", "{dir}/report.txt"], result: empty },
    // the table on stdout is the file --out writes
    { argv: ["report", "{dir}/a.json"], result: (stdout) => expect(stdout).toBe(file("report.txt")) },
    { argv: ["report", "{dir}/a.json", "--format", "csv", "--out", "{dir}/report.csv"], result: empty },
    { argv: ["report", "{dir}/a.json", "--format", "csv"], result: (stdout) => expect(stdout).toBe(file("report.csv")) },
    { argv: ["report", "{dir}/a.json", "--format", "json"], result: json((v) => expect(v).toMatchObject({ file: "a.json", game: "generic" })) },
    { argv: ["report", "{dir}/a.json", "--format", "html", "--out", "{dir}/report.html"], result: empty },
  ],
  calibrate: [
    {
      argv: ["calibrate", "{dir}/plays.csv", "--levels", "{dir}/a.json"],
      before: () => writeFileSync(d("plays.csv"), "level,attempts,wins\n1,200,180\n10,200,150\n20,180,120\n30,160,90\n40,150,70\n50,120,40\n60,100,25\n"),
      result: linesOf(/^calibration of "difficulty" — per level: /, /^ {2}(a |held-out fit: |outliers: )/),
    },
    { argv: ["calibrate", "{dir}/plays.csv", "--levels", "{dir}/a.json", "--out", "{dir}/calibration.json"], result: empty },
    { argv: ["calibrate", "{dir}/plays.csv", "--levels", "{dir}/a.json", "--json"], result: json((v) => expect(v).toEqual(JSON.parse(file("calibration.json")))) },
  ],
  measure: [
    { argv: ["measure", fixture("carillon/three-dot-line.json"), "--json"], result: (stdout) => expect(stdout).toBe('{"goal":1,"winningFirstTaps":[0],"solution":[0],"bits":1.584963,"dots":3,"concepts":[]}\n') },
    { argv: ["measure", fixture("carillon/three-dot-line.json")], result: linesOf(/^carillon level$/, /^ {2}\w+ +\S/) },
  ],
  show: [{ argv: ["show", fixture("apsis/key-and-lock.json"), "--out", "{dir}/sky.svg", "--solution"], result: empty }],
  diff: [
    { argv: ["diff", "{dir}/a.json", "{dir}/a.json"], result: (stdout) => expect(stdout).toBe("identical\n") },
    { argv: ["diff", "{dir}/a.json", "{dir}/b.json"], code: 1, result: linesOf(/^\d+ added, \d+ removed, \d+ moved, \d+ metric changes; \d+ level numbers hold another level$/, /^[+-] \d+ {2}\S+$/, /^~ \d+ → \d+ {2}\S+$/) },
    { argv: ["diff", "{dir}/a.json", "{dir}/b.json", "--json"], code: 1, result: json((v) => expect(v.identical).toBe(false)) },
  ],
  schema: [{ argv: ["schema", "pool"], result: (stdout) => expect(JSON.parse(stdout)).toEqual(formatJsonSchema("pool")) }],
  build: [
    {
      argv: ["build", "carillon", ...tiny, "--out", "{dir}/build", "--stats"],
      // the deviation table, then the --stats figures: the same lines as report.txt (which also says what the chain starts from)
      result: (stdout) => {
        expect(stdout).toMatch(/^Ramp deviation per chapter \(bits; deviation = value − target\)\n/);
        expect(stdout).toMatch(/\n {2}candidates grown: \d+\n/);
        const report = file("build/report.txt").split("\n");
        for (const line of stdout.slice(0, -1).split("\n")) expect(report.some((r) => r === line || `  ${r}` === line), line).toBe(true);
      },
    },
    // `build --json` prints the JSON alone: test/pipeline/build-end-to-end.test.ts parses its whole stdout.
  ],
  generate: [
    { argv: ["generate", "carillon", ...tiny, "--out", "{dir}/pools.json", "--stats"], result: (stdout) => (linesOf(statsLine)(stdout), printed.set("generate --stats", stdout)) },
    { argv: ["generate", "carillon", ...tiny, "--shard", "1/2", "--out", "{dir}/shard-1.json", "--stats"], result: linesOf(/^ {2}generator counters of this shard, most frequent first: /) },
    { argv: ["generate", "carillon", ...tiny, "--shard", "2/2", "--out", "{dir}/shard-2.json", "--json"], result: json((v) => expect(v.shard).toEqual({ index: 2, count: 2 })) },
  ],
  merge: [
    // the run's figures: the same as the unsharded generate's
    { argv: ["merge", "{dir}/shard-1.json", "{dir}/shard-2.json", "--out", "{dir}/merged.json", "--workers", "1", "--stats"], result: (stdout) => expect(stdout).toBe(printed.get("generate --stats")) },
    { argv: ["merge", "{dir}/shard-1.json", "{dir}/shard-2.json", "--out", "{dir}/merged.json", "--workers", "1", "--force", "--json"], result: json((v) => expect(v).toMatchObject({ shards: 2, replayed: 9 })) },
  ],
  verify: [
    { argv: ["verify", "{dir}/build/levels.json"], result: (stdout) => linesOf(verdict(d("build/levels.json"), 9, "carillon"))(stdout) },
    { argv: ["verify", "{dir}/a.json", "--json"], result: json((v) => expect(v).toMatchObject({ ok: true, levels: 60 })) },
    // a failing file: the verdict lists each failure, still on stdout
    {
      argv: ["verify", "{dir}/a-edited.json"],
      before: () => {
        const levels = JSON.parse(file("a.json"));
        writeFileSync(d("a-edited.json"), JSON.stringify({ ...levels, objective: levels.objective + 1 }));
      },
      code: 1, result: linesOf(/^verify: .*a-edited\.json: 0 of 60 levels fail, and the file as a whole \(/, /^ {2}the file: objective: /),
    },
  ],
  compare: [
    { argv: ["compare", fixture("pipeline/compare-carillon-level.json"), fixture("pipeline/compare-carillon-half-turn.json")], result: linesOf(/^same \(.*\): the second level is the first under /) },
    { argv: ["compare", fixture("pipeline/compare-carillon-level.json"), fixture("pipeline/compare-carillon-unrelated.json")], code: 1, result: linesOf(/^not the same: /) },
    { argv: ["compare", fixture("pipeline/compare-carillon-level.json"), fixture("pipeline/compare-carillon-half-turn.json"), "--json"], result: json((v) => expect(v.same).toBe(true)) },
  ],
  game: [
    { argv: ["game", "check", fixture("program/hops-game.json")], result: linesOf(/^ok {4}(hello|generate|solve|generate twice, two processes|solve twice, two processes|key|graph|similar|similarMany|picture): /, /^game check: .*: all 10 checks pass$/) },
    { argv: ["game", "check", fixture("program/hops-game.json"), "--json"], result: json((v) => expect(v.ok).toBe(true)) },
  ],
  start: [
    {
      // chapter 1 only, to keep the suite lean: what start prints is what its verify and report steps print
      argv: ["start", "--chapters", "1", "--workers", "1", "--out", "{dir}/start"],
      result: async (stdout) => {
        const steps = [["verify", "carillon"], ["verify", "apsis"], ["report", "carillon"], ["report", "apsis"]];
        let expected = "";
        for (const [command, game] of steps) expected += (await runCli([command, d(`start/${game}/levels.json`)])).stdout;
        expect(stdout).toBe(expected);
      },
    },
  ],
};

/** Writes went through the CLI's io only: nothing straight to the process's streams or the console. */
const stray: string[] = [];
beforeEach(() => {
  for (const stream of [process.stdout, process.stderr]) vi.spyOn(stream, "write").mockImplementation((chunk) => (stray.push(String(chunk)), true));
  for (const name of ["log", "info", "warn", "error"] as const) vi.spyOn(console, name).mockImplementation((...args) => void stray.push(args.join(" ")));
});
afterEach(() => vi.restoreAllMocks());

beforeAll(() => {
  dir = tempFolder("levelramp-streams-");
  const ramp = JSON.parse(readFileSync(fixture("../models/generic/ramp.json"), "utf8"));
  writeFileSync(d("steeper-ramp.json"), JSON.stringify({ ...ramp, points: [[1, 1], [20, 8], [40, 12], [60, 20]] }));
});

/** Asserts that stderr holds messages only: no line of the result, no JSON, no table, no CSV. */
function messagesOnly(run: CliRun): void {
  const result = new Set(run.stdout.split("\n").filter((l) => l.trim() !== ""));
  for (const line of run.stderr.split("\n")) {
    expect(result.has(line), `stderr repeats the result: ${line}`).toBe(false);
    expect(line, "a JSON document on stderr").not.toMatch(/^\s*[[{}\]"]/);
    expect(line, "a deviation table on stderr").not.toMatch(/^(Ramp deviation per chapter|chapter +levels|chapter,)/);
    expect(line, "--stats figures on stderr").not.toMatch(statsLine);
  }
}

describe("every command: its result on stdout, messages on stderr", () => {
  it("has runs for every command of the CLI's table, and for no other", () => {
    expect(Object.keys(RUNS).sort()).toEqual(Object.keys(COMMANDS).sort());
  });

  for (const [command, runs] of Object.entries(RUNS)) {
    for (const run of runs) {
      it(`${run.argv.join(" ").replaceAll(fixture(""), "fixtures/")}`, async () => {
        run.before?.();
        stray.length = 0;
        const r = await runCli(run.argv.map((a) => a.replace("{dir}", dir)));
        expect(r.code, r.stderr).toBe(run.code ?? 0);
        expect(stray, `${command} wrote past the CLI's io`).toEqual([]);
        vi.restoreAllMocks();
        await run.result(r.stdout);
        messagesOnly(r);
      }, 120_000);
    }
  }
});
