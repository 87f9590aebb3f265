// A calibration file is input like any other (SPEC 2, SPEC 11): every field is checked against its domain and the
// relations between the fields before report or select use it — each case below went through before (exit 70 in the
// HTML report, a ramp of ±3e300, "infeasible" from a denormal slope, a negative σ selecting other levels).
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { runCli } from "../helpers/run-cli.ts";
import { playsCsv, simulatePlays } from "../helpers/simulate-plays.ts";
import { tempDir } from "../helpers/temp-dir.ts";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const t = tempDir("levelramp-calibration-file-");
const levelsFile = t.path("levels.json");
const calFile = t.path("calibration.json");
const pools = "fixtures/pools/generic-3x4x20.json";
const passRamp = { format: "levelramp/ramp@1", metric: "passRate", points: [[1, 0.9], [60, 0.4]], interpolation: "linear" };
let cal: Record<string, any>;

beforeAll(async () => {
  expect((await runCli(["select", "--pools", pools, "--out", levelsFile])).code).toBe(0);
  const levels = JSON.parse(readFileSync(levelsFile, "utf8")) as { levels: Array<{ metrics: { difficulty: number } }> };
  const plays = simulatePlays({ model: "levels", a: 3, b: 0.3, tau: 0.2 }, { seed: "calibration-file", metrics: levels.levels.map((l) => l.metrics.difficulty) });
  const playsFile = t.write("plays.csv", playsCsv(plays));
  expect((await runCli(["calibrate", playsFile, "--levels", levelsFile, "--out", calFile])).code).toBe(0);
  cal = JSON.parse(readFileSync(calFile, "utf8"));
});

/** The calibration with one change. */
const edited = (name: string, change: (c: Record<string, any>) => void) => {
  const c = structuredClone(cal);
  change(c);
  return t.write(`${name}.json`, c);
};

describe("calibration files are trusted no more (exit 2 naming the JSON path)", () => {
  const cases: Array<[string, (c: Record<string, any>) => void, RegExp]> = [
    ["wins-above-attempts", (c) => (c.levels[4].wins = c.levels[4].attempts + 1), /\$\.levels\[4\]\.wins: expected wins ≤ attempts/],
    ["inverted-interval", (c) => ([c.params.b.low, c.params.b.high] = [c.params.b.high, c.params.b.low]), /\$\.params\.b: expected low ≤ value ≤ high/],
    ["observed-outside-0-1", (c) => (c.levels[2].observed = 1.5), /\$\.levels\[2\]\.observed: expected wins \/ attempts/],
    ["predicted-outside-0-1", (c) => (c.levels[2].predicted = -0.2), /\$\.levels\[2\]\.predicted: expected a pass rate in \[0, 1\]; got -0\.2/],
    ["a-1e300", (c) => (c.params.a = { value: 1e300, low: 1e300, high: 1e300 }), /\$\.params\.a\.value: expected a logit-scale number within ±1e12/],
    ["b-denormal", (c) => (c.params.b = { value: 1e-320, low: 1e-320, high: 1e-320 }), /\$\.params\.b\.value: expected b = 0 or \|b\| ≥ 1e-9/],
    ["negative-sigma", (c) => ((c.model = "rasch"), (c.params.sigma = { value: -1, low: -1.2, high: -0.8 })), /\$\.params\.sigma: expected the players' spread σ > 0/],
    ["level-twice", (c) => (c.levels[3].level = c.levels[2].level), /\$\.levels\[3\]\.level: expected level numbers in increasing order, each once/],
    ["id-twice", (c) => (c.levels[3].id = c.levels[2].id), /\$\.levels\[3\]\.id: expected each id once/],
    ["outlier-not-flagged", (c) => c.outliers.push({ ...c.levels[5], passRate: undefined, outlier: undefined, low: undefined, high: undefined, metric: undefined }), /\$\.outliers\[\d+\]\.level: expected only flagged levels/],
    ["spread-not-tau", (c) => (c.levelSpread = c.params.tau.value + 1), /\$\.levelSpread: expected the level spread of \$\.params\.tau\.value/],
  ];
  for (const [name, change, message] of cases) {
    it(`${name}: report refuses it`, async () => {
      const file = edited(name, change);
      const r = await runCli(["report", levelsFile, "--calibration", file, "--format", "html", "--out", t.path(`${name}.html`)]);
      expect(r.stderr).toMatch(message);
      expect(r.code).toBe(2);
    });
  }

  it("a-1e300 and b-denormal: select --calibration refuses them too (no ramp of ±3e300, no 'infeasible')", async () => {
    const ramp = t.write("pass-ramp.json", passRamp);
    for (const name of ["a-1e300", "b-denormal"]) {
      const r = await runCli(["select", "--pools", pools, "--ramp", ramp, "--calibration", t.path(`${name}.json`), "--json"]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/calibrate\/read: .*\$\.params\.[ab]\.value/);
    }
  });
});

describe("select --calibration takes a slope only when the plays show it (SPEC 11 'Honest numbers')", () => {
  it("refuses a slope whose interval includes 0 (naming both ends), and takes it with --force", async () => {
    const ramp = t.write("pass-ramp-weak.json", passRamp);
    const weak = edited("weak-slope", (c) => (c.params.b = { value: 0.05, low: -0.02, high: 0.12 }));
    const r = await runCli(["select", "--pools", pools, "--ramp", ramp, "--calibration", weak, "--json"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("$.params.b: the calibration's slope b = 0.05 [-0.02, 0.12]: its 95% interval includes 0");
    expect(r.stderr).toContain("give --force to select with it anyway");
    const forced = await runCli(["select", "--pools", pools, "--ramp", ramp, "--calibration", weak, "--force", "--json"]);
    expect(forced.code).toBe(0);
    expect(forced.stderr).toMatch(/its 95% interval includes 0.*selecting with it \(--force\)/);
  });

  it("refuses a slope that points the wrong way, --force or not", async () => {
    const ramp = t.write("pass-ramp-wrong.json", passRamp);
    const wrong = edited("wrong-way", (c) => (c.params.b = { value: -0.3, low: -0.5, high: -0.1 }));
    for (const extra of [[], ["--force"]]) {
      const r = await runCli(["select", "--pools", pools, "--ramp", ramp, "--calibration", wrong, "--json", ...extra]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain("b = -0.3 [-0.5, -0.1] points the wrong way");
    }
  });

  it("takes the calibration the plays support (b's interval above 0)", async () => {
    expect(cal.params.b.low).toBeGreaterThan(0);
    expect(cal.fit.gain.low).toBeGreaterThan(0);
    const ramp = t.write("pass-ramp-ok.json", passRamp);
    const r = await runCli(["select", "--pools", pools, "--ramp", ramp, "--calibration", calFile, "--json"]);
    expect(r.code).toBe(0);
    expect(r.stderr).not.toMatch(/held-out/);
  });

  it("says so, not silently, when the held-out gain's interval reaches 0 (the metric predicts no better than a constant)", async () => {
    const ramp = t.write("pass-ramp-flat.json", passRamp);
    const flat = edited("no-held-out-gain", (c) => (c.fit.gain.low = Math.min(c.fit.gain.value, 0) - 0.001));
    const r = await runCli(["select", "--pools", pools, "--ramp", ramp, "--calibration", flat, "--json"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/select: the calibration's held-out gain [-\d.]+ \[-[\d.]+, [\d.]+\] nats per attempt includes 0: the metric does not predict pass rates better than a constant; selecting with it/);
  });
});
