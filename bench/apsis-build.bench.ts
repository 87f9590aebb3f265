// The whole Apsis plan (SPEC 5.2, issue "skies stop at about thirty arrows"): chapters 1-10, 300 levels,
// built on 2 worker threads and verified, for seeds 1, 2 and 3 (one run each: a build takes a minute or two).
// Prints per chapter: arrows, depth and reads first → last, the largest rise, mean |dev| and the worst ring share.
// `APSIS_BUILD_SEEDS=1` builds only the seeds listed (comma-separated).
import { openGame } from "../src/game/registry/open-game.ts";
import { fileURLToPath } from "node:url";
import { apsisBackend, apsisChapterFigures, loadBuilderModel } from "../src/apsis/index.ts";
import { buildLevels } from "../src/pipeline/level-set/build-levels.ts";
import { loadPipelineInputs } from "../src/pipeline/inputs/load-pipeline-inputs.ts";
import { loadPipelineSettings } from "../src/pipeline/inputs/pipeline-settings.ts";
import { verifyLevels } from "../src/pipeline/verify/verify-levels.ts";
import type { BenchCase, BenchSuite } from "./harness.ts";

const path = (p: string) => fileURLToPath(new URL(`../${p}`, import.meta.url));
const seeds = (process.env.APSIS_BUILD_SEEDS ?? "1,2,3").split(",").map(Number);

function wholePlan(seed: number): BenchCase {
  return {
    name: `apsis whole plan (c1-10), seed ${seed}, 2 workers`,
    repeat: 0,
    run: async () => {
      const inputs = loadPipelineInputs("apsis", { planFile: path("models/apsis/plan.json"), modelFile: path("models/apsis/selection.json"), rampFile: path("models/apsis/ramp.json") });
      const t0 = performance.now();
      const game = await openGame("apsis");
      const r = await buildLevels({ game, ...inputs, chapters: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], seed, workers: 2, settings: loadPipelineSettings() });
      const buildSeconds = (performance.now() - t0) / 1000;
      const levels = r.levels!;
      const verified = await verifyLevels(levels, { game });
      if (!verified.ok) throw new Error(`apsis-build bench: seed ${seed}: ${verified.failures.length} level(s) fail verification`);
      process.stdout.write(`\nseed ${seed}: ${levels.levels.length} levels, all verified, built in ${buildSeconds.toFixed(1)} s (${r.stats.grown} candidates grown)\n`);
      for (const line of apsisBackend.summarizeLevels!(levels.levels)) process.stdout.write(`  ${line}\n`);
      const chapters = apsisChapterFigures(levels.levels, loadBuilderModel().spread);
      const deviations = levels.levels.map((l) => Math.abs(l.deviation));
      return {
        levels: levels.levels.length,
        grown: r.stats.grown,
        buildSeconds: Math.round(buildSeconds * 10) / 10,
        maxArrows: Math.max(...chapters.map((c) => c.arrows.max)),
        worstRingShare: Math.max(...chapters.map((c) => c.worstRingShare?.share ?? 0)),
        largestRise: Math.max(...chapters.map((c) => c.reads.largestRise)),
        lastReads: chapters[chapters.length - 1].reads.last,
        meanAbsDev: Math.round((deviations.reduce((a, b) => a + b, 0) / deviations.length) * 1000) / 1000,
      };
    },
  };
}

export const suite: BenchSuite = { name: "apsis-build", cases: seeds.map(wholePlan) };
