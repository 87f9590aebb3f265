import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { apsisBackend } from "../../src/apsis/apsis-backend.ts";
import { carillonBackend } from "../../src/carillon/carillon-backend.ts";
import type { CliIo } from "../../src/cli/cli-io.ts";
import { main } from "../../src/cli/main.ts";
import { readJsonFile } from "../../src/io/read-json-file.ts";
import { roundMetric } from "../../src/io/round-metric.ts";
import { levelsSchemaOf, type LevelsFile } from "../../src/io/schemas/levels.ts";
import { modelSchema } from "../../src/io/schemas/model.ts";
import { planSchema } from "../../src/io/schemas/plan.ts";
import { rampSchema, type Ramp } from "../../src/io/schemas/ramp.ts";
import type { GameBackend } from "../../src/game/game-backend.ts";
import { createRng } from "../../src/random/create-rng.ts";
import { rampTarget } from "../../src/select/ramp/ramp-target.ts";


const modelFile = (game: string, name: string) => fileURLToPath(new URL(`../../models/${game}/${name}`, import.meta.url));

/** The bundled default ramp of a game. */
export function defaultRamp(game: "carillon" | "apsis" | "generic"): Ramp {
  return readJsonFile(rampSchema, modelFile(game, "ramp.json"));
}

/** Which levels to grow: `count` levels at the start of a plan part (skipping the composed first levels). */
export interface PartPick {
  chapter: number;
  part: number;
  count: number;
}

/**
 * A small game levels file composed by hand from levels the back end really
 * generates (no selection): for each pick, `count` levels grown with the
 * plan's settings and rules for that part, numbered by the plan's global
 * level numbers (the first part of chapter 1 starts after the composed
 * levels), targets from the game's default ramp, the default selection
 * model embedded. Deterministic given `seed`.
 */
export function composeGameLevels(game: "carillon" | "apsis", picks: PartPick[], seed = "html-report"): LevelsFile {
  const backend = (game === "carillon" ? carillonBackend : apsisBackend) as GameBackend;
  const plan = readJsonFile(planSchema, modelFile(game, "plan.json"));
  const model = readJsonFile(modelSchema, modelFile(game, "selection.json"));
  const ramp = defaultRamp(game);
  const target = rampTarget(ramp);
  const levels: LevelsFile["levels"] = [];
  let next = 1;
  const start = new Map<string, number>();
  for (const ch of plan.chapters) {
    for (const p of ch.parts) {
      start.set(`${ch.chapter}/${p.part}`, next);
      next += p.levels;
    }
  }
  const composed = (plan as { composed?: number }).composed ?? 0;
  for (const pick of picks) {
    const ch = plan.chapters.find((c) => c.chapter === pick.chapter)!;
    const part = ch.parts.find((p) => p.part === pick.part)!;
    let number = Math.max(start.get(`${pick.chapter}/${pick.part}`)!, composed + 1);
    for (let k = 0; k < pick.count; k++, number++) {
      let grown = null;
      for (let attempt = 0; grown === null; attempt++) {
        if (attempt >= 20) throw new Error(`test: no ${game} level grown for chapter ${pick.chapter} part ${pick.part}`);
        grown = backend.generate({
          chapter: pick.chapter,
          part: pick.part,
          level: number,
          target: target(number),
          rules: ch.rules,
          settings: backend.generatorSchema.parse(part.generator),
          rng: createRng(`${seed}/${number}/${attempt}`),
          stats: {},
        });
      }
      const value = grown.metrics[ramp.metric];
      const t = target(number);
      levels.push({
        number,
        chapter: pick.chapter,
        part: pick.part,
        id: `${game}-c${pick.chapter}-p${pick.part}-${String(number).padStart(10, "0")}`,
        metrics: grown.metrics,
        target: t,
        deviation: roundMetric(value - t),
        ...(grown.rules.length ? { rules: grown.rules } : {}),
        level: grown.level,
        solution: grown.solution,
      });
    }
  }
  return levelsSchemaOf({ name: game, bodySchema: backend.bodySchema }).parse({
    format: "levelramp/levels@1",
    game,
    seed,
    model,
    ramp,
    objective: roundMetric(levels.reduce((s, l) => s + Math.abs(l.deviation), 0)),
    optimal: false,
    levels,
  });
}

/** The bundled generic fixture pool re-sequenced by `levelramp select` (what `npm start` does), as a levels file in `dir`. */
export async function genericLevelsFile(dir: string): Promise<string> {
  const out = join(dir, "generic-levels.json");
  const fixture = (p: string) => fileURLToPath(new URL(`../../${p}`, import.meta.url));
  const err: string[] = [];
  const code = await main(
    ["select", "--pools", fixture("fixtures/pools/generic-3x4x20.json"), "--model", modelFile("generic", "selection.json"), "--ramp", modelFile("generic", "ramp.json"), "--plan", modelFile("generic", "plan.json"), "--out", out, "--force"],
    quietIo(err),
  );
  if (code !== 0) throw new Error(`test: select failed (${code}): ${err.join("")}`);
  return out;
}

/** A CLI io that keeps what is written. */
export function quietIo(stderr: string[] = [], stdout: string[] = []): CliIo {
  return { stdout: (t) => void stdout.push(t), stderr: (t) => void stderr.push(t), color: 0, stderrIsTTY: false };
}

/** A steeper variant of a ramp (every point's value × `factor`), linear: the "try a new ramp" case. */
export function scaledRamp(ramp: Ramp, factor: number): Ramp {
  return { ...ramp, points: ramp.points.map(([l, v]) => [l, roundMetric(v * factor)] as [number, number]), interpolation: "linear" };
}
