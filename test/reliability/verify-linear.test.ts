import { describe, expect, it } from "vitest";
import { readLevelsInput } from "../../src/pipeline/inputs/read-levels-input.ts";
import { verifyLevels } from "../../src/pipeline/verify/verify-levels.ts";
import { readJsonFile } from "../../src/io/read-json-file.ts";
import type { LevelsFile } from "../../src/io/schemas/levels.ts";
import { modelSchema } from "../../src/io/schemas/model.ts";
import { rampSchema } from "../../src/io/schemas/ramp.ts";
import { tempDir } from "../helpers/temp-dir.ts";

// Verify of a long order was quadratic (20,000 levels 19 s, 100,000
// past 300 s; report of the same order 1.6 s): each slot of the re-solve
// problem filtered the whole file for the levels of its part. The work is
// counted, not timed: every read of a level's fields (the level, its metrics)
// during verify, for an order and one four times as long. Linear (and the
// n log n of sorting by id) gives a ratio near 4; quadratic gives 16.

/** An order of `n` levels in parts of 100, with a model whose bounds narrow some of its slots. */
async function order(n: number): Promise<LevelsFile> {
  const t = tempDir();
  const rows = Array.from({ length: n }, (_, i) => `L${i + 1},${Math.floor(i / 100) + 1},1,${i + 1},${((i * 7919) % 1000) / 100}`);
  const csv = t.write("order.csv", `id,chapter,part,level,difficulty\n${rows.join("\n")}\n`);
  const model = t.write("model.json", {
    format: "levelramp/model@1",
    metric: "difficulty",
    eligibility: "part",
    constraints: [
      { type: "nonDecreasing", key: "difficulty", scope: "chapter" },
      { type: "maxRun", key: "difficulty", length: 3, precision: 0.5, scope: "chapter" },
      { type: "bounds", key: "difficulty", min: 1, max: 9, from: 10, to: n - 10 },
    ],
    objective: { norm: "L1", evenness: 0 },
  });
  const ramp = t.write("ramp.json", { format: "levelramp/ramp@1", metric: "difficulty", points: [[1, 0], [n, 10]], interpolation: "linear" });
  const read = await readLevelsInput(csv, { model: readJsonFile(modelSchema, model), ramp: readJsonFile(rampSchema, ramp), module: "test" });
  return read.levels;
}

/** Verifies `file` with every level (and its metrics) behind a proxy that counts reads; the count. */
async function readsOfVerify(file: LevelsFile): Promise<number> {
  let reads = 0;
  const counted = <T extends object>(value: T): T =>
    new Proxy(value, {
      get(target, key, receiver) {
        reads++;
        return Reflect.get(target, key, receiver);
      },
    });
  const levels = file.levels.map((l) => counted({ ...l, metrics: counted({ ...l.metrics }) }));
  const result = await verifyLevels({ ...file, levels });
  expect(result.levels).toBe(file.levels.length);
  return reads;
}

describe("verify of a long order is linear", () => {
  it("verify of a long order reads its levels a number of times that grows as the order does, not as its square", async () => {
    const small = await readsOfVerify(await order(600));
    const large = await readsOfVerify(await order(2400));
    expect(small).toBeGreaterThan(600 * 5); // each level is read (a test that counts nothing cannot pass)
    expect(large / small).toBeLessThan(5);
  }, 60_000);
});
