import type { Calibration } from "../io/schemas/calibration.ts";
import { curveOf } from "../calibrate/pass-ramp.ts";
import { levelsDigest } from "../calibrate/levels-digest.ts";
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
  /** When the level is one the calibration's plays are of: what they showed; low and high its band at the outlier threshold (level spread included; a calibration without bands: the 95% Wilson interval). */
  played?: { attempts: number; wins: number; observed: number; low: number; high: number; predicted: number; z: number; outlier: boolean };
}

/**
 * Every level of a levels file with its predicted pass rate under a
 * calibration (SPEC 11: "the report shows each level's predicted pass
 * rate"), and, when the file holds the calibrated levels, what their plays
 * showed (observed rate, its band or 95% Wilson interval, the prediction
 * for who played them, z, the outlier flag).
 *
 * Which levels are the calibrated ones (docs/calibrate.md, "Report"): a
 * calibration records the identity of the levels it was made on
 * (`levelsDigest`, their numbers and ids). A file with the same identity
 * holds them: every played level of the calibration must be the file's
 * level of that number with that id — a level the file lacks (999), another
 * id at that number, a level twice are refused. A file of another identity
 * is another order of levels (a selection made after the calibration, say):
 * its levels get the curve's pass rate only, since a level's observed rate
 * belongs to the position it was played at. A calibration without the
 * record (written before it) is matched by number and id together, and
 * only levels that match both carry their plays.
 *
 * @throws InputError (exit 2) when a level lacks the calibrated metric, or
 *   the calibration claims the file's levels and one of its levels is not
 *   the file's (named by its JSON path).
 */
export function calibratedLevels(file: LevelsFile, cal: Calibration, files: { levels?: string; calibration?: string } = {}): CalibratedLevel[] {
  const curve = curveOf(cal);
  const byNumber = new Map(file.levels.map((l) => [l.number, l]));
  const same = cal.levelsDigest !== undefined && cal.levelsDigest === levelsDigest(file.levels);
  if (same) {
    cal.levels.forEach((c, i) => {
      const l = byNumber.get(c.level);
      const where = { file: files.calibration, jsonPath: `$.levels[${i}]` };
      if (!l) throw new InputError("report/calibration", `expected level ${c.level} of the calibrated levels in ${files.levels ?? "the levels file"} (the calibration records them as its own); it has no level ${c.level}`, where);
      if (l.id !== c.id) throw new InputError("report/calibration", `expected level ${c.level}'s id in ${files.levels ?? "the levels file"}, "${l.id}"; the calibration has "${c.id}"`, where);
    });
  }
  const played = new Map(cal.levels.filter((c) => (cal.levelsDigest === undefined || same) && byNumber.get(c.level)?.id === c.id).map((c) => [c.level, c]));
  return file.levels.map((l, i) => {
    if (!Object.hasOwn(l.metrics, cal.metric)) {
      throw new InputError("report/calibration", `expected metric "${cal.metric}" (the calibration is about it)`, { file: files.levels, jsonPath: `$.levels[${i}].metrics` });
    }
    const m = l.metrics[cal.metric];
    const c = played.get(l.number);
    const level: CalibratedLevel = { level: l.number, id: l.id, metric: m, passRate: roundMetric(passRateAt(curve, m)) };
    if (c) {
      const [low, high] = c.low !== undefined && c.high !== undefined ? [c.low, c.high] : wilsonInterval(c.wins, c.attempts).map(roundMetric);
      level.played = { attempts: c.attempts, wins: c.wins, observed: c.observed, low, high, predicted: c.predicted, z: c.z, outlier: c.outlier };
    }
    return level;
  });
}
