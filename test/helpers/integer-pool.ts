import type { Plan } from "../../src/io/schemas/plan.ts";
import type { Pool } from "../../src/io/schemas/pool.ts";
import type { Rng } from "../../src/random/create-rng.ts";

/**
 * A seeded generic pool with integer metrics and heavy ties — the shape of
 * real rated banks (issue: re-sequencing real pools): `difficulty` an
 * integer in 0..maxDifficulty (uniform), `depth` 1..5 following difficulty
 * loosely; one chapter per 100 levels of one part each, every candidate in
 * chapter 1 part 1 (for eligibility "any").
 */
export function integerPool(rng: Rng, o: { candidates: number; levels: number; maxDifficulty: number }): { pool: Pool; plan: Plan } {
  const chapters = Math.ceil(o.levels / 100);
  const plan: Plan = {
    format: "levelramp/plan@1",
    game: "generic",
    composed: 0,
    chapters: Array.from({ length: chapters }, (_, c) => ({ chapter: c + 1, rules: [], parts: [{ part: 1, levels: Math.min(100, o.levels - 100 * c) }] })),
  };
  const candidates: Pool["candidates"] = [];
  for (let k = 0; k < o.candidates; k++) {
    const difficulty = Math.floor(rng() * (o.maxDifficulty + 1));
    const depth = Math.min(5, Math.max(1, 1 + Math.floor((5 * difficulty) / (o.maxDifficulty + 1)) + Math.floor(rng() * 3) - 1));
    candidates.push({ id: `int-${String(k + 1).padStart(6, "0")}`, chapter: 1, part: 1, metrics: { difficulty, depth }, rules: [] });
  }
  return { pool: { format: "levelramp/pool@1", game: "generic", candidates }, plan };
}
