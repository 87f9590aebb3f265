import type { Plan } from "../../src/io/schemas/plan.ts";
import type { Pool } from "../../src/io/schemas/pool.ts";
import type { Rng } from "../../src/random/create-rng.ts";
import { planSlots } from "../../src/select/problem/plan-slots.ts";

/** Shape of a synthetic generic pool. */
export interface SyntheticPoolOptions {
  chapters: number;
  parts: number;
  levelsPerPart: number;
  perLevel: number;
  /** Target of each level number (the ramp). */
  target: (level: number) => number;
  /** Standard deviation of the difficulty noise (default 0.6). */
  noise?: number;
  /** Id prefix (default `generic`). */
  prefix?: string;
}

/**
 * A seeded generic pool (metrics only) and its plan, for fixtures, tests and
 * benchmarks: per part, `levelsPerPart × perLevel` candidates whose
 * `difficulty` scatters around the part's targets (two decimals), `size` that
 * grows by part, and `depth` that follows difficulty loosely.
 */
export function syntheticPool(rng: Rng, o: SyntheticPoolOptions): { pool: Pool; plan: Plan } {
  const plan: Plan = {
    format: "levelramp/plan@1",
    game: "generic",
    composed: 0,
    chapters: Array.from({ length: o.chapters }, (_, c) => ({
      chapter: c + 1,
      rules: [],
      parts: Array.from({ length: o.parts }, (_, p) => ({ part: p + 1, levels: o.levelsPerPart, poolPerLevel: o.perLevel })),
    })),
  };
  const slots = planSlots(plan, o.target);
  const gauss = () => {
    const u = Math.max(rng(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
  };
  const candidates: Pool["candidates"] = [];
  const prefix = o.prefix ?? "generic";
  for (let c = 1; c <= o.chapters; c++) {
    for (let p = 1; p <= o.parts; p++) {
      const partSlots = slots.filter((s) => s.chapter === c && s.part === p);
      for (let k = 0; k < o.levelsPerPart * o.perLevel; k++) {
        const slot = partSlots[Math.floor(rng() * partSlots.length)];
        const difficulty = Math.max(0, Math.round((slot.target + gauss() * (o.noise ?? 0.6)) * 100) / 100);
        const size = 3 + 4 * (c - 1) + (p - 1) + (rng() < 0.3 ? 1 : 0);
        const depth = Math.max(1, Math.round(difficulty / 3) + Math.floor(rng() * 3) - 1);
        candidates.push({
          id: `${prefix}-c${c}-p${p}-${String(k + 1).padStart(3, "0")}`,
          chapter: c,
          part: p,
          metrics: { difficulty, size, depth },
          rules: [],
        });
      }
    }
  }
  return { pool: { format: "levelramp/pool@1", game: "generic", seed: "synthetic", candidates }, plan };
}
