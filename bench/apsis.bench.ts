// Apsis speed (SPEC 5.2, 5.5): build and prove one sky of 10, 20, 30 arrows (36 candidates per
// arrow), a whole tier pool of 40 candidates, and the composed first five at the default draw count.
import { fileURLToPath } from "node:url";
import { loadGame } from "../src/game/registry/load-game.ts";
import { apsisBackend, apsisGeneratorSchema, buildSky, checkLevel, composeFirstFive, solveSky } from "../src/apsis/index.ts";
import { readJsonFile } from "../src/io/read-json-file.ts";
import { planSchema } from "../src/io/schemas/plan.ts";
import { createRng, deriveSeed } from "../src/random/create-rng.ts";
import type { BenchCase, BenchSuite } from "./harness.ts";

// A game's files (bodies, plans) parse once the registry has loaded the game.
await loadGame("apsis");

const plan = readJsonFile(planSchema, fileURLToPath(new URL("../models/apsis/plan.json", import.meta.url)));

/** Builds and proves one sky per run (a fresh seed each run): build, graphology solve, every level check. */
function buildCase(arrows: number): BenchCase {
  let run = 0;
  return {
    name: `build + prove one ${arrows}-arrow sky`,
    repeat: 31,
    run: () => {
      const outcome = buildSky({ arrows, rng: createRng(deriveSeed("bench", arrows, run++)) });
      if (!outcome.ok) throw new Error(`apsis bench: build failed (${outcome.reason})`);
      const solved = solveSky(outcome.sky.body);
      if (solved.reads !== outcome.sky.reads) throw new Error("apsis bench: solver disagrees");
      const problems = checkLevel(outcome.sky.body, solved.solution, []);
      if (problems.length > 0) throw new Error(`apsis bench: ${problems[0].message}`);
      return { reads: solved.reads, depth: solved.depth, tries: outcome.sky.tries };
    },
  };
}

/** Generates a whole tier pool: 4 candidates for each of the tier's 10 levels, targets along the tier window. */
function poolCase(chapter: number, part: number): BenchCase {
  const ch = plan.chapters.find((c) => c.chapter === chapter)!;
  const settings = apsisGeneratorSchema.parse(ch.parts.find((p) => p.part === part)!.generator);
  let run = 0;
  return {
    name: `tier pool c${chapter} t${part} (40 candidates, ${ch.rules.join("+") || "plain"})`,
    repeat: 3,
    warmup: 1,
    run: () => {
      const stats: Record<string, number> = {};
      let kept = 0;
      const r = run++;
      for (let i = 0; i < 40; i++) {
        const level = Math.floor(i / 4);
        const target = settings.reads[0] + ((settings.reads[1] - settings.reads[0]) * level) / 9;
        const g = apsisBackend.generate({
          chapter, part, level, target, rules: ch.rules, settings, stats,
          rng: createRng(deriveSeed("bench-pool", chapter, part, r, i)),
        });
        if (g) kept++;
      }
      return { kept, builds: Object.entries(stats).filter(([k]) => k.startsWith("build-")).reduce((n, [, v]) => n + v, 0) };
    },
  };
}

export const suite: BenchSuite = {
  name: "apsis",
  cases: [
    buildCase(10),
    buildCase(20),
    buildCase(30),
    poolCase(1, 3),
    poolCase(4, 3),
    poolCase(5, 3),
    poolCase(7, 2),
    poolCase(10, 3),
    {
      name: "compose first five (100,000 draws per level)",
      repeat: 3,
      warmup: 1,
      run: () => ({ reads: composeFirstFive(5, createRng("bench-first-five"), {}).map((l) => l.metrics.reads).join(",") }),
    },
  ],
};
