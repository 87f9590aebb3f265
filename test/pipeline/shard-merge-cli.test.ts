import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { fixture, runCli } from "../helpers/run-cli.ts";
import { tempFolder } from "../helpers/temp-dir.ts";

// SPEC 9 through the command line: three shards run as separate processes
// (each started the way a job-array scheduler starts it), merged in any
// order, give the unsharded pool byte for byte (sha256), for both games; a
// missing shard, a repeated shard, a shard from another seed or other
// settings are refused (exit 2, nothing written).

// the CLI from its sources (through tsx), so the test runs the code as it is, built or not
const bin = fileURLToPath(new URL("../../src/cli/bin.ts", import.meta.url));
const sha256 = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

/** Runs the CLI as its own process with extra environment variables. */
function runProcess(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(LEVELRAMP_SHARD|JOB_COMPLETION_INDEX|SLURM_ARRAY_)/.test(k)));
    const child = spawn(process.execPath, ["--import", "tsx", bin, ...args], { stdio: ["ignore", "ignore", "pipe"], env: { ...clean, ...env } });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

interface GameCase {
  game: string;
  args: string[];
  /** How each of the three shard processes is started: --shard K/N, or --shard auto with a scheduler's variables. */
  shards: Array<{ shard: string; env?: Record<string, string> }>;
}

const cases: GameCase[] = [
  {
    // part 1 grows one candidate per level and comes up short: extra rounds, grown by merge
    game: "carillon",
    args: ["--plan", fixture("pipeline/extra-round-carillon-plan.json"), "--model", fixture("pipeline/tiny-carillon-model.json"), "--seed", "11"],
    shards: [
      { shard: "1/3" },
      { shard: "auto", env: { JOB_COMPLETION_INDEX: "1", LEVELRAMP_SHARD_COUNT: "3" } },
      { shard: "auto", env: { SLURM_ARRAY_TASK_ID: "3", SLURM_ARRAY_TASK_COUNT: "3", SLURM_ARRAY_TASK_MIN: "1", SLURM_ARRAY_TASK_MAX: "3", SLURM_ARRAY_TASK_STEP: "1" } },
    ],
  },
  {
    // levels 1–2 composed (shard 1's task), a conflict pair inside tier 1
    game: "apsis",
    args: ["--plan", fixture("pipeline/tiny-apsis-plan.json"), "--seed", "11"],
    shards: [{ shard: "auto", env: { LEVELRAMP_SHARD: "1/3" } }, { shard: "2/3" }, { shard: "auto", env: { SLURM_ARRAY_TASK_ID: "2", SLURM_ARRAY_TASK_COUNT: "3" } }],
  },
];

const dirs: Record<string, string> = {};

beforeAll(async () => {
  // every shard process of both games, two at a time
  const jobs = cases.flatMap((c) => {
    dirs[c.game] = tempFolder("levelramp-shards-");
    // {K} in --out: the shard's number, whatever started it (the files are shard-1.json .. shard-3.json)
    return c.shards.map((s) => () => runProcess(["generate", c.game, ...c.args, "--workers", "1", "--quiet", "--shard", s.shard, "--out", join(dirs[c.game], "shard-{K}.json")], s.env));
  });
  const failures: string[] = [];
  const next = async (): Promise<void> => {
    const job = jobs.shift();
    if (!job) return;
    const r = await job();
    if (r.code !== 0) failures.push(r.stderr);
    return next();
  };
  await Promise.all([next(), next()]);
  expect(failures).toEqual([]);
}, 120_000);

describe.each(cases)("levelramp generate --shard and merge: $game", (c) => {
  const shard = (k: number) => join(dirs[c.game], `shard-${k}.json`);

  it("three shard processes merged in any order give the unsharded pool byte for byte", async () => {
    const dir = dirs[c.game];
    for (let k = 1; k <= 3; k++) expect(JSON.parse(readFileSync(shard(k), "utf8")).shard).toEqual({ index: k, count: 3 });
    const one = await runCli(["generate", c.game, ...c.args, "--workers", "1", "--out", join(dir, "unsharded.json"), "--json"]);
    expect(one.code, one.stderr).toBe(0);
    const orders = [[3, 1, 2], [2, 3, 1]];
    for (const [i, order] of orders.entries()) {
      const out = join(dir, `merged-${i}.json`);
      const m = await runCli(["merge", ...order.map(shard), "--out", out, "--workers", "1", "--json"]);
      expect(m.code, m.stderr).toBe(0);
      expect(sha256(out)).toBe(sha256(join(dir, "unsharded.json")));
      const summary = JSON.parse(m.stdout);
      expect(summary.stats).toEqual(JSON.parse(one.stdout).stats);
      if (c.game === "carillon") {
        // the plan really needed extra rounds, and merge grew them
        expect(summary.stats.parts[0].extraRounds).toBeGreaterThan(0);
        expect(summary.ranHere).toBe(3 * summary.stats.parts[0].extraRounds);
      } else {
        expect(summary.stats.composed).toBe(2);
        expect(summary.ranHere).toBe(0);
      }
    }
  }, 60_000);

  it("refuses a missing shard, a repeated shard, and a shard from another seed or other settings (exit 2, nothing written)", async () => {
    const dir = tempFolder();
    const out = join(dir, "pools.json");
    const missing = await runCli(["merge", shard(3), shard(1), "--out", out]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("shard 2/3 is missing");
    const twice = await runCli(["merge", shard(1), shard(2), shard(3), shard(2), "--out", out]);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain(`shard 2/3 is given twice: ${shard(2)} and ${shard(2)}`);
    const otherSeed = join(dir, "seed-12.json");
    const g = await runCli(["generate", c.game, ...c.args, "--seed", "12", "--workers", "1", "--quiet", "--shard", "2/3", "--out", otherSeed]);
    expect(g.code, g.stderr).toBe(0);
    const seed = await runCli(["merge", shard(1), otherSeed, shard(3), "--out", out]);
    expect(seed.code).toBe(2);
    expect(seed.stderr).toContain(`${otherSeed} at $.seed: expected seed 11 (as in ${shard(1)}); this shard is from seed 12`);
    // another plan: the same shard made with one more candidate per level in a part
    const plan = JSON.parse(readFileSync(c.args[c.args.indexOf("--plan") + 1], "utf8"));
    plan.chapters[0].parts[0].poolPerLevel += 1;
    writeFileSync(join(dir, "plan.json"), JSON.stringify(plan));
    const otherPlan = join(dir, "plan-2.json");
    const args = [...c.args];
    args[args.indexOf("--plan") + 1] = join(dir, "plan.json");
    expect((await runCli(["generate", c.game, ...args, "--workers", "1", "--quiet", "--shard", "2/3", "--out", otherPlan])).code).toBe(0);
    const settings = await runCli(["merge", shard(1), otherPlan, shard(3), "--out", out]);
    expect(settings.code).toBe(2);
    expect(settings.stderr).toMatch(/at \$\.settingsHash: expected the settings of .*its inputs differ in plan:/);
    expect(existsSync(out)).toBe(false);
  }, 60_000);
});

describe("generate --shard refuses bad shards (exit 2)", () => {
  it("--shard auto in a re-run of one Slurm task (sbatch --array=3: a one-task array) is refused at once, not grown as shard 1/1", async () => {
    const out = join(tempFolder(), "s.json");
    const r = await runProcess(["generate", "carillon", "--plan", fixture("pipeline/tiny-carillon-plan.json"), "--shard", "auto", "--out", out], { SLURM_ARRAY_TASK_ID: "3", SLURM_ARRAY_TASK_COUNT: "1", SLURM_ARRAY_TASK_MIN: "3", SLURM_ARRAY_TASK_MAX: "3", SLURM_ARRAY_TASK_STEP: "1" });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^levelramp: pipeline\/shard: --shard auto: SLURM_ARRAY_TASK_ID=3 is the only task of its array .*--shard "\$SLURM_ARRAY_TASK_ID\/N"/);
    expect(existsSync(out)).toBe(false);
  }, 60_000);

  it("names the game by its name in the summary line and --json (the game is a value inside)", async () => {
    const out = join(tempFolder(), "s.json");
    const r = await runCli(["generate", "carillon", "--plan", fixture("pipeline/tiny-carillon-plan.json"), "--model", fixture("pipeline/tiny-carillon-model.json"), "--chapters", "1", "--seed", "3", "--workers", "1", "--shard", "1/2", "--out", out, "--json"]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).game).toBe("carillon");
    expect(r.stderr).toMatch(/^generate: carillon chapter 1, seed 3, shard 1\/2, 1 worker\(s\): /m);
    const b = await runCli(["build", "carillon", "--plan", fixture("pipeline/tiny-carillon-plan.json"), "--model", fixture("pipeline/tiny-carillon-model.json"), "--chapters", "1", "--seed", "3", "--workers", "1", "--out", join(tempFolder(), "set"), "--no-table"]);
    expect(b.code, b.stderr).toBe(0);
    expect(b.stderr).toMatch(/^build: carillon chapter 1, seed 3, 1 worker\(s\): /m);
  }, 60_000);

  it.each([["0/3"], ["4/3"], ["1/0"], ["2"], ["x/3"]])("--shard %s", async (text) => {
    const r = await runCli(["generate", "carillon", "--plan", fixture("pipeline/tiny-carillon-plan.json"), "--shard", text, "--out", join(tempFolder(), "s.json")]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--shard: expected K/N, shard K of N with 1 ≤ K ≤ N");
  });
});
