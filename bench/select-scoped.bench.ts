// `npm run bench -- select-scoped`: re-sequencing an order under chapter-scoped chain rules (SPEC 6
// `scope`), as a user meets it — a cold CLI process of the compiled package (run `npm run build`
// first), whole wall, median — with the dp (`auto`, which takes such a model since the dp keeps the
// implicit run of a nonDecreasing key, dp/dp-runs.ts) side by side with HiGHS (`--solver highs`,
// what `auto` ran before for a model without a maxRun). Orders: KGoldrunner's 30 levels
// (fixtures/orders) and a seeded order of 61 levels in 4 chapters of the same shape (enemies 0–6,
// gold, ladders); models: nonDecreasing enemies per chapter and maxRise gold per chapter, with
// and without a chapter-scoped maxRun of 7 on enemies; eligibility "part". Each row also carries
// the solve's own time (`--json --stats`: solveMs, wall in the process) and the objective, which
// must agree across solvers.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { BenchCase, BenchRow, BenchSuite } from "./harness.ts";
import { writeOrder61 } from "./order-61.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const bin = join(root, "bin", "levelramp.js");
const dir = mkdtempSync(join(tmpdir(), "levelramp-bench-scoped-"));

/** A model over enemies (the ramp's metric), chapter-scoped; with or without the maxRun of 7. */
function model(name: string, maxRun: boolean): string {
  const constraints = [
    { type: "nonDecreasing", key: "enemies", scope: "chapter" },
    ...(maxRun ? [{ type: "maxRun", key: "enemies", length: 7, precision: 1, scope: "chapter" }] : []),
    { type: "maxRise", key: "gold", by: 35, scope: "chapter" },
  ];
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify({ format: "levelramp/model@1", metric: "enemies", eligibility: "part", constraints, objective: { norm: "L1", evenness: 0 } }));
  return file;
}


const orders = [
  { key: "KGoldrunner, 30 levels in 3 chapters", order: join(root, "fixtures/orders/kgoldrunner-order.csv"), ramp: join(root, "fixtures/orders/kgoldrunner-ramp.json") },
  { key: "seeded order, 61 levels in 4 chapters", ...writeOrder61(dir) },
];
const models = [
  { key: "no maxRun", file: model("no-max-run.json", false) },
  { key: "maxRun 7", file: model("max-run.json", true) },
];

/** One cold `select --json --stats`: the solver, the objective and the solve's own time. */
function select(o: (typeof orders)[number], m: (typeof models)[number], solver: string) {
  const r = spawnSync(process.execPath, [bin, "select", "--pools", o.order, "--model", m.file, "--ramp", o.ramp, "--solver", solver, "--json", "--stats"], { encoding: "utf8", maxBuffer: 16 << 20 });
  if (r.status !== 0) return { exit: r.status, message: r.stderr.trim().split("\n")[0] };
  const a = JSON.parse(r.stdout) as { solver: string; objective: number; status: string; stats: { solveMs: number } };
  return { solver: a.solver, status: a.status, objective: a.objective, solveMs: a.stats.solveMs };
}

const cases: BenchCase<void>[] = orders.flatMap((o) =>
  models.flatMap((m) =>
    ["auto", "highs"].map((solver) => ({
      name: `cold select --solver ${solver}: ${o.key}, ${m.key}`,
      run: () => select(o, m, solver),
      repeat: solver === "highs" ? 3 : 7,
      warmup: 1,
    })),
  ),
);

/** Per order and model: the dp's and HiGHS's median wall, the dp's solve time, and whether the objectives agree. */
function summary(rows: BenchRow[]): string {
  const lines = ["", "| order | model | auto (dp): cold wall | its solve | HiGHS: cold wall | same objective |", "| --- | --- | --- | --- | --- | --- |"];
  for (const o of orders) {
    for (const m of models) {
      const row = (solver: string) => rows.find((r) => r.name === `cold select --solver ${solver}: ${o.key}, ${m.key}`);
      const a = row("auto");
      const h = row("highs");
      const ca = (a?.counters ?? {}) as { solver?: string; objective?: number; solveMs?: number };
      const ch = (h?.counters ?? {}) as { objective?: number };
      const ms = (x: number | undefined) => (x === undefined ? "—" : x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(0)} ms`);
      const same = ca.objective !== undefined && ca.objective === ch.objective ? `yes (${ca.objective})` : `${ca.objective} / ${ch.objective}`;
      lines.push(`| ${o.key} | ${m.key} | ${ms(a?.medianMs)} (${ca.solver ?? "?"}) | ${ms(ca.solveMs)} | ${ms(h?.medianMs)} | ${same} |`);
    }
  }
  return lines.join("\n") + "\n";
}

export const suite: BenchSuite = { name: "select-scoped", cases, summary };
