import type { Rng } from "../../src/random/create-rng.ts";
import type { ChainConstraint, SelectionProblem } from "../../src/select/problem/selection-problem.ts";
import { scopeByChapter } from "./random-problem.ts";

/** Options of the heavily tied random instances (issue: exact selection that survives ties). */
export interface TiedProblemOptions {
  any?: boolean;
  /** maxRise on the primary key and maxDrop/maxRise on others. */
  steps?: boolean;
  pins?: boolean;
  excludes?: boolean;
  /** Fix a prefix, as --keep-until does. */
  keeps?: boolean;
  conflicts?: boolean;
  /** Parts in chapters and chain rules chapter-scoped at random ({@link scopeByChapter}). */
  chapters?: boolean;
}

const pickOne = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)];

/**
 * A small chain-shaped problem whose metrics are small integers with many
 * duplicates: v ∈ 0..3 (non-decreasing, the primary maxRun key, usually the
 * ramp metric), g ∈ 0..2, d ∈ 0..2; maxRun precision 1 or 2 (so a run may
 * hold different values); sometimes a second maxRun, evenness on v or on g,
 * L1/L2/Linf. Ids are random letters, so id order is not pool order.
 */
export function randomTiedProblem(rng: Rng, o: TiedProblemOptions = {}): SelectionProblem {
  const parts = 1 + Math.floor(rng() * 2);
  const slots: SelectionProblem["slots"] = [];
  let target = Math.floor(rng() * 2);
  for (let p = 1; p <= parts; p++) {
    const n = 1 + Math.floor(rng() * (o.any ? 3 : 2)) + (parts === 1 ? 1 : 0);
    for (let k = 0; k < n; k++) {
      slots.push({ number: slots.length + 1, chapter: 1, part: p, target });
      target += pickOne(rng, [0, 0.5, 1]);
    }
  }
  const candidates: SelectionProblem["candidates"] = [];
  const byPart = new Map<number, number[]>();
  const limit = o.any ? 8 : 5;
  for (let p = 1; p <= parts; p++) {
    const count = Math.min(limit, slots.filter((s) => s.part === p).length + 1 + Math.floor(rng() * 3));
    for (let k = 0; k < count; k++) {
      const id = `${String.fromCharCode(97 + Math.floor(rng() * 26))}${String.fromCharCode(97 + Math.floor(rng() * 26))}${candidates.length}`;
      candidates.push({ id, chapter: 1, part: p, metrics: { v: Math.min(3, p - 1 + Math.floor(rng() * 3)), g: Math.floor(rng() * 3), d: Math.floor(rng() * 3) } });
      (byPart.get(p) ?? byPart.set(p, []).get(p)!).push(candidates.length - 1);
    }
  }
  const chain: ChainConstraint[] = [{ type: "nonDecreasing", key: "v" }];
  if (rng() < 0.4) chain.push({ type: "nonDecreasing", key: "g" });
  if (o.steps) {
    if (rng() < 0.6) chain.push({ type: "maxRise", key: "v", by: pickOne(rng, [1, 2]) });
    chain.push({ type: pickOne(rng, ["maxDrop", "maxRise"] as const), key: "d", by: pickOne(rng, [0, 1]) });
  }
  chain.push({ type: "maxRun", key: "v", length: pickOne(rng, [1, 2, 3, 3]), precision: pickOne(rng, [1, 1, 2]) });
  if (rng() < 0.25) chain.push({ type: "maxRun", key: pickOne(rng, ["g", "d"]), length: pickOne(rng, [1, 2]), precision: 1 });
  const byId = (a: number, b: number) => (candidates[a].id < candidates[b].id ? -1 : 1);
  const all = candidates.map((_, i) => i).sort(byId);
  let eligible = slots.map((s) => (o.any ? all : byPart.get(s.part)!.slice().sort(byId)));
  const fixed: SelectionProblem["fixed"] = slots.map(() => undefined);
  const take = (s: number, c: number, kind: "pin" | "keep") => {
    eligible = eligible.map((e, j) => (j === s ? [c] : e.filter((x) => x !== c)));
    fixed[s] = { kind, source: kind === "pin" ? "model constraints[0]" : "--keep-until" };
  };
  if (o.excludes) {
    const gone = new Set(all.filter(() => rng() < 0.2));
    eligible = eligible.map((e) => e.filter((c) => !gone.has(c)));
  }
  if (o.keeps && slots.length > 1) {
    const upTo = 1 + Math.floor(rng() * (slots.length - 1));
    for (let s = 0; s < upTo; s++) if (eligible[s].length) take(s, pickOne(rng, eligible[s]), "keep");
  }
  if (o.pins) {
    const s = Math.floor(rng() * slots.length);
    if (!fixed[s] && eligible[s].length) take(s, pickOne(rng, eligible[s]), "pin");
  }
  const conflicts: Array<[number, number]> = [];
  if (o.conflicts) {
    for (let k = 0; k < 2; k++) {
      const a = Math.floor(rng() * candidates.length);
      const b = Math.floor(rng() * candidates.length);
      if (a !== b) conflicts.push([a, b]);
    }
  }
  if (o.chapters) scopeByChapter(rng, slots, candidates, chain);
  const norm = pickOne(rng, ["L1", "L1", "L2", "Linf"] as const);
  const evenness = norm === "Linf" ? 0 : pickOne(rng, [0, 0, 0.5, 1]);
  const metric = evenness > 0 && rng() < 0.3 ? "g" : "v";
  return { metric, slots, candidates, eligible, chain, conflicts, objective: { norm, evenness }, fixed };
}
