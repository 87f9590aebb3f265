// Pools reused (docs/pipeline.md "Pools reused"): a batch is a pure function of its inputs, so a run
// answers every batch whose inputs did not change from an earlier run's pools.json and writes the same
// bytes as a run that grows everything; only batches whose inputs changed are grown.
import { openGame } from "../../src/game/registry/open-game.ts";
import type { Game } from "../../src/game/game.ts";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { loadGame, registerGame } from "../../src/game/registry/load-game.ts";
import type { GrownRecords } from "../../src/io/schemas/grown-records.ts";
import type { Model } from "../../src/io/schemas/model.ts";
import type { Plan } from "../../src/io/schemas/plan.ts";
import type { Ramp } from "../../src/io/schemas/ramp.ts";
import { buildLevels, generatePools, type PipelineResult } from "../../src/pipeline/level-set/build-levels.ts";
import type { ShardFile } from "../../src/io/schemas/shard.ts";
import { generateShard } from "../../src/pipeline/shards/generate-shard.ts";
import { mergeShards } from "../../src/pipeline/shards/merge-shards.ts";
import { loadPipelineOptions } from "../../src/pipeline/level-set/load-pipeline-options.ts";
import type { PipelineOptions } from "../../src/pipeline/level-set/pipeline-result.ts";
import { loadPipelineSettings } from "../../src/pipeline/inputs/pipeline-settings.ts";
import { gameModelFiles, gameModelsHash, RUN_INPUT_FILES } from "../../src/pipeline/reuse/generator-fingerprint.ts";
import { parseReusablePool, readReusablePool, type ReusablePool } from "../../src/pipeline/reuse/reusable-pool.ts";
import { reuseGenerator } from "../../src/pipeline/reuse/reuse-keys.ts";
import type { TaskRunner } from "../../src/pipeline/workers/task-runner.ts";
import { fixture, runCli } from "../helpers/run-cli.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { hopsComposedGame } from "../tiny-game/hops-composed.ts";

const text = (r: PipelineResult) => ({ pool: JSON.stringify(r.pool, null, 2), levels: JSON.stringify(r.levels, null, 2) });
/** A pool as a later run reads it: through its JSON text. */
/** An earlier result's pool as --reuse reads it (through its text, with its game's body schema). */
const reusable = (r: PipelineResult, file = "earlier/pools.json"): ReusablePool => parseReusablePool(JSON.parse(JSON.stringify(r.pool)), file, gamesByName()[r.pool.game]);
const gamesByName = (): Record<string, Game> => ({ carillon: carillon.game, hopsv, hopsn });
/** A task runner that fails the test if any task reaches it: nothing may be grown. */
const growsNothing: TaskRunner = {
  threads: 0,
  run: (() => Promise.reject(new Error("a task was grown"))) as unknown as TaskRunner["run"],
  close: async () => {},
};
/** fixtures/pipeline/pool-of-another-levelramp.json with its generator in the current form, of another Carillon (its code or engine models). */
const anotherGenerator = () => {
  const pool = JSON.parse(readFileSync(fixture("pipeline/pool-of-another-levelramp.json"), "utf8"));
  pool.grown.generator = "carillon@1+0123456789abcdef";
  return pool;
};
const grownIn = (r: PipelineResult) => r.reuse!.parts.filter((p) => p.grown > 0).map((p) => `c${p.chapter}p${p.part}:${p.grown}/${p.reused + p.grown}`);

// hopsc: a composer whose sets repeat themselves, grown rows repeating composed ones and each other
// (exact repeats inside a pool, recorded in full), extra rounds; version named so its batches can be reused.
const part = (p: number, cells: number, poolPerLevel: number) => ({ part: p, levels: 3, poolPerLevel, generator: { cells } });
const hopsPlan: Plan = {
  format: "levelramp/plan@1",
  game: "hopsv",
  composed: 3,
  chapters: [
    { chapter: 1, rules: [], parts: [part(1, 4, 2), part(2, 4, 1)] },
    { chapter: 2, rules: [], parts: [part(1, 5, 4), part(2, 6, 3)] },
  ],
};
// no chain rule: composed rows come in any order
const hopsModel: Model = { format: "levelramp/model@1", metric: "hops", eligibility: "part", constraints: [], objective: { norm: "L1", evenness: 0 } };
const hopsRamp: Ramp = { format: "levelramp/ramp@1", metric: "hops", points: [[1, 1], [12, 4]], interpolation: "linear" };
let hopsv: Game;
let hopsn: Game;
const hops = (seed: number, over: Partial<PipelineOptions> = {}): PipelineOptions => ({ game: hopsv, plan: hopsPlan, planFile: "p.json", model: hopsModel, modelFile: "m.json", ramp: hopsRamp, rampFile: "r.json", chapters: [1, 2], seed, workers: 1, settings: loadPipelineSettings(), ...over });

let carillon: PipelineOptions;
let carillonFirst: PipelineResult;

beforeAll(async () => {
  // composed levels that carry a concept, so reusing them must give it back
  const composeFirst: typeof hopsComposedGame.composeFirst = (count, rng, stats) => hopsComposedGame.composeFirst!(count, rng, stats).map((l, i) => (i % 2 ? { ...l, concepts: ["hop"] } : l));
  registerGame({ ...hopsComposedGame, game: "hopsv", version: "test-1", composeFirst });
  registerGame({ ...hopsComposedGame, game: "hopsn" }); // no version
  hopsv = await openGame("hopsv");
  hopsn = await openGame("hopsn");
  await loadGame("carillon");
  carillon = await loadPipelineOptions("carillon", { planFile: fixture("pipeline/tiny-carillon-plan.json"), modelFile: fixture("pipeline/tiny-carillon-model.json"), seed: 7, workers: 1 });
  carillonFirst = await buildLevels(carillon);
}, 60_000);

describe("pools.json records how it was grown", () => {
  it("each part's key, figures, selection step and batches; composing streams; candidates by id, repeats in full", async () => {
    const records = carillonFirst.pool.grown as GrownRecords;
    expect(records.generator).toMatch(/^carillon@1\+[0-9a-f]{16}$/);
    expect(records.parts.map((p) => `${p.chapter}/${p.part}`)).toEqual(["1/1", "1/2", "2/1"]);
    for (const p of records.parts) {
      expect(p.key).toMatch(/^[0-9a-f]{64}$/);
      expect(p.stats).toEqual(carillonFirst.stats.parts.find((s) => s.chapter === p.chapter && s.part === p.part));
      expect(p.selection?.solver).toMatch(/\w/);
      expect(p.batches.length).toBe(3 * (1 + p.stats.extraRounds + p.stats.refineRounds));
      // every candidate the part grew, once, by batch then index
      const ids = p.batches.flatMap((b) => b.candidates);
      expect(ids).toEqual(carillonFirst.pool.candidates.filter((c) => c.chapter === p.chapter && c.part === p.part).map((c) => c.id));
    }
    // hopsv repeats bodies (seed 11: an exact repeat, a composed set composed again, an extra round)
    const r = await buildLevels(hops(11));
    expect(r.stats.compose["repeat-in-set"]).toBe(1);
    expect(r.stats.parts.some((p) => p.extraRounds > 0)).toBe(true);
    const rec = r.pool.grown as GrownRecords;
    const full = rec.parts.flatMap((p) => p.batches.flatMap((b) => b.candidates.filter((c) => typeof c !== "string").map((c) => ({ c, b: b.batch }))));
    expect(r.stats.repeatedIds).toBe(full.length);
    expect(full.length).toBeGreaterThan(0);
    for (const { c, b } of full) expect((c as { provenance: { batch: number } }).provenance.batch).toBe(b);
    expect(rec.compose!.streams.length).toBe(1 + (r.stats.compose["repeat-in-set"] ?? 0));
    expect(rec.compose!.streams.slice(0, -1).every((s) => s.levels!.length === 3)).toBe(true);
    expect(rec.compose!.streams.at(-1)!.levels).toBeUndefined();
  }, 60_000);
});

describe("a build that reuses an earlier pool", () => {
  it("with nothing changed grows nothing and writes the same bytes", async () => {
    const again = await buildLevels({ ...carillon, reuse: reusable(carillonFirst), runner: growsNothing });
    expect(text(again)).toEqual(text(carillonFirst));
    expect(grownIn(again)).toEqual([]);
    expect(again.reuse!.parts.map((p) => p.reused)).toEqual([3, 3, 3]);
    // also through composed sets composed again, exact repeats and extra rounds
    for (const seed of [1, 3, 11]) {
      const first = await buildLevels(hops(seed));
      const reused = await buildLevels({ ...hops(seed), reuse: reusable(first), runner: growsNothing });
      expect(text(reused)).toEqual(text(first));
      expect(reused.stats).toEqual(first.stats);
      expect(reused.reuse!.compose).toEqual({ reused: 1 + (first.stats.compose["repeat-in-set"] ?? 0), grown: 0 });
    }
  }, 60_000);

  it("grows only the part whose generator settings changed (and what its new chain aims at), with the bytes of a fresh build", async () => {
    const plan = structuredClone(carillon.plan);
    plan.chapters[1].parts[0].generator = { ...plan.chapters[1].parts[0].generator, dots: [12, 14] };
    const fresh = await buildLevels({ ...carillon, plan });
    const reused = await buildLevels({ ...carillon, plan, reuse: reusable(carillonFirst) });
    expect(text(reused)).toEqual(text(fresh));
    expect(grownIn(reused)).toEqual(["c2p1:3/3"]);
    // grown for their new inputs, not for a moved aim
    expect(reused.reuse!.parts.map((p) => p.reaimed)).toEqual([0, 0, 0]);
  }, 60_000);

  it("a model change that keeps the chain grows nothing; a ramp change grows the batches whose aims moved", async () => {
    const model: Model = { ...carillon.model, constraints: [...carillon.model.constraints, { type: "maxRise", key: "bits", by: 100 }] };
    const reused = await buildLevels({ ...carillon, model, reuse: reusable(carillonFirst), runner: growsNothing });
    expect(text(reused)).toEqual(text(await buildLevels({ ...carillon, model })));
    // a linear ramp, then the same raised from level 7 on (chapter 2): the first chapter's targets, chain and aims are the same
    const linear: Ramp = { format: "levelramp/ramp@1", metric: "bits", points: [[1, 0], [6, 3], [9, 5]], interpolation: "linear" };
    const raisedRamp: Ramp = { ...linear, points: [[1, 0], [6, 3], [9, 6]] };
    const before = await buildLevels({ ...carillon, ramp: linear });
    const fresh = await buildLevels({ ...carillon, ramp: raisedRamp });
    const raised = await buildLevels({ ...carillon, ramp: raisedRamp, reuse: reusable(before) });
    expect(text(raised)).toEqual(text(fresh));
    expect(raised.reuse!.parts.filter((p) => p.chapter === 1).map((p) => p.grown)).toEqual([0, 0]);
    expect(raised.reuse!.parts.filter((p) => p.chapter === 2).map((p) => p.reused)).toEqual([0]);
    // every batch grown was grown only because its aim moved: the pool holds it with the same inputs, aimed elsewhere
    expect(raised.reuse!.parts.map((p) => p.reaimed)).toEqual(raised.reuse!.parts.map((p) => p.grown));
    expect(raised.reuse!.parts.reduce((n, p) => n + p.reaimed, 0)).toBeGreaterThan(0);
  }, 60_000);

  it("generate reuses the same way", async () => {
    const first = await generatePools(carillon);
    const reused = await generatePools({ ...carillon, reuse: reusable(first), runner: growsNothing });
    expect(text(reused)).toEqual(text(first));
    // a build's pool answers generate's batches whose aims are the targets
    const fromBuild = await generatePools({ ...carillon, reuse: reusable(carillonFirst) });
    expect(text(fromBuild)).toEqual(text(first));
    expect(fromBuild.reuse!.parts.reduce((n, p) => n + p.reused, 0)).toBeGreaterThan(0);
  }, 60_000);

  it("reuses nothing for a game without a version, or from another seed, and still writes a fresh build's bytes", async () => {
    const first = await buildLevels({ ...hops(1), game: hopsn, plan: { ...hopsPlan, game: "hopsn" } });
    expect((first.pool.grown as GrownRecords).generator).toBeNull();
    const again = await buildLevels({ ...hops(1), game: hopsn, plan: { ...hopsPlan, game: "hopsn" }, reuse: reusable(first) });
    expect(text(again)).toEqual(text(first));
    expect(again.reuse!.refusal).toMatch(/hopsn declares no version/);
    const other = await buildLevels({ ...carillon, seed: 8, reuse: reusable(carillonFirst) });
    expect(other.reuse!.parts.every((p) => p.reused === 0)).toBe(true);
    expect(other.reuse!.refusal).toBe("it was grown from seed 7 and this run's seed is 8, so every batch is grown again");
  }, 60_000);

  // the tiny Carillon plan's pool (seed 7) as grown by a Carillon whose code or engine models differed
  // (fixtures/pipeline/pool-of-another-levelramp.json, its generator named in the current form): every key of it is another run's.
  it("says before growing anything that a pool grown by another Carillon generator holds nothing of this run's, and writes a fresh build's bytes", async () => {
    const file = "earlier/pools.json";
    const earlier = parseReusablePool(anotherGenerator(), file, carillon.game);
    const now = reuseGenerator(carillon.game, "grow");
    expect(earlier.records.generator).not.toBe(now);
    const logs: string[] = [];
    const r = await buildLevels({ ...carillon, reuse: earlier, keepAims: true, events: { log: (line) => logs.push(line) } });
    const why = `it was grown by carillon@1+0123456789abcdef and this run grows with ${now} (the game's code a batch runs, its engine models or its version changed since; a batch is a function of them), so every batch is grown again`;
    expect(r.reuse!.refusal).toBe(why);
    expect(logs[0]).toBe(`reuse: nothing reused from ${file}: ${why}`);
    expect(r.reuse!.parts.map((p) => [p.reused, p.grown])).toEqual([[0, 3], [0, 3], [0, 3]]);
    expect(text(r)).toEqual(text(carillonFirst));
  }, 60_000);
});

describe("sharded generation with a pool reused", () => {
  it("shards leave out what the pool holds, merge --reuse answers it: the unsharded run's bytes", async () => {
    const first = await generatePools(hops(11));
    const plan = structuredClone(hopsPlan);
    plan.chapters[1].parts[1].generator = { cells: 7 };
    const changed = hops(11, { plan });
    const whole = await generatePools({ ...changed, reuse: reusable(first) });
    expect(grownIn(whole)).toEqual(["c2p2:3/3"]);
    const shards = [];
    for (let k = 1; k <= 3; k++) {
      const r = await generateShard({ ...changed, reuse: reusable(first) }, { index: k, count: 3 });
      shards.push({ file: `shard-${k}.json`, shard: JSON.parse(JSON.stringify(r.shard)) as ShardFile });
      // the shard holds only the changed part's batches of its share
      expect(r.shard.tasks.map((t) => `${(t.task as { chapter?: number }).chapter}/${(t.task as { part?: number }).part}`).every((x) => x === "2/2")).toBe(true);
    }
    const merged = await mergeShards(shards, { game: hopsv, workers: 1, reuse: reusable(first) });
    expect(JSON.stringify(merged.pool, null, 2)).toBe(text(whole).pool);
    expect(merged.replayed).toBe(3);
    // the library names its option; the CLI passes its flag
    await expect(mergeShards(shards, { game: hopsv, workers: 1 })).rejects.toThrow(/expected composing levels 1–3 \(stream 0\) in shard 1\/3; it is not there \(the shard was changed after generate wrote it, or the shards reused an earlier pool: give merge that pool with reuse\)$/);
    await expect(mergeShards(shards, { game: hopsv, workers: 1, names: { reuse: "--reuse" } })).rejects.toThrow(/give merge that pool with --reuse\)$/);
  }, 60_000);
});

describe("levelramp build --reuse", () => {
  const t = tempDir("levelramp-reuse-");
  const args = ["--plan", fixture("pipeline/tiny-carillon-plan.json"), "--model", fixture("pipeline/tiny-carillon-model.json"), "--seed", "7", "--workers", "1", "--no-table"];

  it("says what it reused and grew (stderr, --json), and writes the same files", async () => {
    const first = await runCli(["build", "carillon", ...args, "--out", t.path("a"), "--quiet"]);
    expect(first.code, first.stderr).toBe(0);
    const again = await runCli(["build", "carillon", ...args, "--out", t.path("b"), "--reuse", t.path("a/pools.json"), "--json"]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain(`reuse: 9 of 9 batches answered from ${t.path("a/pools.json")}, 0 grown\n  reused whole: c1p1–c2p1\n`);
    expect(JSON.parse(again.stdout).reuse).toMatchObject({ compose: { reused: 0, grown: 0 }, parts: [{ chapter: 1, part: 1, reused: 3, grown: 0 }, { reused: 3 }, { reused: 3 }] });
    for (const f of ["pools.json", "levels.json", "report.txt", "report.json", "report.html"]) expect(readFileSync(t.path(`b/${f}`), "utf8"), f).toBe(readFileSync(t.path(`a/${f}`), "utf8"));
    // in place: the set's own pools.json, rewritten with --force
    const inPlace = await runCli(["build", "carillon", ...args, "--out", t.path("a"), "--reuse", t.path("a/pools.json"), "--force", "--quiet"]);
    expect(inPlace.code, inPlace.stderr).toBe(0);
    expect(readFileSync(t.path("a/pools.json"), "utf8")).toBe(readFileSync(t.path("b/pools.json"), "utf8"));
  }, 60_000);

  it("a pool grown by another Carillon generator: says so first, then that nothing was reused", async () => {
    const pool = t.write("another.json", anotherGenerator());
    const r = await runCli(["build", "carillon", ...args, "--out", t.path("o"), "--reuse", pool, "--keep-aims"]);
    expect(r.code, r.stderr).toBe(0);
    const said = `reuse: nothing reused from ${pool}: it was grown by carillon@1+0123456789abcdef`;
    const lines = r.stderr.split("\n");
    const at = lines.flatMap((l, i) => (l.startsWith(said) ? [i] : []));
    expect(at, r.stderr).toHaveLength(2);
    expect(lines[at[0]]).toMatch(/ and this run grows with carillon@1\+[0-9a-f]{16} \(the game's code a batch runs, its engine models or its version changed since; a batch is a function of them\), so every batch is grown again$/);
    // the first before any part is chosen, the second in the summary
    expect(at[0]).toBeLessThan(lines.findIndex((l) => l.startsWith("chapter 1 part 1")));
    expect(r.stderr).toMatch(/build: carillon chapters 1–2, seed 7, 1 worker\(s\): \d+ pool entries, \d+ grown, /);
  }, 60_000);

  // fixtures/pipeline/pool-of-another-levelramp.json: the tiny Carillon plan's pool (seed 7) from a levelramp that
  // keyed batches by all of its code (`levelramp@0.1.0+<hash>`): no key of it can be this levelramp's.
  it("refuses a pool whose generator is named in the older form, naming the file and JSON path, and writes nothing", async () => {
    const pool = fixture("pipeline/pool-of-another-levelramp.json");
    const r = await runCli(["build", "carillon", ...args, "--out", t.path("old"), "--reuse", pool, "--quiet"]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`pipeline/reuse: ${pool} at $.grown.generator: expected the generator of carillon's batches as this levelramp names it (carillon@<version>+<hash> over the game's own code and models); "levelramp@0.1.0+6fd07b1707e80085" is an older form of the key, over all of levelramp's code, which no batch of this levelramp's has: build the whole set once with this levelramp, neither reusing this pool nor continuing its set, and reuse the pool that build writes`);
    expect(existsSync(t.path("old"))).toBe(false);
  }, 60_000);

  it("says which batches were grown only because a ramp change moved their aim, and how to grow nothing", async () => {
    const ramp = JSON.parse(readFileSync("models/carillon/ramp.json", "utf8"));
    ramp.points = ramp.points.map(([l, v]: [number, number]) => [l, l > 1 ? v + 0.5 : v]);
    const r = await runCli(["build", "carillon", ...args, "--ramp", t.write("raised-ramp.json", ramp), "--out", t.path("r"), "--reuse", t.path("a/pools.json"), "--json"]);
    expect(r.code, r.stderr).toBe(0);
    const parts = JSON.parse(r.stdout).reuse.parts as Array<{ reused: number; grown: number; reaimed: number }>;
    const grown = parts.reduce((n, p) => n + p.grown, 0);
    expect(grown).toBeGreaterThan(0);
    expect(parts.map((p) => p.reaimed)).toEqual(parts.map((p) => p.grown));
    const pool = t.path("a/pools.json");
    expect(r.stderr).toContain(`reuse: ${9 - grown} of 9 batches answered from ${pool}, ${grown} grown (${grown} of them only because the ramp or the chain moved their aim)\n`);
    expect(r.stderr).toContain(`  to choose from ${pool} as it is, growing nothing: levelramp select --pools ${pool} --incremental with this run's --plan, --model and --ramp (without --incremental if the pool runs out part by part; the levels only, not a whole build's set)\n`);
  }, 60_000);

  it("generate --shard --reuse and merge --reuse: the pool generate --reuse writes", async () => {
    const base = ["--plan", fixture("pipeline/tiny-carillon-plan.json"), "--model", fixture("pipeline/tiny-carillon-model.json"), "--seed", "7", "--workers", "1", "--quiet"];
    expect((await runCli(["generate", "carillon", ...base, "--out", t.path("g1.json")])).code).toBe(0);
    const plan = JSON.parse(readFileSync(fixture("pipeline/tiny-carillon-plan.json"), "utf8"));
    plan.chapters[1].parts[0].generator.dots = [12, 14];
    const changed = ["--plan", t.write("g-plan.json", plan), ...base.slice(2)];
    expect((await runCli(["generate", "carillon", ...changed, "--reuse", t.path("g1.json"), "--out", t.path("g2.json")])).code).toBe(0);
    for (const k of [1, 2]) {
      const r = await runCli(["generate", "carillon", ...changed.filter((a) => a !== "--quiet"), "--reuse", t.path("g1.json"), "--shard", `${k}/2`, "--out", t.path(`s${k}.json`)]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(new RegExp(`shard ${k}/2, 1 worker\\(s\\): \\d+ of 9 first-round tasks \\(\\d+ of them answered from \\S+g1\\.json, left to merge --reuse\\)`));
    }
    const m = await runCli(["merge", t.path("s1.json"), t.path("s2.json"), "--reuse", t.path("g1.json"), "--out", t.path("g3.json"), "--json"]);
    expect(m.code, m.stderr).toBe(0);
    // the changed part's three batches come from the shards
    expect(JSON.parse(m.stdout)).toMatchObject({ replayed: 3, ranHere: 0 });
    expect(m.stderr).toContain(`reuse: 6 of 9 batches answered from ${t.path("g1.json")}, 3 from the shards or grown here\n  reused whole: c1p1–c1p2\n  from the shards or grown here whole: c2p1\n`);
    expect(readFileSync(t.path("g3.json"), "utf8")).toBe(readFileSync(t.path("g2.json"), "utf8"));
    // without the pool the shards reused, merge names its option (mergeShards' own word is reuse)
    const without = await runCli(["merge", t.path("s1.json"), t.path("s2.json"), "--out", t.path("g4.json")]);
    expect(without.code).toBe(2);
    expect(without.stderr).toMatch(/; it is not there \(the shard was changed after generate wrote it, or the shards reused an earlier pool: give merge that pool with --reuse\)\n$/);
  }, 60_000);

  it("a rule change in chapter 2 on shards: the shards grow only chapter 2, the merged pool is the whole generate's, and select keeps chapter 1's levels", async () => {
    const base = ["--model", fixture("pipeline/tiny-carillon-model.json"), "--seed", "7", "--workers", "1"];
    const first = ["--plan", fixture("pipeline/tiny-carillon-plan.json"), ...base];
    expect((await runCli(["generate", "carillon", ...first, "--out", t.path("r1.json"), "--quiet"])).code).toBe(0);
    const plan = JSON.parse(readFileSync(fixture("pipeline/tiny-carillon-plan.json"), "utf8"));
    plan.chapters[1].rules = ["bell"];
    const changed = ["--plan", t.write("bell-plan.json", plan), ...base];
    for (const k of [1, 2]) {
      const r = await runCli(["generate", "carillon", ...changed, "--reuse", t.path("r1.json"), "--shard", `${k}/2`, "--out", t.path(`rs${k}.json`), "--quiet"]);
      expect(r.code, r.stderr).toBe(0);
      const tasks = JSON.parse(readFileSync(t.path(`rs${k}.json`), "utf8")).tasks as Array<{ task: { chapter: number } }>;
      expect(tasks.every((x) => x.task.chapter === 2)).toBe(true);
    }
    const m = await runCli(["merge", t.path("rs1.json"), t.path("rs2.json"), "--reuse", t.path("r1.json"), "--out", t.path("r2.json"), "--json"]);
    expect(m.code, m.stderr).toBe(0);
    expect(JSON.parse(m.stdout).reuse.parts.map((p: { chapter: number; reused: number; grown: number }) => [p.chapter, p.reused > 0, p.grown > 0])).toEqual([[1, true, false], [1, true, false], [2, false, true]]);
    expect((await runCli(["generate", "carillon", ...changed, "--out", t.path("r2-whole.json"), "--quiet"])).code).toBe(0);
    expect(readFileSync(t.path("r2.json"), "utf8")).toBe(readFileSync(t.path("r2-whole.json"), "utf8"));
    const select = async (pools: string, args: string[], out: string) => {
      const r = await runCli(["select", "--pools", pools, "--incremental", ...args.slice(0, 4), "--out", t.path(out)]);
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(readFileSync(t.path(out), "utf8")).levels as Array<{ chapter: number; id: string }>;
    };
    const before = await select(t.path("r1.json"), first, "r1-levels.json");
    const after = await select(t.path("r2.json"), changed, "r2-levels.json");
    expect(after.filter((l) => l.chapter === 1)).toEqual(before.filter((l) => l.chapter === 1));
    expect(after.filter((l) => l.chapter === 2).map((l) => l.id)).not.toEqual(before.filter((l) => l.chapter === 2).map((l) => l.id));
  }, 60_000);

  it("refuses a pool without its record, of another game, or changed by hand (exit 2, nothing written)", async () => {
    const pool = JSON.parse(readFileSync(t.path("b/pools.json"), "utf8"));
    const { grown: _grown, ...bare } = pool;
    const r1 = await runCli(["build", "carillon", ...args, "--out", t.path("c"), "--reuse", t.write("bare.json", bare), "--quiet"]);
    expect([r1.code, r1.stderr]).toEqual([2, expect.stringContaining("bare.json at $: expected a pool that build or generate wrote, with its record of how it was grown (grown)")]);
    const apsis = await runCli(["build", "apsis", "--chapters", "1", "--out", t.path("c"), "--reuse", t.path("b/pools.json"), "--quiet"]);
    expect([apsis.code, apsis.stderr]).toEqual([2, expect.stringContaining("expected a pool of apsis to reuse; this one is of carillon")]);
    const changed = structuredClone(pool);
    changed.candidates[0].level.dots[0].x += 1;
    const r3 = await runCli(["build", "carillon", ...args, "--out", t.path("c"), "--reuse", t.write("changed.json", changed), "--quiet"]);
    expect([r3.code, r3.stderr]).toEqual([2, expect.stringMatching(/pipeline\/reuse: \S+changed\.json: expected each candidate's id to be its body's \(SPEC 2\); carillon-c1-p1-[0-9a-f]{10} of batch \d+ of chapter 1 part 1 is not/)]);
    const moved = structuredClone(pool);
    moved.grown.parts[0].batches.at(-1).candidates[0] = moved.candidates.at(-1).id;
    const r4 = await runCli(["build", "carillon", ...args, "--out", t.path("c"), "--reuse", t.write("moved.json", moved), "--quiet"]);
    expect([r4.code, r4.stderr]).toEqual([2, expect.stringMatching(/moved\.json at \$\.grown\.parts\[0\]\.batches\[\d+\]\.candidates\[0\]: expected a candidate grown by batch \d+ of chapter 1 part 1; carillon-c2-p1-/)]);
    expect(() => readFileSync(join(t.path("c"), "levels.json"))).toThrow();
  }, 60_000);
});

describe("what a batch's key covers", () => {
  it("growing a batch of either game reads its engine models only, never a plan, selection model or ramp; composing reads only what its key covers", () => {
    const child = spawnSync(process.execPath, ["--import", "tsx", fileURLToPath(new URL("../helpers/grow-reads-child.ts", import.meta.url)), "carillon", "apsis"], { encoding: "utf8" });
    expect(child.status, child.stderr).toBe(0);
    const read = JSON.parse(child.stdout) as Record<string, string[]>;
    expect(read.carillon.length).toBeGreaterThan(0);
    expect(read.apsis.length).toBeGreaterThan(0);
    for (const game of ["carillon", "apsis"]) {
      expect(read[game].filter((f) => RUN_INPUT_FILES.has(f.slice(f.lastIndexOf("/") + 1)))).toEqual([]);
      // what its generator's hash covers (gameModelFiles): its own engine models for a batch; with its ramp
      // (and Carillon the dedup thresholds) for composing
      expect(read[game].filter((f) => !gameModelFiles(game, "grow").includes(f))).toEqual([]);
      expect(read[`${game}/compose`].length).toBeGreaterThan(0);
      expect(read[`${game}/compose`].filter((f) => !gameModelFiles(game, "compose").includes(f))).toEqual([]);
    }
  }, 180_000); // a tsx child compiling both games: about 3 s idle, past 60 s at load 28

  it("a game's models hash moves with its engine models (composing: and its ramp and the dedup thresholds), not with a plan, selection model, ramp or another game's", () => {
    const t = tempDir("levelramp-models-");
    const put = (file: string, text: string) => {
      mkdirSync(dirname(t.path(file)), { recursive: true });
      writeFileSync(t.path(file), text);
    };
    for (const f of ["plan.json", "ramp.json", "selection.json", "physics.json"]) put(`models/g/${f}`, "{}");
    put("models/other/physics.json", "{}");
    put("models/dedup/thresholds.json", "{}");
    const grow = gameModelsHash("g", "grow", t.dir);
    const compose = gameModelsHash("g", "compose", t.dir);
    for (const f of ["plan.json", "selection.json", "../other/physics.json"]) put(`models/g/${f}`, '{"changed": true}');
    expect([gameModelsHash("g", "grow", t.dir), gameModelsHash("g", "compose", t.dir)]).toEqual([grow, compose]);
    put("models/dedup/thresholds.json", '{"changed": true}');
    expect(gameModelsHash("g", "grow", t.dir)).toBe(grow);
    expect(gameModelsHash("g", "compose", t.dir)).not.toBe(compose);
    const composeNow = gameModelsHash("g", "compose", t.dir);
    put("models/g/ramp.json", '{"changed": true}');
    expect(gameModelsHash("g", "grow", t.dir)).toBe(grow);
    expect(gameModelsHash("g", "compose", t.dir)).not.toBe(composeNow);
    put("models/g/physics.json", '{"changed": true}');
    expect(gameModelsHash("g", "grow", t.dir)).not.toBe(grow);
  });
});
