import { describe, expect, it } from "vitest";
import { fixture, modelFile, runCli } from "../helpers/run-cli.ts";
import { tempDir } from "../helpers/temp-dir.ts";

// Hostile input class 5 in general: every number an option takes has a stated
// bound, checked before any work. Each numeric option of every command gets
// the same hostile values — past a double (1e309), past 2^53,
// negative, hexadecimal — and each must end in exit 2 with one line
// naming the option (never exit 0 with a null, exit 1 after the work, or 70).
// In-process: the refusals come before any file is read or any work done.

const HOSTILE = ["1e309", "99999999999999999999", "-1", "0x10"];

const generic = ["--model", modelFile("generic", "selection.json"), "--ramp", modelFile("generic", "ramp.json"), "--plan", modelFile("generic", "plan.json")];
const pool = fixture("pools/generic-3x4x20.json");
const level = fixture("pipeline/compare-apsis-level.json");
const carillon = ["--plan", fixture("pipeline/tiny-carillon-plan.json"), "--model", fixture("pipeline/tiny-carillon-model.json"), "--quiet"];

describe("every numeric option refuses what is past its bound, naming it (class 5)", { timeout: 120_000 }, () => {
  it("select, show, measure, compare, build, generate and merge", async () => {
    const t = tempDir();
    const levels = t.path("levels.json");
    expect((await runCli(["select", "--pools", pool, ...generic, "--out", levels])).code).toBe(0);
    // [option, the command line with the value's place as V]
    const cases: Array<[string, string[]]> = [
      ["--time-limit", ["select", "--pools", pool, ...generic, "--json", "--time-limit", "V"]],
      ["--min-moves", ["select", "--pools", pool, ...generic, "--json", "--from", levels, "--min-moves", "V"]],
      ["--keep-until", ["select", "--pools", pool, ...generic, "--json", "--from", levels, "--keep-until", "V"]],
      ["--keep", ["select", "--pools", pool, ...generic, "--json", "--from", levels, "--keep", "V"]],
      ["--keep", ["select", "--pools", pool, ...generic, "--json", "--from", levels, "--keep", "1-V"]],
      ["--level", ["show", levels, "--level", "V", "--out", t.path("a.svg")]],
      ["--width", ["show", level, "--width", "V", "--out", t.path("a.png")]],
      ["--height", ["show", level, "--height", "V", "--out", t.path("a.png")]],
      ["--level", ["measure", levels, "--level", "V"]],
      ["--level", ["compare", levels, levels, "--level", "V"]],
      ["--level-a", ["compare", levels, levels, "--level-a", "V", "--level-b", "1"]],
      ["--level-b", ["compare", levels, levels, "--level-a", "1", "--level-b", "V"]],
      ["--workers", ["build", "carillon", ...carillon, "--workers", "V", "--out", t.path("out")]],
      ["--seed", ["build", "carillon", ...carillon, "--seed", "V", "--out", t.path("out")]],
      ["--chapters", ["build", "carillon", ...carillon, "--chapters", "V", "--out", t.path("out")]],
      ["--chapters", ["generate", "carillon", ...carillon, "--chapters", "1-V", "--out", t.path("pool.json")]],
      ["--shard", ["generate", "carillon", ...carillon, "--shard", "1/V", "--out", t.path("shard.json")]],
      ["--workers", ["merge", levels, "--workers", "V", "--out", t.path("merged.json")]],
    ];
    const wrong: string[] = [];
    for (const [option, argv] of cases) {
      for (const v of HOSTILE) {
        const line = argv.map((a) => (a === "V" ? v : a === "1-V" ? `1-${v}` : a === "1/V" ? `1/${v}` : a));
        const r = await runCli(line);
        const first = r.stderr.split("\n")[0];
        if (r.code !== 2 || !first.startsWith("levelramp: ") || !first.includes(option)) wrong.push(`${line.slice(0, 1)} ${option} "${v}": exit ${r.code}: ${first}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
