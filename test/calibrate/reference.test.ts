// A differential test against an independent reference (bench/reference/calibrate_reference.py:
// the same estimator written again with numpy and scipy from its definition — dense matrices,
// a fixed 61-node quadrature, finite-difference information, scipy's optimisers). .ci/run installs
// python3-numpy and python3-scipy; where neither can be had the test says so and does not run.
import { execFileSync, spawnSync } from "node:child_process";
import { describe, expect, it, vi } from "vitest";
import { fitLevelModel, type LevelModelFit } from "../../src/calibrate/fit/fit-level-model.ts";
import type { Plays } from "../../src/calibrate/plays.ts";
import { playsCsv, simulatePlays } from "../helpers/simulate-plays.ts";
import { tempDir } from "../helpers/temp-dir.ts";

vi.setConfig({ testTimeout: 120_000 });

const python = spawnSync("python3", ["-c", "import numpy, scipy"]).status === 0;
const t = tempDir("levelramp-reference-");

/** The reference's answer on these plays. */
function reference(plays: Plays, name: string): { beta: number[]; tau: number; se: number[]; sigma?: number; loo: Array<{ tau: number; beta: number[] }> } {
  const playsFile = t.write(`${name}.csv`, playsCsv(plays));
  const metrics = t.write(`${name}-metrics.csv`, ["level,metric", ...plays.levels.map((l) => `${l.number},${l.metric}`)].join("\n") + "\n");
  return JSON.parse(execFileSync("python3", ["bench/reference/calibrate_reference.py", playsFile, metrics], { encoding: "utf8" }));
}

/** |x − y| within `tol` of max(1, |y|). */
const near = (x: number, y: number, tol: number) => expect(Math.abs(x - y), `${x} vs ${y}`).toBeLessThan(tol * Math.max(1, Math.abs(y)));

describe.runIf(python)("the level model against an independent numpy/scipy reference (SPEC 11; skipped without python3-numpy and python3-scipy)", () => {
  it("per level: β, τ, their standard errors and every leave-one-out fit agree to 1e-6", () => {
    const metrics = Array.from({ length: 16 }, (_, i) => 1 + i * 0.7);
    const plays = simulatePlays({ model: "levels", a: 2, b: 0.25, tau: 0.4 }, { seed: "reference-levels", metrics, attempts: (l) => 30 + ((l * 53) % 400) });
    const fit = fitLevelModel(plays) as LevelModelFit;
    expect(fit.converged).toBe(true);
    const ref = reference(plays, "levels");
    fit.regression.beta.forEach((b, i) => near(b, ref.beta[i], 1e-6));
    near(fit.regression.tau, ref.tau, 1e-6);
    fit.regression.cov.forEach((row, i) => near(Math.sqrt(row[i]), ref.se[i], 1e-6));
    ref.loo.forEach((r, l) => {
      const loo = fit.regression.without(fit.slot[l]);
      near(loo.tau, r.tau, 1e-6);
      loo.beta.forEach((b, i) => near(b, r.beta[i], 1e-6));
    });
  });

  it("per player (Rasch): β, τ, σ and the leave-one-out fits agree to the quadratures' difference (1e-3)", () => {
    const metrics = Array.from({ length: 10 }, (_, i) => 1 + i * 0.8);
    const plays = simulatePlays({ model: "rasch", a: -2, b: 0.3, sigma: 1.1, tau: 0.4 }, { seed: "reference-rasch", metrics, players: 100 });
    const fit = fitLevelModel(plays) as LevelModelFit;
    expect(fit.converged).toBe(true);
    const ref = reference(plays, "rasch");
    fit.regression.beta.forEach((b, i) => near(b, ref.beta[i], 1e-3));
    near(fit.regression.tau, ref.tau, 1e-3);
    near(Math.exp(fit.logSigma!), ref.sigma!, 1e-3);
    fit.regression.cov.forEach((row, i) => near(Math.sqrt(row[i]), ref.se[i], 1e-3));
    ref.loo.forEach((r, l) => near(fit.regression.without(fit.slot[l]).tau, r.tau, 2e-3));
  });
});
