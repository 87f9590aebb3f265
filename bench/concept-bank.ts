// Seeded pools whose levels carry concepts (SPEC 12), for the concept benches: the shape of a
// designer's bank of rated puzzles, each needing some of the ideas unlocked so far. Written as
// the files a user hands the CLI (a CSV pool with a `concepts` column, model, plan, ramp).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Model } from "../src/io/schemas/model.ts";
import type { Plan } from "../src/io/schemas/plan.ts";
import type { Pool } from "../src/io/schemas/pool.ts";
import type { Ramp } from "../src/io/schemas/ramp.ts";
import { createRng } from "../src/random/create-rng.ts";

/** Shape of a concept bank. */
export interface ConceptBankOptions {
  candidates: number;
  levels: number;
  /** Concepts, named `c01`, `c02`, ... in the order they unlock. */
  concepts: number;
  /** Levels per chapter (default 100). */
  perChapter?: number;
  seed: string;
}

/** The concept names of a bank, in the order they unlock (the introduce order of its models). */
export const conceptNames = (k: number): string[] => Array.from({ length: k }, (_, j) => `c${String(j + 1).padStart(2, "0")}`);

/**
 * A seeded generic pool of `candidates` levels: `difficulty` an integer
 * 0..1000 (uniform), `depth` 1..5 following it loosely; concept j unlocks at
 * difficulty 900·(j + 1)/(k + 1), and a level carries the last concept it has
 * unlocked with probability 0.6, each earlier one with 0.2 (at most three), and
 * — one level in twenty — the next concept before it unlocks (a designer's
 * early sneak peek, which an introduce order forbids). Every candidate is in
 * chapter 1 part 1 (for eligibility "any"); the plan has `levels` levels in
 * chapters of `perChapter`.
 */
export function conceptBank(o: ConceptBankOptions): { pool: Pool; plan: Plan; ramp: Ramp } {
  const rng = createRng(o.seed);
  const names = conceptNames(o.concepts);
  const unlock = names.map((_, j) => (900 * (j + 1)) / (o.concepts + 1));
  const per = o.perChapter ?? 100;
  const chapters = Math.ceil(o.levels / per);
  const plan: Plan = {
    format: "levelramp/plan@1",
    game: "generic",
    composed: 0,
    chapters: Array.from({ length: chapters }, (_, c) => ({ chapter: c + 1, rules: [], parts: [{ part: 1, levels: Math.min(per, o.levels - per * c) }] })),
  };
  const candidates: Pool["candidates"] = [];
  for (let k = 0; k < o.candidates; k++) {
    const difficulty = Math.floor(rng() * 1001);
    const depth = Math.min(5, Math.max(1, 1 + Math.floor((5 * difficulty) / 1001) + Math.floor(rng() * 3) - 1));
    let open = 0;
    while (open < names.length && unlock[open] <= difficulty) open++;
    const carried: string[] = [];
    if (open > 0 && rng() < 0.6) carried.push(names[open - 1]);
    for (let j = open - 2; j >= 0 && carried.length < 3; j--) if (rng() < 0.2) carried.push(names[j]);
    if (open < names.length && rng() < 0.05) carried.push(names[open]);
    candidates.push({ id: `cb-${String(k + 1).padStart(6, "0")}`, chapter: 1, part: 1, metrics: { difficulty, depth }, rules: [], ...(carried.length ? { concepts: carried } : {}) });
  }
  const ramp: Ramp = { format: "levelramp/ramp@1", metric: "difficulty", points: [[1, 0], [o.levels, 1000]], interpolation: "linear" };
  return { pool: { format: "levelramp/pool@1", game: "generic", candidates }, plan, ramp };
}

/**
 * The benches' models over a concept bank: `chain` — difficulty never falls,
 * depth drops at most 1, no difficulty more than 3 times in a row (the dp's
 * shape) — or `milp` — difficulty never falls and rises at most 40 a level,
 * depth drops at most 1, no maxRun (HiGHS's); `concepts` adds the concept
 * rules: an introduce order over every concept, practice 2, at most one new
 * concept a level, and with `quotas` every chapter carrying the first
 * concept at least 3 times and none carrying the last more than 8 times.
 */
export function conceptModel(shape: "chain" | "milp", k: number, rules: { concepts: boolean; quotas?: boolean }): Model {
  const names = conceptNames(k);
  const constraints: Model["constraints"] = [{ type: "nonDecreasing", key: "difficulty" }, { type: "maxDrop", key: "depth", by: 1 }];
  if (shape === "chain") constraints.push({ type: "maxRun", key: "difficulty", length: 3, precision: 1 });
  else constraints.push({ type: "maxRise", key: "difficulty", by: 40 });
  if (rules.concepts) {
    constraints.push({ type: "introduce", order: names }, { type: "practice", levels: 2 }, { type: "maxNew", by: 1 });
    if (rules.quotas) constraints.push({ type: "quota", concept: names[0], min: 3, scope: "chapter" }, { type: "quota", concept: names[k - 1], max: 8, scope: "chapter" });
  }
  return { format: "levelramp/model@1", metric: "difficulty", eligibility: "any", constraints, objective: { norm: "L1", evenness: 0 } };
}

/** Writes a bank as files a user hands the CLI: `pool.csv` (with a `concepts` column), `plan.json`, `ramp.json`. */
export function writeConceptBank(dir: string, o: ConceptBankOptions): { pool: string; plan: string; ramp: string } {
  mkdirSync(dir, { recursive: true });
  const { pool, plan, ramp } = conceptBank(o);
  const lines = ["id,chapter,part,difficulty,depth,concepts"];
  for (const c of pool.candidates) lines.push(`${c.id},${c.chapter},${c.part},${c.metrics.difficulty},${c.metrics.depth},${(c.concepts ?? []).join(";")}`);
  const files = { pool: join(dir, "pool.csv"), plan: join(dir, "plan.json"), ramp: join(dir, "ramp.json") };
  writeFileSync(files.pool, lines.join("\n") + "\n");
  writeFileSync(files.plan, JSON.stringify(plan, null, 2) + "\n");
  writeFileSync(files.ramp, JSON.stringify(ramp, null, 2) + "\n");
  return files;
}

/** Writes a model file next to a bank. */
export function writeModel(dir: string, name: string, model: Model): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(model, null, 2) + "\n");
  return file;
}
