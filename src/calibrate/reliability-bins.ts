import type { Plays } from "./plays.ts";

/**
 * Reliability bins (SPEC 11 `reliability`): held-out predictions grouped in
 * ten bins of width 0.1 ([0, 0.1), ..., [0.9, 1]); per non-empty bin the
 * attempt-weighted mean prediction, the observed pass rate (wins / attempts)
 * and the attempts. A calibrated model has observed ≈ predicted in every bin.
 *
 * @param predicted per row of the plays, its held-out pass probability.
 * @param include per level, 1 to count its rows (default all: the held-out fit leaves the outliers out).
 */
export function reliabilityBins(plays: Plays, predicted: ArrayLike<number>, include?: Uint8Array): Array<{ predicted: number; observed: number; attempts: number }> {
  const sumP = new Float64Array(10);
  const wins = new Float64Array(10);
  const attempts = new Float64Array(10);
  plays.rows.forEach((r, i) => {
    if (include && !include[r.level]) return;
    const bin = Math.min(9, Math.max(0, Math.floor(predicted[i] * 10)));
    sumP[bin] += r.attempts * predicted[i];
    wins[bin] += r.wins;
    attempts[bin] += r.attempts;
  });
  const out: Array<{ predicted: number; observed: number; attempts: number }> = [];
  for (let b = 0; b < 10; b++) if (attempts[b] > 0) out.push({ predicted: sumP[b] / attempts[b], observed: wins[b] / attempts[b], attempts: attempts[b] });
  return out;
}
