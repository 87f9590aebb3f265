import { existsSync, readFileSync } from "node:fs";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { calibrationSchema } from "../../src/io/schemas/calibration.ts";
import { calibratedLevels } from "../../src/report/calibrated-levels.ts";
import { calibrationPlotSpec } from "../../src/report/html/calibration-section.ts";
import { metricRampOfPassRamp } from "../../src/calibrate/pass-ramp.ts";
import { metricAtPassRate } from "../../src/calibrate/pass-rate.ts";
import { runCli } from "../helpers/run-cli.ts";
import { playsCsv, simulatePlays } from "../helpers/simulate-plays.ts";
import { tempDir } from "../helpers/temp-dir.ts";

vi.setConfig({ testTimeout: 60_000 });

const t = tempDir("levelramp-calibrate-");
const levelsFile = t.path("levels.json");
let playsFile = "";

beforeAll(async () => {
  const r = await runCli(["select", "--pools", "fixtures/pools/generic-3x4x20.json", "--out", levelsFile]);
  expect(r.code).toBe(0);
  const levels = JSON.parse(readFileSync(levelsFile, "utf8")) as { levels: Array<{ metrics: { difficulty: number } }> };
  const plays = simulatePlays(
    { model: "rasch", a: -3, b: 0.3, sigma: 1, outliers: [{ level: 9, shift: 2 }] },
    { seed: "cli-plays", metrics: levels.levels.map((l) => l.metrics.difficulty), players: 120 },
  );
  playsFile = t.write("plays.csv", playsCsv(plays));
});

describe("levelramp calibrate (SPEC 11)", () => {
  it("writes a calibration file the schema accepts, prints the same with --json, and names the outlier", async () => {
    const out = t.path("calibration.json");
    const r = await runCli(["calibrate", playsFile, "--levels", levelsFile, "--out", out, "--json"]);
    expect(r.code).toBe(0);
    const cal = calibrationSchema.parse(JSON.parse(readFileSync(out, "utf8")));
    expect(r.stdout).toBe(readFileSync(out, "utf8"));
    expect(cal.model).toBe("rasch");
    expect(cal.metric).toBe("difficulty");
    expect(cal.outliers.map((o) => o.level)).toContain(10);
    expect(r.stderr).toMatch(/outliers: \d+ level\(s\)/);
    expect(r.stderr).toMatch(/\n\s+10\s+generic-/);
    // The same input gives the same file, byte for byte.
    const again = await runCli(["calibrate", playsFile, "--levels", levelsFile, "--json"]);
    expect(again.stdout).toBe(r.stdout);
  });

  const bad: Array<[string, string, RegExp]> = [
    ["wins above attempts", "level,attempts,wins\n1,10,5\n2,3,4\n", /line 3: expected wins ≤ attempts; got 4 wins in 3 attempts/],
    ["a negative count", "level,attempts,wins\n1,10,5\n2,-3,1\n", /line 3, column 2 \(attempts\): expected a whole number from 0 to 1e9; got "-3"/],
    ["a fractional count", "level,attempts,wins\n1,10,5\n2,3,1.5\n", /line 3, column 3 \(wins\): expected a whole number/],
    ["an unknown level", "level,attempts,wins\n1,10,5\n61,3,1\n", /line 3, column 1 \(level\): expected a level number or a candidate id of .*levels.json; got "61"/],
    ["an unknown id", "level,attempts,wins\nno-such-id,10,5\n", /line 2, column 1 \(level\): expected a level number or a candidate id/],
    ["one row per player", "player,level,attempts,wins\nann,1,10,5\nbob,2,10,3\ncid,3,9,2\n", /line 4: expected some player with rows on two or more levels/],
    ["no variation: one metric value", "level,attempts,wins\n1,10,5\n", /expected levels with at least two values of "difficulty"/],
    ["no variation: no loss", "level,attempts,wins\n1,10,10\n30,8,8\n", /all 18 attempts were won \(no variation\)/],
    ["a bad header", "level,tries,wins\n1,10,5\n", /line 1: expected a header with level, attempts, wins .*"attempts" is not in "level","tries","wins"/],
  ];
  for (const [what, csv, message] of bad) {
    it(`refuses ${what} (exit 2, naming the line), writing nothing`, async () => {
      const file = t.write(`bad-${what.replace(/\W+/g, "-")}.csv`, csv);
      const out = t.path(`bad-${what.replace(/\W+/g, "-")}.json`);
      const r = await runCli(["calibrate", file, "--levels", levelsFile, "--out", out]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).toContain(file);
      expect(existsSync(out)).toBe(false);
    });
  }

  it("refuses a metric the levels lack (exit 2)", async () => {
    const r = await runCli(["calibrate", playsFile, "--levels", levelsFile, "--metric", "bits", "--json"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/expected level 1 of .*levels.json to carry the metric "bits" \(it has difficulty, size, depth\)/);
  });

  it("says a fit that does not converge did not (exit 1) and writes no number", async () => {
    const file = t.write("separated.csv", "level,attempts,wins\n1,20,20\n2,20,20\n40,20,0\n41,20,0\n");
    const out = t.path("separated.json");
    const r = await runCli(["calibrate", file, "--levels", levelsFile, "--out", out, "--json"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/calibrate: the per-level fit did not converge: an estimate runs off to infinity/);
    expect(r.stdout).toBe("");
    expect(existsSync(out)).toBe(false);
  });
});

describe("player ramps and the calibrated report (SPEC 11)", () => {
  // The file the first test wrote (made here when that test is filtered out).
  const calFile = t.path("calibration.json");
  const passRamp = { format: "levelramp/ramp@1", metric: "passRate", points: [[1, 0.9], [30, 0.7], [60, 0.45]], interpolation: "monotone-cubic" };

  beforeAll(async () => {
    if (!existsSync(calFile)) expect((await runCli(["calibrate", playsFile, "--levels", levelsFile, "--out", calFile])).code).toBe(0);
  });

  it("select --ramp pass-ramp --calibration selects exactly as select with the converted ramp", async () => {
    const cal = calibrationSchema.parse(JSON.parse(readFileSync(calFile, "utf8")));
    const passFile = t.write("pass-ramp.json", passRamp);
    const metricRamp = metricRampOfPassRamp(passRamp as never, cal);
    expect(metricRamp.metric).toBe("difficulty");
    expect(metricRamp.points).toHaveLength(60);
    // Each point is the metric at which the fit predicts the ramp's pass rate; the ramp never falls.
    const curve = { model: cal.model, a: cal.params.a.value, b: cal.params.b.value, sigma: cal.params.sigma?.value };
    expect(metricRamp.points[0][1]).toBeCloseTo(metricAtPassRate(curve, 0.9), 5);
    for (let i = 1; i < 60; i++) expect(metricRamp.points[i][1]).toBeGreaterThan(metricRamp.points[i - 1][1]);
    const metricFile = t.write("metric-ramp.json", metricRamp);
    const a = await runCli(["select", "--pools", "fixtures/pools/generic-3x4x20.json", "--ramp", passFile, "--calibration", calFile, "--out", t.path("a.json")]);
    const b = await runCli(["select", "--pools", "fixtures/pools/generic-3x4x20.json", "--ramp", metricFile, "--out", t.path("b.json")]);
    expect(a.code).toBe(0);
    expect(b.code).toBe(0);
    expect(readFileSync(t.path("a.json"), "utf8")).toBe(readFileSync(t.path("b.json"), "utf8"));
    expect(JSON.parse(readFileSync(t.path("a.json"), "utf8")).status).toBe("optimal");

    // The report of the player-ramp selection gives every level's predicted pass rate, falling along the ramp.
    const json = JSON.parse((await runCli(["report", t.path("a.json"), "--calibration", calFile, "--format", "json"])).stdout) as { passRates: Array<{ level: number; passRate: number }> };
    expect(json.passRates).toHaveLength(60);
    expect(json.passRates[0].passRate).toBeGreaterThan(0.8);
    expect(json.passRates[59].passRate).toBeLessThan(0.6);
    for (let i = 1; i < 60; i++) expect(json.passRates[i].passRate).toBeLessThanOrEqual(json.passRates[i - 1].passRate);
  });

  it("refuses a pass-rate ramp without --calibration, and --calibration with a metric ramp (exit 2)", async () => {
    const passFile = t.write("pass-ramp-2.json", passRamp);
    const r = await runCli(["select", "--pools", "fixtures/pools/generic-3x4x20.json", "--ramp", passFile, "--json"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/give --calibration/);
    const s = await runCli(["select", "--pools", "fixtures/pools/generic-3x4x20.json", "--ramp", "models/generic/ramp.json", "--calibration", calFile, "--json"]);
    expect(s.code).toBe(2);
    expect(s.stderr).toMatch(/--calibration turns a ramp of metric "passRate"; this ramp is about "difficulty"/);
    const outOfRange = t.write("pass-ramp-3.json", { ...passRamp, points: [[1, 1.2], [60, 0.3]] });
    const u = await runCli(["select", "--pools", "fixtures/pools/generic-3x4x20.json", "--ramp", outOfRange, "--calibration", calFile, "--json"]);
    expect(u.code).toBe(2);
    expect(u.stderr).toMatch(/\$\.points\[0\]\[1\]: expected a pass rate strictly between 0 and 1; got 1\.2/);
  });

  it("report --calibration: outliers in the terminal, the plot and tables in the page, the file in the JSON", async () => {
    const cal = calibrationSchema.parse(JSON.parse(readFileSync(calFile, "utf8")));
    const table = await runCli(["report", levelsFile, "--calibration", calFile]);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/calibration of "difficulty" — Rasch/);
    expect(table.stdout).toMatch(/outliers: \d+ level\(s\)/);
    const json = await runCli(["report", levelsFile, "--calibration", calFile, "--format", "json"]);
    expect(JSON.parse(json.stdout).calibration).toEqual(cal);
    const html = t.path("report.html");
    expect((await runCli(["report", levelsFile, "--calibration", calFile, "--format", "html", "--out", html])).code).toBe(0);
    const page = readFileSync(html, "utf8");
    expect(page).toContain('<section class="calibration" id="calibration">');
    expect(page).toMatch(/<figure class="plot calibration-plot"><svg/);
    for (const o of cal.outliers) expect(page).toContain(`<td><a href="#level-${o.level}">${o.level}</a></td>`);
    // Every level's predicted pass rate is in the page, and each plotted point has its hover title.
    expect(page.match(/<title>level \d+ · /g)!.length).toBe(cal.levels.length);
    // The plot's error bar is the band with the level spread: a level is red exactly when its band misses its prediction.
    const spec = calibrationPlotSpec(cal, calibratedLevels(JSON.parse(readFileSync(levelsFile, "utf8")), cal)) as unknown as { data: { values: Array<{ level: number; played: number; low: number; high: number; predicted: number; kind: string }> } };
    expect(spec.data.values.filter((row) => row.played)).toHaveLength(cal.levels.length);
    for (const row of spec.data.values.filter((r) => r.played)) {
      const l = cal.levels.find((c) => c.level === row.level)!;
      expect([row.low, row.high]).toEqual([l.low, l.high]);
      expect(row.predicted < row.low || row.predicted > row.high).toBe(row.kind === "outlier");
    }
    // The calibration records its levels: with the file's identity every level must be there under its number and id.
    expect(cal.levelsDigest).toMatch(/^[0-9a-f]{64}$/);
    const unflagged = cal.levels.findIndex((l) => !l.outlier);
    const wrongId = t.write("wrong-id-cal.json", { ...cal, levels: cal.levels.map((l, i) => (i === unflagged ? { ...l, id: "someone-else" } : l)) });
    const wrong = await runCli(["report", levelsFile, "--calibration", wrongId]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain(`$.levels[${unflagged}]: expected level ${cal.levels[unflagged].level}'s id in`);
    const last = cal.levels.length - 1;
    const level999 = t.write("level-999-cal.json", { ...cal, levels: cal.levels.map((l, i) => (i === last ? { ...l, level: 999 } : l)) });
    const beyond = await runCli(["report", levelsFile, "--calibration", level999]);
    expect(beyond.code).toBe(2);
    expect(beyond.stderr).toMatch(/\$\.levels\[\d+\]: expected level 999 of the calibrated levels in .* it has no level 999/);
    // Another order of levels (another identity): the curve's pass rates, no observed rate.
    const other = t.write("other-order-cal.json", { ...cal, levelsDigest: "0".repeat(64) });
    const otherPage = t.path("other-order.html");
    const elsewhere = await runCli(["report", levelsFile, "--calibration", other, "--format", "html", "--out", otherPage]);
    expect(elsewhere.code).toBe(0);
    expect(readFileSync(otherPage, "utf8")).toContain("The calibration's plays are of another order of levels");
  });
});
