import { roundMetric } from "../io/round-metric.ts";
import type { LevelsFile } from "../io/schemas/levels.ts";
import type { Ramp } from "../io/schemas/ramp.ts";
import { findBreaks, type ConstraintBreak } from "../select/rules/find-breaks.ts";
import { rampTarget } from "../select/ramp/ramp-target.ts";

/** Deviation statistics of a group of levels (a chapter, or all of them). */
export interface DeviationStats {
  levels: number;
  /** Mean |value − target|. */
  meanAbs: number;
  /** √(mean (value − target)²). */
  rms: number;
  /** Largest |value − target| and the (first) level number where it occurs. */
  maxAbs: number;
  maxAt: number | null;
  /** Mean signed deviation: > 0 means harder than the ramp (for a difficulty metric). */
  bias: number;
  /** Constraint breaks that show in this group. */
  breaks: number;
  /** Mean target of the group (for colour bands). */
  meanTarget: number;
  /** Levels where the pool is the limit: off the ramp, and no eligible candidate was closer (null: coverage unknown). */
  poolLimited: number | null;
  /** Levels where the constraints are the limit: some eligible candidate was closer to the ramp (null: unknown). */
  constraintLimited: number | null;
}

/** One chapter's statistics. */
export interface ChapterDeviation extends DeviationStats {
  chapter: number;
}

/** Per-level row of a deviation report. */
export interface LevelDeviation {
  number: number;
  chapter: number;
  part: number;
  id: string;
  value: number;
  target: number;
  deviation: number;
  /** Smallest deviation any eligible candidate could have had (pool coverage), when known. */
  bestDeviation: number | null;
}

/** The deviation of a levels file from one ramp (SPEC 1 job 4, SPEC 6). */
export interface RampDeviation {
  /** Ramp label (file name, or `embedded`). */
  name: string;
  metric: string;
  chapters: ChapterDeviation[];
  all: DeviationStats;
  levels: LevelDeviation[];
}

/**
 * Ramp deviation per chapter (SPEC 1, job 4): levels, mean |deviation|, RMS,
 * max |deviation| and where, signed bias, and the count of constraint breaks
 * of the embedded model (0 for levelramp's own output; a hand-edited file may
 * have some). All figures are computed from the stored values (SPEC 2) and
 * rounded to 6 decimals.
 *
 * @param file a levels file.
 * @param ramp another ramp to measure against (default: the embedded ramp's stored targets).
 * @param name label of the ramp (default `embedded`).
 * @param breaks breaks found in the file (default: {@link findBreaks} with the embedded model).
 * @param coverage pool coverage for another ramp: the smallest deviation any
 *   eligible candidate has at a level (default: the stored `bestDeviation` for
 *   the embedded ramp, unknown for another ramp).
 * @throws Error when the ramp's metric is missing from a level's metrics.
 */
export function deviationReport(
  file: LevelsFile,
  ramp?: Ramp,
  name = "embedded",
  breaks?: ConstraintBreak[],
  coverage?: (level: number, target: number, metric: string) => number | null,
): RampDeviation {
  const metric = ramp?.metric ?? file.ramp.metric;
  const target = ramp ? rampTarget(ramp) : undefined;
  const levels: LevelDeviation[] = file.levels.map((l, i) => {
    const value = l.metrics[metric];
    if (value === undefined) throw new Error(`report/deviation: levels[${i}] has no metric "${metric}" (the ramp's metric)`);
    const t = target ? target(l.number) : l.target;
    const best = coverage ? coverage(l.number, t, metric) : !ramp ? (l.bestDeviation ?? null) : null;
    return { number: l.number, chapter: l.chapter, part: l.part, id: l.id, value, target: t, deviation: roundMetric(value - t), bestDeviation: best };
  });
  const found = breaks ?? findBreaks(file.levels, file.model.constraints);
  const chapterOf = new Map(file.levels.map((l) => [l.number, l.chapter]));
  const chapters = [...new Set(levels.map((l) => l.chapter))].sort((a, b) => a - b);
  return {
    name,
    metric,
    chapters: chapters.map((chapter) => ({
      chapter,
      ...stats(
        levels.filter((l) => l.chapter === chapter),
        found.filter((b) => chapterOf.get(b.level) === chapter).length,
      ),
    })),
    all: stats(levels, found.length),
    levels,
  };
}

function stats(levels: LevelDeviation[], breaks: number): DeviationStats {
  const n = levels.length;
  const known = levels.some((l) => l.bestDeviation !== null);
  let poolLimited: number | null = known ? 0 : null;
  let constraintLimited: number | null = known ? 0 : null;
  for (const l of levels) {
    if (l.bestDeviation === null || Math.abs(l.deviation) <= 1e-6) continue;
    if (Math.abs(l.deviation) <= Math.abs(l.bestDeviation) + 1e-9) poolLimited!++;
    else constraintLimited!++;
  }
  if (n === 0) return { levels: 0, meanAbs: 0, rms: 0, maxAbs: 0, maxAt: null, bias: 0, breaks, meanTarget: 0, poolLimited, constraintLimited };
  let abs = 0;
  let sq = 0;
  let sum = 0;
  let tsum = 0;
  let maxAbs = -1;
  let maxAt: number | null = null;
  for (const l of levels) {
    const d = l.deviation;
    abs += Math.abs(d);
    sq += d * d;
    sum += d;
    tsum += l.target;
    if (Math.abs(d) > maxAbs) {
      maxAbs = Math.abs(d);
      maxAt = l.number;
    }
  }
  return {
    levels: n,
    meanAbs: roundMetric(abs / n),
    rms: roundMetric(Math.sqrt(sq / n)),
    maxAbs: roundMetric(maxAbs),
    maxAt,
    bias: roundMetric(sum / n),
    breaks,
    meanTarget: roundMetric(tsum / n),
    poolLimited,
    constraintLimited,
  };
}
