// The 100,000-candidate integer bank of the selection benches as files a user would hand the CLI:
// a generic CSV pool, a model, a plan and a ramp (seeded: the same files on every machine).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Model } from "../src/io/schemas/model.ts";
import type { Ramp } from "../src/io/schemas/ramp.ts";
import { createRng } from "../src/random/create-rng.ts";
import { chainModel } from "../test/helpers/chain-model.ts";
import { integerPool } from "../test/helpers/integer-pool.ts";

/**
 * Writes `pool.csv`, `model.json`, `plan.json` and `ramp.json` of 1,000 levels of 100,000
 * candidates (difficulty 0..1000, depth 1..5, seed `bench/integer`) to `dir`: the model of
 * {@link chainModel} (difficulty never falls, depth drops at most 1, maxRun 3), plus
 * `maxRise(difficulty, rise)` when `rise` is given; L1 to a linear ramp 0..1000.
 */
export function writeIntegerBank(dir: string, rise?: number): { pool: string; model: string; plan: string; ramp: string } {
  mkdirSync(dir, { recursive: true });
  const { pool, plan } = integerPool(createRng("bench/integer"), { candidates: 100_000, levels: 1000, maxDifficulty: 1000 });
  const base = chainModel("any", 1);
  const model: Model = rise === undefined ? base : { ...base, constraints: [...base.constraints, { type: "maxRise", key: "difficulty", by: rise }] };
  const ramp: Ramp = { format: "levelramp/ramp@1", metric: "difficulty", points: [[1, 0], [1000, 1000]], interpolation: "linear" };
  const lines = ["id,chapter,part,difficulty,depth"];
  for (const c of pool.candidates) lines.push(`${c.id},${c.chapter},${c.part},${c.metrics.difficulty},${c.metrics.depth}`);
  const files = { pool: join(dir, "pool.csv"), model: join(dir, "model.json"), plan: join(dir, "plan.json"), ramp: join(dir, "ramp.json") };
  writeFileSync(files.pool, lines.join("\n") + "\n");
  writeFileSync(files.model, JSON.stringify(model, null, 2) + "\n");
  writeFileSync(files.plan, JSON.stringify(plan, null, 2) + "\n");
  writeFileSync(files.ramp, JSON.stringify(ramp, null, 2) + "\n");
  return files;
}
