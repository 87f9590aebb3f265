// No Node imports: the browser ramp editor turns pass-rate ramps with this file.
import { InputError } from "../io/errors.ts";
import { MAX_PLAN_LEVELS, NUMBER_LIMIT } from "../io/input-limits.ts";
import { roundMetric } from "../io/round-metric.ts";
import type { Ramp } from "../io/schemas/ramp.ts";
import { rampTarget } from "../select/ramp/ramp-target.ts";
import type { Calibration } from "../io/schemas/calibration.ts";
import { metricAtPassRate, passRateAt, type PassRateCurve } from "./pass-rate.ts";

/** The metric a player ramp is drawn in (SPEC 11). */
export const PASS_RATE = "passRate";

const MODULE = "calibrate/pass-ramp";

/** The fitted curve of a calibration file. */
export function curveOf(calibration: Pick<Calibration, "model" | "params">): PassRateCurve {
  return { model: calibration.model, a: calibration.params.a.value, b: calibration.params.b.value, sigma: calibration.params.sigma?.value };
}

/**
 * Turns a player ramp — a ramp whose metric is `passRate`, drawn in pass
 * rates that fall from easy to hard — into a ramp of the calibrated metric
 * (SPEC 11): the pass-rate ramp is evaluated at every whole level number from
 * its first point to its last (its own interpolation, rounded to 6 decimals
 * as every target is), and each pass rate is mapped through the fit's
 * inverse (`metricAtPassRate`: per level (a − logit p) / b; Rasch, the metric
 * at which the average player passes at rate p). The result has a point at
 * every one of those levels and `linear` interpolation, so its targets at
 * whole levels are exactly the mapped pass rates, and it is constant beyond
 * its ends like the pass-rate ramp. The map falls strictly (b > 0), so a
 * pass-rate ramp that never rises gives a metric ramp that never falls, and
 * selecting against it is exactly selecting against any other ramp.
 *
 * @param ramp a `levelramp/ramp@1` with metric `passRate` and values in (0, 1).
 * @param calibration the calibration file (SPEC 11).
 * @param files names for messages: the ramp and calibration files.
 * @returns a `levelramp/ramp@1` about `calibration.metric`.
 * @throws InputError (exit 2): a ramp of another metric, a pass rate outside
 *   (0, 1) (named by its point), a calibration whose b ≤ 0 (the metric does
 *   not make levels harder), a ramp spanning more than a million levels, a
 *   pass rate mapped beyond ±1e9 (SPEC 2's bound on every number).
 */
export function metricRampOfPassRamp(ramp: Ramp, calibration: Pick<Calibration, "model" | "params" | "metric">, files: { ramp?: string; calibration?: string } = {}): Ramp {
  if (ramp.metric !== PASS_RATE) throw new InputError(MODULE, `expected a ramp of metric "${PASS_RATE}" to turn through a calibration; got "${ramp.metric}"`, { file: files.ramp, jsonPath: "$.metric" });
  ramp.points.forEach(([, p], i) => {
    if (!(p > 0 && p < 1)) throw new InputError(MODULE, `expected a pass rate strictly between 0 and 1; got ${p}`, { file: files.ramp, jsonPath: `$.points[${i}][1]` });
  });
  const curve = curveOf(calibration);
  if (!(curve.b > 0)) {
    throw new InputError(MODULE, `expected a calibration whose pass rate falls as "${calibration.metric}" rises (b > 0); b is ${curve.b}, so no pass-rate ramp maps to a ramp of it`, { file: files.calibration, jsonPath: "$.params.b.value" });
  }
  const first = ramp.points[0][0];
  const last = ramp.points[ramp.points.length - 1][0];
  if (last - first + 1 > MAX_PLAN_LEVELS) throw new InputError(MODULE, `expected a ramp spanning at most ${MAX_PLAN_LEVELS} levels; it spans ${first}..${last}`, { file: files.ramp, jsonPath: "$.points" });
  const target = rampTarget(ramp);
  const points: Array<[number, number]> = [];
  for (let level = first; level <= last; level++) {
    const p = Math.min(Math.max(target(level), 1e-9), 1 - 1e-9);
    const m = metricAtPassRate(curve, p);
    if (!(Math.abs(m) <= NUMBER_LIMIT)) {
      throw new InputError(MODULE, `expected a calibration that maps pass rates to metric values within ±1e9; level ${level}'s pass rate ${p} maps to ${m} (a = ${curve.a}, b = ${curve.b})`, { file: files.calibration, jsonPath: "$.params" });
    }
    points.push([level, roundMetric(m)]);
  }
  return { format: "levelramp/ramp@1", metric: calibration.metric, points, interpolation: "linear" };
}

/**
 * A metric ramp shown in pass rates (SPEC 11, the ramp editor's view): each
 * point's value mapped through the fit (`passRateAt`), 6 decimals.
 */
export function passRampOfMetricRamp(ramp: Ramp, calibration: Pick<Calibration, "model" | "params" | "metric">): Ramp {
  const curve = curveOf(calibration);
  return { ...ramp, metric: PASS_RATE, points: ramp.points.map(([level, m]) => [level, roundMetric(passRateAt(curve, m))] as [number, number]) };
}

/**
 * Why a calibration's slope does not support a player ramp (SPEC 11
 * "Honest numbers": `select --calibration` refuses it without `--force`), or
 * `undefined`: b's 95% interval includes 0 (the plays do not show the metric
 * makes levels harder), or lies wholly below it (it points the wrong way).
 * Names both ends of the interval.
 */
export function weakSlope(calibration: Pick<Calibration, "params" | "metric">): string | undefined {
  const { value, low, high } = calibration.params.b;
  const b = `b = ${value} [${low}, ${high}]`;
  if (high < 0) return `the calibration's slope ${b} points the wrong way: levels with more "${calibration.metric}" are passed more often`;
  if (low <= 0) return `the calibration's slope ${b}: its 95% interval includes 0, so the plays do not show that "${calibration.metric}" makes levels harder`;
  return undefined;
}

/**
 * Why a calibration's held-out fit does not show the metric predicting pass
 * rates (SPEC 11 "Honest numbers": `select --calibration` says so on stderr),
 * or `undefined`: the 95% interval of `fit.gain` (baseline log loss − log
 * loss, nats per attempt) reaches 0, or without a gain interval the metric's
 * held-out log loss is no lower than the constant baseline's. A calibration
 * without a held-out fit (`fit: null`) gives `undefined`.
 */
export function noHeldOutGain(calibration: Pick<Calibration, "fit">): string | undefined {
  const fit = calibration.fit;
  if (!fit) return undefined;
  if (fit.gain) {
    const { value, low, high } = fit.gain;
    return low > 0 ? undefined : `the calibration's held-out gain ${value} [${low}, ${high}] nats per attempt includes 0: the metric does not predict pass rates better than a constant`;
  }
  return fit.logLoss < fit.baselineLogLoss ? undefined : `the calibration's held-out log loss ${fit.logLoss} is no lower than the constant's ${fit.baselineLogLoss}: the metric does not predict pass rates better than a constant`;
}
