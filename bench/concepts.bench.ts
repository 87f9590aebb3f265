// Concepts in the selection model (SPEC 12), measured two ways on seeded concept banks
// (bench/concept-bank.ts: integer difficulty 0..1000, concepts c01..c12 unlocking with difficulty,
// one level in twenty carrying a concept before its time):
//
// 1. A peer to beat: the greedy novelty/practice progression of the research prototype
//    (bench/baselines/greedy-progression.ts, written from Butler et al., CHI 2015), and the same
//    greedy told to hold the ramp first (never easier than the last level, nearest the target,
//    novelty and practice among equals), beside levelramp's exact selection on the same pools and the same model (difficulty never falls,
//    depth drops at most 1, maxRun 3; introduce c01..c12, practice 2, maxNew 1): breaks of the
//    model's rules (the independent checker, findBreaks), the ramp distance (L1), time in-process.
// 2. Speed as a designer meets it: `levelramp select` as a cold process, whole wall, median,
//    with and without the concept rules on the same pool (a CSV with a concepts column):
//    400 of 20,000 with the 12-concept introduce order (the dp), 60 of 1,000 with chapter quotas
//    on a model the dp cannot take (HiGHS), and the same quotas on a chain-shaped model, where
//    the dp keeps the quota counts in its state, beside HiGHS on it.
//
//   npm run bench -- concepts
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { folderHash } from "../src/pipeline/reuse/generator-fingerprint.ts";
import { buildProblem } from "../src/select/problem/build-problem.ts";
import { candidateValues } from "../src/select/problem/candidate-columns.ts";
import { problemConstraints, sequenceOf } from "../src/select/rules/check-picks.ts";
import { findBreaks } from "../src/select/rules/find-breaks.ts";
import { objectiveOf } from "../src/select/problem/objective.ts";
import { solveSelection } from "../src/select/solve/solve-selection.ts";
import type { SelectionProblem } from "../src/select/problem/selection-problem.ts";
import { greedyProgression } from "./baselines/greedy-progression.ts";
import { conceptBank, conceptModel, conceptNames, writeConceptBank, writeModel } from "./concept-bank.ts";
import type { BenchCase, BenchRow, BenchSuite } from "./harness.ts";

const root = fileURLToPath(new URL("../", import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), "levelramp-concepts-"));
const gnuTime = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;

// 1. The peer: greedy against exact, in-process.
interface PeerInstance {
  key: string;
  label: string;
  candidates: number;
  levels: number;
  concepts: number;
}

const peers: PeerInstance[] = [
  { key: "40-of-61", label: "40 of 61, 8 concepts", candidates: 61, levels: 40, concepts: 8 },
  { key: "40-of-120", label: "40 of 120, 8 concepts", candidates: 120, levels: 40, concepts: 8 },
  { key: "100-of-1000", label: "100 of 1,000, 12 concepts", candidates: 1000, levels: 100, concepts: 12 },
  { key: "400-of-20000", label: "400 of 20,000, 12 concepts", candidates: 20_000, levels: 400, concepts: 12 },
];

function peerProblem(p: PeerInstance): SelectionProblem {
  const { pool, plan, ramp } = conceptBank({ candidates: p.candidates, levels: p.levels, concepts: p.concepts, seed: `bench/concepts/${p.key}` });
  const model = conceptModel("chain", p.concepts, { concepts: true });
  return buildProblem({ pool, poolFile: "pool", plan, planFile: "plan", model, modelFile: "model", ramp, rampFile: "ramp" }).problem;
}

/** The model's breaks of an answer (all rules, and the concept rules alone) and its ramp distance. */
function judge(problem: SelectionProblem, picks: number[]) {
  const breaks = findBreaks(sequenceOf(problem, picks), problemConstraints(problem));
  const concept = breaks.filter((b) => ["introduce", "introduceAt", "maxNew", "practice", "quota"].includes(b.constraint.type));
  const objective = objectiveOf(problem).total(picks);
  return { breaks: breaks.length, conceptBreaks: concept.length, objective: Number(objective.toFixed(3)), meanDeviation: Number((objective / picks.length).toFixed(3)) };
}

const cases: BenchCase<any>[] = [];
const peerAnswers = new Map<string, Record<string, unknown>>();
const greedies = [
  { who: "greedy novelty/practice", ramp: "tie-break" as const },
  { who: "greedy, ramp first", ramp: "first" as const },
];
for (const p of peers) {
  for (const g of greedies) {
    cases.push({
      name: `${g.who}: ${p.label}`,
      setup: () => peerProblem(p),
      repeat: 5,
      run: (problem: SelectionProblem) => {
        const picks = greedyProgression(problem, candidateValues(problem, problem.metric), { practice: 2, order: conceptNames(p.concepts), ramp: g.ramp });
        const j = { ...judge(problem, picks), proven: "no" };
        peerAnswers.set(`${g.who} ${p.key}`, j);
        return j;
      },
    });
  }
  cases.push({
    name: `levelramp exact: ${p.label}`,
    setup: () => peerProblem(p),
    repeat: 5,
    run: async (problem: SelectionProblem) => {
      const s = await solveSelection(problem);
      const j = { ...judge(problem, s.picks), proven: s.status, solver: s.solver };
      peerAnswers.set(`levelramp exact ${p.key}`, j);
      return j;
    },
  });
}

// 2. Cold CLI, with and without concepts.
interface ColdInstance {
  key: string;
  label: string;
  candidates: number;
  levels: number;
  perChapter: number;
  shape: "chain" | "milp";
  quotas: boolean;
  /** `--solver` for the concept run (default auto). */
  solver?: string;
  runs: number;
}

const colds: ColdInstance[] = [
  { key: "dp-400", label: "400 of 20,000, introduce c01..c12, practice 2, maxNew 1 (chain-shaped)", candidates: 20_000, levels: 400, perChapter: 100, shape: "chain", quotas: false, runs: 7 },
  { key: "milp-60", label: "60 of 1,000, + chapter quotas, maxRise instead of maxRun (not chain-shaped)", candidates: 1000, levels: 60, perChapter: 20, shape: "milp", quotas: true, runs: 5 },
  { key: "dp-quota-60", label: "60 of 1,000, + chapter quotas (chain-shaped)", candidates: 1000, levels: 60, perChapter: 20, shape: "chain", quotas: true, runs: 7 },
  { key: "highs-quota-60", label: "60 of 1,000, + chapter quotas (chain-shaped), --solver highs", candidates: 1000, levels: 60, perChapter: 20, shape: "chain", quotas: true, solver: "highs", runs: 5 },
];

/** Builds the package when dist/ is missing or compiled from other sources (the cold rows run dist/). */
function ensureBuilt(): void {
  const recorded = join(root, "dist/source-hash.txt");
  if (existsSync(recorded) && readFileSync(recorded, "utf8").trim() === folderHash("src", root)) return;
  process.stdout.write("concepts: dist/ is missing or stale: npm run build ...\n");
  const r = spawnSync("npm", ["run", "-s", "build"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) throw new Error("concepts: npm run build failed");
}

const made = new Map<string, { pool: string; plan: string; ramp: string; with: string; without: string }>();
function filesOf(c: ColdInstance) {
  if (!made.has(c.key)) {
    const dir = join(tmp, c.key);
    const bank = writeConceptBank(dir, { candidates: c.candidates, levels: c.levels, concepts: 12, perChapter: c.perChapter, seed: `bench/concepts/${c.key.replace(/^\w+-/, "")}` });
    made.set(c.key, {
      ...bank,
      with: writeModel(dir, "model.json", conceptModel(c.shape, 12, { concepts: true, quotas: c.quotas })),
      without: writeModel(dir, "model-plain.json", conceptModel(c.shape, 12, { concepts: false })),
    });
  }
  return made.get(c.key)!;
}

/** One cold `levelramp select`, whole wall timed by the harness; its answer read from the file. */
function select(files: ReturnType<typeof filesOf>, model: string, solver: string | undefined) {
  const out = join(tmp, "levels.json");
  const rss = join(tmp, "rss.txt");
  const args = ["bin/levelramp.js", "select", "--pools", files.pool, "--model", model, "--plan", files.plan, "--ramp", files.ramp, "--out", out, "--force", ...(solver ? ["--solver", solver] : [])];
  const [cmd, argv] = gnuTime ? [gnuTime, ["-f", "%M", "-o", rss, process.execPath, ...args]] : [process.execPath, args];
  const r = spawnSync(cmd, argv, { cwd: root, encoding: "utf8", timeout: 600_000 });
  if (r.status !== 0) throw new Error(`concepts: levelramp select exited ${r.status}: ${r.stderr}`);
  const file = JSON.parse(readFileSync(out, "utf8")) as { objective: number; status: string; solver: string };
  const maxRssMB = gnuTime ? Math.round(Number(readFileSync(rss, "utf8").trim().split("\n").pop()) / 1024) : undefined;
  return { objective: file.objective, status: file.status, solver: file.solver, maxRssMB, line: r.stderr.split("\n")[0].split(tmp).join("<tmp>") };
}

for (const c of colds) {
  for (const concepts of [true, false]) {
    if (!concepts && c.solver) continue; // the plain model's row is the auto one's
    cases.push({
      name: `cold CLI${concepts ? "" : " without concepts"}: ${c.label}`,
      setup: () => {
        ensureBuilt();
        return filesOf(c);
      },
      warmup: 1,
      repeat: c.runs,
      run: (files: ReturnType<typeof filesOf>) => select(files, concepts ? files.with : files.without, concepts ? c.solver : undefined),
    });
  }
}

/** The side-by-side tables: the peer against exact, then the cold figures with and without concepts. */
function summary(rows: BenchRow[]): string {
  const ms = (r: BenchRow | undefined) => (!r ? "—" : r.medianMs >= 1000 ? `${(r.medianMs / 1000).toFixed(2)} s` : `${r.medianMs.toFixed(1)} ms`);
  const lines = ["", "| pool | answer | rule breaks (concept) | L1 to the ramp (mean per level) | proven | time (in-process, median) |", "| --- | --- | --- | --- | --- | --- |"];
  for (const p of peers) {
    for (const who of [...greedies.map((g) => g.who), "levelramp exact"]) {
      const r = rows.find((x) => x.name === `${who}: ${p.label}`);
      const a = peerAnswers.get(`${who} ${p.key}`) as { breaks: number; conceptBreaks: number; objective: number; meanDeviation: number; proven: string; solver?: string } | undefined;
      if (!a) continue;
      lines.push(`| ${p.label} | ${who}${a.solver ? ` (${a.solver})` : ""} | ${a.breaks} (${a.conceptBreaks}) | ${a.objective} (${a.meanDeviation}) | ${a.proven} | ${ms(r)} |`);
    }
  }
  lines.push("", "| instance | cold CLI with concepts | without concepts | objective with / without |", "| --- | --- | --- | --- |");
  for (const c of colds) {
    const withRow = rows.find((x) => x.name === `cold CLI: ${c.label}`);
    const plain = rows.find((x) => x.name === `cold CLI without concepts: ${c.solver ? colds.find((y) => y.key === "dp-quota-60")!.label : c.label}`);
    const cw = (withRow?.counters ?? {}) as { objective?: number; solver?: string; status?: string; maxRssMB?: number };
    const cp = (plain?.counters ?? {}) as { objective?: number; solver?: string; maxRssMB?: number };
    lines.push(`| ${c.label} | ${ms(withRow)} (${cw.solver}, ${cw.status}${cw.maxRssMB ? `, ${cw.maxRssMB} MB` : ""}) | ${ms(plain)} (${cp.solver}${cp.maxRssMB ? `, ${cp.maxRssMB} MB` : ""}) | ${cw.objective} / ${cp.objective} |`);
  }
  rmSync(tmp, { recursive: true, force: true });
  return lines.join("\n") + "\n";
}

export const suite: BenchSuite = { name: "concepts", cases, summary };
