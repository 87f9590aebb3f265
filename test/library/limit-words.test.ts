import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { InputError, SelectionNoAnswer, loadPipelineOptions, modelSchema, planSchema, poolSchema, rampSchema, readJsonFile, selectLevels, type SelectLevelsInputs } from "../../src/index.ts";
import { generatePools, type PipelineOptions } from "../../src/pipeline/index.ts";
import { solverLimits } from "../../src/select/index.ts";
import { fixture, modelFile, runCli } from "../helpers/run-cli.ts";
import { tempDir } from "../helpers/temp-dir.ts";

// A library error says what limit was hit and what would help in the library's words, and names the
// same choices as remedies; the CLI adds its options for them. One case, the dp's state bound, both ways.

const t = tempDir("levelramp-limit-words-");

/** Chapter 1, parts 1-2 of the generic fixture pool (10 levels, 40 candidates), its plan and a dp bound of 20 states, as files. */
function smallCase() {
  const pool = JSON.parse(readFileSync(fixture("pools/generic-3x4x20.json"), "utf8"));
  pool.candidates = pool.candidates.filter((c: { chapter: number; part: number }) => c.chapter === 1 && c.part <= 2);
  const plan = JSON.parse(readFileSync(modelFile("generic", "plan.json"), "utf8"));
  plan.chapters = [{ ...plan.chapters[0], parts: plan.chapters[0].parts.slice(0, 2) }];
  const limits = JSON.parse(readFileSync("models/select/solver.json", "utf8"));
  limits.dp.maxStates = 20;
  return { poolFile: t.write("pool.json", pool), planFile: t.write("plan.json", plan), limitsFile: t.write("limits.json", limits) };
}

describe("a limit in library words, the CLI's flags added", () => {
  it("the dp's state bound: the library's message names no option and carries the remedies; select's stderr adds the flags", async () => {
    const { poolFile, planFile, limitsFile } = smallCase();
    const model = modelFile("generic", "selection.json");
    const ramp = modelFile("generic", "ramp.json");
    const inputs: SelectLevelsInputs = {
      pool: readJsonFile(poolSchema, poolFile),
      poolFile,
      plan: readJsonFile(planSchema, planFile),
      planFile,
      model: readJsonFile(modelSchema, model),
      modelFile: model,
      ramp: readJsonFile(rampSchema, ramp),
      rampFile: ramp,
    };
    const err = await selectLevels(inputs, { solver: "dp", limits: solverLimits(limitsFile) }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(SelectionNoAnswer);
    const e = err as SelectionNoAnswer;
    expect(e.status).toBe("unknown");
    expect(e.limit).toBe("dp states");
    expect(e.message).toMatch(/^select\/dp: more than 20 states \(10 levels, 40 candidates in \d+ classes, maxRun \d+, at level \d+\); try HiGHS \(solver highs\) with a time limit, fewer levels at once \(part by part\), or a larger dp\.maxStates in the solver limits \(default models\/select\/solver\.json\)$/);
    expect(e.message).not.toMatch(/--[a-z]/);
    expect(e.remedies).toEqual(["solver-highs", "time-limit", "fewer-levels", "limits"]);

    // The same case through the CLI: the library's message, then the options for its remedies, on one line.
    const cli = await runCli(["select", "--pools", poolFile, "--plan", planFile, "--limits", limitsFile, "--solver", "dp", "--out", t.path("levels.json")]);
    expect(cli.code, cli.stderr).toBe(1);
    expect(cli.stderr).toBe(`levelramp: ${e.message}; options: --solver highs, --time-limit <seconds>, select --incremental or build --chapters, --limits <file>\n`);
    const json = await runCli(["select", "--pools", poolFile, "--plan", planFile, "--limits", limitsFile, "--solver", "dp", "--json"]);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ status: "unknown", limit: "dp states", remedies: e.remedies, message: cli.stderr.slice("levelramp: ".length, -1) });
  }, 120_000);

  it("a pipeline option in a message: the library names its own option (from, reuse), the CLI its flags (names)", async () => {
    const options = await loadPipelineOptions("apsis", { chapters: "2", workers: 1 });
    // Refused before the set is read: `from` is for a build.
    const from = {} as NonNullable<PipelineOptions["from"]>;
    const err = await generatePools({ ...options, from }).then(() => undefined, (e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as Error).message).toBe("pipeline/from: from keeps a build's chosen levels: it is for a build, not for growing a pool alone (reuse reuses an earlier pool)");
    const named = await generatePools({ ...options, from, names: { from: "--from", reuse: "--reuse" } }).then(() => undefined, (e: unknown) => e);
    expect((named as Error).message).toBe("pipeline/from: --from keeps a build's chosen levels: it is for a build, not for growing a pool alone (--reuse reuses an earlier pool)");
  });
});
