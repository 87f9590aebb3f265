import { describe, expect, it } from "vitest";
import type { LevelsFile } from "../../src/io/schemas/levels.ts";
import { deviationCsv } from "../../src/report/deviation-csv.ts";
import { deviationReport } from "../../src/report/deviation-report.ts";
import { deviationTable } from "../../src/report/deviation-table.ts";
import { findBreaks } from "../../src/select/rules/find-breaks.ts";
import { runCli } from "../helpers/run-cli.ts";
import { tempDir } from "../helpers/temp-dir.ts";

// A hand-edited file: chapter 1 levels 1–3, chapter 2 levels 4–5, where level 5 falls (a break).
const level = (number: number, chapter: number, difficulty: number, target: number) => ({
  number, chapter, part: 1, id: `L${number}`, metrics: { difficulty }, target, deviation: Math.round((difficulty - target) * 1e6) / 1e6,
});
const file: LevelsFile = {
  format: "levelramp/levels@1",
  game: "generic",
  seed: null,
  model: { format: "levelramp/model@1", metric: "difficulty", eligibility: "part", constraints: [{ type: "nonDecreasing", key: "difficulty" }], objective: { norm: "L1", evenness: 0 } },
  ramp: { format: "levelramp/ramp@1", metric: "difficulty", points: [[1, 1], [5, 5]], interpolation: "linear" },
  objective: 0,
  optimal: false,
  levels: [level(1, 1, 1, 1), level(2, 1, 2, 2.5), level(3, 1, 4, 3), level(4, 2, 4, 4), level(5, 2, 3, 5)],
};

describe("ramp deviation per chapter (hand-computed)", () => {
  it("against the stored targets", () => {
    const r = deviationReport(file);
    // chapter 1: deviations 0, −0.5, +1 → mean|d| 0.5, RMS √(1.25/3) = 0.645497, max 1 at level 3, bias 0.5/3
    expect(r.chapters[0]).toEqual({ chapter: 1, levels: 3, meanAbs: 0.5, rms: 0.645497, maxAbs: 1, maxAt: 3, bias: 0.166667, breaks: 0, meanTarget: 2.166667, poolLimited: null, constraintLimited: null });
    // chapter 2: deviations 0, −2 → mean|d| 1, RMS √2, max 2 at level 5, bias −1; the fall at level 5 is one break
    expect(r.chapters[1]).toEqual({ chapter: 2, levels: 2, meanAbs: 1, rms: 1.414214, maxAbs: 2, maxAt: 5, bias: -1, breaks: 1, meanTarget: 4.5, poolLimited: null, constraintLimited: null });
    expect(r.all).toMatchObject({ levels: 5, meanAbs: 0.7, maxAbs: 2, maxAt: 5, bias: -0.3, breaks: 1 });
  });

  it("against another ramp: linear (1,0)–(5,4)", () => {
    const r = deviationReport(file, { format: "levelramp/ramp@1", metric: "difficulty", points: [[1, 0], [5, 4]], interpolation: "linear" }, "shifted");
    // targets 0..4 → deviations 1, 1, 2 | 1, −1
    expect(r.chapters[0]).toMatchObject({ meanAbs: 1.333333, rms: 1.414214, maxAbs: 2, maxAt: 3, bias: 1.333333 });
    expect(r.chapters[1]).toMatchObject({ meanAbs: 1, rms: 1, maxAbs: 1, maxAt: 4, bias: 0 });
  });

  it("names the break and shows ramps side by side in the table and CSV", () => {
    const breaks = findBreaks(file.levels, file.model.constraints);
    expect(breaks.map((b) => [b.level, b.message])).toEqual([[5, "difficulty 3 after 4"]]);
    const other = deviationReport(file, { format: "levelramp/ramp@1", metric: "difficulty", points: [[1, 0], [5, 4]], interpolation: "linear" }, "shifted");
    const table = deviationTable([deviationReport(file), other], breaks);
    expect(table).toContain("embedded");
    expect(table).toContain("shifted");
    expect(table).toMatch(/^2 +2 +1\.000 +1\.414 +2\.000 @5 +-1\.000 +- +1\.000 +1\.000 +1\.000 @4 +\+0\.000 +- +1$/m);
    expect(table).toContain("level 5: difficulty 3 after 4 — nonDecreasing(difficulty)");
    const csv = deviationCsv([deviationReport(file), other]).trim().split("\n");
    expect(csv[0]).toBe("ramp,metric,chapter,levels,meanAbs,rms,maxAbs,maxAt,bias,breaks,poolLimited,constraintLimited");
    expect(csv).toContain("shifted,difficulty,1,3,1.333333,1.414214,2,3,1.333333,0,,");
  });

  it("a long ramp name spans its columns without widening the first one", () => {
    const long = deviationReport(file, file.ramp, "a-really-quite-long-ramp-name-for-chapter-tests.json");
    const lines = deviationTable([deviationReport(file), long], []).split("\n");
    // the two groups' sub-headings line up with the numbers under them
    const sub = lines[2];
    const row = lines.find((l) => l.startsWith("1 "))!;
    const subAt = [...sub.matchAll(/mean\|dev\|/g)].map((m) => m.index! + "mean|dev|".length);
    expect(subAt).toHaveLength(2);
    // each mean|dev| number ends right where its heading ends
    for (const at of subAt) expect(row.slice(at - 5, at + 1)).toMatch(/^\d\.\d{3} $/);
    // the second group's first column is no wider than the first group's
    expect(subAt[1] - subAt[0]).toBeLessThan(70);
    expect(lines[1]).toContain("a-really-quite-long-ramp-name-for-chapter-tests.json");
  });

  it("pool coverage: levels where the pool, not the constraints, is the limit", () => {
    // Level 2 is 0.5 below target and the best candidate was 0.5 below too (pool-limited);
    // level 3 is 1 above and a candidate 0.2 above existed (constraint-limited); level 1 sits on the ramp.
    const covered: LevelsFile = { ...file, levels: file.levels.map((l, i) => ({ ...l, bestDeviation: [0, -0.5, 0.2, 0, -1][i] })) };
    const r = deviationReport(covered);
    expect(r.chapters[0]).toMatchObject({ poolLimited: 1, constraintLimited: 1 });
    expect(r.chapters[1]).toMatchObject({ poolLimited: 0, constraintLimited: 1 });
    expect(r.levels[2].bestDeviation).toBe(0.2);
    expect(deviationTable([r], [])).toMatch(/^1 +3 +0\.500 .* 1\/2 +0$/m);
    // the footnote says "- unknown" only when some cell is unknown
    expect(deviationTable([r], [])).not.toContain("- unknown");
    // the library's words by default; report passes its flag
    expect(deviationTable([deviationReport(file)], [])).toContain("; - unknown (give the pool)");
    expect(deviationTable([deviationReport(file)], [], 0, { pools: "--pools" })).toContain("; - unknown (give --pools)");
    // each ramp's name heads its columns; the column names (breaks included) are on the line below
    expect(deviationTable([r], []).split("\n").slice(1, 3)).toEqual([expect.stringMatching(/^ +ramp: embedded$/), expect.stringMatching(/^chapter +levels +mean\|dev\| .* pool-limited +breaks$/)]);
  });

  it("report --format json/csv through the CLI", async () => {
    const t = tempDir();
    const f = t.write("levels.json", file);
    const j = await runCli(["report", f, "--format", "json"]);
    expect(j.code).toBe(0);
    const parsed = JSON.parse(j.stdout);
    expect(parsed.ramps[0].chapters[1].breaks).toBe(1);
    expect(parsed.breaks[0].level).toBe(5);
    const r2 = t.write("r2.json", { format: "levelramp/ramp@1", metric: "difficulty", points: [[1, 0], [5, 4]] });
    const c = await runCli(["report", f, "--ramp", r2, "--ramp", "models/generic/ramp.json", "--format", "csv"]);
    expect(c.code).toBe(0);
    expect(c.stdout.split("\n").filter((l) => l.startsWith("r2.json,")).length).toBe(3);
    expect(c.stdout.split("\n").filter((l) => l.startsWith("ramp.json,")).length).toBe(3);
  });
});
