import { describe, expect, it } from "vitest";
import { parseShard } from "../../src/pipeline/shards/parse-shard.ts";

// `--shard K/N|auto` (SPEC 2, 9): K counts from 1 everywhere; auto reads the
// job-array variables of Kubernetes Indexed Jobs, Slurm arrays or LEVELRAMP_SHARD.
describe("parseShard", () => {
  it("reads K/N with K from 1", () => {
    expect(parseShard("1/3", {})).toEqual({ index: 1, count: 3 });
    expect(parseShard(" 3 / 3 ", {})).toEqual({ index: 3, count: 3 });
    expect(parseShard("1/1", {})).toEqual({ index: 1, count: 1 });
  });

  it.each(["0/3", "4/3", "1/0", "3", "a/b", "-1/3", "1/100001", ""])("refuses %j (exit 2)", (text) => {
    expect(() => parseShard(text, {})).toThrow(/pipeline\/shard: shard: expected K\/N, shard K of N with 1 ≤ K ≤ N ≤ 100000 \(K counts from 1\) or auto/);
    try {
      parseShard(text, {});
    } catch (err) {
      expect((err as { exitCode: number }).exitCode).toBe(2);
    }
  });

  it("auto: LEVELRAMP_SHARD=K/N", () => {
    expect(parseShard("auto", { LEVELRAMP_SHARD: "2/5" })).toEqual({ index: 2, count: 5 });
    expect(() => parseShard("auto", { LEVELRAMP_SHARD: "0/5" })).toThrow(/shard "auto": LEVELRAMP_SHARD: expected K\/N.*got "0\/5"/);
  });

  it("auto: a Kubernetes Indexed Job's 0-based JOB_COMPLETION_INDEX with LEVELRAMP_SHARD_COUNT", () => {
    expect(parseShard("auto", { JOB_COMPLETION_INDEX: "0", LEVELRAMP_SHARD_COUNT: "4" })).toEqual({ index: 1, count: 4 });
    expect(parseShard("auto", { JOB_COMPLETION_INDEX: "3", LEVELRAMP_SHARD_COUNT: "4" })).toEqual({ index: 4, count: 4 });
    expect(() => parseShard("auto", { JOB_COMPLETION_INDEX: "1" })).toThrow(/JOB_COMPLETION_INDEX=1 is set \(a Kubernetes Indexed Job\) but LEVELRAMP_SHARD_COUNT is not/);
    expect(() => parseShard("auto", { JOB_COMPLETION_INDEX: "4", LEVELRAMP_SHARD_COUNT: "4" })).toThrow(/JOB_COMPLETION_INDEX=4 expected an index below LEVELRAMP_SHARD_COUNT=4/);
    expect(() => parseShard("auto", { JOB_COMPLETION_INDEX: "x", LEVELRAMP_SHARD_COUNT: "4" })).toThrow(/JOB_COMPLETION_INDEX expected a whole number ≥ 0; got "x"/);
    expect(() => parseShard("auto", { LEVELRAMP_SHARD_COUNT: "4" })).toThrow(/LEVELRAMP_SHARD_COUNT is set but JOB_COMPLETION_INDEX is not/);
  });

  it("auto: a Slurm array task, counted from SLURM_ARRAY_TASK_MIN (0 when unset)", () => {
    expect(parseShard("auto", { SLURM_ARRAY_TASK_ID: "1", SLURM_ARRAY_TASK_COUNT: "8", SLURM_ARRAY_TASK_MIN: "1", SLURM_ARRAY_TASK_MAX: "8" })).toEqual({ index: 1, count: 8 });
    expect(parseShard("auto", { SLURM_ARRAY_TASK_ID: "8", SLURM_ARRAY_TASK_COUNT: "8", SLURM_ARRAY_TASK_MIN: "1" })).toEqual({ index: 8, count: 8 });
    expect(parseShard("auto", { SLURM_ARRAY_TASK_ID: "0", SLURM_ARRAY_TASK_COUNT: "8", SLURM_ARRAY_TASK_MIN: "0", SLURM_ARRAY_TASK_STEP: "1" })).toEqual({ index: 1, count: 8 });
    expect(parseShard("auto", { SLURM_ARRAY_TASK_ID: "7", SLURM_ARRAY_TASK_COUNT: "8" })).toEqual({ index: 8, count: 8 });
    expect(() => parseShard("auto", { SLURM_ARRAY_TASK_ID: "2" })).toThrow(/SLURM_ARRAY_TASK_ID=2 is set but SLURM_ARRAY_TASK_COUNT is not/);
    expect(() => parseShard("auto", { SLURM_ARRAY_TASK_ID: "8", SLURM_ARRAY_TASK_COUNT: "8" })).toThrow(/SLURM_ARRAY_TASK_ID=8 expected 0\.\.7/);
    expect(() => parseShard("auto", { SLURM_ARRAY_TASK_ID: "3", SLURM_ARRAY_TASK_COUNT: "3", SLURM_ARRAY_TASK_MIN: "1", SLURM_ARRAY_TASK_STEP: "2" })).toThrow(/SLURM_ARRAY_TASK_STEP expected 1/);
    // --array=1,3,5: three tasks that are not 1..3
    expect(() => parseShard("auto", { SLURM_ARRAY_TASK_ID: "3", SLURM_ARRAY_TASK_COUNT: "3", SLURM_ARRAY_TASK_MIN: "1", SLURM_ARRAY_TASK_MAX: "5" })).toThrow(/SLURM_ARRAY_TASK_MAX expected 3/);
  });

  it("a re-run of one failed Slurm task (sbatch --array=3) does not read as shard 1/1: refused at once, with the explicit form", () => {
    const rerun = { SLURM_ARRAY_TASK_ID: "3", SLURM_ARRAY_TASK_COUNT: "1", SLURM_ARRAY_TASK_MIN: "3", SLURM_ARRAY_TASK_MAX: "3", SLURM_ARRAY_TASK_STEP: "1" };
    // The library names its own option; the CLI's words (generate's) give the flags.
    expect(() => parseShard("auto", rerun)).toThrow(
      'pipeline/shard: shard "auto": SLURM_ARRAY_TASK_ID=3 is the only task of its array (SLURM_ARRAY_TASK_COUNT=1, as sbatch --array=3 makes to re-run one task), which cannot say how many shards the run has or which one this is; name the shard instead, with K counting from 1: shard "K/N" with K = SLURM_ARRAY_TASK_ID (an array from 1; from 0, K = SLURM_ARRAY_TASK_ID + 1), or LEVELRAMP_SHARD=K/N (sbatch --array=3 --export=ALL,LEVELRAMP_SHARD=K/N ...)',
    );
    const cli = { shard: "--shard", auto: "--shard auto", explicit: '--shard "$SLURM_ARRAY_TASK_ID/N" in the script (an array from 1; from 0, --shard "$((SLURM_ARRAY_TASK_ID + 1))/N")' };
    expect(() => parseShard("auto", rerun, cli)).toThrow(
      'pipeline/shard: --shard auto: SLURM_ARRAY_TASK_ID=3 is the only task of its array (SLURM_ARRAY_TASK_COUNT=1, as sbatch --array=3 makes to re-run one task), which cannot say how many shards the run has or which one this is; name the shard instead, with K counting from 1: --shard "$SLURM_ARRAY_TASK_ID/N" in the script (an array from 1; from 0, --shard "$((SLURM_ARRAY_TASK_ID + 1))/N"), or LEVELRAMP_SHARD=K/N (sbatch --array=3 --export=ALL,LEVELRAMP_SHARD=K/N ...)',
    );
    // the same for task 0 or 1 alone: a one-task array never says the run's count
    expect(() => parseShard("auto", { ...rerun, SLURM_ARRAY_TASK_ID: "1", SLURM_ARRAY_TASK_MIN: "1", SLURM_ARRAY_TASK_MAX: "1" })).toThrow(/the only task of its array/);
    // a re-run of some tasks (--array=3-4) starts above 1: its count is not the run's
    expect(() => parseShard("auto", { SLURM_ARRAY_TASK_ID: "4", SLURM_ARRAY_TASK_COUNT: "2", SLURM_ARRAY_TASK_MIN: "3", SLURM_ARRAY_TASK_MAX: "4" })).toThrow(/the array starts at SLURM_ARRAY_TASK_MIN=3 \(a part of an array, as sbatch --array=3-4 makes/);
    // with the shard named (sbatch --array=3 --export=ALL,LEVELRAMP_SHARD=3/6), the one-task array stands aside
    expect(parseShard("auto", { ...rerun, LEVELRAMP_SHARD: "3/6" })).toEqual({ index: 3, count: 6 });
    // the explicit form the script uses: the task id is the shard number
    expect(parseShard(`${rerun.SLURM_ARRAY_TASK_ID}/6`, rerun)).toEqual({ index: 3, count: 6 });
  });

  it("auto: sources that agree are fine; sources that disagree are refused, naming both", () => {
    expect(parseShard("auto", { LEVELRAMP_SHARD: "2/3", SLURM_ARRAY_TASK_ID: "2", SLURM_ARRAY_TASK_COUNT: "3", SLURM_ARRAY_TASK_MIN: "1" })).toEqual({ index: 2, count: 3 });
    expect(() => parseShard("auto", { LEVELRAMP_SHARD: "1/3", SLURM_ARRAY_TASK_ID: "2", SLURM_ARRAY_TASK_COUNT: "3", SLURM_ARRAY_TASK_MIN: "1" })).toThrow(
      /LEVELRAMP_SHARD=1\/3 \(shard 1\/3\) and SLURM_ARRAY_TASK_ID=2 of SLURM_ARRAY_TASK_COUNT=3 from SLURM_ARRAY_TASK_MIN=1 \(shard 2\/3\) disagree/,
    );
    expect(() => parseShard("auto", { JOB_COMPLETION_INDEX: "0", LEVELRAMP_SHARD_COUNT: "2", LEVELRAMP_SHARD: "1/3" })).toThrow(/disagree/);
  });

  it("auto with no variable (or only empty ones) names what it looks for", () => {
    for (const env of [{}, { LEVELRAMP_SHARD: "", SLURM_ARRAY_TASK_ID: " " }]) {
      expect(() => parseShard("auto", env)).toThrow(/^pipeline\/shard: shard "auto": expected LEVELRAMP_SHARD=K\/N, JOB_COMPLETION_INDEX with LEVELRAMP_SHARD_COUNT \(Kubernetes Indexed Job\) or SLURM_ARRAY_TASK_ID with SLURM_ARRAY_TASK_COUNT \(Slurm job array\); none is set/);
    }
  });
});
