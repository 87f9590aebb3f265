import { InputError } from "../io/errors.ts";
import type { LevelsFile, ShippedLevel } from "../io/schemas/levels.ts";
import type { Model } from "../io/schemas/model.ts";
import type { Plan } from "../io/schemas/plan.ts";
import type { Pool } from "../io/schemas/pool.ts";
import type { Ramp } from "../io/schemas/ramp.ts";
import { planSlots } from "./plan-slots.ts";
import { rampTarget } from "./ramp-target.ts";
import type { ChainConstraint, SelectionCandidate, SelectionProblem, SlotFix } from "./selection-problem.ts";

/** The files a selection reads, with their names for error messages. */
export interface SelectionInputs {
  pool: Pool;
  poolFile: string;
  plan: Plan;
  planFile: string;
  model: Model;
  modelFile: string;
  ramp: Ramp;
  rampFile: string;
  /** Levels frozen from an earlier levels file (`--keep-until N` / `--keep 1-40,81-85` with `--from`). */
  keep?: { levels: number[]; from: LevelsFile; fromFile: string; option: string };
  /** Chapters to select (default: every chapter the pool has candidates for). */
  chapters?: ReadonlySet<number>;
}

/** Where a problem candidate came from: a pool candidate, or a level kept from `--from`. */
export type CandidateSource = { kind: "pool"; index: number } | { kind: "kept"; level: ShippedLevel };

/** A compiled selection problem with the source of every candidate. */
export interface BuiltProblem {
  problem: SelectionProblem;
  sources: CandidateSource[];
  /**
   * Per slot, every pool candidate the slot's eligibility admits, pins and keeps
   * aside (dropped and excluded ones left out): what pool coverage looks at.
   */
  open: number[][];
}

/**
 * Compiles pool + plan + model + ramp (+ kept levels) into a selection problem
 * (SPEC 6). Slots are the plan's levels of the chapters the pool covers;
 * a candidate is eligible in its own part's slots (`eligibility: "part"`) or
 * everywhere (`"any"`); dropped and excluded candidates are left out; pins,
 * composed levels (`fixedLevel`) and kept levels fix their slot to one
 * candidate (pins override eligibility) and leave every other slot's list.
 *
 * @throws InputError (exit 2) naming the file and JSON path: a metric key the
 *   model or ramp uses that a candidate lacks, a ramp about another metric, a
 *   plan for another game, a candidate whose chapter/part the plan lacks, a
 *   pin/conflict/exclude naming an unknown id, a pin or keep outside the slots.
 */
export function buildProblem(inputs: SelectionInputs): BuiltProblem {
  const { pool, plan, model, ramp } = inputs;
  if (ramp.metric !== model.metric) {
    throw new InputError("select/build-problem", `expected metric "${model.metric}" (the model's metric); the ramp is about "${ramp.metric}"`, { file: inputs.rampFile, jsonPath: "$.metric" });
  }
  if (plan.game !== pool.game) {
    throw new InputError("select/build-problem", `expected a plan for game "${pool.game}" (the pool's game); got "${plan.game}"`, { file: inputs.planFile, jsonPath: "$.game" });
  }
  // Every key the model uses must be a metric the pool carries: a key no
  // candidate has is a bad model; a key some candidates lack is a bad pool.
  const keyUses: Array<[string, string]> = [[model.metric, "$.metric"]];
  model.constraints.forEach((c, i) => {
    if ("key" in c) keyUses.push([c.key, `$.constraints[${i}].key`]);
  });
  const keys = new Set(keyUses.map(([k]) => k));
  for (const [k, path] of keyUses) {
    if (pool.candidates.length > 0 && !pool.candidates.some((c) => k in c.metrics)) {
      throw new InputError("select/build-problem", `expected a metric the pool carries; no candidate of ${inputs.poolFile} has "${k}"`, { file: inputs.modelFile, jsonPath: path });
    }
  }
  const partsInPlan = new Set<string>();
  for (const ch of plan.chapters) for (const p of ch.parts) partsInPlan.add(`${ch.chapter}/${p.part}`);
  pool.candidates.forEach((c, i) => {
    for (const k of keys) {
      if (!(k in c.metrics)) {
        throw new InputError("select/build-problem", `expected metric "${k}" (the model uses it)`, { file: inputs.poolFile, jsonPath: `$.candidates[${i}].metrics` });
      }
    }
    if (!partsInPlan.has(`${c.chapter}/${c.part}`)) {
      throw new InputError("select/build-problem", `expected a chapter and part of the plan; the plan has no chapter ${c.chapter} part ${c.part}`, { file: inputs.poolFile, jsonPath: `$.candidates[${i}]` });
    }
  });

  const chapters = inputs.chapters ?? new Set(pool.candidates.map((c) => c.chapter));
  const slots = planSlots(plan, rampTarget(ramp), chapters);
  const slotAt = new Map(slots.map((s, i) => [s.number, i]));

  const candidates: SelectionCandidate[] = [];
  const sources: CandidateSource[] = [];
  const poolIndex = new Map<string, number>();
  pool.candidates.forEach((c, i) => {
    poolIndex.set(c.id, candidates.length);
    candidates.push({ id: c.id, chapter: c.chapter, part: c.part, metrics: c.metrics });
    sources.push({ kind: "pool", index: i });
  });

  const fixedCandidate: Array<number | undefined> = slots.map(() => undefined);
  const fixed: Array<SlotFix | undefined> = slots.map(() => undefined);
  const taken = new Set<number>();
  const fix = (level: number, cand: number, how: SlotFix, file: string, path: string): void => {
    const s = slotAt.get(level);
    if (s === undefined) throw new InputError("select/build-problem", `expected a level number among the selected slots (${slots[0]?.number ?? "-"}..${slots[slots.length - 1]?.number ?? "-"}); got ${level}`, { file, jsonPath: path });
    if (fixedCandidate[s] !== undefined && fixedCandidate[s] !== cand) {
      throw new InputError("select/build-problem", `expected one fixed candidate for level ${level}; it is already fixed by ${fixed[s]!.source}`, { file, jsonPath: path });
    }
    fixedCandidate[s] = cand;
    fixed[s] = how;
    taken.add(cand);
  };

  const unknownId = (id: string, i: number, field: string) =>
    new InputError("select/build-problem", `expected the id of a pool candidate; "${id}" is not in the pool`, { file: inputs.modelFile, jsonPath: `$.constraints[${i}].${field}` });

  const excluded = new Set<number>();
  pool.candidates.forEach((c, i) => {
    if (c.dropped !== undefined) excluded.add(poolIndex.get(c.id)!);
    if (c.fixedLevel !== undefined && chapters.has(c.chapter)) fix(c.fixedLevel, poolIndex.get(c.id)!, { kind: "composed", source: `pool candidates[${i}]` }, inputs.poolFile, `$.candidates[${i}].fixedLevel`);
  });
  model.constraints.forEach((c, i) => {
    if (c.type === "exclude") {
      const k = poolIndex.get(c.id);
      if (k === undefined) throw unknownId(c.id, i, "id");
      excluded.add(k);
    }
  });
  const keptIndex = new Map<string, number>();
  if (inputs.keep) {
    const byNumber = new Map(inputs.keep.from.levels.map((l, i) => [l.number, { l, i }]));
    for (const level of inputs.keep.levels) {
      const found = byNumber.get(level);
      if (!found) throw new InputError("select/build-problem", `expected level ${level} in the --from file (${inputs.keep.option})`, { file: inputs.keep.fromFile, jsonPath: "$.levels" });
      for (const k of keys) {
        if (!(k in found.l.metrics)) throw new InputError("select/build-problem", `expected metric "${k}" (the model uses it)`, { file: inputs.keep.fromFile, jsonPath: `$.levels[${found.i}].metrics` });
      }
      const cand = candidates.length;
      candidates.push({ id: found.l.id, chapter: found.l.chapter, part: found.l.part, metrics: found.l.metrics });
      sources.push({ kind: "kept", level: found.l });
      keptIndex.set(found.l.id, cand);
      const same = poolIndex.get(found.l.id);
      if (same !== undefined) taken.add(same);
      fix(level, cand, { kind: "keep", source: inputs.keep.option }, inputs.keep.fromFile, `$.levels[${found.i}]`);
    }
  }
  model.constraints.forEach((c, i) => {
    if (c.type !== "pin") return;
    const k = poolIndex.get(c.id);
    if (k === undefined) throw unknownId(c.id, i, "id");
    const s = slotAt.get(c.level);
    if (s !== undefined && fixed[s]?.kind === "keep") return; // a kept level wins over a pin
    fix(c.level, k, { kind: "pin", source: `model constraints[${i}]` }, inputs.modelFile, `$.constraints[${i}].level`);
  });

  const byId = (a: number, b: number) => (candidates[a].id < candidates[b].id ? -1 : candidates[a].id > candidates[b].id ? 1 : a - b);
  const free = candidates.map((_, k) => k).filter((k) => sources[k].kind === "pool" && !excluded.has(k) && !taken.has(k));
  const byPart = new Map<string, number[]>();
  for (const k of free) {
    const key = `${candidates[k].chapter}/${candidates[k].part}`;
    (byPart.get(key) ?? byPart.set(key, []).get(key)!).push(k);
  }
  const everyone = free.slice().sort(byId);
  for (const list of byPart.values()) list.sort(byId);
  // `bounds` (milestones) narrow each slot's candidates; fixed slots too, so a
  // pin or keep that breaks a milestone shows as an infeasible level.
  const bounds = model.constraints.filter((c): c is Extract<typeof c, { type: "bounds" }> => c.type === "bounds");
  const narrowedBy: Array<string[] | undefined> = slots.map(() => undefined);
  const eligible = slots.map((s, i) => {
    const f = fixedCandidate[i];
    let list = f !== undefined ? [f] : model.eligibility === "any" ? everyone : (byPart.get(`${s.chapter}/${s.part}`) ?? []);
    for (const b of bounds) {
      if (s.number < (b.from ?? 1) || s.number > (b.to ?? Infinity)) continue;
      const kept = list.filter((k) => withinBounds(candidates[k].metrics[b.key], b));
      if (kept.length < list.length) (narrowedBy[i] ??= []).push(describeBounds(b));
      list = kept;
    }
    return list;
  });

  const conflicts: Array<[number, number]> = [];
  model.constraints.forEach((c, i) => {
    if (c.type !== "conflict") return;
    const ks = c.ids.map((id, j) => {
      const k = keptIndex.get(id) ?? poolIndex.get(id);
      if (k === undefined) throw unknownId(id, i, `ids[${j}]`);
      return k;
    });
    for (let a = 0; a < ks.length; a++) for (let b = a + 1; b < ks.length; b++) conflicts.push([ks[a], ks[b]]);
  });
  for (const c of pool.conflicts ?? []) {
    const a = keptIndex.get(c.ids[0]) ?? poolIndex.get(c.ids[0]);
    const b = keptIndex.get(c.ids[1]) ?? poolIndex.get(c.ids[1]);
    if (a !== undefined && b !== undefined) conflicts.push([a, b]);
  }

  const chain = model.constraints.filter((c): c is ChainConstraint => ["nonDecreasing", "maxRise", "maxDrop", "maxRun"].includes(c.type));
  const usable = candidates.map((_, k) => k).filter((k) => sources[k].kind === "pool" && !excluded.has(k));
  const open = slots.map((s, i) => {
    const own = model.eligibility === "any" ? usable : usable.filter((k) => candidates[k].chapter === s.chapter && candidates[k].part === s.part);
    const f = fixedCandidate[i];
    return f === undefined || own.includes(f) ? own : [...own, f];
  });
  return {
    problem: { metric: model.metric, slots, candidates, eligible, chain, conflicts, objective: model.objective, fixed, narrowedBy },
    sources,
    open,
  };
}

/** Whether a value meets a `bounds` constraint's min and max. */
export function withinBounds(value: number, b: { min?: number; max?: number }): boolean {
  return (b.min === undefined || value >= b.min) && (b.max === undefined || value <= b.max);
}

/** Human name of a `bounds` constraint, e.g. `bounds(goal ≥ 3, levels 14..)`. */
export function describeBounds(b: { key: string; from?: number; to?: number; min?: number; max?: number }): string {
  const range = [b.min !== undefined ? `≥ ${b.min}` : "", b.max !== undefined ? `≤ ${b.max}` : ""].filter(Boolean).join(" and ");
  return `bounds(${b.key} ${range}, levels ${b.from ?? 1}..${b.to ?? ""})`;
}
