import jStat from "jstat";
import { NoAnswerError } from "../io/errors.ts";
import { roundMetric } from "../io/round-metric.ts";
import type { Calibration } from "../io/schemas/calibration.ts";
import { fitLevelModel, type LevelModelFit, type NoLevelModel } from "./fit/fit-level-model.ts";
import type { SpreadMethod } from "./fit/spread-regression.ts";
import { heldOutFit } from "./held-out-fit.ts";
import { levelTests, type LevelTests } from "./level-tests.ts";
import { benjaminiHochberg } from "./numeric/benjamini-hochberg.ts";
import { logistic, logit } from "./numeric/logistic.ts";
import { upperTailZ } from "./numeric/normal-tail.ts";
import { passRateAt } from "./pass-rate.ts";
import type { Plays } from "./plays.ts";
import { reliabilityBins } from "./reliability-bins.ts";

const MODULE = "calibrate";
/** z of a two-sided 95% interval, Φ⁻¹(0.975). */
const Z95 = 1.959963984540054;

/** Options of {@link calibrate}. */
export interface CalibrateOptions {
  /** False discovery rate of the outlier flags (default 0.05). */
  q?: number;
  /** How τ is estimated (default "reml"; "ml" for comparison). */
  method?: SpreadMethod;
  /** Compute the held-out fit (default true; false leaves `fit` null and `reliability` empty — the coverage bench's sweeps). */
  heldOut?: boolean;
}

/**
 * Calibrates a measure against play data (SPEC 11): pass = σ(a − b·m) per
 * level, or the Rasch model σ(θ − (a + b·m)) with θ ~ N(0, σ²) when the
 * plays have a player column — both with the level spread τ (each level's
 * difficulty is off the curve by u ~ N(0, τ²)) — and returns the calibration
 * file, every number from one consistent set of fits:
 *
 * (1) the fit on every played level (`fitLevelModel`); (2) each level tested
 * against the same fit without it (`levelTests`: its leave-one-out
 * predictive distribution, τ included), two-sided p-values, the outliers
 * those Benjamini–Hochberg rejects at q (5%) — no loop, so flags do not
 * depend on earlier flags; (3) the fit without the outliers, whose a, b, σ, τ
 * and intervals are written (b's and a's with Student's t on Satterthwaite's
 * degrees of freedom, τ's from its profile likelihood, σ's from the marginal
 * information); (4) held-out folds against the same model without the metric,
 * with the gain's interval (`heldOutFit`), and reliability bins; (5) per
 * level the observed, the leave-one-out predicted pass rate, the curve's, z,
 * the flag, and the observed rate's band at the outlier threshold (the
 * prediction lies outside it exactly when the level is flagged).
 *
 * @throws NoAnswerError (exit 1) when a fit does not converge (perfect
 *   separation, players that do not differ, ...), or every level is an
 *   outlier: no numbers are returned then.
 */
export function calibrate(plays: Plays, options: CalibrateOptions = {}): Calibration {
  const q = options.q ?? 0.05;
  const method = options.method ?? "reml";
  // (1) The fit on every played level; (2) every level against the fit without it, Benjamini–Hochberg.
  const all = converged(plays, fitLevelModel(plays, { method }));
  const tests = levelTests(plays, all);
  const played = Array.from(plays.levels, (_, l) => l).filter((l) => tests.attempts[l] > 0);
  const rejected = benjaminiHochberg(
    played.map((l) => Math.exp(tests.logP[l])),
    q,
    played.map((l) => Math.abs(tests.z[l])),
  );
  const outlier = new Uint8Array(plays.levels.length);
  played.forEach((l, i) => (outlier[l] = rejected[i] ? 1 : 0));
  if (played.every((l) => outlier[l])) throw new NoAnswerError(MODULE, "every level disagrees with the measure beyond chance: no fit to report (is the metric the one players feel?)");
  // The threshold |z| the flags amount to: p ≤ k·q/N (k flagged, at least 1).
  const flagged = played.filter((l) => outlier[l]).length;
  const threshold = upperTailZ(Math.log((Math.max(1, flagged) * q) / played.length / 2));
  // (3) The fit without the outliers: the numbers written.
  const final = flagged ? converged(plays, fitLevelModel(plays, { method, include: Uint8Array.from(outlier, (o) => 1 - o), start: all })) : all;
  const params = paramsOf(final, plays.kind);
  // (4) Held-out folds against the model without the metric.
  const held = options.heldOut === false ? undefined : heldOutFit(plays, outlier, final, method);
  // (5) Per level.
  const curve = { model: plays.kind, a: params.a.value, b: params.b.value, sigma: params.sigma?.value };
  const levels = plays.levels.map((lv, l) => {
    const attempts = tests.attempts[l];
    const observed = attempts > 0 ? tests.wins[l] / attempts : 0;
    const [low, high] = attempts > 0 ? band(tests, l, threshold) : [0, 1];
    return {
      level: lv.number,
      id: lv.id,
      metric: lv.metric,
      attempts,
      wins: tests.wins[l],
      observed: roundMetric(observed),
      predicted: roundMetric(attempts > 0 ? tests.predicted[l] : passRateAt(curve, lv.metric)),
      passRate: roundMetric(passRateAt(curve, lv.metric)),
      z: roundMetric(tests.z[l]),
      outlier: outlier[l] === 1,
      low: roundMetric(Math.min(low, observed)),
      high: roundMetric(Math.max(high, observed)),
    };
  });
  return {
    format: "levelramp/calibration@1",
    metric: plays.metric,
    model: plays.kind,
    params,
    fit: held
      ? {
          logLoss: roundMetric(held.logLoss),
          brier: roundMetric(held.brier),
          baselineLogLoss: roundMetric(held.baselineLogLoss),
          baselineBrier: roundMetric(held.baselineBrier),
          gain: { value: roundMetric(held.gain.value), low: roundMetric(held.gain.low), high: roundMetric(held.gain.high) },
        }
      : null,
    reliability: held ? reliabilityBins(plays, held.predicted, Uint8Array.from(outlier, (o) => 1 - o)).map((r) => ({ predicted: roundMetric(r.predicted), observed: roundMetric(r.observed), attempts: r.attempts })) : [],
    outliers: levels.filter((l) => l.outlier).map(({ level, id, attempts, wins, observed, predicted, z }) => ({ level, id, attempts, wins, observed, predicted, z })),
    ...(plays.levelsDigest ? { levelsDigest: plays.levelsDigest } : {}),
    outlierThreshold: roundMetric(threshold),
    levelSpread: roundMetric(final.regression.tau),
    levels,
  };
}

/** The fit, or a NoAnswerError saying why there is none. */
function converged(plays: Plays, fit: LevelModelFit | NoLevelModel): LevelModelFit {
  if (fit.converged) return fit;
  throw new NoAnswerError(MODULE, `the ${plays.kind === "rasch" ? "Rasch" : "per-level"} fit did not converge: ${fit.reason} (after ${fit.rounds} rounds); no calibration written`);
}

/**
 * a, b (per level a is the ease: pass = σ(a − b·m), so a = −β₀), their 95%
 * intervals with Student's t on Satterthwaite's degrees of freedom, τ with
 * its profile-likelihood interval, and σ (Rasch) as exp(log σ ± 1.96·SE).
 */
function paramsOf(fit: LevelModelFit, kind: Plays["kind"]): Calibration["params"] {
  const { beta, cov, df, tau, tauInterval } = fit.regression;
  const round = (value: number, low: number, high: number) => ({ value: roundMetric(value), low: roundMetric(low), high: roundMetric(high) });
  const interval = (j: number, sign: number) => {
    const half = (Number.isFinite(df[j]) ? jStat.studentt.inv(0.975, df[j]) : Z95) * Math.sqrt(cov[j][j]);
    return sign > 0 ? round(beta[j], beta[j] - half, beta[j] + half) : round(-beta[j], -beta[j] - half, -beta[j] + half);
  };
  const params: Calibration["params"] = { a: interval(0, kind === "rasch" ? 1 : -1), b: interval(1, 1), tau: round(tau, tauInterval[0], tauInterval[1]) };
  if (kind === "rasch") {
    const ls = fit.logSigma!;
    const se = Math.sqrt(fit.logSigmaVariance!);
    if (!Number.isFinite(se)) throw new NoAnswerError(MODULE, "the players' spread σ has a singular information: the plays do not pin it down");
    params.sigma = round(Math.exp(ls), Math.exp(ls - Z95 * se), Math.exp(ls + Z95 * se));
  }
  return params;
}


/**
 * The observed pass rate's band at the outlier threshold z*, in logits around
 * the observed rate (continuity-corrected, (w + ½)/(n + 1)). For |z| ≥ 1 the
 * half-width is z*·|Δ|/|z|, Δ the observed logit minus the predicted: the
 * predicted rate lies outside the band exactly when |z| ≥ z*, i.e. when the
 * level is flagged. Below |z| = 1 (never flagged; Δ/z is unsteady near 0/0)
 * it is z*·√(spread² + 1/I) — the prediction's spread and the level's
 * binomial information — and at least 1.5·|Δ|, so the prediction is inside.
 */
function band(tests: LevelTests, l: number, threshold: number): [number, number] {
  const o = (tests.wins[l] + 0.5) / (tests.attempts[l] + 1);
  const delta = logit(o) - logit(Math.min(Math.max(tests.predicted[l], 1e-12), 1 - 1e-12));
  const z = Math.abs(tests.z[l]);
  const sd = Math.sqrt(tests.spread[l] ** 2 + 1 / Math.max(tests.information[l], 1e-12));
  const half = z >= 1 && Math.abs(delta) > 1e-9 ? (threshold * Math.abs(delta)) / z : Math.max(threshold * sd, 1.5 * Math.abs(delta));
  return [logistic(logit(o) - half), logistic(logit(o) + half)];
}
