import { InputError } from "../io/errors.ts";
import type { Calibration } from "../io/schemas/calibration.ts";

const MODULE = "calibrate/read";
/** Written numbers are rounded to 6 decimals: relations between them hold to this. */
const SLACK = 2e-6;
/** The curve's logit at a calibrated level stays within ±100 (pass rates between 1e-44 and 1 − 1e-44). */
const MAX_LOGIT = 100;
/** No parameter of a fit of play data is 1e12 logits (or per unit of a metric within ±1e9). */
const MAX_PARAMETER = 1e12;

type Estimate = { value: number; low: number; high: number };

/**
 * Checks every field of a calibration file against its domain and the
 * relations between them (SPEC 11; issue: "calibration files are trusted"):
 * each interval holds its value (low ≤ value ≤ high); |a|, |b| at most 1e12
 * and b either 0 or at least 1e-9 in size (a denormal b turns pass rates into
 * metric values of 1e300); the curve's logit a − b·m (per level; Rasch
 * −(a + b·m)) within ±100 at every calibrated level; σ > 0 exactly for a
 * Rasch model, τ ≥ 0 and equal to `levelSpread`; the held-out scores (log
 * losses ≥ 0, Brier scores in [0, 1], the gain their difference); the
 * reliability bins' rates in [0, 1]; the levels in increasing number order,
 * each number and id once, wins ≤ attempts, observed = wins / attempts,
 * every rate in [0, 1], band low ≤ observed ≤ high; `outliers` exactly the
 * flagged levels, with their numbers; the flags on the side of
 * `outlierThreshold` their z says.
 *
 * @param file named in messages.
 * @throws InputError (exit 2) naming the file and the JSON path of the first problem.
 */
export function checkCalibration(cal: Calibration, file?: string): Calibration {
  const fail = (jsonPath: string, expected: string): never => {
    throw new InputError(MODULE, expected, { file, jsonPath });
  };
  checkParams(cal, fail);
  checkFit(cal, fail);
  const numbers = checkLevels(cal, fail);
  checkOutliers(cal, numbers, fail);
  return cal;
}

/** Names the first problem (throws). */
type Fail = (jsonPath: string, expected: string) => never;

/** An interval holds its value. */
function interval(e: Estimate | undefined, path: string, fail: Fail): void {
  if (!e) return;
  if (!(e.low <= e.value + SLACK && e.value <= e.high + SLACK)) fail(path, `expected low ≤ value ≤ high (a 95% interval holds its estimate); got value ${e.value} in [${e.low}, ${e.high}]`);
}

/** A pass rate in [0, 1]. */
function rate(x: number, path: string, fail: Fail): void {
  if (!(x >= 0 && x <= 1)) fail(path, `expected a pass rate in [0, 1]; got ${x}`);
}

/** a, b, σ, τ: intervals, magnitudes, σ exactly for Rasch, τ = levelSpread. */
function checkParams(cal: Calibration, fail: Fail): void {
  const { a, b, sigma, tau } = cal.params;
  interval(a, "$.params.a", fail);
  interval(b, "$.params.b", fail);
  interval(sigma, "$.params.sigma", fail);
  interval(tau, "$.params.tau", fail);
  for (const [name, e] of [["a", a], ["b", b]] as const) {
    for (const key of ["value", "low", "high"] as const) {
      if (Math.abs(e[key]) > MAX_PARAMETER) fail(`$.params.${name}.${key}`, `expected a logit-scale number within ±1e12 (a fit of play data); got ${e[key]}`);
    }
  }
  if (b.value !== 0 && Math.abs(b.value) < 1e-9) fail("$.params.b.value", `expected b = 0 or |b| ≥ 1e-9 (a smaller slope maps pass rates to metric values beyond ±1e9); got ${b.value}`);
  if (cal.model === "rasch") {
    if (!sigma) fail("$.params.sigma", "expected the players' spread σ (a Rasch calibration has one)");
    if (!(sigma!.value > 0 && sigma!.low >= 0 && sigma!.high <= 100)) fail("$.params.sigma", `expected the players' spread σ > 0 with 0 ≤ low and high ≤ 100 logits; got ${sigma!.value} [${sigma!.low}, ${sigma!.high}]`);
  } else if (sigma) fail("$.params.sigma", "expected no σ in a per-level calibration (σ is the players' spread of the Rasch model)");
  if (tau) {
    if (!(tau.low >= 0 && tau.high <= 100)) fail("$.params.tau", `expected the level spread τ with 0 ≤ low and high ≤ 100 logits; got [${tau.low}, ${tau.high}]`);
    if (Math.abs(tau.value - cal.levelSpread) > SLACK) fail("$.levelSpread", `expected the level spread of $.params.tau.value (${tau.value}); got ${cal.levelSpread}`);
  }
  if (cal.levelSpread > 100) fail("$.levelSpread", `expected a level spread of at most 100 logits; got ${cal.levelSpread}`);
}

/** The held-out scores and the reliability bins. */
function checkFit(cal: Calibration, fail: Fail): void {
  if (cal.fit) {
    const f = cal.fit;
    for (const key of ["logLoss", "baselineLogLoss"] as const) if (!(f[key] >= 0)) fail(`$.fit.${key}`, `expected a log loss ≥ 0 (nats per attempt); got ${f[key]}`);
    for (const key of ["brier", "baselineBrier"] as const) if (!(f[key] >= 0 && f[key] <= 1)) fail(`$.fit.${key}`, `expected a Brier score in [0, 1]; got ${f[key]}`);
    if (f.gain) {
      interval(f.gain, "$.fit.gain", fail);
      if (Math.abs(f.gain.value - (f.baselineLogLoss - f.logLoss)) > 2 * SLACK) fail("$.fit.gain.value", `expected baselineLogLoss − logLoss (${f.baselineLogLoss - f.logLoss}); got ${f.gain.value}`);
    }
  }
  cal.reliability.forEach((r, i) => {
    rate(r.predicted, `$.reliability[${i}].predicted`, fail);
    rate(r.observed, `$.reliability[${i}].observed`, fail);
  });
}

/** Every level: order, ids once, counts, rates, the band, the curve's logit, the flag against the threshold. Returns level number → index. */
function checkLevels(cal: Calibration, fail: Fail): Map<number, number> {
  const { a, b } = cal.params;
  const numbers = new Map<number, number>();
  const ids = new Map<string, number>();
  cal.levels.forEach((l, i) => {
    const at = `$.levels[${i}]`;
    if (i > 0 && l.level <= cal.levels[i - 1].level) fail(`${at}.level`, `expected level numbers in increasing order, each once; level ${l.level} follows level ${cal.levels[i - 1].level}`);
    if (!l.id) fail(`${at}.id`, "expected the level's candidate id");
    const twice = ids.get(l.id);
    if (twice !== undefined) fail(`${at}.id`, `expected each id once; "${l.id}" is also $.levels[${twice}]`);
    ids.set(l.id, i);
    numbers.set(l.level, i);
    if (l.wins > l.attempts) fail(`${at}.wins`, `expected wins ≤ attempts; got ${l.wins} wins in ${l.attempts} attempts`);
    const observed = l.attempts > 0 ? l.wins / l.attempts : 0;
    if (Math.abs(l.observed - observed) > SLACK) fail(`${at}.observed`, `expected wins / attempts (${observed}); got ${l.observed}`);
    rate(l.predicted, `${at}.predicted`, fail);
    rate(l.passRate, `${at}.passRate`, fail);
    if ((l.low === undefined) !== (l.high === undefined)) fail(`${at}.${l.low === undefined ? "low" : "high"}`, "expected both ends of the band or neither");
    if (l.low !== undefined && l.high !== undefined) {
      rate(l.low, `${at}.low`, fail);
      rate(l.high, `${at}.high`, fail);
      if (!(l.low <= l.observed + SLACK && l.observed <= l.high + SLACK)) fail(`${at}`, `expected low ≤ observed ≤ high (the band holds the observed rate); got ${l.observed} in [${l.low}, ${l.high}]`);
    }
    const logit = cal.model === "rasch" ? -(a.value + b.value * l.metric) : a.value - b.value * l.metric;
    if (!(Math.abs(logit) <= MAX_LOGIT)) fail("$.params", `expected a curve whose logit at every calibrated level is within ±${MAX_LOGIT}; at level ${l.level} (${cal.metric} ${l.metric}) it is ${logit}`);
    const threshold = cal.outlierThreshold;
    if (threshold !== undefined && l.attempts > 0 && Math.abs(l.z) >= threshold - SLACK !== l.outlier && Math.abs(Math.abs(l.z) - threshold) > SLACK) {
      fail(`${at}.outlier`, `expected ${!l.outlier} (|z| = ${Math.abs(l.z)} is ${Math.abs(l.z) >= threshold ? "at or above" : "below"} the outlier threshold ${threshold})`);
    }
  });
  return numbers;
}

/** Outliers: exactly the flagged levels, as the levels say, in level order. */
function checkOutliers(cal: Calibration, numbers: Map<number, number>, fail: Fail): void {
  const flagged = cal.levels.filter((l) => l.outlier).length;
  cal.outliers.forEach((o, i) => {
    const at = `$.outliers[${i}]`;
    const j = numbers.get(o.level);
    const l = j === undefined ? undefined : cal.levels[j];
    if (!l) return fail(`${at}.level`, `expected a level of $.levels; level ${o.level} is not there`);
    if (l.id !== o.id) fail(`${at}.id`, `expected the id of level ${o.level} in $.levels ("${l.id}"); got "${o.id}"`);
    if (!l.outlier) fail(`${at}.level`, `expected only flagged levels; $.levels[${j}].outlier is false`);
    for (const key of ["attempts", "wins", "observed", "predicted", "z"] as const) {
      if (Math.abs(o[key] - l[key]) > SLACK) fail(`${at}.${key}`, `expected ${l[key]} as $.levels[${j}].${key}; got ${o[key]}`);
    }
    if (i > 0 && o.level <= cal.outliers[i - 1].level) fail(`${at}.level`, "expected outliers in increasing level order, each once");
  });
  if (cal.outliers.length !== flagged) fail("$.outliers", `expected the ${flagged} flagged level(s) of $.levels; got ${cal.outliers.length}`);
}
