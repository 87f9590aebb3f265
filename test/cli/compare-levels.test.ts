import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixture, runCli } from "../helpers/run-cli.ts";
import { tempFolder } from "../helpers/temp-dir.ts";
import { writeFileSync } from "node:fs";

// `levelramp compare` (SPEC 2, 7): exit 0 whenever it ran, same or not; 2 for bad input.
const f = (name: string) => fixture(`pipeline/${name}.json`);

describe("levelramp compare", () => {
  it("finds a Carillon level and its half-turned copy (dots reordered) the same", async () => {
    const r = await runCli(["compare", f("compare-carillon-level"), f("compare-carillon-half-turn"), "--json"]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.same).toBe(true);
    expect(out.reasons).toContain("identical");
    expect(out.transform).toEqual({ quarterTurns: 2, mirror: false });
    const n = JSON.parse(readFileSync(f("compare-carillon-level"), "utf8")).level.dots.length;
    expect(out.matched).toHaveLength(n);
    // the half turn reversed the dot order: dot i is dot n-1-i of the copy
    expect(out.matched).toEqual(Array.from({ length: n }, (_, i) => [i, n - 1 - i]));
  });

  it("finds an Apsis level and its quarter-turned copy the same", async () => {
    const r = await runCli(["compare", f("compare-apsis-level"), f("compare-apsis-quarter-turn"), "--json"]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ same: true, transform: { turn: 90, mirror: false } });
    expect(out.reasons).toEqual(["identical", "near-copy", "same-puzzle"]);
    const human = await runCli(["compare", f("compare-apsis-level"), f("compare-apsis-quarter-turn")]);
    expect(human.stdout).toBe("same (identical, near-copy, same-puzzle): the second level is the first under a 90° turn about the sun; 18 arrows matched (100% of the larger level)\n");
  });

  for (const game of ["carillon", "apsis"]) {
    it(`finds two unrelated ${game} levels not the same, and exits 1 (the answer is no)`, async () => {
      const r = await runCli(["compare", f(`compare-${game}-level`), f(`compare-${game}-unrelated`), "--json"]);
      expect(r.code).toBe(1);
      const out = JSON.parse(r.stdout);
      expect(out).toMatchObject({ same: false, reasons: [], basis: "closest" });
      // both games say how close the best turn/mirror came, in words
      expect(out.matched.length).toBeGreaterThan(0);
      const human = await runCli(["compare", f(`compare-${game}-level`), f(`compare-${game}-unrelated`)]);
      expect(human.code).toBe(1);
      expect(human.stdout).toMatch(/^not the same: at best \d+ (dots? match(es)?|arrows? match(es)?) under (no turn|a|three).*\(\d+% of the larger level\)$/m);
    });
  }

  it("reads levels files with --level (both), or --level-a / --level-b", async () => {
    const dir = tempFolder();
    const levels = (name: string) => JSON.parse(readFileSync(f(name), "utf8")).level;
    const file = {
      format: "levelramp/levels@1",
      game: "apsis",
      seed: 1,
      model: { format: "levelramp/model@1", metric: "reads", eligibility: "part", constraints: [], objective: { norm: "L1", evenness: 0 } },
      ramp: { format: "levelramp/ramp@1", metric: "reads", points: [[1, 3]], interpolation: "linear" },
      objective: 0,
      optimal: true,
      levels: [
        { number: 1, chapter: 1, part: 1, id: "a", metrics: { reads: 3 }, target: 3, deviation: 0, level: levels("compare-apsis-level") },
        { number: 2, chapter: 1, part: 1, id: "b", metrics: { reads: 3 }, target: 3, deviation: 0, level: levels("compare-apsis-quarter-turn") },
      ],
    };
    const path = join(dir, "levels.json");
    writeFileSync(path, JSON.stringify(file));
    const both = await runCli(["compare", path, f("compare-apsis-level"), "--level", "2", "--json"]);
    expect(both.code).toBe(0);
    expect(JSON.parse(both.stdout).same).toBe(true);
    const ab = await runCli(["compare", path, path, "--level-a", "1", "--level-b", "2", "--json"]);
    expect(JSON.parse(ab.stdout).same).toBe(true);
    const missing = await runCli(["compare", path, path]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("--level");
    const absent = await runCli(["compare", path, path, "--level", "9"]);
    expect(absent.code).toBe(2);
  });

  it("refuses two levels of different games, a file that is not a level, and a missing file (exit 2)", async () => {
    expect((await runCli(["compare", f("compare-apsis-level"), f("compare-carillon-level")])).code).toBe(2);
    expect((await runCli(["compare", f("tiny-carillon-plan"), f("compare-carillon-level")])).code).toBe(2);
    const r = await runCli(["compare", f("no-such-level"), f("compare-carillon-level")]);
    expect(r.code).toBe(2);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
