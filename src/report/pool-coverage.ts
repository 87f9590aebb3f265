import { roundMetric } from "../io/round-metric.ts";
import type { LevelsFile } from "../io/schemas/levels.ts";
import type { Pool } from "../io/schemas/pool.ts";

/**
 * Pool coverage against any ramp (issue "release loop"): for a level, the
 * signed deviation of the pool candidate closest to the target among those the
 * file's model makes eligible there (its part, or all with `eligibility: any`;
 * dropped and excluded candidates left out).
 *
 * @returns `(level, target, metric) → best deviation` (null when no candidate is eligible).
 */
export function poolCoverage(file: LevelsFile, pool: Pool): (level: number, target: number, metric: string) => number | null {
  const excluded = new Set(file.model.constraints.flatMap((c) => (c.type === "exclude" ? [c.id] : [])));
  const usable = pool.candidates.filter((c) => c.dropped === undefined && !excluded.has(c.id));
  const byNumber = new Map(file.levels.map((l) => [l.number, l]));
  return (level, target, metric) => {
    const l = byNumber.get(level);
    if (!l) return null;
    const own = file.model.eligibility === "any" ? usable : usable.filter((c) => c.chapter === l.chapter && c.part === l.part);
    let best = Infinity;
    for (const c of own) {
      const v = c.metrics[metric];
      if (v === undefined) continue;
      const d = v - target;
      if (Math.abs(d) < Math.abs(best) || (Math.abs(d) === Math.abs(best) && d < best)) best = d;
    }
    return Number.isFinite(best) ? roundMetric(best) : null;
  };
}
