import jStat from "jstat";
import { NoAnswerError } from "../io/errors.ts";
import { roundMetric } from "../io/round-metric.ts";
import { benjaminiHochberg } from "./numeric/benjamini-hochberg.ts";
import type { Calibration } from "../io/schemas/calibration.ts";
import { fitLevelsWithSpread } from "./fit/fit-levels-with-spread.ts";
import type { ModelFit } from "./fit/model-fit.ts";
import { fitRasch } from "./fit/fit-rasch.ts";
import { heldOutFit } from "./held-out-fit.ts";
import { levelEvidence, type LevelEvidence } from "./level-evidence.ts";
import { invertPositiveDefinite } from "./numeric/newton-maximise.ts";
import { overdispersedCovariance } from "./overdispersed-covariance.ts";
import { levelSpread } from "./overdispersion.ts";
import { passRateAt } from "./pass-rate.ts";
import type { Plays } from "./plays.ts";
import { reliabilityBins } from "./reliability-bins.ts";

const MODULE = "calibrate";
/** z of a two-sided 95% interval, Φ⁻¹(0.975). */
const Z95 = 1.959963984540054;
/** Rounds of fitting and flagging before the outlier set must be stable. */
const MAX_ROUNDS = 10;

/** Options of {@link calibrate}. */
export interface CalibrateOptions {
  /** False discovery rate of the outlier flags (default 0.05). */
  q?: number;
}

/**
 * Calibrates a measure against play data (SPEC 11): fits pass = σ(a − b·m)
 * per level, or the Rasch model σ(θ − (a + b·m)) with θ ~ N(0, σ²) when the
 * plays have a player column, robustly, and returns the calibration file.
 *
 * Steps: (1) fit every level; (2) per level, the signed likelihood-ratio
 * root r_l of a shift of its logit (`levelEvidence`), the level spread τ
 * (`levelSpread`, a median: real play data vary beyond binomial), z_l =
 * r_l / √(1 + I_l·τ²) and its two-sided normal p-value; outliers are the
 * levels Benjamini–Hochberg rejects at q (5%); refit without them and test
 * every level again, until the outlier set repeats (at most 10 rounds), so
 * the outliers do not pull a and b; (3) 95% intervals a, b ± 1.96·SE from
 * the overdispersed sandwich (`overdispersedCovariance`), σ by exp(log σ ±
 * 1.96·SE); (4) held-out folds against the b = 0 baseline and reliability
 * bins (`heldOutFit`, `reliabilityBins`); (5) per level, observed and
 * predicted pass rates.
 *
 * @throws NoAnswerError (exit 1) when a fit does not converge (perfect
 *   separation, players that do not differ, ...) or its information is
 *   singular: no numbers are returned then.
 */
export function calibrate(plays: Plays, options: CalibrateOptions = {}): Calibration {
  const q = options.q ?? 0.05;
  const L = plays.levels.length;
  // (1)–(2) Fit, test every level, flag, refit without the flagged, until the flags repeat.
  let outlier = new Uint8Array(L);
  let fit = fitModel(plays, undefined, undefined, 0);
  let evidence: LevelEvidence;
  let tau: number;
  let z: Float64Array;
  let fitTau = 0;
  for (let round = 1; ; round++) {
    evidence = levelEvidence(plays, fit, round === 1 ? undefined : include(outlier));
    tau = levelSpread(evidence.root, evidence.information);
    z = Float64Array.from(evidence.root, (r, l) => r / Math.sqrt(1 + evidence.information[l] * tau * tau));
    const p = Array.from(z, (zl) => jStat.erfc(Math.abs(zl) / Math.SQRT2));
    const flags = Uint8Array.from(benjaminiHochberg(p, q, Array.from(z, Math.abs)), Number);
    if ((flags.every((f, l) => f === outlier[l]) && Math.abs(tau - fitTau) < 1e-4) || round >= MAX_ROUNDS) break;
    outlier = flags;
    if (outlier.every((f) => f)) throw new NoAnswerError(MODULE, "every level disagrees with the measure beyond chance: no fit to report (is the metric the one players feel?)");
    fitTau = tau;
    fit = fitModel(plays, include(outlier), fit.params, tau);
  }
  // (3) Intervals from the overdispersed sandwich over the levels the fit used.
  const used = evidence.sensitivity.filter((_, l) => !outlier[l]);
  const cov = plays.kind === "levels" ? invertPositiveDefinite(fit.information) : overdispersedCovariance(fit.information, used, tau);
  if (!cov || cov.some((row, i) => !(row[i] > 0))) throw new NoAnswerError(MODULE, "the fit's information is singular: the plays do not pin down a and b (too few levels or metric values)");
  const se = cov.map((row, i) => Math.sqrt(row[i]));
  const interval = (value: number, s: number) => ({ value: roundMetric(value), low: roundMetric(value - Z95 * s), high: roundMetric(value + Z95 * s) });
  const [a, b, logSigma] = fit.params;
  const params: Calibration["params"] = { a: interval(a, se[0]), b: interval(b, se[1]) };
  if (plays.kind === "rasch") {
    params.sigma = { value: roundMetric(Math.exp(logSigma)), low: roundMetric(Math.exp(logSigma - Z95 * se[2])), high: roundMetric(Math.exp(logSigma + Z95 * se[2])) };
  }
  // (4) Held-out folds against the b = 0 baseline, reliability bins of the held-out predictions.
  const held = heldOutFit(plays, outlier, fit.params, fitTau);
  const curve = { model: plays.kind, a, b, sigma: plays.kind === "rasch" ? Math.exp(logSigma) : undefined };
  // (5) Per level: observed, predicted for who played it, the curve's pass rate, z.
  const levels = plays.levels.map((lv, l) => ({
    level: lv.number,
    id: lv.id,
    metric: lv.metric,
    attempts: evidence.attempts[l],
    wins: evidence.wins[l],
    observed: roundMetric(evidence.attempts[l] > 0 ? evidence.wins[l] / evidence.attempts[l] : 0),
    predicted: roundMetric(evidence.attempts[l] > 0 ? evidence.expected[l] / evidence.attempts[l] : passRateAt(curve, lv.metric)),
    passRate: roundMetric(passRateAt(curve, lv.metric)),
    z: roundMetric(z[l]),
    outlier: outlier[l] === 1,
  }));
  return {
    format: "levelramp/calibration@1",
    metric: plays.metric,
    model: plays.kind,
    params,
    fit: held ? { logLoss: roundMetric(held.logLoss), brier: roundMetric(held.brier), baselineLogLoss: roundMetric(held.baselineLogLoss), baselineBrier: roundMetric(held.baselineBrier) } : null,
    reliability: held ? reliabilityBins(plays, held.predicted).map((r) => ({ predicted: roundMetric(r.predicted), observed: roundMetric(r.observed), attempts: r.attempts })) : [],
    outliers: levels.filter((l) => l.outlier).map(({ level, id, attempts, wins, observed, predicted, z: zl }) => ({ level, id, attempts, wins, observed, predicted, z: zl })),
    levelSpread: roundMetric(tau),
    levels,
  };
}

/** Levels to fit: 1 where not flagged. */
function include(outlier: Uint8Array): Uint8Array {
  return Uint8Array.from(outlier, (f) => 1 - f);
}

/** The model's fit on the included levels, or a NoAnswerError saying why it has none. */
function fitModel(plays: Plays, included: Uint8Array | undefined, start: number[] | undefined, tau: number): ModelFit {
  const fit = plays.kind === "rasch" ? fitRasch(plays, included, false, start) : fitLevelsWithSpread(plays, included, tau);
  if (!fit.newton.converged) {
    throw new NoAnswerError(MODULE, `the ${plays.kind === "rasch" ? "Rasch" : "per-level"} fit did not converge: ${fit.newton.reason ?? "unknown reason"} (after ${fit.newton.iterations} Newton steps); no calibration written`);
  }
  return fit;
}
