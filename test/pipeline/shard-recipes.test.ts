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
  it("the Slurm script passes bash -n, and its array, --shard auto and the merge's files agree", () => {
    const script = block(/^#!\/bin\/bash\n# levelramp-shards\.sbatch/);
    const file = join(tempFolder(), "levelramp-shards.sbatch");
    writeFileSync(file, script);
    execFileSync("bash", ["-n", file]);
    expect(script).toMatch(/#SBATCH --array=1-6\n/);
    expect(script).toContain("--shard auto");
    expect(script).toContain('--out "out/shards/carillon-$SLURM_ARRAY_TASK_ID-of-$SLURM_ARRAY_TASK_COUNT.json"');
    const submit = block(/sbatch --parsable levelramp-shards\.sbatch/);
    expect(submit).toContain("npx levelramp merge out/shards/carillon-*-of-6.json");
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
