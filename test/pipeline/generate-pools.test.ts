import { readFileSync } from "node:fs";
import { carillonBodies } from "../helpers/game-bodies.ts";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { candidateId } from "../../src/io/candidate-id.ts";
import { poolSchemaOf } from "../../src/io/schemas/pool.ts";
import { openGame } from "../../src/game/registry/open-game.ts";
import { growBatch as growWith, type GrowBatchTask } from "../../src/pipeline/workers/pipeline-task.ts";
import { createProgressBars } from "../../src/cli/progress-bars.ts";
import { fixture, runCli } from "../helpers/run-cli.ts";
import { tempFolder } from "../helpers/temp-dir.ts";

const plan = fixture("pipeline/tiny-carillon-plan.json");

describe("levelramp generate", () => {
  it("grows every part's pool with stable ids and provenance, and selects nothing", async () => {
    const dir = tempFolder();
    const out = join(dir, "pools.json");
    const r = await runCli(["generate", "carillon", "--plan", plan, "--model", fixture("pipeline/tiny-carillon-model.json"), "--chapters", "1", "--seed", "11", "--workers", "1", "--out", out, "--json"]);
    expect(r.code, r.stderr).toBe(0);
    const pool = poolSchemaOf(carillonBodies).parse(JSON.parse(readFileSync(out, "utf8")));
    expect(pool).toMatchObject({ format: "levelramp/pool@1", game: "carillon", seed: 11 });
    expect(new Set(pool.candidates.map((c) => `${c.chapter}/${c.part}`))).toEqual(new Set(["1/1", "1/2"]));
    for (const c of pool.candidates) {
      expect(c.id).toBe(candidateId("carillon", c.chapter, c.part, c.level));
      expect(c.provenance!.seed).toBe(11);
      expect(c.provenance!.batch).toBeLessThan(3);
      expect(c.provenance!.index).toBeLessThan(3);
      expect(c.dropped).toBeUndefined();
    }
    expect(JSON.parse(r.stdout).candidates).toBe(pool.candidates.length);
    // the pool re-sequences with select
    const s = await runCli(["select", "--pools", out, "--plan", plan, "--model", fixture("pipeline/tiny-carillon-model.json"), "--json"]);
    expect(s.code).toBe(0);
    expect(JSON.parse(s.stdout).levels).toHaveLength(6);
  }, 60_000);

  it("requires --out (exit 2)", async () => {
    const r = await runCli(["generate", "carillon", "--plan", plan]);
    expect(r.code).toBe(2);
  });

  it("refuses an unknown game (exit 2)", async () => {
    const r = await runCli(["generate", "chess", "--out", join(tempFolder(), "p.json")]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("expected a game: carillon or apsis");
  });
});

describe("a batch (SPEC 9)", () => {
  const task = (batch: number): GrowBatchTask => ({
    kind: "grow",
    game: "carillon",
    seed: 11,
    chapter: 1,
    part: 2,
    batch,
    level: { number: 5, target: 4.7 },
    count: 2,
    rules: [],
    settings: { dots: [11, 13], roots: [2, 2], aim: 1, guard: true },
    attempts: 3,
  });

  const growBatch = async (t: GrowBatchTask) => growWith(await openGame("carillon"), t);

  it("is a pure function of (seed, game, chapter, part, batch): the same task twice gives the same candidates", async () => {
    expect(await growBatch(task(1))).toEqual(await growBatch(task(1)));
  });

  it("does not depend on other batches, and another batch index gives other candidates", async () => {
    const b1 = await growBatch(task(1));
    await growBatch(task(0));
    expect(await growBatch(task(1))).toEqual(b1);
    const b2 = await growBatch(task(2));
    expect(b2.candidates.map((c) => c.id)).not.toEqual(b1.candidates.map((c) => c.id));
    expect(b1.candidates.map((c) => c.provenance)).toEqual(b1.candidates.map((_, i) => ({ seed: 11, batch: 1, index: i })));
  });
});

describe("progress bars", () => {
  it("draw nothing when stderr is not a terminal (or with --quiet), but pass log lines on", () => {
    const lines: string[] = [];
    let written = "";
    const stream = { write: (t: string) => ((written += t), true) } as unknown as NodeJS.WritableStream;
    const bars = createProgressBars({ enabled: false, quiet: false, stream, writeLine: (t) => lines.push(t) });
    bars.total?.("pools", 10);
    bars.advance?.("pools", 3);
    bars.log?.("hello");
    bars.stop();
    expect(written).toBe("");
    expect(lines).toEqual(["hello\n"]);
    const quiet = createProgressBars({ enabled: false, quiet: true, stream, writeLine: (t) => lines.push(t) });
    quiet.log?.("hidden");
    expect(lines).toEqual(["hello\n"]);
  });

  it("a build with a non-terminal stderr prints no bar", async () => {
    const r = await runCli(["build", "carillon", "--plan", plan, "--model", fixture("pipeline/tiny-carillon-model.json"), "--chapters", "2", "--workers", "1", "--out", tempFolder()]);
    expect(r.code).toBe(0);
    expect(r.stderr).not.toContain("ETA");
    expect(r.stderr).not.toContain("█");
  }, 60_000);
});
