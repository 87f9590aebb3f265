import type { Calibration } from "../../io/schemas/calibration.ts";
import type { Ramp } from "../../io/schemas/ramp.ts";
import { roundMetric } from "../../io/round-metric.ts";
import { curveOf, metricRampOfPassRamp, PASS_RATE } from "../../calibrate/pass-ramp.ts";
import { metricAtPassRate, passRateAt } from "../../calibrate/pass-rate.ts";
import { rampOf, type RampPoint } from "./ramp-points.ts";

/** What the editor's ramp is drawn and edited in: the levels' metric, or pass rates through a calibration (SPEC 11 player ramps). */
export type RampUnits = "metric" | "passRate";

/** The calibration the editor page carries (`report --calibration` with `--pools`): the fit and the file's name for the select line. */
export interface EditorCalibration extends Pick<Calibration, "metric" | "model" | "params"> {
  /** The calibration file as given to `report --calibration` (the page's `select --calibration` names it). */
  file: string;
}

/** Pass rates a point may take: the ramp schema's (0, 1) open interval, to 6 decimals. */
const LOWEST = 1e-6;
const HIGHEST = 1 - 1e-6;

/** The y-axis title of pass-rate units: the Rasch curve is the average player's. */
export function passRateLabel(cal: Pick<EditorCalibration, "model">): string {
  return cal.model === "rasch" ? "pass rate (average player)" : "pass rate";
}

/** Metric value → the fitted curve's pass rate (unrounded): what the plot draws in pass-rate units. */
export function passRateOf(cal: Pick<EditorCalibration, "model" | "params">): (m: number) => number {
  const curve = curveOf(cal);
  return (m) => passRateAt(curve, m);
}

/**
 * Why the page offers no pass-rate view of a calibration, or null when it
 * does: the calibration must be about the ramp's metric and its pass rate must
 * fall as the metric rises (b > 0), so that the map is monotone and a
 * pass-rate ramp turns into a ramp of the metric (SPEC 11).
 */
export function passRateViewProblem(cal: Pick<EditorCalibration, "metric" | "params" | "file">, metric: string): string | null {
  if (cal.metric !== metric) return `${cal.file} calibrates "${cal.metric}", not the ramp's "${metric}": no pass-rate view of this ramp`;
  if (!(cal.params.b.value > 0)) return `${cal.file} has b = ${cal.params.b.value} (pass rates do not fall as "${metric}" rises): no pass-rate view of the ramp`;
  return null;
}

/**
 * The ramp's points in the other units, point by point (levels kept): metric
 * values → the fit's pass rates (`passRateAt`, clamped to [1e-6, 1 − 1e-6] so
 * a point stays a valid pass rate), or pass rates → the metric at which the fit
 * gives them (`metricAtPassRate`, the inverse; monotone, b > 0). 6 decimals.
 * Between the points the two ramps differ a little: each is interpolated in
 * its own units.
 */
export function convertPoints(points: ReadonlyArray<readonly [number, number]>, to: RampUnits, cal: Pick<EditorCalibration, "model" | "params">): RampPoint[] {
  const curve = curveOf(cal);
  if (to === "passRate") return points.map(([x, m]) => [x, Math.min(HIGHEST, Math.max(LOWEST, roundMetric(passRateAt(curve, m))))]);
  return points.map(([x, p]) => [x, roundMetric(metricAtPassRate(curve, Math.min(HIGHEST, Math.max(LOWEST, p))))]);
}

/** A dragged or typed pass rate kept inside (0, 1): at least 0.001, at most 0.999 (the drag's 3 decimals). */
export function clampPassRate(p: number): number {
  return Math.min(0.999, Math.max(0.001, p));
}

/** What is wrong with pass-rate points beyond the ramp schema's checks: a value outside (0, 1). Null when fine. */
export function passRatePointsProblem(points: ReadonlyArray<readonly [number, number]>): string | null {
  const i = points.findIndex(([, p]) => !(p > 0 && p < 1));
  return i < 0 ? null : `point ${i + 1}: expected a pass rate strictly between 0 and 1; got ${points[i][1]}`;
}

/**
 * The edited ramp as the page downloads it (`ramp.json`): in the metric, a
 * `levelramp/ramp@1` of the metric; in pass rates, a player ramp (metric
 * `passRate`), which `select --ramp ramp.json --calibration <file>` reads.
 */
export function editedRamp(metric: string, points: ReadonlyArray<readonly [number, number]>, interpolation: Ramp["interpolation"], units: RampUnits): Ramp {
  return rampOf(units === "passRate" ? PASS_RATE : metric, points, interpolation);
}

/**
 * The ramp the page selects against: the edited ramp itself in the metric;
 * a player ramp turned into the metric's own through the fit
 * (`metricRampOfPassRamp`, exactly what `select --calibration` does).
 *
 * @throws InputError for pass rates outside (0, 1) or a calibration with b ≤ 0.
 */
export function selectionRamp(ramp: Ramp, cal: EditorCalibration | undefined): Ramp {
  if (ramp.metric !== PASS_RATE || !cal) return ramp;
  return metricRampOfPassRamp(ramp, cal, { ramp: "ramp.json", calibration: cal.file });
}
