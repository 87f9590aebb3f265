// Keeping the recorded aims (docs/pipeline.md "Keeping the recorded aims"): with keepAims, a build
// reuses every recorded batch whose part's generator inputs did not change as grown, whatever its aim,
// so a ramp- or model-only change grows no batch again for its aim; the set is valid and chosen as a build chooses, over
// the reused candidates; a changed part, or a round the earlier run never took, is grown and counted.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import type { Game } from "../../src/game/game.ts";
import { loadGame, registerGame } from "../../src/game/registry/load-game.ts";
import { openGame } from "../../src/game/registry/open-game.ts";
import type { GrownRecords } from "../../src/io/schemas/grown-records.ts";
import type { Model } from "../../src/io/schemas/model.ts";
import type { Plan } from "../../src/io/schemas/plan.ts";
import type { Ramp } from "../../src/io/schemas/ramp.ts";
import { loadPipelineSettings } from "../../src/pipeline/inputs/pipeline-settings.ts";
import { buildLevels, generatePools, type PipelineResult } from "../../src/pipeline/level-set/build-levels.ts";
import { loadPipelineOptions } from "../../src/pipeline/level-set/load-pipeline-options.ts";
import type { PipelineOptions } from "../../src/pipeline/level-set/pipeline-result.ts";
import { parseReusablePool, type ReusablePool } from "../../src/pipeline/reuse/reusable-pool.ts";
import { reuseLines } from "../../src/pipeline/reuse/reuse-lines.ts";
import { selectLevels } from "../../src/pipeline/selection/select-levels.ts";
import { generateShard } from "../../src/pipeline/shards/generate-shard.ts";
import { verifyLevels } from "../../src/pipeline/verify/verify-levels.ts";
import { buildProblem } from "../../src/select/problem/build-problem.ts";
import { slotGroups } from "../../src/select/problem/slot-groups.ts";
import { chainCeiling } from "../../src/select/rules/chain-ceiling.ts";
import type { TaskRunner } from "../../src/pipeline/workers/task-runner.ts";
import { fixture, runCli } from "../helpers/run-cli.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { hopsComposedGame } from "../tiny-game/hops-composed.ts";

const text = (r: PipelineResult) => ({ pool: JSON.stringify(r.pool, null, 2), levels: JSON.stringify(r.levels, null, 2) });
/** An earlier result's pool as --reuse reads it (through its text, with its game's body schema). */
const reusable = (r: PipelineResult, game: Game): ReusablePool => parseReusablePool(JSON.parse(JSON.stringify(r.pool)), "earlier/pools.json", game);
/** A task runner that fails the test if any task reaches it: nothing may be grown. */
const growsNothing: TaskRunner = {
  threads: 0,
  run: (() => Promise.reject(new Error("a task was grown"))) as unknown as TaskRunner["run"],
  close: async () => {},
};
const sum = (r: PipelineResult, f: (p: NonNullable<PipelineResult["reuse"]>["parts"][number]) => number) => r.reuse!.parts.reduce((n, p) => n + f(p), 0);
const grownIn = (r: PipelineResult) => r.reuse!.parts.filter((p) => p.grown > 0).map((p) => `c${p.chapter}p${p.part}:${p.grown}/${p.reused + p.grown}`);
/** Each batch's (part, number, aim) as a pool records it. */
/** A ramp with every point after the first moved by `by` (metric units). */
const raisedBy = (ramp: Ramp, by: number): Ramp => ({ ...ramp, points: ramp.points.map(([l, v]) => [l, l > 1 ? v + by : v] as [number, number]) });
const aims = (r: PipelineResult) => (r.pool.grown as GrownRecords).parts.flatMap((p) => p.batches.map((b) => `c${p.chapter}p${p.part}#${b.batch}@${b.level.number}:${b.level.target}`));

/**
 * What a set built with keepAims must be: valid against the current model and plan (`verify --model
 * --plan`), and chosen part by part as a build chooses over its own pool — `select --incremental` over
 * the pool the run wrote gives the same levels and objective, each part proven optimal given the earlier.
 */
async function expectChosenOverItsPool(r: PipelineResult, o: PipelineOptions): Promise<void> {
  const verified = await verifyLevels(r.levels!, { game: o.game, model: o.model, modelFile: "m.json", plan: o.plan, planFile: "p.json" });
  expect(verified.failures).toEqual([]);
  expect(verified.ok).toBe(true);
  const pool = JSON.parse(JSON.stringify(r.pool));
  const selected = await selectLevels({ pool, poolFile: "pools.json", game: o.game, plan: o.plan, planFile: "p.json", model: o.model, modelFile: "m.json", ramp: o.ramp, rampFile: "r.json" }, { incremental: true });
  expect(selected.file.levels.map((l) => l.id)).toEqual(r.levels!.levels.map((l) => l.id));
  expect(selected.file.objective).toBe(r.levels!.objective);
  expect(r.levels!.note).toBe("part by part: each part proven optimal given the earlier ones");
}

let carillon: PipelineOptions;
let first: PipelineResult;
/** The tiny Carillon plan's ramp with every point after the first raised by 0.5 bits: every later target moves. */
let raised: Ramp;

beforeAll(async () => {
  await loadGame("carillon");
  carillon = await loadPipelineOptions("carillon", { planFile: fixture("pipeline/tiny-carillon-plan.json"), modelFile: fixture("pipeline/tiny-carillon-model.json"), seed: 7, workers: 1 });
  first = await buildLevels(carillon);
  raised = { ...carillon.ramp, points: carillon.ramp.points.map(([l, v]) => [l, l > 1 ? v + 0.5 : v] as [number, number]) };
}, 60_000);

describe("a build that keeps the recorded aims", () => {
  it("a ramp-only change grows nothing: every batch reused as grown, the set valid and chosen over the reused pool", async () => {
    const o = { ...carillon, ramp: raised };
    const kept = await buildLevels({ ...o, reuse: reusable(first, carillon.game), keepAims: true, runner: growsNothing });
    expect(kept.reuse!.keepAims).toBe(true);
    expect(kept.reuse!.parts.map((p) => [p.reused, p.grown, p.unrecorded])).toEqual([[3, 0, 0], [3, 0, 0], [3, 0, 0]]);
    // exact --reuse grows 8 of these 9 batches again for this ramp: here they are the earlier ones
    expect(sum(kept, (p) => p.aimedElsewhere!)).toBe(8);
    expect(sum((await buildLevels({ ...o, reuse: reusable(first, carillon.game) })), (p) => p.reaimed)).toBe(8);
    // the same candidates as the first pool, chosen for the new ramp
    expect(kept.pool.candidates.map((c) => c.id)).toEqual(first.pool.candidates.map((c) => c.id));
    expect(kept.levels!.levels.map((l) => l.target)).not.toEqual(first.levels!.levels.map((l) => l.target));
    await expectChosenOverItsPool(kept, o);
    // the pool records the aims the batches were grown at, not this run's
    expect(aims(kept)).toEqual(aims(first));
    // and says so in report.txt's first sentence (chainStart)
    expect(kept.chainStart).toBe(`${first.chainStart}; 8 of the 9 batches of candidates were reused from an earlier pool as grown for its ramp or chain (the recorded aims kept), so this set may differ from a whole build's with the same inputs`);
  }, 60_000);

  // A whole Carillon build (seed 1) with its last ramp point moved stopped in chapter 13 with the aims kept: chapter 12's
  // parts were kept 0.65 and 1.11 bits above the ramp without the refine rounds a whole build grows, and the later parts'
  // recorded batches, aimed under that chain, could not continue it. The run now checks that they can (the ceiling), so a
  // chain above the ramp needs no refine round either (the earlier code grew 6 batches here: two refine rounds of c1p1).
  it("a chain that would end above the ramp grows no refine round when the later parts' recorded candidates continue it", async () => {
    const lowered: Ramp = { ...carillon.ramp, points: carillon.ramp.points.map(([l, v]) => [l, l > 1 ? v - 0.5 : v] as [number, number]) };
    const o = { ...carillon, ramp: lowered };
    const logs: string[] = [];
    const kept = await buildLevels({ ...o, reuse: reusable(first, carillon.game), keepAims: true, runner: growsNothing, events: { log: (line) => logs.push(line) } });
    expect(kept.reuse!.parts.map((p) => [p.reused, p.grown, p.unrecorded, p.refineNotGrown])).toEqual([[3, 0, 0, 1], [3, 0, 0, 0], [3, 0, 0, 0]]);
    expect(kept.stats.parts[0].refineRounds).toBe(0);
    expect(logs.filter((l) => l.startsWith("chapter 1 part 1: the chain would end at bits ")).map((l) => l.replace(/^.*; /, ""))).toEqual([
      "the earlier pool holds no refine round 1 of it, and keeping the recorded aims grows none for a chain the later parts' recorded candidates can continue: the continuation found is kept",
    ]);
    expect(reuseLines(kept.reuse!, "grown", "--keep-aims")).toContain("  not grown: refine rounds the earlier pool does not hold, for chains that end below this ramp or that the later parts' recorded candidates continue (each part keeps the continuation found; a whole build grows them): c1p1 (1)");
    await expectChosenOverItsPool(kept, o);
  }, 60_000);

  // Seed 2, every ramp point after the first raised by 1 bit: chapter 1 part 2's own best levels would end at a value
  // chapter 2 part 1's recorded candidates (aimed at the earlier ramp) cannot continue from; the earlier code took them
  // and then grew an extra round of c2p1 (3 batches). The part is kept under the ceiling instead: nothing grown.
  it("a part whose own best would block the later parts' recorded candidates is kept under its ceiling, growing nothing", async () => {
    const o2 = { ...carillon, seed: 2 };
    const first2 = await buildLevels(o2);
    const o = { ...o2, ramp: raisedBy(o2.ramp, 1) };
    const logs: string[] = [];
    const kept = await buildLevels({ ...o, reuse: reusable(first2, carillon.game), keepAims: true, runner: growsNothing, events: { log: (line) => logs.push(line) } });
    expect(kept.reuse!.parts.map((p) => [p.reused, p.grown, p.ceiling])).toEqual([[3, 0, undefined], [3, 0, 4.784635], [3, 0, undefined]]);
    expect(kept.stats.parts.map((p) => p.extraRounds + p.refineRounds)).toEqual([0, 0, 0]);
    const c1p2 = kept.levels!.levels.filter((l) => l.chapter === 1 && l.part === 2);
    expect(c1p2[c1p2.length - 1].metrics.bits).toBeLessThanOrEqual(4.784635);
    expect(logs).toContain("chapter 1 part 2: its best levels would end where the later parts' recorded candidates (through chapter 2 part 1) cannot continue the chain (at most bits 4.852 from what they hold): kept at or under bits 4.785");
    expect(reuseLines(kept.reuse!, "grown", "--keep-aims")).toContain("  kept under a ceiling (their own best levels would have ended where the later parts' recorded candidates cannot continue the chain; no round grown for it): c1p2");
    const verified = await verifyLevels(kept.levels!, { game: o.game, model: o.model, modelFile: "m.json", plan: o.plan, planFile: "p.json" });
    expect(verified.failures).toEqual([]);
    expect(kept.levels!.note).toBe("part by part: each part proven optimal given the earlier ones (1 of them under a ceiling, so that the later parts' recorded candidates could continue the chain)");
    // part by part over the written pool, c1p2 takes its own best and chapter 2 part 1 cannot continue: the ceiling is what chose
    await expect(selectLevels({ pool: JSON.parse(JSON.stringify(kept.pool)), poolFile: "pools.json", game: o.game, plan: o.plan, planFile: "p.json", model: o.model, modelFile: "m.json", ramp: o.ramp, rampFile: "r.json" }, { incremental: true })).rejects.toThrow(/chapter 2, part 1/);
    // the same bytes whatever the worker count
    const two = await buildLevels({ ...o, workers: 2, reuse: reusable(first2, carillon.game), keepAims: true, runner: growsNothing });
    expect(text(two)).toEqual(text(kept));
  }, 60_000);

  // The earlier chain is a filling of the later parts from its own end (a ramp-only change keeps every rule), so the
  // ceiling after each part is at least where the earlier chain ended there.
  it("the ceiling after each part is at least the earlier chain's end there, on a ramp-only change", async () => {
    const first2 = await buildLevels({ ...carillon, seed: 2 });
    for (const earlier of [first, first2]) {
      for (const ramp of [raisedBy(carillon.ramp, 1), raisedBy(carillon.ramp, -0.5)]) {
        const { problem } = buildProblem({ pool: JSON.parse(JSON.stringify(earlier.pool)), poolFile: "pools.json", plan: carillon.plan, planFile: "p.json", model: carillon.model, modelFile: "m.json", ramp, rampFile: "r.json" });
        const index = new Map(problem.candidates.map((c, k) => [c.id, k]));
        const picks = earlier.levels!.levels.map((l) => index.get(l.id)!);
        const groups = slotGroups(problem);
        const last = groups[groups.length - 1].end;
        for (const g of groups.slice(0, -1)) {
          const ceiling = chainCeiling(problem, g.end, last, new Set(picks.slice(0, g.end)));
          expect(ceiling).toBeGreaterThanOrEqual(problem.candidates[picks[g.end - 1]].metrics.bits);
          expect(ceiling).toBeLessThan(Infinity);
        }
      }
    }
  }, 60_000);

  it("with nothing changed it is the exact build: the same bytes, no aim kept, and nothing added to report.txt", async () => {
    const kept = await buildLevels({ ...carillon, reuse: reusable(first, carillon.game), keepAims: true, runner: growsNothing });
    expect(text(kept)).toEqual(text(first));
    expect(kept.chainStart).toBe(first.chainStart);
    expect(sum(kept, (p) => p.aimedElsewhere!)).toBe(0);
    expect(reuseLines(kept.reuse!, "grown", "--keep-aims").at(-1)).toBe("  --keep-aims: every batch reused was aimed where this run aims it: the set is a whole build's with these inputs");
  }, 60_000);

  it("the kept pool, reused exactly with the first ramp, gives back the first set byte for byte (its record holds the aims grown at)", async () => {
    const kept = await buildLevels({ ...carillon, ramp: raised, reuse: reusable(first, carillon.game), keepAims: true, runner: growsNothing });
    const back = await buildLevels({ ...carillon, reuse: reusable(kept, carillon.game), runner: growsNothing });
    expect(text(back)).toEqual(text(first));
  }, 60_000);

  it("a generator-settings change in one part grows that part only, whatever the chain after it does", async () => {
    const plan = structuredClone(carillon.plan);
    plan.chapters[0].parts[1].generator = { ...plan.chapters[0].parts[1].generator, dots: [11, 12] };
    const o = { ...carillon, plan };
    const kept = await buildLevels({ ...o, reuse: reusable(first, carillon.game), keepAims: true });
    expect(grownIn(kept)).toEqual(["c1p2:3/3"]);
    expect(kept.reuse!.parts.map((p) => p.unrecorded)).toEqual([0, 0, 0]);
    await expectChosenOverItsPool(kept, o);
    const lines = reuseLines(kept.reuse!, "grown", "--keep-aims");
    expect(lines).toContain("  grown for their generator inputs (changed, or a part the pool does not hold): 3 batch(es) of c1p2");
  }, 60_000);

  it("with --from: the kept chapter kept, the rebuilt one chosen for the new ramp from the set's pool, nothing grown", async () => {
    const from = { file: "earlier/levels.json", levels: JSON.parse(JSON.stringify(first.levels)), pool: reusable(first, carillon.game) };
    const kept = await buildLevels({ ...carillon, ramp: raised, chapters: [2], from, keepAims: true, runner: growsNothing });
    expect(kept.reuse!.parts.map((p) => [p.chapter, p.part, p.reused, p.grown, p.aimedElsewhere])).toEqual([[2, 1, 3, 0, 3]]);
    expect(kept.levels!.levels.filter((l) => l.chapter === 1).map((l) => l.id)).toEqual(first.levels!.levels.filter((l) => l.chapter === 1).map((l) => l.id));
    expect((await verifyLevels(kept.levels!, { game: carillon.game, model: carillon.model, modelFile: "m.json", plan: carillon.plan, planFile: "p.json" })).failures).toEqual([]);
  }, 60_000);

  it("a part the earlier pool does not hold is grown, and said so", async () => {
    const chapter1 = await buildLevels({ ...carillon, chapters: [1] });
    const kept = await buildLevels({ ...carillon, ramp: raised, reuse: reusable(chapter1, carillon.game), keepAims: true });
    expect(grownIn(kept)).toEqual(["c2p1:3/3"]);
    expect(sum(kept, (p) => p.reused)).toBe(6);
    expect(sum(kept, (p) => p.aimedElsewhere!)).toBeGreaterThan(0);
  }, 60_000);

  it("Apsis (composed levels, two chapters): a ramp-only change grows nothing, the set valid and chosen over the reused pool", async () => {
    await loadGame("apsis");
    const plan = JSON.parse(readFileSync(fixture("pipeline/tiny-apsis-plan.json"), "utf8")) as Plan;
    plan.chapters.push({ chapter: 2, rules: [], parts: [{ part: 1, levels: 3, poolPerLevel: 3, generator: { arrows: [6, 8], reads: [9, 20], aim: 2, builds: 8 } }] } as Plan["chapters"][number]);
    const base = { ...(await loadPipelineOptions("apsis", { seed: 3, workers: 1 })), plan, planFile: "apsis-plan.json", chapters: [1, 2] };
    const apsisFirst = await buildLevels(base);
    const ramp: Ramp = { ...base.ramp, points: base.ramp.points.map(([l, v]) => [l, l > 1 ? v + 3 : v] as [number, number]) };
    const o = { ...base, ramp };
    const kept = await buildLevels({ ...o, reuse: reusable(apsisFirst, base.game), keepAims: true, runner: growsNothing });
    expect(sum(kept, (p) => p.grown)).toBe(0);
    // the chain drifts off the raised ramp: a whole build grows a refine round the pool does not hold; kept aims grow none
    expect(sum(kept, (p) => p.refineNotGrown!)).toBeGreaterThan(0);
    expect(reuseLines(kept.reuse!, "grown", "--keep-aims").some((l) => l.startsWith("  not grown: refine rounds the earlier pool does not hold"))).toBe(true);
    expect(kept.reuse!.compose).toEqual({ reused: 1, grown: 0 });
    expect(sum(kept, (p) => p.reused)).toBe(apsisFirst.stats.parts.reduce((n, p) => n + p.grownLevels, 0));
    expect(sum(kept, (p) => p.aimedElsewhere!)).toBeGreaterThan(0);
    await expectChosenOverItsPool(kept, o);
  }, 60_000);
});

describe("batches the earlier run never grew", () => {
  // hopsv: a test game whose builds grow extra rounds (seed 11); generate takes none of them
  const part = (p: number, cells: number, poolPerLevel: number) => ({ part: p, levels: 3, poolPerLevel, generator: { cells } });
  const hopsPlan: Plan = { format: "levelramp/plan@1", game: "hopsk", composed: 3, chapters: [{ chapter: 1, rules: [], parts: [part(1, 4, 2), part(2, 4, 1)] }, { chapter: 2, rules: [], parts: [part(1, 5, 4), part(2, 6, 3)] }] };
  const hopsModel: Model = { format: "levelramp/model@1", metric: "hops", eligibility: "part", constraints: [], objective: { norm: "L1", evenness: 0 } };
  const hopsRamp: Ramp = { format: "levelramp/ramp@1", metric: "hops", points: [[1, 1], [12, 4]], interpolation: "linear" };
  beforeAll(() => registerGame({ ...hopsComposedGame, game: "hopsk", version: "test-1" }));

  it("a model-only change that moves the chain grows nothing, and the set is valid and chosen over the reused pool", async () => {
    const game = await openGame("hopsk");
    const o: PipelineOptions = { game, plan: hopsPlan, planFile: "p.json", model: hopsModel, modelFile: "m.json", ramp: hopsRamp, rampFile: "r.json", chapters: [1, 2], seed: 3, workers: 1, settings: loadPipelineSettings() };
    const hopsFirst = await buildLevels(o);
    // the chain may no longer fall: it ends elsewhere, and the aims after it move
    const model: Model = { ...hopsModel, constraints: [{ type: "nonDecreasing", key: "hops" }] };
    const exact = await buildLevels({ ...o, model, reuse: reusable(hopsFirst, game) });
    expect(sum(exact, (p) => p.reaimed)).toBeGreaterThan(0);
    const kept = await buildLevels({ ...o, model, reuse: reusable(hopsFirst, game), keepAims: true, runner: growsNothing });
    expect(kept.reuse!.parts.map((p) => p.grown)).toEqual([0, 0, 0]);
    expect(kept.reuse!.compose).toEqual({ reused: 1 + (hopsFirst.stats.compose["repeat-in-set"] ?? 0), grown: 0 });
    expect(sum(kept, (p) => p.aimedElsewhere!)).toBe(sum(exact, (p) => p.reaimed));
    await expectChosenOverItsPool(kept, { ...o, model });
  }, 60_000);

  // Seed 3: the first build took an extra and a refine round of c1p2 under a chain that may not fall. With a lower ramp,
  // after the extra round no choice of the part leaves the later parts' recorded candidates a way on; the pool holds its
  // next round (the refine round), which is taken as grown.
  it("a part no choice of which lets the later parts continue takes its next recorded round, growing nothing", async () => {
    const game = await openGame("hopsk");
    const model: Model = { ...hopsModel, constraints: [{ type: "nonDecreasing", key: "hops" }] };
    const o: PipelineOptions = { game, plan: hopsPlan, planFile: "p.json", model, modelFile: "m.json", ramp: hopsRamp, rampFile: "r.json", chapters: [1, 2], seed: 3, workers: 1, settings: loadPipelineSettings() };
    const hopsFirst = await buildLevels(o);
    expect(hopsFirst.stats.parts.map((p) => [p.extraRounds, p.refineRounds])).toEqual([[0, 0], [1, 1], [0, 1], [2, 1]]);
    const ramp: Ramp = { ...hopsRamp, points: [[1, 1], [12, 3]] };
    const logs: string[] = [];
    const kept = await buildLevels({ ...o, ramp, reuse: reusable(hopsFirst, game), keepAims: true, runner: growsNothing, events: { log: (l) => logs.push(l) } });
    expect(logs).toContain("chapter 1 part 2: the later parts' recorded candidates cannot continue the chain from any choice of its candidates yet, and the earlier pool holds its next round; growing more candidates (refine round 1 of 2, aimed at the targets)");
    expect(sum(kept, (p) => p.grown)).toBe(0);
    await expectChosenOverItsPool(kept, { ...o, ramp });
  }, 60_000);

  it("are grown and counted apart from changed inputs (an extra round a generate pool does not hold)", async () => {
    const game = await openGame("hopsk");
    const o: PipelineOptions = { game, plan: hopsPlan, planFile: "p.json", model: hopsModel, modelFile: "m.json", ramp: hopsRamp, rampFile: "r.json", chapters: [1, 2], seed: 11, workers: 1, settings: loadPipelineSettings() };
    const pools = await generatePools(o);
    const built = await buildLevels({ ...o, reuse: reusable(pools, game), keepAims: true });
    const extra = built.stats.parts.reduce((n, p) => n + p.extraRounds, 0);
    expect(extra).toBeGreaterThan(0);
    // every batch grown is one the generate run never grew (no input changed)
    expect(sum(built, (p) => p.unrecorded!)).toBe(sum(built, (p) => p.grown));
    expect(sum(built, (p) => p.grown)).toBeGreaterThan(0);
    const lines = reuseLines(built.reuse!, "grown", "--keep-aims");
    expect(lines.some((l) => l.startsWith(`  grown because the earlier run never grew them (this run needed more extra rounds, or refine rounds for a chain above the ramp that the later parts' recorded candidates could not continue): ${sum(built, (p) => p.grown)} batch(es) of `))).toBe(true);
    expect(lines.some((l) => l.startsWith("  grown for their generator inputs"))).toBe(false);
  }, 60_000);
});

describe("levelramp build --reuse --keep-aims", () => {
  const t = tempDir("levelramp-keep-aims-");
  const args = ["--plan", fixture("pipeline/tiny-carillon-plan.json"), "--model", fixture("pipeline/tiny-carillon-model.json"), "--seed", "7", "--workers", "1", "--no-table"];

  it("says what it reused, that the set may differ from a whole build's, and offers it after an exact --reuse that re-aimed", async () => {
    expect((await runCli(["build", "carillon", ...args, "--out", t.path("a"), "--quiet"])).code).toBe(0);
    const ramp = JSON.parse(readFileSync("models/carillon/ramp.json", "utf8"));
    ramp.points = ramp.points.map(([l, v]: [number, number]) => [l, l > 1 ? v + 0.5 : v]);
    const rampFile = t.write("raised-ramp.json", ramp);
    const pool = t.path("a/pools.json");
    const r = await runCli(["build", "carillon", ...args, "--ramp", rampFile, "--out", t.path("k"), "--reuse", pool, "--keep-aims", "--json"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`reuse: 9 of 9 batches answered from ${pool} as grown (8 of them aimed at another ramp or chain than this run's), 0 grown\n  reused whole: c1p1–c2p1\n  --keep-aims: 8 batch(es) were grown for the earlier ramp or chain, so this set may differ from a whole build's with these inputs (without --keep-aims, --reuse grows them again and writes a whole build's bytes)\n`);
    expect(JSON.parse(r.stdout).reuse).toMatchObject({ keepAims: true, parts: [{ reused: 3, grown: 0, aimedElsewhere: 2, unrecorded: 0 }, { reused: 3, aimedElsewhere: 3 }, { reused: 3, aimedElsewhere: 3 }] });
    expect(readFileSync(t.path("k/report.txt"), "utf8").split("\n")[0]).toMatch(/; 8 of the 9 batches of candidates were reused from an earlier pool as grown for its ramp or chain \(the recorded aims kept\), so this set may differ from a whole build's with the same inputs$/);
    const v = await runCli(["verify", t.path("k/levels.json"), "--model", fixture("pipeline/tiny-carillon-model.json"), "--plan", fixture("pipeline/tiny-carillon-plan.json")]);
    expect(v.code, v.stderr + v.stdout).toBe(0);
    // exact --reuse with the same ramp names the flag that grows none of them
    const exact = await runCli(["build", "carillon", ...args, "--ramp", rampFile, "--out", t.path("e"), "--reuse", pool]);
    expect(exact.code, exact.stderr).toBe(0);
    expect(exact.stderr).toContain("  to reuse them as grown for their earlier aims, growing none of them again: the same command with --keep-aims (the whole set, which may then differ from a whole build's; a round is grown only where the earlier pool's candidates cannot continue the chain)\n");
  }, 60_000);

  it("refuses --keep-aims without a pool to reuse (exit 2, nothing written), and a library shard that keeps aims", async () => {
    const r = await runCli(["build", "carillon", ...args, "--out", t.path("n"), "--keep-aims", "--quiet"]);
    expect([r.code, r.stderr]).toEqual([2, expect.stringContaining("pipeline/reuse: --keep-aims keeps the aims of an earlier pool's batches: give that pool (--reuse)")]);
    expect(() => readFileSync(t.path("n/levels.json"))).toThrow();
    await expect(generateShard({ ...carillon, reuse: reusable(first, carillon.game), keepAims: true }, { index: 1, count: 2 })).rejects.toThrow(/keepAims is for a run on one machine/);
  }, 60_000);
});
