// Pipeline speed (SPEC 6, 7, 9): one batch of 4 candidates, de-duplication of a pool while it grows
// (against 100 / 400 chosen levels), one incremental selection step, verify, and a tiny build end to end
// in this thread and on 2 worker threads (worker start-up included).
import { openGame } from "../src/game/registry/open-game.ts";
import { fileURLToPath } from "node:url";
import { levelsSchema } from "../src/io/schemas/levels.ts";
import { buildLevels, type PipelineOptions } from "../src/pipeline/level-set/build-levels.ts";
import { loadPipelineInputs } from "../src/pipeline/inputs/load-pipeline-inputs.ts";
import { loadPipelineSettings } from "../src/pipeline/inputs/pipeline-settings.ts";
import { growBatch, type GrowBatchTask } from "../src/pipeline/workers/pipeline-task.ts";
import { PoolDeduper } from "../src/pipeline/level-set/pool-dedup.ts";
import { verifyLevels } from "../src/pipeline/verify/verify-levels.ts";
import type { BenchCase, BenchSuite } from "./harness.ts";

const path = (p: string) => fileURLToPath(new URL(`../${p}`, import.meta.url));
const settings = loadPipelineSettings();

async function inputs(game: "carillon" | "apsis", plan: string): Promise<Omit<PipelineOptions, "workers">> {
  return {
    game: await openGame(game),
    ...loadPipelineInputs(game, { planFile: path(plan), modelFile: path(`models/${game}/selection.json`), rampFile: path(`models/${game}/ramp.json`) }),
    chapters: [1, 2],
    seed: 1,
    settings,
  };
}

function batchCase(game: "carillon" | "apsis", chapter: number, part: number, level: number, target: number, settingsOf: Record<string, unknown>): BenchCase {
  let run = 0;
  return {
    name: `${game} batch c${chapter}p${part} (4 candidates)`,
    repeat: 7,
    warmup: 1,
    run: async () => {
      const task: GrowBatchTask = { kind: "grow", game, seed: "bench", chapter, part, batch: run++, level: { number: level, target }, count: 4, rules: [], settings: settingsOf, attempts: 3 };
      return { kept: (await growBatch(await openGame(game), task)).candidates.length };
    },
  };
}

/** Grown candidates of a whole build (bodies), for the dedup cases. */
async function grownBodies(game: "carillon" | "apsis"): Promise<Array<{ id: string; level: unknown; chapter: number; part: number }>> {
  const r = await buildLevels({ ...(await inputs(game, `models/${game}/plan.json`)), chapters: [1, 2, 3, 4], workers: 1 });
  return r.pool.candidates.map((c) => ({ id: c.id, level: c.level, chapter: c.chapter, part: c.part }));
}

function dedupCase(game: "carillon" | "apsis", chosen: number): BenchCase<{ bodies: Awaited<ReturnType<typeof grownBodies>> }> {
  return {
    name: `${game} dedup a pool of 40 vs ${chosen} chosen`,
    repeat: 5,
    warmup: 1,
    setup: async () => ({ bodies: await grownBodies(game) }),
    run: async ({ bodies }) => {
      const d = new PoolDeduper((await openGame(game)).dedup);
      const chosenOnes = bodies.slice(0, Math.min(chosen, bodies.length - 40));
      for (const c of chosenOnes) d.addChosen(c.id, c.level);
      for (const c of bodies.slice(bodies.length - 40)) await d.check("pool", c.id, c.level);
      return { chosen: d.chosenCount, ...d.counts };
    },
  };
}

export const suite: BenchSuite = {
  name: "pipeline",
  cases: [
    batchCase("carillon", 1, 2, 8, 4.5, { dots: [11, 13], roots: [2, 2], aim: 3, guard: true }),
    batchCase("apsis", 2, 1, 35, 40, { arrows: [14, 17], reads: [34, 46], aim: 2, builds: 8 }),
    dedupCase("carillon", 100),
    dedupCase("carillon", 400),
    dedupCase("apsis", 100),
    dedupCase("apsis", 400),
    {
      name: "verify 60 apsis levels (chapters 1-2)",
      repeat: 3,
      warmup: 1,
      setup: async () => (await buildLevels({ ...(await inputs("apsis", "models/apsis/plan.json")), workers: 1 })).levels!,
      run: async (levels) => ({ failures: (await verifyLevels(levelsSchema.parse(levels), { game: await openGame("apsis") })).failures.length }),
    },
    {
      name: "build tiny carillon plan, this thread",
      repeat: 3,
      warmup: 1,
      run: async () => ({ levels: (await buildLevels({ ...(await inputs("carillon", "fixtures/pipeline/tiny-carillon-plan.json")), workers: 1 })).levels!.levels.length }),
    },
    {
      name: "build carillon chapters 1-2, this thread",
      repeat: 3,
      warmup: 0,
      run: async () => ({ levels: (await buildLevels({ ...(await inputs("carillon", "models/carillon/plan.json")), workers: 1 })).levels!.levels.length }),
    },
    {
      name: "build carillon chapters 1-2, 2 worker threads",
      repeat: 3,
      warmup: 0,
      run: async () => ({ levels: (await buildLevels({ ...(await inputs("carillon", "models/carillon/plan.json")), workers: 2 })).levels!.levels.length }),
    },
    {
      name: "build apsis chapters 1-2, this thread",
      repeat: 3,
      warmup: 0,
      run: async () => ({ levels: (await buildLevels({ ...(await inputs("apsis", "models/apsis/plan.json")), workers: 1 })).levels!.levels.length }),
    },
    {
      name: "build apsis chapters 1-2, 2 worker threads",
      repeat: 3,
      warmup: 0,
      run: async () => ({ levels: (await buildLevels({ ...(await inputs("apsis", "models/apsis/plan.json")), workers: 2 })).levels!.levels.length }),
    },
  ],
};
