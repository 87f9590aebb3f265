import { describe, expect, it } from "vitest";
import { openGame } from "../../src/game/registry/open-game.ts";
import type { Game } from "../../src/game/game.ts";
import { buildLevels } from "../../src/pipeline/level-set/build-levels.ts";
import { loadPipelineInputs } from "../../src/pipeline/inputs/load-pipeline-inputs.ts";
import { parseChapters } from "../../src/pipeline/inputs/parse-chapters.ts";
import type { PipelinePhase } from "../../src/pipeline/inputs/pipeline-events.ts";
import { loadPipelineSettings } from "../../src/pipeline/inputs/pipeline-settings.ts";
import { fixture, modelFile } from "../helpers/run-cli.ts";

// Progress bar totals known up front. Each phase's first total is
// announced before any work and is its last one unless an extra round (or a
// batch that gave fewer candidates than asked) changed it; every bar ends at its total.
describe("progress totals known up front", () => {
  it("announces the batches, candidates and parts before the first one is done, and each bar ends at its total", async () => {
    const inputs = loadPipelineInputs("apsis", { planFile: fixture("pipeline/tiny-apsis-plan.json"), modelFile: modelFile("apsis", "selection.json"), rampFile: modelFile("apsis", "ramp.json") });
    const log: Array<[string, PipelinePhase, number]> = [];
    const result = await buildLevels({
      game: await openGame("apsis"),
      ...inputs,
      chapters: parseChapters(undefined, inputs.plan),
      seed: 3,
      workers: 1,
      settings: loadPipelineSettings(),
      events: { total: (phase, n) => void log.push(["total", phase, n]), advance: (phase, n) => void log.push(["advance", phase, n]) },
    });
    const firstAdvance = log.findIndex((e) => e[0] === "advance");
    const upFront = new Map(log.slice(0, firstAdvance).filter((e) => e[0] === "total").map((e) => [e[1], e[2]]));
    // tiny-apsis-plan: 2 composed levels (one compose batch), tiers of 4 and 3 levels (2 and 3 grown), 3 candidates each
    expect(Object.fromEntries(upFront)).toEqual({ pools: 1 + 2 + 3, dedup: (2 + 3) * 3, selection: 2 });
    const extra = result.stats.parts.reduce((n, p) => n + p.extraRounds * p.grownLevels, 0);
    for (const phase of ["pools", "dedup", "selection"] as const) {
      const totals = log.filter((e) => e[0] === "total" && e[1] === phase).map((e) => e[2]);
      const done = log.filter((e) => e[0] === "advance" && e[1] === phase).reduce((n, e) => n + e[2], 0);
      expect(done, phase).toBe(totals[totals.length - 1]);
    }
    const poolTotals = log.filter((e) => e[0] === "total" && e[1] === "pools").map((e) => e[2]);
    expect(poolTotals[poolTotals.length - 1]).toBe(upFront.get("pools")! + extra);
  }, 60_000);
});
