import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempFolder } from "../helpers/temp-dir.ts";

// docs/pipeline.md's recipes for scaling out (SPEC 9), checked as they stand
// in the page: the Slurm script is valid bash, and the counts each recipe
// repeats (shards, completions, LEVELRAMP_SHARD_COUNT, --array, file names)
// agree. (The recipes were also run as written; see "What was run here".)
const page = readFileSync(new URL("../../docs/pipeline.md", import.meta.url), "utf8");
const section = page.slice(page.indexOf("## Scaling out"), page.indexOf("## Verify ("));
const blocks = [...section.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1], text: m[2] }));
const block = (first: RegExp) => {
  const b = blocks.find((x) => first.test(x.text));
  if (!b) throw new Error(`no recipe block matching ${first}`);
  return b.text;
};

describe("docs/pipeline.md scaling-out recipes", () => {
  it("the Slurm scripts pass bash -n; run as Slurm runs them (a whole array, a re-run of one task, an array from 0, an outside game) each task names its own shard and file, and the merge takes them all", () => {
    const scripts = { carillon: block(/^#!\/bin\/bash\n# levelramp-shards\.sbatch/), lightsOut: block(/^#!\/bin\/bash\n# lights-out-shards\.sbatch/) };
    expect(scripts.carillon).toMatch(/#SBATCH --array=1-6\n/);
    expect(scripts.lightsOut).toMatch(/#SBATCH --array=1-4\n/);
    // the merge waits for every task however it ended (afterok waits forever after a failed one)
    for (const b of blocks.filter((x) => /--dependency=/.test(x.text))) expect(b.text).not.toMatch(/afterok/);
    expect(block(/sbatch --parsable levelramp-shards\.sbatch/)).toContain("--dependency=afterany:");
    // an array from 0: the expression the page gives, put in the script
    const fromZero = scripts.carillon.replace("--array=1-6", "--array=0-5").replace('--shard "$SLURM_ARRAY_TASK_ID/$shards"', '--shard "$((SLURM_ARRAY_TASK_ID + 1))/$shards"');
    expect(section.replace(/\s+/g, " ")).toContain('--shard "$((SLURM_ARRAY_TASK_ID + 1))/$shards"');
    expect(fromZero).not.toBe(scripts.carillon);
    /** Runs a script as a Slurm array task with a recording npx on the PATH; the levelramp arguments it ran. */
    const run = (script: string, task: { id: number; min: number; count: number }) => {
      const dir = tempFolder();
      const file = join(dir, "task.sbatch");
      writeFileSync(file, script);
      execFileSync("bash", ["-n", file]);
      writeFileSync(join(dir, "npx"), `#!/bin/sh\nprintf '%s\\n' "$@" > "${join(dir, "args.txt")}"\n`, { mode: 0o755 });
      const env = { ...process.env, PATH: `${dir}:${process.env.PATH}`, SLURM_SUBMIT_DIR: dir, SLURM_CPUS_PER_TASK: "1", SLURM_ARRAY_TASK_ID: String(task.id), SLURM_ARRAY_TASK_MIN: String(task.min), SLURM_ARRAY_TASK_MAX: String(task.min + task.count - 1), SLURM_ARRAY_TASK_COUNT: String(task.count), SLURM_ARRAY_TASK_STEP: "1" };
      execFileSync("bash", [file], { env });
      const args = readFileSync(join(dir, "args.txt"), "utf8").trimEnd().split("\n");
      return { shard: args[args.indexOf("--shard") + 1], out: args[args.indexOf("--out") + 1], game: args[2] };
    };
    // {K} and {N} are the shard's number and count (cli generate): the file each task writes
    const named = (r: { shard: string; out: string }) => r.out.replace("{K}", r.shard.split("/")[0]).replace("{N}", r.shard.split("/")[1]);
    const whole = [1, 2, 3, 4, 5, 6].map((id) => run(scripts.carillon, { id, min: 1, count: 6 }));
    expect(whole.map((r) => r.shard)).toEqual(["1/6", "2/6", "3/6", "4/6", "5/6", "6/6"]);
    expect(whole.map(named)).toEqual([1, 2, 3, 4, 5, 6].map((k) => `out/shards/carillon-${k}-of-6.json`));
    // sbatch --array=3: the only task of its array is shard 3/6 again, not 1/1
    expect(run(scripts.carillon, { id: 3, min: 3, count: 1 })).toEqual(whole[2]);
    // --array=0-5: the files still say 1..6
    expect([0, 1, 2, 3, 4, 5].map((id) => named(run(fromZero, { id, min: 0, count: 6 })))).toEqual(whole.map(named));
    // the outside game: its game file as <game>, and the merge and select take --game
    const game = [1, 2, 3, 4].map((id) => run(scripts.lightsOut, { id, min: 1, count: 4 }));
    expect(game.map(named)).toEqual([1, 2, 3, 4].map((k) => `out/shards/lights-out-${k}-of-4.json`));
    expect(game[0].game).toBe("examples/lights-out/game.json");
    const merge = block(/sbatch --parsable lights-out-shards\.sbatch/);
    expect(merge).toContain("npx levelramp merge out/shards/lights-out-*-of-4.json --game examples/lights-out/game.json");
    expect(merge).toContain("npx levelramp select --pools out/lights-out-pools.json --game examples/lights-out/game.json");
    // the merge's glob takes exactly the files the tasks write
    const glob = (text: string) => new RegExp(`^${/merge (\S+)/.exec(text)![1].replace(/[.]/g, "\\.").replace("*", "[^/]*")}$`);
    for (const f of whole.map(named)) expect(f).toMatch(glob(block(/sbatch --parsable levelramp-shards\.sbatch/)));
    for (const f of game.map(named)) expect(f).toMatch(glob(merge));
  });

  it("the Kubernetes Job's completions, LEVELRAMP_SHARD_COUNT and file names agree", () => {
    const job = block(/^# levelramp-shards\.yaml/);
    expect(job).toMatch(/completionMode: Indexed\n/);
    expect(job).toMatch(/completions: 6\n/);
    expect(job).toMatch(/- name: LEVELRAMP_SHARD_COUNT\n\s+value: "6"\n/);
    expect(job).toContain("--shard auto --out /shards/carillon-$$((JOB_COMPLETION_INDEX + 1))-of-6.json");
    expect(block(/^# levelramp-merge\.yaml/)).toContain("npx levelramp merge /shards/carillon-*-of-6.json");
    // YAML holds no tabs
    for (const b of blocks.filter((x) => x.lang === "yaml")) expect(b.text).not.toContain("\t");
  });

  it("the GNU parallel recipes deal shards 1..N to --shard {}/N and merge all N", () => {
    for (const n of [3, 6]) {
      const r = block(new RegExp(`--shard \\{\\}/${n} `));
      expect(r).toContain(`::: ${Array.from({ length: n }, (_, i) => i + 1).join(" ")}\n`);
      expect(r).toContain(`npx levelramp merge out/shards/carillon-*-of-${n}.json`);
    }
  });
});
