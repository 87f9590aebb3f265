import type { Rng } from "../../src/random/create-rng.ts";
import type { ChainConstraint, SelectionProblem } from "../../src/select/problem/selection-problem.ts";

/** Options of the random small instances of the differential tests. */
export interface RandomProblemOptions {
  /** Force a chain-shaped model (maxRun on a nonDecreasing key). */
  chainShaped?: boolean;
  conflicts?: boolean;
  pins?: boolean;
  /** Fix a prefix, as --keep-until does. */
  keepPrefix?: boolean;
  any?: boolean;
  /**
   * Parts fall in chapters (a new chapter at some part starts) and each chain
   * rule is chapter-scoped (`scope: "chapter"`) with probability 1/2.
   */
  chapters?: boolean;
}

/**
 * Sequences brute force visits at most on a problem: the product of the slots' eligible lists
 * (it enumerates every assignment of distinct eligible candidates, feasible or not).
 */
export const searchSpace = (p: SelectionProblem): number => p.eligible.reduce((n, list) => n * list.length, 1);

/**
 * The largest {@link searchSpace} the differential loops hand to brute force. The random draws
 * have a long tail: a few eligibility-"any" instances of 100,000 to 1,800,000 sequences took
 * 1-11 s of brute force each, most of those loops' time, while every other instance takes
 * milliseconds. The loops draw another instance in their place (and count them, so they stay few).
 */
export const BRUTE_FORCE_SPACE = 50_000;

const pickOne = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)];

/**
 * A random small selection problem with values on a coarse grid (two decimals)
 * so ties are common, including ties on non-decreasing keys that a maxDrop must
 * order.
 */
export function randomProblem(rng: Rng, o: RandomProblemOptions = {}): SelectionProblem {
  const parts = 1 + Math.floor(rng() * 3);
  const slots: SelectionProblem["slots"] = [];
  let target = Math.round(rng() * 100) / 100;
  for (let p = 1; p <= parts; p++) {
    const n = 1 + Math.floor(rng() * 2);
    for (let k = 0; k < n; k++) {
      slots.push({ number: slots.length + 1, chapter: 1, part: p, target });
      target = Math.round((target + rng() * 0.8) * 100) / 100;
    }
  }
  const candidates: SelectionProblem["candidates"] = [];
  const byPart = new Map<number, number[]>();
  for (let p = 1; p <= parts; p++) {
    const count = slots.filter((s) => s.part === p).length + Math.floor(rng() * 3);
    for (let k = 0; k < count; k++) {
      const base = (p - 1) * 0.6;
      const id = `c${p}-${String.fromCharCode(97 + Math.floor(rng() * 26))}${candidates.length}`;
      candidates.push({
        id,
        chapter: 1,
        part: p,
        metrics: {
          v: Math.round((base + Math.floor(rng() * 4) * 0.25) * 100) / 100,
          g: Math.floor(rng() * 2) + (p > 2 ? 1 : 0),
          d: Math.floor(rng() * 4),
        },
      });
      (byPart.get(p) ?? byPart.set(p, []).get(p)!).push(candidates.length - 1);
    }
  }
  const chain: ChainConstraint[] = [];
  const ndKey = pickOne(rng, ["v", "g"] as const);
  if (o.chainShaped || rng() < 0.7) chain.push({ type: "nonDecreasing", key: ndKey });
  if (rng() < 0.5) chain.push({ type: "nonDecreasing", key: ndKey === "v" ? "g" : "v" });
  if (rng() < 0.6) chain.push({ type: "maxDrop", key: "d", by: pickOne(rng, [0, 1]) });
  if (rng() < 0.4) chain.push({ type: "maxRise", key: "v", by: pickOne(rng, [0.25, 0.5, 1]) });
  if (o.chainShaped) chain.push({ type: "maxRun", key: ndKey, length: pickOne(rng, [1, 2, 3]), precision: pickOne(rng, [0.01, 0.5, 1]) });
  else if (rng() < 0.6) chain.push({ type: "maxRun", key: pickOne(rng, ["v", "g", "d"]), length: pickOne(rng, [1, 2, 3]), precision: pickOne(rng, [0.01, 0.5, 1]) });
  const byId = (a: number, b: number) => (candidates[a].id < candidates[b].id ? -1 : 1);
  const all = candidates.map((_, i) => i).sort(byId);
  const eligible = slots.map((s) => (o.any ? all : byPart.get(s.part)!.slice().sort(byId)));
  const fixed: SelectionProblem["fixed"] = slots.map(() => undefined);
  const take = (s: number, c: number, kind: "pin" | "keep") => {
    eligible.forEach((e, j) => (eligible[j] = j === s ? [c] : e.filter((x) => x !== c)));
    fixed[s] = { kind, source: kind === "pin" ? "model constraints[0]" : "--keep-until" };
  };
  if (o.keepPrefix && slots.length > 1) {
    const upTo = 1 + Math.floor(rng() * (slots.length - 1));
    for (let s = 0; s < upTo; s++) {
      const options = eligible[s].filter((c) => !fixed.some((f, j) => f && eligible[j][0] === c));
      if (options.length) take(s, pickOne(rng, options), "keep");
    }
  }
  if (o.pins && rng() < 0.8) {
    const s = Math.floor(rng() * slots.length);
    if (!fixed[s] && eligible[s].length) take(s, pickOne(rng, eligible[s]), "pin");
  }
  const conflicts: Array<[number, number]> = [];
  if (o.conflicts) {
    const k = 1 + Math.floor(rng() * 3);
    for (let i = 0; i < k; i++) {
      const a = Math.floor(rng() * candidates.length);
      const b = Math.floor(rng() * candidates.length);
      if (a !== b) conflicts.push([a, b]);
    }
  }
  if (o.chapters) scopeByChapter(rng, slots, candidates, chain);
  const norm = pickOne(rng, ["L1", "L2", "Linf"] as const);
  const evenness = norm === "Linf" ? 0 : pickOne(rng, [0, 0, 0.5, 1.25]);
  return { metric: "v", slots, candidates, eligible, chain, conflicts, objective: { norm, evenness }, fixed };
}

/** Puts parts into chapters (part 1 in chapter 1; each later part starts a new chapter with probability 2/3) and scopes rules at random. */
export function scopeByChapter(rng: Rng, slots: SelectionProblem["slots"], candidates: SelectionProblem["candidates"], chain: ChainConstraint[]): void {
  const parts = Math.max(...slots.map((s) => s.part));
  const chapterOf = [0, 1];
  for (let p = 2; p <= parts; p++) chapterOf.push(chapterOf[p - 1] + (rng() < 2 / 3 ? 1 : 0));
  for (const s of slots) s.chapter = chapterOf[s.part];
  for (const c of candidates) c.chapter = chapterOf[c.part];
  for (const c of chain) if (rng() < 0.5) c.scope = "chapter";
}
