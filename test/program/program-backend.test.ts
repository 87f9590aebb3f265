import { fileURLToPath } from "node:url";
import { openGame } from "../../src/game/registry/open-game.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GameBackend, GenerateRequest } from "../../src/game/game-backend.ts";
import { loadGame, registerGame } from "../../src/game/registry/load-game.ts";
import { growBatch, type GrowBatchTask } from "../../src/pipeline/workers/pipeline-task.ts";
import type { ProgramBackend } from "../../src/program/program-backend.ts";
import { createRng } from "../../src/random/create-rng.ts";

// The back end of an outside game (SPEC 10) over a real program
// (fixtures/program/hops.mjs, a row of hops): what it asks the program and
// what it makes of the answers.

const gameFile = fileURLToPath(new URL("../../fixtures/program/hops-game.json", import.meta.url));
let hops: ProgramBackend;

beforeAll(async () => {
  hops = (await loadGame(gameFile)) as ProgramBackend;
}, 120_000);
afterAll(() => hops.close());

const request = (settings: Record<string, unknown>, seed?: string): GenerateRequest => ({ chapter: 1, part: 1, level: 1, target: 2, metric: "hops", rules: [], settings, rng: createRng("x"), stats: {}, seed, index: 0 });

describe("the program back end", () => {
  it("takes its name, capabilities and metric names from the game file, hello and the selection model", async () => {
    expect(hops.game).toBe("hop-row");
    expect(hops.info).toMatchObject({ name: "hop-row", version: "1.0" });
    expect([...hops.info.methods].sort()).toEqual(["graph", "key", "picture", "similar", "similarMany"]);
    expect(hops.can).toEqual({ compose: false, picture: true, summary: false });
    expect(hops.metricNames).toEqual(["hops"]);
    expect(await loadGame(gameFile)).toBe(hops); // the same game file again: the same back end
  }, 60_000);

  it("keeps a generated level only when the program's solve proves it, with solve's metrics; counts the others by reason", () => {
    const got = hops.generate(request({ cells: 6 }, "s/1"))!;
    expect(got.level).toEqual({ cells: expect.any(Array) });
    const cells = (got.level as { cells: number[] }).cells;
    expect(got.metrics).toEqual({ hops: (got.solution as number[]).length, cells: 6 });
    expect(hops.generate(request({ cells: 6 }, "s/1"))!.level).toEqual(got.level); // a pure function of the seed
    expect(cells).toHaveLength(6);
    // cells 2: every row is [1, 1], always reachable; cells 3 rows [2,2,x] / [1,2,x] / ... some unreachable: find one.
    const stats: Record<string, number> = {};
    let dropped = 0;
    for (let i = 0; i < 40; i++) if (hops.generate({ ...request({ cells: 3 }, `u/${i}`), stats }) === null) dropped++;
    expect(dropped).toBeGreaterThan(0);
    expect(stats).toEqual({ unreachable: dropped });
  }, 60_000);

  it("draws a seed from the stream when a direct call gives none, so it stays deterministic", () => {
    const a = hops.generate({ ...request({ cells: 8 }), rng: createRng("direct") });
    const b = hops.generate({ ...request({ cells: 8 }), rng: createRng("direct") });
    expect(a?.level ?? null).toEqual(b?.level ?? null);
  }, 60_000);

  it("validates a level by asking solve again: another solution fails, the same passes", () => {
    const body = { cells: [2, 1, 2, 1, 1] };
    const { solution } = hops.solve(body);
    expect(solution).toEqual([2, 4]);
    expect(hops.validate(body, solution, [])).toEqual([]);
    expect(hops.grade(body)).toEqual({ hops: 2, cells: 5 });
    expect(hops.validate(body, [1, 4], []).map((p) => p.reason)).toEqual(["solution"]);
    expect(hops.validate({ cells: [3, 1, 1] }, [], []).map((p) => p.reason)).toEqual(["unsolvable"]);
    expect(hops.solve(body).measure).toEqual({ status: "solved", metrics: { hops: 2, cells: 5 }, solution: [2, 4] });
  }, 60_000);

  it("finds repeats through key (identical), similar (near-copy, with why) and graph (same-puzzle)", () => {
    const d = hops.dedup;
    const same = (a: number[], b: number[]) => d.compareLevels({ cells: a }, { cells: b });
    // Equal but for the last cell: equal keys; the same first three cells too; the goal's hops differ, so the graphs do.
    expect(same([2, 1, 2, 1, 1], [2, 1, 2, 1, 9])).toMatchObject({ same: true, reasons: ["identical", "near-copy"], basis: "identical" });
    // The same first three cells only: the program's similar, with its why.
    expect(same([2, 1, 2, 1, 1], [2, 1, 2, 3, 1])).toMatchObject({ same: true, reasons: ["near-copy"], why: "the same first three cells", basis: "near-copy" });
    // Rows too short for similar, equal keys, different graphs (2 → 1 against 2 → 0).
    expect(same([1, 1, 1], [1, 1, 2])).toMatchObject({ same: true, reasons: ["identical"] });
    // Isomorphic hop graphs (0 → 1, 3 → 2 against 0 → 2, 3 → 1: cells 1 and 2 swap), nothing else equal: same-puzzle.
    expect(same([1, 3, 3, 1], [2, 3, 3, 2])).toMatchObject({ same: true, reasons: ["same-puzzle"], basis: "puzzle" });
    expect(same([2, 1, 3, 1, 1], [1, 3, 2, 1, 1])).toMatchObject({ same: false, reasons: [] });
    // Exact keys: the body's hash, the key, the graph certificate; one bucket; the prefilter passes every pair when similar is offered.
    const p = d.prepare({ cells: [2, 1, 2, 1, 1] });
    expect(d.exactKeys(p).map((k) => k.split(":")[0])).toEqual(["body", "key", "graph"]);
    expect(d.bucketKey(p)).toBe("");
    expect(d.mayBeSame(p, p)).toBe(true);
  }, 60_000);
});

describe("a candidate's seed (SPEC 9, 10)", () => {
  it("is deriveSeed(run seed, chapter, part, index in the part), then /attempt; the index counts across batches", async () => {
    const seen: Array<{ seed?: string; index?: number }> = [];
    const recorder: GameBackend = { ...hops, game: "seed-recorder", generate: (r) => (seen.push({ seed: r.seed, index: r.index }), null) } as GameBackend;
    registerGame(recorder);
    const task: GrowBatchTask = { kind: "grow", game: "seed-recorder", seed: 7, chapter: 2, part: 3, batch: 4, level: { number: 9, target: 1 }, count: 2, rules: [], settings: {}, attempts: 2, metric: "hops" };
    expect(await growBatch(await openGame("seed-recorder"), task)).toEqual({ candidates: [], stats: { "no-candidate": 2 } });
    expect(seen).toEqual([
      { seed: "7/2/3/8", index: 8 },
      { seed: "7/2/3/8/1", index: 8 },
      { seed: "7/2/3/9", index: 9 },
      { seed: "7/2/3/9/1", index: 9 },
    ]);
  }, 60_000);
});
