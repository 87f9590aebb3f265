import { fileURLToPath } from "node:url";
import { loadGame } from "../../src/game/registry/load-game.ts";
import { readJsonFile } from "../../src/io/read-json-file.ts";
import { roundMetric } from "../../src/io/round-metric.ts";
import { modelSchema, type Model } from "../../src/io/schemas/model.ts";
import { planSchema, type Plan } from "../../src/io/schemas/plan.ts";
import type { Pool } from "../../src/io/schemas/pool.ts";
import { rampSchema, type Ramp } from "../../src/io/schemas/ramp.ts";
import { createRng } from "../../src/random/create-rng.ts";
import { planSlots } from "../../src/select/problem/plan-slots.ts";
import { rampTarget } from "../../src/select/ramp/ramp-target.ts";

// A game's files (bodies, plans) parse once the registry has loaded the game.
await loadGame("carillon");

const modelFile = (name: string) => fileURLToPath(new URL(`../../models/carillon/${name}`, import.meta.url));

/** A Carillon level body and its stored solution, as a pool carries them. */
export interface CarillonBody {
  level: unknown;
  solution: unknown;
}

/**
 * A pool the size a whole Carillon build gives (the default plan: 20
 * chapters, 400 levels, poolPerLevel candidates per level — 1,585 with the
 * five composed levels for the plan's 4 per level), for the editor's
 * page-size and re-selection figures. Metrics are synthetic but shaped like a
 * build's: `bits` scatters around the default ramp at each level of the
 * candidate's part in turn, so every level gets poolPerLevel candidates near
 * its target (σ = 0.1 + 1% of the target, 6 decimals; a random level per
 * candidate left some levels with too few once the plan went down to 4 per
 * level in chapters 1–5 and 16–20, and the chain was infeasible at level 330;
 * wider spreads make it infeasible too, as real builds past chapter 13 are), `goal` follows the model's milestones
 * (1 at level 1, 2 up to level 13, 3 from 14), `dots` and `starts` grow with
 * the chapter; rules are the chapter's. Bodies cycle through `bodies` (really
 * generated fields), so pictures and bodies weigh what a build's do.
 * Deterministic given `seed`.
 */
export function fullCarillonPool(bodies: readonly CarillonBody[], seed = "full-carillon-pool"): { pool: Pool; plan: Plan; model: Model; ramp: Ramp } {
  const plan = readJsonFile(planSchema, modelFile("plan.json"));
  const model = readJsonFile(modelSchema, modelFile("selection.json"));
  const ramp = readJsonFile(rampSchema, modelFile("ramp.json"));
  const target = rampTarget(ramp);
  const rng = createRng(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(Math.max(rng(), 1e-12))) * Math.cos(2 * Math.PI * rng());
  const slots = planSlots(plan, target);
  const composed = plan.composed ?? 0;
  const goalAt = (level: number) => (level <= 1 ? 1 : level <= 13 ? 2 : 3);
  const candidates: Pool["candidates"] = [];
  let b = 0;
  const body = () => bodies[b++ % bodies.length];
  for (let n = 1; n <= composed; n++) {
    candidates.push({ id: `carillon-c1-p1-composed-${n}`, chapter: 1, part: 1, metrics: { bits: target(n), goal: goalAt(n), dots: 10 + n, starts: 2 }, rules: [], fixedLevel: n, ...body() });
  }
  for (const ch of plan.chapters) {
    for (const p of ch.parts) {
      const partSlots = slots.filter((s) => s.chapter === ch.chapter && s.part === p.part && s.number > composed);
      if (partSlots.length === 0) continue;
      const count = partSlots.length * (p.poolPerLevel ?? 4);
      for (let k = 0; k < count; k++) {
        const slot = partSlots[k % partSlots.length];
        const bits = roundMetric(Math.max(0, slot.target + gauss() * (0.1 + 0.01 * slot.target)));
        candidates.push({
          id: `carillon-c${ch.chapter}-p${p.part}-${String(k + 1).padStart(4, "0")}`,
          chapter: ch.chapter,
          part: p.part,
          metrics: { bits, goal: goalAt(slot.number), dots: 8 + 2 * ch.chapter + Math.floor(rng() * 6), starts: 1 + Math.floor(rng() * 3) },
          rules: [...ch.rules],
          ...body(),
        });
      }
    }
  }
  return { pool: { format: "levelramp/pool@1", game: "carillon", seed, candidates, conflicts: [] }, plan, model, ramp };
}
