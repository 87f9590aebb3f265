import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { InputError, LevelrampError } from "../../src/io/errors.ts";
import { planSchema } from "../../src/io/schemas/plan.ts";
import { levelsSchema } from "../../src/io/schemas/levels.ts";
import { reportLevels } from "../../src/report/report-levels.ts";
import { readJsonFile } from "../../src/io/read-json-file.ts";
import { readGameLevelInput, readGamePool } from "../../src/game/registry/read-game-file.ts";
import { parseChapters, reuseLines } from "../../src/pipeline/index.ts";
import { REUSE_FLAGS } from "../../src/cli/remedy-flags.ts";
import { fixture, modelFile, runCli } from "../helpers/run-cli.ts";
import { tempDir } from "../helpers/temp-dir.ts";

// A library function's message or text names its own options; the CLI names its flags,
// through the names it passes or the remedies the error carries. Each family both ways (the others:
// parse-shard, environment-limits, reuse-pools (mergeShards, reuseLines through build), deviation, real-data-cases
// (playColumns, calibrationText), editor-select (the editor's plan), game-check (an outside game)).

const t = tempDir("levelramp-flag-words-");

/** The message of what `f` throws (or rejects with). */
async function thrown(f: () => unknown): Promise<LevelrampError> {
  try {
    await f();
  } catch (err) {
    expect(err).toBeInstanceOf(LevelrampError);
    return err as LevelrampError;
  }
  throw new Error("expected an error");
}

describe("library words, the CLI's flags", () => {
  it("parseChapters names the chapters option; build names --chapters", async () => {
    const plan = readJsonFile(planSchema, modelFile("carillon", "plan.json"));
    expect((await thrown(() => parseChapters("x", plan))).message).toBe(`pipeline/chapters: chapters expects a chapter or a range like 1-4; got "x"`);
    expect((await thrown(() => parseChapters("4-2", plan))).message).toBe(`pipeline/chapters: chapters expects a range low-high with low ≤ high; got "4-2"`);
    expect((await thrown(() => parseChapters("99", plan, "plan.json"))).message).toMatch(/^pipeline\/chapters: plan\.json: chapters 99: expected chapters of the plan \(1\.\.\d+\); it has no chapter 99$/);
    const cli = await runCli(["build", "carillon", "--chapters", "x", "--out", t.path("set")]);
    expect(cli.code).toBe(2);
    expect(cli.stderr).toBe(`levelramp: pipeline/chapters: --chapters expects a chapter or a range like 1-4; got "x"\n`);
  }, 60_000);

  it("readGameLevelInput names the level it needs; measure names --level N", async () => {
    const levels = JSON.parse(readFileSync(fixture("plays/numeric-ids.levels.json"), "utf8"));
    const file = t.write("carillon-levels.json", { ...levels, game: "carillon" });
    const err = await thrown(() => readGameLevelInput(file));
    expect(err).toBeInstanceOf(InputError);
    expect(err.message).toBe(`io/read-level: ${file}: expected a level number (level) for a levels file (it holds levels 1..60)`);
    const cli = await runCli(["measure", file]);
    expect(cli.code).toBe(2);
    expect(cli.stderr).toBe(`levelramp: io/read-level: ${file}: expected --level N for a levels file (it holds levels 1..60)\n`);
  }, 60_000);

  it("a file of an outside game not given: the library says to give the game, with the remedy outside-game; the CLI adds --game", async () => {
    const pool = t.write("pool.json", { format: "levelramp/pool@1", game: "my-game", candidates: [{ id: "my-game-c1-p1-0123456789", chapter: 1, part: 1, metrics: { size: 1 }, level: { n: 1 } }] });
    const err = await thrown(() => readGamePool(pool));
    expect(err.message).toMatch(/\$\.game: Invalid option: expected one of "carillon"\|"apsis"\|[^ ]*"generic" \(for the files of an outside game "my-game", give the game opened from its game file\)$/);
    expect(err.remedies).toEqual(["outside-game"]);
    // a name that cannot be a game's gets no hint, and no remedy
    expect((await thrown(() => readGamePool(t.write("odd.json", { format: "levelramp/pool@1", game: "Odd Game", candidates: [] })))).remedies).toEqual([]);
  });

  it("the report's table asks for the pool in the library's words; report asks for --pools", async () => {
    const levelsFile = fixture("plays/numeric-ids.levels.json");
    const { text } = await reportLevels({ levels: readJsonFile(levelsSchema, levelsFile), levelsFile });
    expect(text).toMatch(/; - unknown \(give the pool\)\n$/);
    expect(text).not.toMatch(/--[a-z]/);
    const cli = await runCli(["report", levelsFile]);
    expect(cli.code).toBe(0);
    expect(cli.stdout).toBe(text.replace("(give the pool)", "(give --pools)"));
  }, 60_000);

  it("reuseLines names selectLevels and its options; build and merge pass the select command line", () => {
    const summary = { file: "pools.json", refusal: null, compose: { reused: 1, grown: 0 }, parts: [{ chapter: 1, part: 1, reused: 2, grown: 3, reaimed: 3 }] };
    const library = reuseLines(summary);
    expect(library.at(-1)).toBe("  to choose from pools.json as it is, growing nothing: selectLevels over pools.json incremental with this run's plan, model and ramp (without incremental if the pool runs out part by part; the levels only, not a whole build's set)");
    for (const line of library) expect(line).not.toMatch(/--[a-z]/);
    const cli = reuseLines(summary, undefined, undefined, REUSE_FLAGS);
    expect(cli.at(-1)).toBe("  to choose from pools.json as it is, growing nothing: levelramp select --pools pools.json --incremental with this run's --plan, --model and --ramp (without --incremental if the pool runs out part by part; the levels only, not a whole build's set)");
  });
});
