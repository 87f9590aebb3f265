// A seeded stand-in for a 200-level held-out selection model (the model itself is not in the
// repository): files a designer would hand `levelramp select` — a generic CSV pool as a build
// grows it, a plan, a model and a ramp. What it stands for, and why each choice:
// - 200 levels in 10 chapters of 2 parts of 10 levels: the size and the chapter/part grid of the
//   games' plans (Apsis 300 levels in 10 chapters of 3 parts).
// - A pool of 4 candidates per level (800), eligibility `part`: what a build grows (Apsis 1,180
//   for 300 levels, Carillon 1,779 for 400); each candidate's difficulty scatters around its
//   part's targets and is stored with 2 decimals, as measured metrics are — nearly every
//   candidate its own class.
// - A ramp that climbs through each chapter and starts the next a little lower than the last
//   ended (the sawtooth of shipped games: each chapter's first levels ease a new idea in), so the
//   difficulty rules are chapter-scoped: difficulty never falls within a chapter, at most 3 levels
//   in a row share a difficulty to 0.25, a level rises at most 1.5 above the one before; depth
//   drops at most 1 (game-wide); L1 to the ramp.
// - With `eligibility: "any"` (a second stand-in, `writeHeldOut200(dir, "any")`): the same pool
//   and plan, but every candidate may fill every level — one pool for the whole game — so the
//   rules are the same ones game-wide (a run that restarted at chapter starts could ship a
//   one-member class in two chapters, which the dp refuses) and the ramp climbs straight from
//   the first level's target to the last's, with runs of at most 3 per 0.1 (per 0.25, one climb of
//   9.2 holds at most 111 levels). Every slot then offers every class: 200 × 687
//   (candidates equal on difficulty and depth are one class here) × 3 = 412,200 class-slot pairs ×
//   run length.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Model } from "../src/io/schemas/model.ts";
import type { Plan } from "../src/io/schemas/plan.ts";
import type { Ramp } from "../src/io/schemas/ramp.ts";
import { createRng } from "../src/random/create-rng.ts";

const CHAPTERS = 10;
const PARTS = 2;
const PER_PART = 10;
const PER_LEVEL = 4;

/** The ramp's target at level n (1-based): chapter c climbs from 1 + 0.8·c to 3 + 0.8·c. */
function target(n: number): number {
  const perChapter = PARTS * PER_PART;
  const c = Math.floor((n - 1) / perChapter);
  const k = (n - 1) % perChapter;
  return 1 + 0.8 * c + (2 * k) / (perChapter - 1);
}

/**
 * Writes `pool.csv`, `plan.json`, `model.json` and `ramp.json` of the stand-in (seed `bench/held-out-200`) to `dir`;
 * `eligibility` is the model's (`part`: a candidate fills its own part's levels; `any`: every level).
 */
export function writeHeldOut200(dir: string, eligibility: "part" | "any" = "part"): { pool: string; model: string; plan: string; ramp: string } {
  mkdirSync(dir, { recursive: true });
  const rng = createRng("bench/held-out-200");
  const gauss = () => Math.sqrt(-2 * Math.log(Math.max(rng(), 1e-12))) * Math.cos(2 * Math.PI * rng());
  const lines = ["id,chapter,part,difficulty,depth"];
  let level = 0;
  for (let c = 1; c <= CHAPTERS; c++) {
    for (let p = 1; p <= PARTS; p++) {
      const first = level + 1;
      level += PER_PART;
      for (let k = 0; k < PER_PART * PER_LEVEL; k++) {
        const at = first + Math.floor(rng() * PER_PART);
        const difficulty = Math.max(0, Math.round((target(at) + gauss() * 0.35) * 100) / 100);
        const depth = Math.max(1, Math.round(difficulty) + Math.floor(rng() * 3) - 1);
        lines.push(`h-c${String(c).padStart(2, "0")}-p${p}-${String(k + 1).padStart(3, "0")},${c},${p},${difficulty},${depth}`);
      }
    }
  }
  const plan: Plan = {
    format: "levelramp/plan@1",
    game: "generic",
    composed: 0,
    chapters: Array.from({ length: CHAPTERS }, (_, c) => ({ chapter: c + 1, rules: [], parts: Array.from({ length: PARTS }, (_, p) => ({ part: p + 1, levels: PER_PART, poolPerLevel: PER_LEVEL })) })),
  };
  const scope = eligibility === "part" ? { scope: "chapter" as const } : {};
  const model: Model = {
    format: "levelramp/model@1",
    metric: "difficulty",
    eligibility,
    constraints: [
      { type: "nonDecreasing", key: "difficulty", ...scope },
      { type: "maxRun", key: "difficulty", length: 3, precision: eligibility === "part" ? 0.25 : 0.1, ...scope },
      { type: "maxRise", key: "difficulty", by: 1.5, ...scope },
      { type: "maxDrop", key: "depth", by: 1 },
    ],
    objective: { norm: "L1", evenness: 0 },
  };
  const points: Array<[number, number]> = [];
  const last = CHAPTERS * PARTS * PER_PART;
  if (eligibility === "any") points.push([1, target(1)], [last, target(last)]);
  else for (let c = 0; c < CHAPTERS; c++) points.push([c * PARTS * PER_PART + 1, target(c * PARTS * PER_PART + 1)], [(c + 1) * PARTS * PER_PART, target((c + 1) * PARTS * PER_PART)]);
  const ramp: Ramp = { format: "levelramp/ramp@1", metric: "difficulty", points, interpolation: "linear" };
  const files = { pool: join(dir, "pool.csv"), model: join(dir, "model.json"), plan: join(dir, "plan.json"), ramp: join(dir, "ramp.json") };
  writeFileSync(files.pool, lines.join("\n") + "\n");
  writeFileSync(files.plan, JSON.stringify(plan, null, 2) + "\n");
  writeFileSync(files.model, JSON.stringify(model, null, 2) + "\n");
  writeFileSync(files.ramp, JSON.stringify(ramp, null, 2) + "\n");
  return files;
}
