import { beforeAll, describe, expect, it } from "vitest";
import { openGame } from "../../src/game/registry/open-game.ts";
import { findGame, gameNames, registerGame, requireGame } from "../../src/game/registry/load-game.ts";
import { levelsSchemaOf, type LevelsFile } from "../../src/io/schemas/levels.ts";
import type { Model } from "../../src/io/schemas/model.ts";
import type { Plan } from "../../src/io/schemas/plan.ts";
import { poolSchemaOf } from "../../src/io/schemas/pool.ts";
import type { Ramp } from "../../src/io/schemas/ramp.ts";
import { buildLevels, type PipelineResult } from "../../src/pipeline/level-set/build-levels.ts";
import { compareLevels } from "../../src/pipeline/verify/compare-levels.ts";
import { loadPipelineSettings } from "../../src/pipeline/inputs/pipeline-settings.ts";
import { verifyLevels } from "../../src/pipeline/verify/verify-levels.ts";
import { deviationReport } from "../../src/report/deviation-report.ts";
import { renderHtmlReport } from "../../src/report/render-html-report.ts";
import { hopsGame, solveHops } from "./hops.ts";

// The proof of the game contract: a third game defined only under
// test/tiny-game, registered at run time, goes through generate → dedup →
// select → verify → report with no change outside its folder.

const part = (p: number, cells: number) => ({ part: p, levels: 3, poolPerLevel: 5, generator: { cells } });
const plan: Plan = {
  format: "levelramp/plan@1",
  game: "hops",
  composed: 0,
  chapters: [
    { chapter: 1, rules: [], parts: [part(1, 4), part(2, 4)] },
    { chapter: 2, rules: [], parts: [part(1, 9), part(2, 12)] },
  ],
};
const model: Model = { format: "levelramp/model@1", metric: "hops", eligibility: "part", constraints: [{ type: "nonDecreasing", key: "hops" }], objective: { norm: "L1", evenness: 0 } };
const ramp: Ramp = { format: "levelramp/ramp@1", metric: "hops", points: [[1, 1], [12, 6]], interpolation: "linear" };
const build = async (workers: number) =>
  buildLevels({ game: await openGame("hops"), plan, planFile: "hops-plan.json", model, modelFile: "hops-model.json", ramp, rampFile: "hops-ramp.json", chapters: [1, 2], seed: 3, workers, settings: loadPipelineSettings() });

let result: PipelineResult;
let levels: LevelsFile;

beforeAll(async () => {
  registerGame(hopsGame, { module: new URL("./hops.ts", import.meta.url).href, exportName: "hopsGame" });
  result = await build(1);
  levels = result.levels!;
}, 60_000);

describe("a third game registered at run time (the game contract)", () => {
  it("joins the one registry after the built-in games, once", () => {
    expect(gameNames()).toEqual(["carillon", "apsis", "hops"]);
    expect(findGame("hops")).toBe(hopsGame);
    registerGame(hopsGame); // the same back end again: a no-op
    expect(() => registerGame({ ...hopsGame })).toThrow(/game\/registry: expected a new game name; "hops" is already registered/);
    expect(() => registerGame({ ...hopsGame, game: "hops-2", can: { compose: true, picture: true, summary: false } })).toThrow(/can\.compose is true but composeFirst is absent/);
    expect(() => registerGame({ ...hopsGame, game: "hops-3", can: { compose: false, picture: true, summary: true } })).toThrow(/can\.summary is true but summarizeLevels is absent/);
  });

  it("generates proven candidates into a pool the file formats accept", async () => {
    const pool = poolSchemaOf(await openGame("hops")).parse(JSON.parse(JSON.stringify(result.pool)));
    expect(pool.game).toBe("hops");
    expect(pool.candidates.length).toBe(result.stats.grown);
    for (const c of pool.candidates) expect(c.metrics.hops).toBe(solveHops((c.level as { cells: number[] }).cells)!.length);
  });

  it("drops repeats of chosen levels and marks conflicts through the game's dedup hooks (short rows repeat often)", () => {
    expect(result.stats.dedup.checked).toBe(result.stats.grown);
    const dropped = result.pool.candidates.filter((c) => c.dropped !== undefined);
    expect(dropped.length).toBeGreaterThan(0);
    expect(result.pool.conflicts!.length).toBeGreaterThan(0);
    const key = (id: string) => hopsGame.dedup.prepare(result.pool.candidates.find((c) => c.id === id)!.level as { cells: number[] });
    for (const c of dropped) expect(key(c.dropped!.split(" ")[1])).toBe(key(c.id));
    for (const { ids } of result.pool.conflicts!) expect(key(ids[0])).toBe(key(ids[1]));
  });

  it("selects a chain that never gets easier, one level per slot", async () => {
    expect(levels.levels.map((l) => l.number)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    for (let i = 1; i < levels.levels.length; i++) expect(levels.levels[i].metrics.hops).toBeGreaterThanOrEqual(levels.levels[i - 1].metrics.hops);
    expect(new Set(levels.levels.map((l) => JSON.stringify(l.level))).size).toBe(12);
    expect(levelsSchemaOf(await openGame("hops")).parse(JSON.parse(JSON.stringify(levels))).game).toBe("hops");
  });

  it("verifies the levels with the game's own checks, and catches a broken one", async () => {
    const game = await openGame("hops");
    expect(await verifyLevels(levels, { game })).toMatchObject({ ok: true, game: "hops", levels: 12, failures: [] });
    const broken = structuredClone(levels);
    broken.levels[4].solution = [];
    broken.levels[7].level = broken.levels[6].level;
    const reasons = (await verifyLevels(broken, { game })).failures.map((f) => `${f.level} ${f.reason}`);
    expect(reasons).toContain("5 replay");
    expect(reasons).toContain("8 duplicate");
  });

  it("compares two levels through the contract", async () => {
    const [a, b] = levels.levels;
    const game = await openGame("hops");
    expect((await compareLevels(game, { game: "hops", body: a.level }, { game: "hops", body: a.level })).reasons).toEqual(["identical"]);
    expect((await compareLevels(game, { game: "hops", body: a.level }, { game: "hops", body: b.level })).same).toBe(false);
  });

  it("reports the ramp deviation and draws each level through the back end", async () => {
    const report = deviationReport(levels);
    expect(report.chapters.map((c) => c.levels)).toEqual([6, 6]);
    const html = await renderHtmlReport({ file: levels, game: await openGame("hops") });
    expect(html.match(/<figure class="level" id="level-\d+"[^>]*><div class="picture"><img src="data:image\/svg\+xml;base64,/g)).toHaveLength(12);
  });

  it("builds the same files on worker threads, which load the game from its module", async () => {
    const threaded = await build(2);
    expect(threaded.threads).toBe(2);
    expect(JSON.stringify(threaded.pool)).toBe(JSON.stringify(result.pool));
    expect(JSON.stringify(threaded.levels)).toBe(JSON.stringify(levels));
  }, 60_000);
});
