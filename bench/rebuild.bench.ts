// Rebuilding after a change (docs/pipeline.md "Pools reused", "Rebuilding from a chapter"):
// the CPU a designer's loop costs, as the cold CLI process a designer types (`node bin/levelramp.js`,
// the compiled package, as npx runs it), side by side with the whole build of the same inputs, in one
// run. CPU is user + sys of the process and its worker threads, from GNU time (`/usr/bin/time`, Debian
// `time`), so a loaded machine stretches the wall but hardly the CPU; wall and peak memory are shown too.
//
// For each game and chapter range, one whole build of the default plan (seed 1, 2 workers) is the set
// every other row starts from. Then:
//   - nothing changed, `--from` at chapter K: the whole set again, byte for byte;
//   - a rule change in chapter K (the plan's rules of that chapter): the whole build with it, and
//     `--from` at K with it — byte for byte the same, and the levels before K the first set's;
//   - a model change, and a ramp change: the whole build with it, and `--reuse` of the first set's
//     pool with it — byte for byte the same — with the batches grown again (and of them, those grown
//     only because their aim moved) and the batches reused; `--reuse --keep-aims` with it, which
//     reuses the recorded batches whatever their aim (docs/pipeline.md "Keeping the recorded aims"):
//     the batches grown (none for these changes) and its levels against the whole build's; and
//     `select --pools <first pool> --incremental` with it, which grows nothing: its levels against
//     the whole build's.
// Each row's counters: cpuSeconds (median of REBUILD_RUNS runs, default 1), the share of its whole
// build's CPU, wall, peak memory, batches reused, grown and re-aimed, and whether the files match. (The harness's
// own ms columns time each game's first row, which runs all of that game's commands: read the counters.)
//
//   npm run build && npm run bench -- rebuild                 # Apsis 1-10 and Carillon 1-6
//   REBUILD_CASES=apsis REBUILD_RUNS=3 npm run bench -- rebuild   # → bench/results/rebuild-apsis.json
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus as cpus_, loadavg, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { folderHash } from "../src/pipeline/reuse/generator-fingerprint.ts";
import type { BenchCase, BenchRow, BenchSuite } from "./harness.ts";

const root = fileURLToPath(new URL("../", import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), "levelramp-rebuild-"));
const runs = Number(process.env.REBUILD_RUNS ?? 1);
const FILES = ["pools.json", "levels.json", "report.txt", "report.json", "report.html"];

/** One game's scenario: the chapters built, where a rebuild starts, and the changes made. */
interface Scenario {
  key: string;
  game: string;
  chapters: string;
  /** The first chapter built again (`--from ... --chapters K-last`). */
  from: number;
  /** The rule change in chapter `from`: its new rules. */
  rules: string[];
  /** A model change (the default model with this done to it), and its words. */
  model: { words: string; change: (m: Model) => void };
  /** A ramp change, and its words. */
  ramp: { words: string; change: (r: Ramp) => void };
}

type Model = { constraints: Array<Record<string, unknown>> };
type Ramp = { points: Array<[number, number]> };

const scenarios: Scenario[] = [
  {
    key: "apsis",
    game: "apsis",
    chapters: "1-10",
    from: 6,
    rules: ["key", "number"],
    model: { words: "maxRise(reads) 4 → 3", change: (m) => void (m.constraints.find((c) => c.type === "maxRise")!.by = 3) },
    ramp: { words: "last point 310 → 312 reads", change: (r) => void (r.points[r.points.length - 1][1] = 312) },
  },
  {
    key: "carillon",
    game: "carillon",
    chapters: "1-6",
    from: 6,
    // echo stays (the default model introduces it at level 101, chapter 6's first); bell (introduced at 81) joins it
    rules: ["echo", "bell"],
    model: { words: "maxRun(bits) 3 → 2", change: (m) => void (m.constraints.find((c) => c.type === "maxRun")!.length = 2) },
    ramp: { words: "point (80, 13.13) → (80, 13.5) bits", change: (r) => void (r.points.find(([l]) => l === 80)![1] = 13.5) },
  },
];

/** What one cold CLI run cost. */
interface Cost {
  cpu: number;
  wall: number;
  rssMb: number;
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `node bin/levelramp.js ...args` under GNU time. */
function cli(args: string[]): Cost {
  const timing = join(tmp, "time.txt");
  const r = spawnSync("/usr/bin/time", ["-f", "%e %U %S %M", "-o", timing, process.execPath, join(root, "bin/levelramp.js"), ...args], { cwd: root, encoding: "utf8", maxBuffer: 1 << 28 });
  const [wall, user, sys, rss] = readFileSync(timing, "utf8").trim().split("\n").pop()!.split(" ").map(Number);
  return { cpu: user + sys, wall, rssMb: Math.round(rss / 1024), code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/**
 * The median-CPU run of `runs` runs of one command (each into a fresh folder); the last run's folder holds its files.
 * `answers`: exit codes that are answers, not failures (select's 1: no set can be chosen).
 */
function measured(args: (out: string) => string[], out: string, answers: number[] = [0]): Cost {
  const costs: Cost[] = [];
  for (let i = 0; i < runs; i++) {
    rmSync(out, { recursive: true, force: true });
    const c = cli(args(out));
    if (!answers.includes(c.code)) throw new Error(`rebuild bench: levelramp ${args(out).join(" ")} exited ${c.code}:\n${c.stderr.slice(-2000)}`);
    costs.push(c);
  }
  costs.sort((a, b) => a.cpu - b.cpu);
  return costs[Math.floor(costs.length / 2)];
}

const same = (a: string, b: string) => FILES.every((f) => readFileSync(join(a, f), "utf8") === readFileSync(join(b, f), "utf8"));
const write = (name: string, value: unknown) => {
  const file = join(tmp, name);
  writeFileSync(file, JSON.stringify(value, null, 2));
  return file;
};
const read = (file: string) => JSON.parse(readFileSync(join(root, file), "utf8"));

/** The rows of one scenario: computed once (its first row runs everything), then read by each row. */
function scenarioRows(s: Scenario): Array<BenchCase<void>> {
  let done: Record<string, Record<string, unknown>> | undefined;
  const base = ["build", s.game, "--chapters", s.chapters, "--seed", "1", "--workers", "2", "--quiet", "--no-table", "--json", "--force"];
  const dir = (name: string) => join(tmp, `${s.key}-${name}`);
  const run = () => {
    if (done) return done;
    checkTools();
    const plan = read(`models/${s.game}/plan.json`);
    const first = measured((out) => [...base, "--out", out], dir("whole"));
    const row = (c: Cost, whole: Cost, extra: Record<string, unknown>) => {
      const reuse = JSON.parse(c.stdout).reuse as { keepAims?: true; parts: Array<{ reused: number; grown: number; reaimed: number; aimedElsewhere?: number }> } | undefined;
      const sum = (k: "reused" | "grown" | "reaimed" | "aimedElsewhere") => reuse!.parts.reduce((n, p) => n + (p[k] ?? 0), 0);
      const batches = reuse ? { reused: sum("reused"), grown: sum("grown"), reaimed: sum("reaimed"), ...(reuse.keepAims ? { aimedElsewhere: sum("aimedElsewhere") } : {}) } : {};
      return { cpuSeconds: round(c.cpu), shareOfWhole: round(c.cpu / whole.cpu, 3), wallSeconds: round(c.wall), peakMb: c.rssMb, ...batches, ...extra };
    };
    const levelsBefore = (a: string, b: string) => {
      const [x, y] = [a, b].map((d) => (JSON.parse(readFileSync(join(d, "levels.json"), "utf8")).levels as Array<{ chapter: number }>).filter((l) => l.chapter < s.from));
      return JSON.stringify(x) === JSON.stringify(y);
    };
    // nothing changed
    const again = measured((out) => [...base, "--from", join(dir("whole"), "levels.json"), "--chapters", `${s.from}-${s.chapters.split("-")[1]}`, "--out", out], dir("again"));
    // a rule change in chapter `from`
    const changed = structuredClone(plan);
    changed.chapters.find((c: { chapter: number }) => c.chapter === s.from).rules = s.rules;
    const planFile = write(`${s.key}-plan.json`, changed);
    const ruleWhole = measured((out) => [...base, "--plan", planFile, "--out", out], dir("rule-whole"));
    const ruleFrom = measured((out) => [...base, "--plan", planFile, "--from", join(dir("whole"), "levels.json"), "--chapters", `${s.from}-${s.chapters.split("-")[1]}`, "--out", out], dir("rule-from"));
    // a model change, a ramp change: --reuse of the first set's pool
    const model = read(`models/${s.game}/selection.json`);
    s.model.change(model);
    const modelFile = write(`${s.key}-model.json`, model);
    const modelWhole = measured((out) => [...base, "--model", modelFile, "--out", out], dir("model-whole"));
    const modelReuse = measured((out) => [...base, "--model", modelFile, "--reuse", join(dir("whole"), "pools.json"), "--out", out], dir("model-reuse"));
    const ramp = read(`models/${s.game}/ramp.json`);
    s.ramp.change(ramp);
    const rampFile = write(`${s.key}-ramp.json`, ramp);
    const rampWhole = measured((out) => [...base, "--ramp", rampFile, "--out", out], dir("ramp-whole"));
    const rampReuse = measured((out) => [...base, "--ramp", rampFile, "--reuse", join(dir("whole"), "pools.json"), "--out", out], dir("ramp-reuse"));
    // the same two changes keeping the recorded aims: nothing re-aimed is grown; the set may differ from the whole build's
    const modelKeep = measured((out) => [...base, "--model", modelFile, "--reuse", join(dir("whole"), "pools.json"), "--keep-aims", "--out", out], dir("model-keep"));
    const rampKeep = measured((out) => [...base, "--ramp", rampFile, "--reuse", join(dir("whole"), "pools.json"), "--keep-aims", "--out", out], dir("ramp-keep"));
    // the same two changes chosen from the first pool as it is: no generator runs
    // (the pool was grown for the first set's aims: part by part, it may not reach the end — exit 1, said in the row)
    const select = (change: string[]) => (out: string) => ["select", "--pools", join(dir("whole"), "pools.json"), "--incremental", ...change, "--json", "--out", join(out, "levels.json"), "--force"];
    const modelSelect = measured(select(["--model", modelFile]), dir("model-select"), [0, 1]);
    const rampSelect = measured(select(["--ramp", rampFile]), dir("ramp-select"), [0, 1]);
    const levelsDiffer = (a: string, b: string) => {
      if (!existsSync(join(a, "levels.json"))) return "no set";
      const [x, y] = [a, b].map((d) => (JSON.parse(readFileSync(join(d, "levels.json"), "utf8")).levels as Array<{ id: string }>).map((l) => l.id));
      return x.filter((id, i) => id !== y[i]).length;
    };
    done = {
      whole: row(first, first, {}),
      again: row(again, first, { sameFiles: same(dir("again"), dir("whole")) }),
      ruleWhole: row(ruleWhole, first, { levelsBeforeSame: levelsBefore(dir("rule-whole"), dir("whole")) }),
      ruleFrom: row(ruleFrom, ruleWhole, { sameFiles: same(dir("rule-from"), dir("rule-whole")), levelsBeforeSame: levelsBefore(dir("rule-from"), dir("whole")) }),
      modelWhole: row(modelWhole, first, {}),
      modelReuse: row(modelReuse, modelWhole, { sameFiles: same(dir("model-reuse"), dir("model-whole")) }),
      rampWhole: row(rampWhole, first, {}),
      rampReuse: row(rampReuse, rampWhole, { sameFiles: same(dir("ramp-reuse"), dir("ramp-whole")) }),
      modelKeep: row(modelKeep, modelWhole, { levelsDiffer: levelsDiffer(dir("model-keep"), dir("model-whole")) }),
      rampKeep: row(rampKeep, rampWhole, { levelsDiffer: levelsDiffer(dir("ramp-keep"), dir("ramp-whole")) }),
      modelSelect: row(modelSelect, modelWhole, { grown: 0, levelsDiffer: levelsDiffer(dir("model-select"), dir("model-whole")), ...selectStatus(modelSelect) }),
      rampSelect: row(rampSelect, rampWhole, { grown: 0, levelsDiffer: levelsDiffer(dir("ramp-select"), dir("ramp-whole")), ...selectStatus(rampSelect) }),
    };
    return done;
  };
  const label = `${s.game} ${s.chapters}`;
  const rows: Array<[string, string]> = [
    ["whole", `${label}: whole build`],
    ["again", `${label}: --from ${s.from}, nothing changed`],
    ["ruleWhole", `${label}: whole build, chapter ${s.from} rules [${s.rules.join(", ")}]`],
    ["ruleFrom", `${label}: --from ${s.from}, chapter ${s.from} rules [${s.rules.join(", ")}]`],
    ["modelWhole", `${label}: whole build, model ${s.model.words}`],
    ["modelReuse", `${label}: --reuse, model ${s.model.words}`],
    ["rampWhole", `${label}: whole build, ramp ${s.ramp.words}`],
    ["rampReuse", `${label}: --reuse, ramp ${s.ramp.words}`],
    ["modelKeep", `${label}: --reuse --keep-aims, model ${s.model.words}`],
    ["rampKeep", `${label}: --reuse --keep-aims, ramp ${s.ramp.words}`],
    ["modelSelect", `${label}: select --incremental of the first pool, model ${s.model.words}`],
    ["rampSelect", `${label}: select --incremental of the first pool, ramp ${s.ramp.words}`],
  ];
  return rows.map(([key, name]) => ({ name, repeat: 0, run: () => run()[key] }));
}

/** A select's answer: its status, and the message when it chose no set. */
function selectStatus(c: Cost): Record<string, unknown> {
  const answer = JSON.parse(c.stdout) as { status: string; message?: string };
  return c.code === 0 ? { status: answer.status } : { status: answer.status, message: answer.message };
}

function round(x: number, digits = 1): number {
  return Number(x.toFixed(digits));
}

/** The side-by-side table: CPU of each rebuild against the whole build of the same inputs. */
function summary(rows: BenchRow[]): string {
  const lines = ["| run | CPU s | of its whole build | wall s | peak MB | batches reused / grown | files as the whole build's |", "| --- | ---: | ---: | ---: | ---: | ---: | --- |"];
  for (const r of rows) {
    const c = r.counters as Record<string, unknown>;
    const aimed = Number(c.reaimed) > 0 ? ` (${c.reaimed} re-aimed)` : Number(c.aimedElsewhere) > 0 ? ` (${c.aimedElsewhere} aimed elsewhere)` : "";
    const batches = c.reused === undefined ? (c.grown === 0 ? "— / 0" : "") : `${c.reused} / ${c.grown}${aimed}`;
    const files =
      c.levelsDiffer !== undefined
        ? c.levelsDiffer === "no set"
          ? `no set: ${c.status} (${c.message})`
          : c.reused !== undefined
            ? `the whole set: ${c.levelsDiffer} level(s) differ`
            : `levels.json only: ${c.levelsDiffer} level(s) differ`
        : c.sameFiles === undefined
          ? c.levelsBeforeSame === undefined
            ? ""
            : `levels before the change ${c.levelsBeforeSame ? "the same" : "differ"}`
          : `${c.sameFiles ? "byte for byte" : "DIFFER"}${c.levelsBeforeSame === undefined ? "" : `; levels before the change ${c.levelsBeforeSame ? "the first set's" : "differ"}`}`;
    lines.push(`| ${r.name} | ${c.cpuSeconds} | ${Math.round(Number(c.shareOfWhole) * 100)}% | ${c.wallSeconds} | ${c.peakMb} | ${batches} | ${files} |`);
  }
  const cpus = cpus_();
  const machine = `${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}, load average ${loadavg().map((x) => x.toFixed(1)).join(" ")} at the end`;
  return `\n${new Date().toISOString().slice(0, 10)}, ${machine}; CPU = user + sys of the process and its threads (GNU time), median of ${runs} run(s)\n\n${lines.join("\n")}\n`;
}

/** GNU time for the CPU of each process, and a dist/ compiled from this src/. */
function checkTools(): void {
  if (!existsSync("/usr/bin/time")) throw new Error("rebuild bench: needs GNU time (/usr/bin/time; Debian: apt-get install time) for the CPU of each process");
  const recorded = join(root, "dist/source-hash.txt");
  if (!existsSync(recorded) || readFileSync(recorded, "utf8").trim() !== folderHash("src")) throw new Error("rebuild bench: dist/ is not the compiled src/: run npm run build first");
}

function cases(): Array<BenchCase<void>> {
  const wanted = (process.env.REBUILD_CASES ?? "apsis,carillon").split(",");
  return scenarios.filter((s) => wanted.includes(s.key)).flatMap(scenarioRows);
}

// One results file per game asked for (bench/results/rebuild-apsis.json, rebuild-carillon.json; both: rebuild.json).
const named = process.env.REBUILD_CASES ? `rebuild-${process.env.REBUILD_CASES.split(",").join("-")}` : "rebuild";
export const suite: BenchSuite = { name: named, cases: cases(), summary };
