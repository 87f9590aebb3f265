import { beforeAll, describe, expect, it } from "vitest";
import { openGame } from "../../src/game/registry/open-game.ts";
import type { Game } from "../../src/game/game.ts";
import { registerGame } from "../../src/game/registry/load-game.ts";
import type { Model } from "../../src/io/schemas/model.ts";
import type { Plan } from "../../src/io/schemas/plan.ts";
import type { Ramp } from "../../src/io/schemas/ramp.ts";
import { shardSchemaOf, type ShardFile } from "../../src/io/schemas/shard.ts";
import { generatePools } from "../../src/pipeline/level-set/build-levels.ts";
import { generateShard } from "../../src/pipeline/shards/generate-shard.ts";
import { mergeShards } from "../../src/pipeline/shards/merge-shards.ts";
import { loadPipelineSettings } from "../../src/pipeline/inputs/pipeline-settings.ts";
import { settingsHash } from "../../src/pipeline/shards/settings-hash.ts";
import type { PipelineOptions } from "../../src/pipeline/level-set/pipeline-result.ts";
import { hopsComposedGame } from "../tiny-game/hops-composed.ts";

// SPEC 9, library level: N shards merged give the pool of one unsharded
// generate, byte for byte, on a game whose runs exercise every path that
// needs the whole pool: composed sets composed again (a repeat inside the
// set), candidates dropped as repeats of composed levels, conflict pairs,
// and parts that need extra rounds (grown by merge).

const part = (p: number, cells: number, poolPerLevel: number) => ({ part: p, levels: 3, poolPerLevel, generator: { cells } });
const plan: Plan = {
  format: "levelramp/plan@1",
  game: "hopsc",
  composed: 3,
  chapters: [
    { chapter: 1, rules: [], parts: [part(1, 4, 2), part(2, 4, 1)] },
    { chapter: 2, rules: [], parts: [part(1, 5, 4), part(2, 6, 3)] },
  ],
};
const model: Model = { format: "levelramp/model@1", metric: "hops", eligibility: "part", constraints: [{ type: "nonDecreasing", key: "hops" }], objective: { norm: "L1", evenness: 0 } };
const ramp: Ramp = { format: "levelramp/ramp@1", metric: "hops", points: [[1, 1], [12, 4]], interpolation: "linear" };
let hopsc: Game;
const options = (seed: number): PipelineOptions => ({ game: hopsc, plan, planFile: "hopsc-plan.json", model, modelFile: "m.json", ramp, rampFile: "r.json", chapters: [1, 2], seed, workers: 1, settings: loadPipelineSettings() });

/** What a run gives: the pool file's text, or the error. */
type Outcome = { text: string; stats: unknown } | { error: string };

async function unsharded(seed: number): Promise<Outcome> {
  try {
    const r = await generatePools(options(seed));
    return { text: JSON.stringify(r.pool, null, 2), stats: r.stats };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

/** Shards 1..n as files (through JSON text, as they travel), merged in the order given. */
async function sharded(seed: number, n: number, order: (files: ShardFile[]) => ShardFile[] = (f) => f): Promise<Outcome & { ranHere?: number }> {
  try {
    const files: ShardFile[] = [];
    for (let k = 1; k <= n; k++) {
      const s = (await generateShard(options(seed), { index: k, count: n })).shard;
      const text = JSON.stringify(s, null, 2);
      shardSchemaOf(hopsc).parse(JSON.parse(text));
      files.push(JSON.parse(text) as ShardFile);
    }
    const r = await mergeShards(order(files).map((shard) => ({ file: `shard-${shard.shard.index}.json`, shard })), { game: hopsc, workers: 1 });
    return { text: JSON.stringify(r.pool, null, 2), stats: r.stats, ranHere: r.ranHere };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

beforeAll(async () => {
  registerGame(hopsComposedGame, { module: new URL("../tiny-game/hops-composed.ts", import.meta.url).href, exportName: "hopsComposedGame" });
  hopsc = await openGame("hopsc");
});

describe("merge of generate's shards (SPEC 9)", () => {
  it("gives the unsharded pool and figures byte for byte, also through composing again, drops and extra rounds", async () => {
    const seen = { composedAgain: 0, dropped: 0, conflicts: 0, extraRounds: 0, ranHere: 0, failed: 0 };
    for (let seed = 1; seed <= 8; seed++) {
      const one = await unsharded(seed);
      for (const n of [1, 3, 7]) {
        const merged = await sharded(seed, n, (f) => [...f].reverse());
        if ("error" in one) {
          expect(merged, `seed ${seed}, ${n} shards`).toEqual({ error: one.error });
          continue;
        }
        expect("error" in merged ? merged.error : merged.text, `seed ${seed}, ${n} shards`).toBe(one.text);
        expect((merged as { stats: unknown }).stats).toEqual(one.stats);
        seen.ranHere += merged.ranHere ?? 0;
      }
      if ("error" in one) {
        seen.failed++;
        continue;
      }
      const stats = one.stats as { compose: Record<string, number>; dedup: { dropped: Record<string, number>; conflicts: Record<string, number> }; parts: Array<{ extraRounds: number }> };
      seen.composedAgain += stats.compose["repeat-in-set"] ?? 0;
      seen.dropped += Object.values(stats.dedup.dropped).reduce((a, b) => a + b, 0);
      seen.conflicts += Object.values(stats.dedup.conflicts).reduce((a, b) => a + b, 0);
      seen.extraRounds += stats.parts.reduce((a, p) => a + p.extraRounds, 0);
    }
    // the seeds really went through each path that needs the whole pool
    expect(seen.composedAgain, JSON.stringify(seen)).toBeGreaterThan(0);
    expect(seen.dropped).toBeGreaterThan(0);
    expect(seen.conflicts).toBeGreaterThan(0);
    expect(seen.extraRounds).toBeGreaterThan(0);
    expect(seen.ranHere).toBeGreaterThan(0);
  }, 60_000);

  it("deals the first-round tasks round robin: shard k holds tasks k, k + N, ...; composing (every stream) is shard 1's", async () => {
    const all = (await generateShard(options(2), { index: 1, count: 1 })).shard.tasks;
    const composing = all.filter((t) => t.task.kind === "compose");
    expect(composing.length).toBeGreaterThanOrEqual(1);
    const firstRound = all.filter((t) => t.task.kind === "grow" || t.task.attempt === 0);
    for (let k = 1; k <= 4; k++) {
      const mine = (await generateShard(options(2), { index: k, count: 4 })).shard.tasks;
      const expected = firstRound.filter((_, i) => i % 4 === k - 1);
      if (k === 1) expected.splice(1, 0, ...composing.slice(1));
      expect(mine).toEqual(expected);
    }
    // a shard with no share is a valid, empty shard
    const empty = (await generateShard(options(2), { index: 40, count: 40 })).shard;
    expect(empty.tasks).toEqual([]);
    expect(shardSchemaOf(hopsc).safeParse(JSON.parse(JSON.stringify(empty))).success).toBe(true);
  }, 30_000);

  it("refuses shards changed after generate wrote them, or made by another generator (exit 2, naming file and path)", async () => {
    const fresh = async () => {
      const files: ShardFile[] = [];
      for (let k = 1; k <= 2; k++) files.push(JSON.parse(JSON.stringify((await generateShard(options(3), { index: k, count: 2 })).shard)));
      return files;
    };
    const merge = (files: ShardFile[]) => mergeShards(files.map((shard) => ({ file: `shard-${shard.shard.index}.json`, shard })), { game: hopsc, workers: 1 });
    await expect(merge(await fresh())).resolves.toBeDefined();
    const refused = async (change: (files: ShardFile[]) => void, message: RegExp) => {
      const files = await fresh();
      change(files);
      const err = await merge(files).then(() => null, (e: unknown) => e as { exitCode: number; message: string });
      expect(err?.message).toMatch(message);
      expect(err?.exitCode).toBe(2);
    };
    await refused((f) => (f[1].inputs.plan.chapters[0].parts[0].levels = 4), /shard-2\.json at \$\.settingsHash: expected the SHA-256 of the shard's game and inputs; they do not hash to it/);
    await refused((f) => {
      f[1].inputs.ramp.points[1][1] = 5;
      f[1].settingsHash = settingsHash(f[1].game, f[1].inputs as never);
    }, /shard-2\.json at \$\.settingsHash: expected the settings of shard-1\.json .*its inputs differ in ramp/);
    await refused((f) => {
      for (const s of f) {
        s.inputs.generator = "levelramp@0.0.9+0123456789abcdef";
        s.settingsHash = settingsHash(s.game, s.inputs as never);
      }
    }, /at \$\.inputs\.generator: expected shards grown by the generator this levelramp grows \S+ with \(\S+\+[0-9a-f]{16}\); they were grown by levelramp@0\.0\.9\+0123456789abcdef \(an older form of the key, over all of levelramp's code: make the shards again with this levelramp\): merge with a levelramp whose \S+ code and models are the shards'/);
    await refused((f) => {
      for (const s of f) {
        s.inputs.generator = `${s.game}@1+0123456789abcdef`;
        s.settingsHash = settingsHash(s.game, s.inputs as never);
      }
    }, /at \$\.inputs\.generator: expected shards grown by the generator this levelramp grows (\S+) with \(\1(@\S+)?\+[0-9a-f]{16}\); they were grown by \1@1\+0123456789abcdef: merge with/);
    await refused((f) => f[1].tasks.pop(), /shard-2\.json at \$\.tasks: expected batch \d+ of chapter \d part \d in shard 2\/2; it is not there/);
    await refused((f) => f[0].tasks.push(f[1].tasks[0]), /shard-1\.json at \$\.tasks\[\d+\]\.task: batch \d+ of chapter \d part \d is shard 2\/2's share, not this shard's \(1\/2\)/);
    await refused((f) => {
      const t = f[1].tasks.find((x) => "candidates" in x.result && x.result.candidates.length > 0)!;
      ((t.result as { candidates: Array<{ level: { cells: number[] } }> }).candidates[0].level.cells[0] += 1);
    }, /shard-2\.json at \$\.tasks\[\d+\]\.result\.candidates\[0\]: expected a candidate of chapter \d part \d with the id of its body/);
  }, 30_000);
});
