import type { Calibration } from "../io/schemas/calibration.ts";
import { curveOf } from "../calibrate/pass-ramp.ts";
import { passRateAt } from "../calibrate/pass-rate.ts";
import { InputError } from "../io/errors.ts";
import { roundMetric } from "../io/round-metric.ts";
import type { LevelsFile } from "../io/schemas/levels.ts";
import { wilsonInterval } from "./wilson-interval.ts";

/** One shipped level seen through a calibration (SPEC 11 report). */
export interface CalibratedLevel {
  /** The level's number and id in the levels file. */
  level: number;
  id: string;
  /** Its value of the calibrated metric. */
  metric: number;
  /** The fitted curve's pass rate at that value (Rasch: the average player's), 6 decimals. */
  passRate: number;
  /** When the calibration has plays of this id: what they showed. */
  played?: { attempts: number; wins: number; observed: number; low: number; high: number; predicted: number; z: number; outlier: boolean };
}

/**
 * Every level of a levels file with its predicted pass rate under a
 * calibration (SPEC 11: "the report shows each level's predicted pass
 * rate") — also for a file selected after the calibration (a player ramp's
 * selection), whose levels were not all played: levels are matched to the
 * calibration's by id, and those with plays carry their observed rate, its
 * 95% Wilson interval, the prediction for who played them, z and the outlier
 * flag.
 *
 * @throws InputError (exit 2) when a level lacks the calibrated metric, or
 *   when no level of the file was played (the calibration is of other levels).
 */
export function calibratedLevels(file: LevelsFile, cal: Calibration, files: { levels?: string; calibration?: string } = {}): CalibratedLevel[] {
  const curve = curveOf(cal);
  const byId = new Map(cal.levels.map((l) => [l.id, l]));
  const out = file.levels.map((l, i) => {
    if (!Object.hasOwn(l.metrics, cal.metric)) {
      throw new InputError("report/calibration", `expected metric "${cal.metric}" (the calibration is about it)`, { file: files.levels, jsonPath: `$.levels[${i}].metrics` });
    }
    const m = l.metrics[cal.metric];
    const c = byId.get(l.id);
    const level: CalibratedLevel = { level: l.number, id: l.id, metric: m, passRate: roundMetric(passRateAt(curve, m)) };
    if (c) {
      const [low, high] = wilsonInterval(c.wins, c.attempts);
      level.played = { attempts: c.attempts, wins: c.wins, observed: c.observed, low: roundMetric(low), high: roundMetric(high), predicted: c.predicted, z: c.z, outlier: c.outlier };
    }
    return level;
  });
  if (!out.some((l) => l.played)) {
    throw new InputError("report/calibration", "expected a calibration with plays of some level of the levels file; it has none of their ids", { file: files.calibration, jsonPath: "$.levels" });
  }
  return out;
}
