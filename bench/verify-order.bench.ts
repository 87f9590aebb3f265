// `npm run bench -- verify-order`: `levelramp verify` of a long shipped order (SPEC 3 "An order") as a
// user meets it — a cold CLI process of the compiled package (run `npm run build` first), whole wall,
// median — side by side with `levelramp report` of the same order, which reads the same file and
// walks it once. Orders of 5,000 to 100,000 levels in chapters of 1,000 (seeded, made here), a model
// with nonDecreasing, maxRun and bounds over eligibility "part". a quadratic verify
// took 19 s on 20,000 levels and past 300 s on 100,000; the rows show whether its time grows as the order does.
// The peak memory (maxRSS, KB) comes from GNU time (`/usr/bin/time`) when the machine has it.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import seedrandom from "seedrandom";
import type { BenchCase, BenchSuite } from "./harness.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const bin = join(root, "bin", "levelramp.js");
const gnuTime = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;
const SIZES = [5_000, 20_000, 50_000, 100_000];

/** Writes an order of `n` levels (chapters of 1,000, one part each), its model and its ramp; the paths. */
function makeOrder(n: number) {
  const dir = mkdtempSync(join(tmpdir(), "levelramp-bench-verify-"));
  const rng = seedrandom(`verify-order-${n}`, { state: false });
  const rows = Array.from({ length: n }, (_, i) => `L${i + 1},${Math.floor(i / 1000) + 1},1,${i + 1},${Math.round(rng() * 10000) / 1000}`);
  writeFileSync(join(dir, "order.csv"), `id,chapter,part,level,difficulty\n${rows.join("\n")}\n`);
  const model = {
    format: "levelramp/model@1",
    metric: "difficulty",
    eligibility: "part",
    constraints: [
      { type: "nonDecreasing", key: "difficulty", scope: "chapter" },
      { type: "maxRun", key: "difficulty", length: 3, precision: 0.5, scope: "chapter" },
      { type: "bounds", key: "difficulty", min: 1, max: 9, from: 10, to: n - 10 },
    ],
    objective: { norm: "L1", evenness: 0 },
  };
  writeFileSync(join(dir, "model.json"), JSON.stringify(model));
  writeFileSync(join(dir, "ramp.json"), JSON.stringify({ format: "levelramp/ramp@1", metric: "difficulty", points: [[1, 0], [n, 10]], interpolation: "linear" }));
  return { dir, order: join(dir, "order.csv"), model: join(dir, "model.json"), ramp: join(dir, "ramp.json") };
}

/** One cold CLI run: its exit code and, with GNU time, its peak memory. */
function cold(argv: string[]): { exit: number | null; maxRssKb?: number } {
  const stats = join(mkdtempSync(join(tmpdir(), "levelramp-bench-time-")), "time.txt");
  const r = gnuTime
    ? spawnSync(gnuTime, ["-f", "%M", "-o", stats, process.execPath, bin, ...argv], { stdio: ["ignore", "ignore", "ignore"] })
    : spawnSync(process.execPath, [bin, ...argv], { stdio: ["ignore", "ignore", "ignore"] });
  return { exit: r.status, ...(gnuTime ? { maxRssKb: Number(readFileSync(stats, "utf8").trim().split("\n").pop()) } : {}) };
}

const cases = SIZES.flatMap((n): Array<BenchCase<ReturnType<typeof makeOrder>>> => [
  {
    name: `cold verify, an order of ${n.toLocaleString("en-US")} levels`,
    setup: () => makeOrder(n),
    run: (f) => ({ levels: n, ...cold(["verify", f.order, "--model", f.model, "--ramp", f.ramp, "--quiet"]) }),
    repeat: 3,
    warmup: 1,
  },
  {
    name: `cold report, the same order of ${n.toLocaleString("en-US")}`,
    setup: () => makeOrder(n),
    run: (f) => ({ levels: n, ...cold(["report", f.order, "--model", f.model, "--ramp", f.ramp, "--format", "json", "--out", join(f.dir, "report.json"), "--force"]) }),
    repeat: 3,
    warmup: 1,
  },
]);

export const suite: BenchSuite = {
  name: "verify-order",
  cases,
  summary: (rows) => {
    const ms = (name: string) => rows.find((r) => r.name.startsWith(name))?.medianMs;
    const lines = ["| levels | verify, cold (median) | report, cold (median) | verify per 1,000 levels |", "| ---: | ---: | ---: | ---: |"];
    for (const n of SIZES) {
      const label = n.toLocaleString("en-US");
      const v = ms(`cold verify, an order of ${label} `);
      const r = ms(`cold report, the same order of ${label}`);
      if (v === undefined || r === undefined) continue;
      lines.push(`| ${label} | ${(v / 1000).toFixed(2)} s | ${(r / 1000).toFixed(2)} s | ${((v / n) * 1000).toFixed(0)} ms |`);
    }
    return lines.join("\n") + "\n";
  },
};
