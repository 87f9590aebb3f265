import type { ConceptConstraint } from "../../src/io/schemas/model.ts";
import type { Rng } from "../../src/random/create-rng.ts";
import type { SelectionProblem } from "../../src/select/problem/selection-problem.ts";
import { randomProblem, scopeByChapter, type RandomProblemOptions } from "./random-problem.ts";
import { randomTiedProblem } from "./random-tied-problem.ts";

/** Which concept rules a random instance may draw (each with its own chance), and how its concepts fall. */
export interface RandomConceptOptions extends RandomProblemOptions {
  /** An `introduce` order over every concept present (the dp's shape) rather than over some. */
  fullOrder?: boolean;
  /**
   * Start from a heavily tied instance ({@link randomTiedProblem}: small
   * integer metrics, many equal candidates) and give concepts from a small
   * palette of sets, so classes of several members carry one set.
   */
  tied?: boolean;
}

const pickOne = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)];

/**
 * A random small selection problem (see {@link randomProblem}) whose
 * candidates carry concepts from 2–4 names — later parts carry more of them,
 * so introductions come in the order a designer would expect more often than
 * not — and whose model draws concept rules at random: an `introduce` order
 * (over every concept with `fullOrder`), `introduceAt`, `maxNew`, `practice`,
 * `quota` (game or chapter), `maxRun(concepts)`, and chain rules scoped to
 * introductions.
 */
export function randomConceptProblem(rng: Rng, o: RandomConceptOptions = {}): SelectionProblem {
  const problem = o.tied ? randomTiedProblem(rng, { any: o.any, steps: true, pins: o.pins, keeps: o.keepPrefix }) : randomProblem(rng, { ...o, chapters: false });
  if (o.chapters) scopeByChapter(rng, problem.slots, problem.candidates, []);
  const names = ["a", "b", "c", "d"].slice(0, 2 + Math.floor(rng() * 3));
  const parts = Math.max(...problem.slots.map((s) => s.part));
  const palette = [[], [names[0]], [names[0]], names.slice(0, 2), [names[1]]];
  for (const c of problem.candidates) {
    const reach = (c.part / parts) * names.length;
    const carried = o.tied ? pickOne(rng, palette) : names.filter((_, j) => j < reach && rng() < (j + 1 <= reach ? 0.55 : 0.3));
    if (carried.length > 0) c.concepts = carried;
  }
  const rules: ConceptConstraint[] = [];
  const shuffled = names.slice().sort(() => rng() - 0.5);
  if (o.fullOrder || rng() < 0.5) {
    const inOrder = rng() < 0.75 ? names.slice() : shuffled;
    rules.push({ type: "introduce", order: o.fullOrder ? inOrder : inOrder.slice(0, 2 + Math.floor(rng() * (inOrder.length - 1))) });
  }
  const S = problem.slots.length;
  if (rng() < 0.3) {
    const from = 1 + Math.floor(rng() * S);
    const w = pickOne(rng, ["from", "to", "both"] as const);
    const to = from + Math.floor(rng() * 3);
    rules.push({ type: "introduceAt", concept: pickOne(rng, names), ...(w !== "to" ? { from } : {}), ...(w !== "from" ? { to } : {}) });
  }
  if (rng() < 0.35) rules.push({ type: "maxNew", by: pickOne(rng, [1, 2]) });
  if (rng() < 0.4) rules.push({ type: "practice", levels: pickOne(rng, [1, 1, 2]) });
  if (rng() < 0.35) {
    const min = pickOne(rng, [0, 1, 1, 2]);
    const max = rng() < 0.5 ? undefined : min + 1 + Math.floor(rng() * 3);
    rules.push({ type: "quota", concept: pickOne(rng, names), ...(min > 0 || max === undefined ? { min: Math.max(min, max === undefined ? 1 : 0) } : {}), ...(max !== undefined ? { max } : {}), ...(rng() < 0.4 ? { scope: "chapter" as const } : {}) });
  }
  if (rng() < 0.3) problem.chain.push({ type: "maxRun", key: "concepts", length: pickOne(rng, [1, 2, 3]) });
  for (const c of problem.chain) if (c.key !== "concepts" && rng() < 0.2) c.scope = "introduction";
  if (rules.length > 0) problem.conceptConstraints = rules;
  return problem;
}

/**
 * A small instance whose candidates tie on every metric in a few values and
 * carry concept sets of which {b, c} and {a, b, c} behave alike under its
 * rules — an introduce order a, b, c and maxNew 1 (neither set may come
 * before b is introduced, both bring c then), sometimes practice 1 — so
 * candidate classes merge different sets: 4–6 levels aiming up a ramp,
 * every candidate eligible everywhere, values never falling with runs of at
 * most 2 or 3. Small enough for brute force (at most 7^5 sequences).
 */
export function alikeConceptProblem(rng: Rng): SelectionProblem {
  const S = 4 + Math.floor(rng() * 2);
  const slots = Array.from({ length: S }, (_, i) => ({ number: i + 1, chapter: 1, part: 1, target: Math.round(i * 0.8 * 10) / 10 }));
  // Sets and the values they come with: later ideas on harder levels, as a designer's pool has them.
  const palette: Array<[string[], number]> = [[[], 0], [["a"], 0], [["b"], 1], [["a", "b"], 1], [["b", "c"], 2], [["a", "b", "c"], 2]];
  const candidates: SelectionProblem["candidates"] = [];
  for (let k = 0, n = S + 2; k < n; k++) {
    const id = `${String.fromCharCode(97 + Math.floor(rng() * 26))}${k}`;
    const [concepts, base] = pickOne(rng, palette);
    candidates.push({ id, chapter: 1, part: 1, metrics: { v: base + Math.floor(rng() * 2) }, ...(concepts.length ? { concepts } : {}) });
  }
  const all = candidates.map((_, k) => k).sort((x, y) => (candidates[x].id < candidates[y].id ? -1 : 1));
  const conceptConstraints: ConceptConstraint[] = [{ type: "introduce", order: ["a", "b", "c"] }, { type: "maxNew", by: 1 }];
  if (rng() < 0.3) conceptConstraints.push({ type: "practice", levels: 1 });
  return {
    metric: "v",
    slots,
    candidates,
    eligible: slots.map(() => all),
    chain: [{ type: "nonDecreasing", key: "v" }, { type: "maxRun", key: "v", length: pickOne(rng, [2, 3]), precision: 1 }],
    conceptConstraints,
    conflicts: [],
    objective: { norm: pickOne(rng, ["L1", "L2"] as const), evenness: 0 },
    fixed: slots.map(() => undefined),
  };
}
