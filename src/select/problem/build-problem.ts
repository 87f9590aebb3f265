import { InputError } from "../../io/errors.ts";
import { tableOf, type CandidateTable as PoolTable } from "../../io/csv/candidate-table.ts";
import { csvLineOf } from "../../io/csv/csv-line-of.ts";
import { hasOwnKey } from "../../io/hostile/own-key.ts";
import { CONCEPTS_KEY } from "../../io/concepts/concepts-key.ts";
import type { LevelsFile, ShippedLevel } from "../../io/schemas/levels.ts";
import { isConceptConstraint } from "../../io/concepts/is-concept-constraint.ts";
import type { Model } from "../../io/schemas/model.ts";
import type { Plan } from "../../io/schemas/plan.ts";
import type { Pool } from "../../io/schemas/pool.ts";
import type { Ramp } from "../../io/schemas/ramp.ts";
import { attachColumns } from "./candidate-columns.ts";
import { planSlots } from "./plan-slots.ts";
import { rampTarget } from "../ramp/ramp-target.ts";
import { ProblemCandidates, type CandidateSource } from "./problem-candidates.ts";
import type { ChainConstraint, SelectionCandidate, SelectionProblem, Slot, SlotFix } from "./selection-problem.ts";

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
  /** Chapters to select (default: every chapter the pool has candidates for; with eligibility "any", every chapter of the plan). */
  chapters?: ReadonlySet<number>;
  /**
   * Concept names the model may name although no candidate carries them (SPEC 12): a game's own
   * concepts (Carillon's bell, echo, ...), so its default model holds for pools of any chapters.
   * Any other concept the model names must be carried by some candidate (a typo is refused).
   */
  knownConcepts?: ReadonlySet<string>;
}

export type { CandidateSource } from "./problem-candidates.ts";

/** A compiled selection problem with the source of every candidate. */
export interface BuiltProblem {
  problem: SelectionProblem;
  /** Where each candidate came from (made when asked: {@link BuiltProblem.sourceOf} reads one). */
  readonly sources: CandidateSource[];
  /** Where candidate `k` came from. */
  sourceOf(k: number): CandidateSource;
  /** Candidate `k` as an object (the others are not made for it). */
  candidateOf(k: number): SelectionCandidate;
  /**
   * Per slot, every pool candidate the slot's eligibility admits, pins and keeps
   * aside (dropped and excluded ones left out): what pool coverage looks at.
   */
  open: number[][];
}

/**
 * Compiles pool + plan + model + ramp (+ kept levels) into a selection problem
 * (SPEC 6). Slots are the plan's levels of the chapters the pool covers (of
 * every chapter with `eligibility: "any"`, where a candidate's chapter does not matter);
 * a candidate is eligible in its own part's slots (`eligibility: "part"`) or
 * everywhere (`"any"`); dropped and excluded candidates are left out; pins,
 * composed levels (`fixedLevel`) and kept levels fix their slot to one
 * candidate (pins override eligibility) and leave every other slot's list.
 * Slots with the same list share one array (the dp groups candidates by it).
 *
 * Concepts (SPEC 12): each candidate's concepts are read with it (the CSV
 * column or the JSON field, a kept level's own), the model's concept rules go
 * to `conceptConstraints`, and a `maxRun` on key `concepts` reads the sets.
 *
 * @throws InputError (exit 2) naming the file and JSON path: a metric key the
 *   model or ramp uses that a candidate lacks, a ramp about another metric, a
 *   plan for another game, a candidate whose chapter/part the plan lacks, a
 *   pin/conflict/exclude naming an unknown id, a pin or keep outside the slots,
 *   a concept the model names that no candidate carries (and the game does not know).
 */
export function buildProblem(inputs: SelectionInputs): BuiltProblem {
  const { pool, plan, model, ramp } = inputs;
  const poolTable = tableOf(pool);
  // 1. Files agree with each other: game, metric keys, ramp metric, plan parts.
  const keys = poolTable ? checkTableInputs(inputs, poolTable) : checkInputs(inputs);
  // 2. Slots: the plan's levels of the selected chapters (default: those the pool
  //    has candidates for; every chapter with eligibility "any"), with ramp targets.
  const chapters = inputs.chapters ?? new Set(model.eligibility === "any" ? plan.chapters.map((c) => c.chapter) : poolTable ? poolTable.chapter : pool.candidates.map((c) => c.chapter));
  const slots = planSlots(plan, rampTarget(ramp), chapters);
  // 3. Candidates: every pool candidate, by index; kept levels are appended by step 5.
  const table = new ProblemCandidates(pool, poolTable);
  const fixes = new SlotFixes(slots);
  // 4. Dropped and excluded candidates leave; composed levels fix their slot.
  const excluded = excludedCandidates(inputs, table, fixes, chapters);
  // 5. Kept levels (--keep, --keep-until) fix their slots to the earlier file's level.
  const keptIndex = applyKeeps(inputs, keys, table, fixes);
  // 6. Pins fix their slot (a kept level wins over a pin of the same level).
  applyPins(inputs, table, fixes);
  // 7. Each slot's candidates: fixed, or by eligibility, narrowed by `bounds`.
  const { eligible, narrowedBy } = eligibleLists(model, slots, table, fixes, excluded);
  // 8. Conflict pairs from the model and the pool.
  const conflicts = conflictPairs(inputs, table, keptIndex);
  // 9. What pool coverage looks at: every usable candidate each slot admits.
  const open = openLists(model, slots, table, fixes, excluded);
  const chain = chainConstraints(model, slots.length);
  // 10. Concept rules (SPEC 12): every concept they name is carried by some candidate, or the game's own.
  const conceptConstraints = model.constraints.filter(isConceptConstraint);
  if (conceptConstraints.length > 0) checkConceptNames(inputs, table);
  const problem = {
    metric: model.metric, slots, get candidates() { return table.candidates; }, eligible, chain,
    ...(conceptConstraints.length > 0 ? { conceptConstraints } : {}),
    conflicts, objective: model.objective, fixed: fixes.fixed, narrowedBy,
  };
  attachColumns(problem, table.columns);
  return {
    problem,
    get sources() {
      return table.sources;
    },
    sourceOf: (k) => (k < table.poolSize ? { kind: "pool", index: k } : table.sources[k]),
    candidateOf: (k) => table.candidate(k),
    open,
  };
}

const MODULE = "select/build-problem";

/**
 * The model's chain constraints as the solvers take them: a `maxRun` longer
 * than the selection (`length` ≥ the slots) can never be broken, so its
 * length is cut to the slot count — the same answers, and the dp's run
 * states stay within the levels (a length of 1e9 would otherwise pass every
 * state bound and send a chain-shaped model to the MILP).
 */
function chainConstraints(model: Model, slots: number): ChainConstraint[] {
  const chain = model.constraints.filter((c): c is ChainConstraint => ["nonDecreasing", "maxRise", "maxDrop", "maxRun"].includes(c.type));
  return chain.map((c) => (c.type === "maxRun" && c.length > slots ? { ...c, length: Math.max(slots, 1) } : c));
}

/** Every metric key the model reads, with its JSON path (a `maxRun` on the concept sets reads none). */
function metricKeyUses(model: Model): Array<[string, string]> {
  const keyUses: Array<[string, string]> = [[model.metric, "$.metric"]];
  model.constraints.forEach((c, i) => {
    if ("key" in c && c.key !== CONCEPTS_KEY) keyUses.push([c.key, `$.constraints[${i}].key`]);
  });
  return keyUses;
}

/**
 * Every concept a concept rule names is carried by some candidate (pool or
 * kept level) or is one of `inputs.knownConcepts` (the game's own): a name
 * nothing carries is most likely a typo, which would otherwise make its rule
 * hold for nothing (SPEC 12).
 */
function checkConceptNames(inputs: SelectionInputs, table: ProblemCandidates): void {
  const carried = new Set(table.conceptSets().names);
  inputs.model.constraints.forEach((c, i) => {
    const named: Array<[string, string]> = c.type === "introduce" ? c.order.map((name, j) => [name, `.order[${j}]`]) : c.type === "introduceAt" || c.type === "quota" ? [[c.concept, ".concept"]] : [];
    for (const [name, path] of named) {
      if (carried.has(name) || inputs.knownConcepts?.has(name)) continue;
      const some = [...carried].sort().slice(0, 12);
      const has = some.length === 0 ? "no candidate carries any concept" : `the concepts they carry: ${some.join(", ")}${carried.size > some.length ? ", ..." : ""}`;
      throw new InputError(MODULE, `expected a concept some candidate carries; no candidate of ${inputs.poolFile} carries "${name}" (${has})`, { file: inputs.modelFile, jsonPath: `$.constraints[${i}]${path}` });
    }
  });
}

/** Checks that the files fit together; returns every metric key the model reads. */
function checkInputs(inputs: SelectionInputs): Set<string> {
  const { pool, plan, model, ramp } = inputs;
  if (plan.game !== pool.game) {
    throw new InputError(MODULE, `expected a plan for game "${pool.game}" (the pool's game); got "${plan.game}"`, { file: inputs.planFile, jsonPath: "$.game" });
  }
  // Every key the model uses must be a metric the pool carries: a key no
  // candidate has is a bad model; a key some candidates lack is a bad pool.
  const keyUses = metricKeyUses(model);
  const keys = new Set(keyUses.map(([k]) => k));
  for (const [k, path] of keyUses) {
    if (pool.candidates.length > 0 && !pool.candidates.some((c) => hasOwnKey(c.metrics, k))) {
      throw new InputError(MODULE, `expected a metric the pool carries; no candidate of ${inputs.poolFile} has "${k}"`, { file: inputs.modelFile, jsonPath: path });
    }
  }
  if (ramp.metric !== model.metric) {
    throw new InputError(MODULE, `expected metric "${model.metric}" (the model's metric); the ramp is about "${ramp.metric}"`, { file: inputs.rampFile, jsonPath: "$.metric" });
  }
  const partsInPlan = new Set<string>();
  for (const ch of plan.chapters) for (const p of ch.parts) partsInPlan.add(`${ch.chapter}/${p.part}`);
  pool.candidates.forEach((c, i) => {
    // a CSV pool's candidate is named by its line, a JSON pool's by its path
    const line = csvLineOf(c);
    const at = (path: string) => (line === undefined ? `$.candidates[${i}]${path}` : `line ${line}`);
    for (const k of keys) {
      if (!hasOwnKey(c.metrics, k)) {
        throw new InputError(MODULE, `expected metric "${k}" (the model uses it)`, { file: inputs.poolFile, jsonPath: at(".metrics") });
      }
    }
    if (!partsInPlan.has(`${c.chapter}/${c.part}`)) {
      throw new InputError(MODULE, `expected a chapter and part of the plan; the plan has no chapter ${c.chapter} part ${c.part}`, { file: inputs.poolFile, jsonPath: at("") });
    }
  });
  return keys;
}

/** The slots fixed to one candidate so far, and every candidate that fixing took. */
class SlotFixes {
  readonly candidate: Array<number | undefined>;
  readonly fixed: Array<SlotFix | undefined>;
  readonly taken = new Set<number>();
  private readonly slotAt: Map<number, number>;

  constructor(private readonly slots: Slot[]) {
    this.candidate = slots.map(() => undefined);
    this.fixed = slots.map(() => undefined);
    this.slotAt = new Map(slots.map((s, i) => [s.number, i]));
  }

  /** Slot index of a level number, if it is selected. */
  slotOf(level: number): number | undefined {
    return this.slotAt.get(level);
  }

  /** Fixes `level` to candidate `cand`; `file`/`path` name where the fix came from for errors. */
  fix(level: number, cand: number, how: SlotFix, file: string, path: string): void {
    const s = this.slotAt.get(level);
    if (s === undefined) {
      const range = `${this.slots[0]?.number ?? "-"}..${this.slots[this.slots.length - 1]?.number ?? "-"}`;
      throw new InputError(MODULE, `expected a level number among the selected slots (${range}); got ${level}`, { file, jsonPath: path });
    }
    if (this.candidate[s] !== undefined && this.candidate[s] !== cand) {
      throw new InputError(MODULE, `expected one fixed candidate for level ${level}; it is already fixed by ${this.fixed[s]!.source}`, { file, jsonPath: path });
    }
    this.candidate[s] = cand;
    this.fixed[s] = how;
    this.taken.add(cand);
  }
}

/** {@link checkInputs} for a CSV pool read as a table: every row has every column, so keys are checked once. */
function checkTableInputs(inputs: SelectionInputs, table: PoolTable): Set<string> {
  const { plan, model, ramp } = inputs;
  if (plan.game !== "generic") {
    throw new InputError(MODULE, `expected a plan for game "generic" (the pool's game); got "${plan.game}"`, { file: inputs.planFile, jsonPath: "$.game" });
  }
  const keyUses = metricKeyUses(model);
  for (const [k, path] of keyUses) {
    if (!table.metricNames.includes(k)) {
      throw new InputError(MODULE, `expected a metric the pool carries; no candidate of ${inputs.poolFile} has "${k}"`, { file: inputs.modelFile, jsonPath: path });
    }
  }
  if (ramp.metric !== model.metric) {
    throw new InputError(MODULE, `expected metric "${model.metric}" (the model's metric); the ramp is about "${ramp.metric}"`, { file: inputs.rampFile, jsonPath: "$.metric" });
  }
  const partsInPlan = new Set<string>();
  for (const ch of plan.chapters) for (const p of ch.parts) partsInPlan.add(`${ch.chapter}/${p.part}`);
  // Rows come in runs of one chapter and part: look a pair up only when it changes.
  for (let k = 0; k < table.size; k++) {
    if (k > 0 && table.chapter[k] === table.chapter[k - 1] && table.part[k] === table.part[k - 1]) continue;
    if (!partsInPlan.has(`${table.chapter[k]}/${table.part[k]}`)) {
      throw new InputError(MODULE, `expected a chapter and part of the plan; the plan has no chapter ${table.chapter[k]} part ${table.part[k]}`, { file: inputs.poolFile, jsonPath: `line ${table.lines[k]}` });
    }
  }
  return new Set(keyUses.map(([k]) => k));
}

function unknownId(inputs: SelectionInputs, id: string, i: number, field: string): InputError {
  return new InputError(MODULE, `expected the id of a pool candidate; "${id}" is not in the pool`, { file: inputs.modelFile, jsonPath: `$.constraints[${i}].${field}` });
}

/** Dropped candidates and `exclude`d ones; fixes the composed levels (`fixedLevel`) on the way. */
function excludedCandidates(inputs: SelectionInputs, table: ProblemCandidates, fixes: SlotFixes, chapters: ReadonlySet<number>): Set<number> {
  const excluded = new Set<number>();
  // A CSV pool (a table) has no dropped or composed candidates.
  if (!tableOf(inputs.pool)) inputs.pool.candidates.forEach((c, i) => {
    const k = table.poolIndex.get(c.id)!;
    if (c.dropped !== undefined) excluded.add(k);
    if (c.fixedLevel !== undefined && chapters.has(c.chapter)) {
      fixes.fix(c.fixedLevel, k, { kind: "composed", source: `pool candidates[${i}]` }, inputs.poolFile, `$.candidates[${i}].fixedLevel`);
    }
  });
  inputs.model.constraints.forEach((c, i) => {
    if (c.type !== "exclude") return;
    const k = table.poolIndex.get(c.id);
    if (k === undefined) throw unknownId(inputs, c.id, i, "id");
    excluded.add(k);
  });
  return excluded;
}

/** Appends each kept level as a candidate fixed to its slot; returns kept id → candidate index. */
function applyKeeps(inputs: SelectionInputs, keys: ReadonlySet<string>, table: ProblemCandidates, fixes: SlotFixes): Map<string, number> {
  const keptIndex = new Map<string, number>();
  const keep = inputs.keep;
  if (!keep) return keptIndex;
  const byNumber = new Map(keep.from.levels.map((l, i) => [l.number, { l, i }]));
  for (const level of keep.levels) {
    const found = byNumber.get(level);
    if (!found) throw new InputError(MODULE, `expected level ${level} in the earlier levels file the kept levels come from (${keep.option})`, { file: keep.fromFile, jsonPath: "$.levels" });
    for (const k of keys) {
      if (!hasOwnKey(found.l.metrics, k)) throw new InputError(MODULE, `expected metric "${k}" (the model uses it)`, { file: keep.fromFile, jsonPath: `$.levels[${found.i}].metrics` });
    }
    const veto = inputs.model.constraints.findIndex((c) => c.type === "exclude" && c.id === found.l.id);
    if (veto >= 0) {
      throw new InputError(MODULE, `expected a kept level the model does not exclude; ${keep.option} keeps level ${level}, "${found.l.id}", and constraints[${veto}] excludes it (an exclude vetoes a candidate: keep other levels, or drop the exclude)`, { file: inputs.modelFile, jsonPath: `$.constraints[${veto}]` });
    }
    const same = table.poolIndex.get(found.l.id);
    const cand = table.addKept(found.l);
    keptIndex.set(found.l.id, cand);
    if (same !== undefined) fixes.taken.add(same);
    fixes.fix(level, cand, { kind: "keep", source: keep.option }, keep.fromFile, `$.levels[${found.i}]`);
  }
  return keptIndex;
}

function applyPins(inputs: SelectionInputs, table: ProblemCandidates, fixes: SlotFixes): void {
  inputs.model.constraints.forEach((c, i) => {
    if (c.type !== "pin") return;
    const k = table.poolIndex.get(c.id);
    if (k === undefined) throw unknownId(inputs, c.id, i, "id");
    const s = fixes.slotOf(c.level);
    if (s !== undefined && fixes.fixed[s]?.kind === "keep") return; // a kept level wins over a pin
    fixes.fix(c.level, k, { kind: "pin", source: `model constraints[${i}]` }, inputs.modelFile, `$.constraints[${i}].level`);
  });
}

/**
 * Each slot's candidates (sorted by id): the fixed one, or the free pool
 * candidates its eligibility admits; `bounds` (milestones) then narrow every
 * slot, fixed ones too, so a pin or keep that breaks a milestone shows as an
 * infeasible level. Slots whose lists are equal share one array.
 */
function eligibleLists(model: Model, slots: Slot[], table: ProblemCandidates, fixes: SlotFixes, excluded: ReadonlySet<number>) {
  const free: number[] = [];
  for (const k of idOrder(table)) if (!excluded.has(k) && !fixes.taken.has(k)) free.push(k);
  // Lists by part, in id order (free is).
  const byPart = new Map<string, number[]>();
  if (model.eligibility !== "any") {
    for (const k of free) {
      const key = `${table.chapter(k)}/${table.part(k)}`;
      (byPart.get(key) ?? byPart.set(key, []).get(key)!).push(k);
    }
  }
  const everyone = free;
  const bounds = model.constraints.filter((c): c is Extract<typeof c, { type: "bounds" }> => c.type === "bounds");
  const narrowedBy: Array<string[] | undefined> = slots.map(() => undefined);
  // One narrowed array per (base list, bounds that apply), so equal lists stay one array.
  const shared = new Map<number[], Map<string, number[]>>();
  const eligible = slots.map((s, i) => {
    const f = fixes.candidate[i];
    const base = f !== undefined ? [f] : model.eligibility === "any" ? everyone : (byPart.get(`${s.chapter}/${s.part}`) ?? []);
    const applying = bounds.filter((b) => s.number >= (b.from ?? 1) && s.number <= (b.to ?? Infinity));
    let list = base;
    for (const b of applying) {
      const values = table.values(b.key);
      const kept = list.filter((k) => withinBounds(values[k], b));
      if (kept.length < list.length) (narrowedBy[i] ??= []).push(describeBounds(b));
      list = kept;
    }
    if (f !== undefined || applying.length === 0) return list;
    const byBounds = shared.get(base) ?? shared.set(base, new Map()).get(base)!;
    const key = applying.map((b) => bounds.indexOf(b)).join(",");
    return byBounds.get(key) ?? byBounds.set(key, list).get(key)!;
  });
  return { eligible, narrowedBy };
}

/**
 * The pool candidates in id order (UTF-16 code units; ids are unique in a
 * pool): the engine's own string sort of the ids, mapped back to indices —
 * no comparator called per comparison.
 */
function idOrder(table: ProblemCandidates): number[] {
  const ids = table.ids;
  const sorted = ids.slice(0, table.poolSize).sort();
  const index = table.poolIndex;
  return sorted.map((id) => index.get(id)!);
}

/** Conflict pairs (candidate indices) from the model's `conflict` constraints and the pool's conflicts. */
function conflictPairs(inputs: SelectionInputs, table: ProblemCandidates, keptIndex: ReadonlyMap<string, number>): Array<[number, number]> {
  const conflicts: Array<[number, number]> = [];
  const indexOf = (id: string) => keptIndex.get(id) ?? table.poolIndex.get(id);
  inputs.model.constraints.forEach((c, i) => {
    if (c.type !== "conflict") return;
    const ks = c.ids.map((id, j) => {
      const k = indexOf(id);
      if (k === undefined) throw unknownId(inputs, id, i, `ids[${j}]`);
      return k;
    });
    for (let a = 0; a < ks.length; a++) for (let b = a + 1; b < ks.length; b++) conflicts.push([ks[a], ks[b]]);
  });
  for (const c of inputs.pool.conflicts ?? []) {
    const a = indexOf(c.ids[0]);
    const b = indexOf(c.ids[1]);
    if (a !== undefined && b !== undefined) conflicts.push([a, b]);
  }
  return conflicts;
}

/** Per slot, every usable pool candidate its eligibility admits (pins and keeps aside), plus its fixed candidate. */
function openLists(model: Model, slots: Slot[], table: ProblemCandidates, fixes: SlotFixes, excluded: ReadonlySet<number>): number[][] {
  const usable: number[] = [];
  for (let k = 0; k < table.poolSize; k++) if (!excluded.has(k)) usable.push(k);
  const byPart = new Map<string, number[]>();
  return slots.map((s, i) => {
    const key = `${s.chapter}/${s.part}`;
    const own = model.eligibility === "any" ? usable : (byPart.get(key) ?? byPart.set(key, usable.filter((k) => table.chapter(k) === s.chapter && table.part(k) === s.part)).get(key)!);
    const f = fixes.candidate[i];
    return f === undefined || own.includes(f) ? own : [...own, f];
  });
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
