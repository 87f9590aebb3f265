import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GenerateRequest } from "../../src/game/game-backend.ts";
import type { Game } from "../../src/game/game.ts";
import { openGame } from "../../src/game/registry/open-game.ts";
import { growBatch, type GrowBatchTask } from "../../src/pipeline/workers/pipeline-task.ts";
import type { ProgramGameValue } from "../../src/program/program-game.ts";
import { createRng } from "../../src/random/create-rng.ts";

// An outside game as a value (SPEC 10) over a real program
// (fixtures/program/hops.mjs, a row of hops): what it asks the program and
// what it makes of the answers.

const gameFile = fileURLToPath(new URL("../../fixtures/program/hops-game.json", import.meta.url));
let hops: ProgramGameValue;

beforeAll(async () => {
  hops = (await openGame(gameFile)) as ProgramGameValue;
}, 120_000);
afterAll(() => hops.close());

const request = (settings: Record<string, unknown>, seed?: string): GenerateRequest => ({ chapter: 1, part: 1, level: 1, target: 2, metric: "hops", rules: [], settings, rng: createRng("x"), stats: {}, seed, index: 0 });

describe("an outside game's value", () => {
  it("takes its name, capabilities, models and metric names from the game file, hello and the selection model; its source is the game file", async () => {
    expect(hops.name).toBe("hop-row");
    expect(hops.version).toBe("1.0");
    expect(hops.info).toMatchObject({ name: "hop-row", version: "1.0" });
    expect([...hops.info.methods].sort()).toEqual(["graph", "key", "picture", "similar", "similarMany"]);
    expect(hops.can).toEqual({ compose: false, picture: true, summary: false });
    expect(hops.metricNames).toEqual(["hops"]);
    expect(hops.source).toEqual({ gameFile });
    expect(hops.models.plan).toMatch(/fixtures\/program\/hops-plan\.json$/);
  }, 60_000);

  it("opened twice, each value has a program of its own, ended by its close", async () => {
    const other = (await openGame({ gameFile })) as ProgramGameValue;
    expect(other).not.toBe(hops);
    await other.close();
    await expect(other.grade({ cells: [1, 1] })).rejects.toThrow(/grade|solve/);
    expect(await hops.grade({ cells: [2, 1, 2, 1, 1] })).toEqual({ hops: 2, cells: 5 });
  }, 60_000);

  it("keeps a generated level only when the program's solve proves it, with solve's metrics; counts the others by reason", async () => {
    const got = (await hops.generate(request({ cells: 6 }, "s/1")))!;
    expect(got.level).toEqual({ cells: expect.any(Array) });
    const cells = (got.level as { cells: number[] }).cells;
    expect(got.metrics).toEqual({ hops: (got.solution as number[]).length, cells: 6 });
    expect((await hops.generate(request({ cells: 6 }, "s/1")))!.level).toEqual(got.level); // a pure function of the seed
    expect(cells).toHaveLength(6);
    // cells 2: every row is [1, 1], always reachable; cells 3 rows [2,2,x] / [1,2,x] / ... some unreachable: find one.
    const stats: Record<string, number> = {};
    let dropped = 0;
    for (let i = 0; i < 40; i++) if ((await hops.generate({ ...request({ cells: 3 }, `u/${i}`), stats })) === null) dropped++;
    expect(dropped).toBeGreaterThan(0);
    expect(stats).toEqual({ unreachable: dropped });
  }, 60_000);

  it("calls made together are queued, one request on the wire at a time, each answered by its own response", async () => {
    const rows = Array.from({ length: 20 }, (_, i) => ({ cells: [2, 1, 2, 1, 1, ...Array(i % 4).fill(1)] }));
    const together = await Promise.all(rows.map((r) => hops.grade(r)));
    const oneByOne: Record<string, number>[] = [];
    for (const r of rows) oneByOne.push(await hops.grade(r));
    expect(together).toEqual(oneByOne);
    expect(together.map((m) => m.cells)).toEqual(rows.map((r) => r.cells.length));
  }, 60_000);

  it("draws a seed from the stream when a direct call gives none, so it stays deterministic", async () => {
    const a = await hops.generate({ ...request({ cells: 8 }), rng: createRng("direct") });
    const b = await hops.generate({ ...request({ cells: 8 }), rng: createRng("direct") });
    expect(a?.level ?? null).toEqual(b?.level ?? null);
  }, 60_000);

  it("checks a level by asking solve again: another solution fails, the same passes", async () => {
    const body = { cells: [2, 1, 2, 1, 1] };
    const { solution } = await hops.solve(body);
    expect(solution).toEqual([2, 4]);
    expect(await hops.check(body, solution, [])).toEqual([]);
    expect(await hops.grade(body)).toEqual({ hops: 2, cells: 5 });
    expect((await hops.check(body, [1, 4], [])).map((p) => p.reason)).toEqual(["solution"]);
    expect((await hops.check({ cells: [3, 1, 1] }, [], [])).map((p) => p.reason)).toEqual(["unsolvable"]);
    expect((await hops.solve(body)).measure).toEqual({ status: "solved", metrics: { hops: 2, cells: 5 }, solution: [2, 4] });
  }, 60_000);

  it("finds repeats through key (identical), similar (near-copy, with why) and graph (same-puzzle)", async () => {
    const d = hops.dedup;
    const same = (a: number[], b: number[]) => d.compareLevels({ cells: a }, { cells: b });
    // Equal but for the last cell: equal keys; the same first three cells too; the goal's hops differ, so the graphs do.
    expect(await same([2, 1, 2, 1, 1], [2, 1, 2, 1, 9])).toMatchObject({ same: true, reasons: ["identical", "near-copy"], basis: "identical" });
    // The same first three cells only: the program's similar, with its why.
    expect(await same([2, 1, 2, 1, 1], [2, 1, 2, 3, 1])).toMatchObject({ same: true, reasons: ["near-copy"], why: "the same first three cells", basis: "near-copy" });
    // Rows too short for similar, equal keys, different graphs (2 → 1 against 2 → 0).
    expect(await same([1, 1, 1], [1, 1, 2])).toMatchObject({ same: true, reasons: ["identical"] });
    // Isomorphic hop graphs (0 → 1, 3 → 2 against 0 → 2, 3 → 1: cells 1 and 2 swap), nothing else equal: same-puzzle.
    expect(await same([1, 3, 3, 1], [2, 3, 3, 2])).toMatchObject({ same: true, reasons: ["same-puzzle"], basis: "puzzle" });
    expect(await same([2, 1, 3, 1, 1], [1, 3, 2, 1, 1])).toMatchObject({ same: false, reasons: [] });
    // Exact keys: the body's hash, the key, the graph certificate; one bucket; the prefilter passes every pair when similar is offered.
    const p = await d.prepare({ cells: [2, 1, 2, 1, 1] });
    expect(d.hooks.exactKeys(p).map((k) => k.split(":")[0])).toEqual(["body", "key", "graph"]);
    expect(d.hooks.bucketKey(p)).toBe("");
    expect(d.hooks.mayBeSame(p, p)).toBe(true);
  }, 60_000);

  it("compares a pair only after it was asked about (ask first), and asks a pair once", async () => {
    const d = hops.dedup;
    const [a, b] = [await d.prepare({ cells: [3, 1, 2, 2, 1, 1] }), await d.prepare({ cells: [3, 1, 2, 1, 2, 1] })];
    expect(() => d.hooks.compare(a, b)).toThrow(/compared before the program was asked/);
    await d.ask!(a, [b]);
    expect(d.hooks.compare(a, b)).toMatchObject({ same: true, reasons: ["near-copy"] });
    expect(d.hooks.compare(b, a)).toMatchObject({ same: true, reasons: ["near-copy"] }); // similar is symmetric: the same answer
  }, 60_000);
});

describe("a candidate's seed (SPEC 9, 10)", () => {
  it("is deriveSeed(run seed, chapter, part, index in the part), then /attempt; the index counts across batches", async () => {
    const seen: Array<{ seed?: string; index?: number }> = [];
    const recorder: Game = { ...hops, name: "seed-recorder", generate: async (r) => (seen.push({ seed: r.seed, index: r.index }), null) };
    const task: GrowBatchTask = { kind: "grow", game: "seed-recorder", seed: 7, chapter: 2, part: 3, batch: 4, level: { number: 9, target: 1 }, count: 2, rules: [], settings: {}, attempts: 2, metric: "hops" };
    expect(await growBatch(recorder, task)).toEqual({ candidates: [], stats: { "no-candidate": 2 } });
    expect(seen).toEqual([
      { seed: "7/2/3/8", index: 8 },
      { seed: "7/2/3/8/1", index: 8 },
      { seed: "7/2/3/9", index: 9 },
      { seed: "7/2/3/9/1", index: 9 },
    ]);
  }, 60_000);
});
