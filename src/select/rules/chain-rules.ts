import { candidateValues } from "../problem/candidate-columns.ts";
import type { ChainConstraint, SelectionProblem } from "../problem/selection-problem.ts";

/** Tolerance of `maxRise`/`maxDrop` comparisons: stored values have 6 decimals (SPEC 2). */
export const STEP_TOLERANCE = 1e-9;

/** A `maxRun` constraint with each candidate's bucket precomputed. */
export interface RunRule {
  constraint: Extract<ChainConstraint, { type: "maxRun" }>;
  /** Index of the constraint in `problem.chain`. */
  index: number;
  length: number;
  /** Bucket of every candidate: `floor(v / precision + 0.5)` (SPEC 2); for key `concepts`, its concept set id. */
  bucket: Float64Array;
  /** `scope: "chapter"`: the run starts afresh at a chapter's first level. */
  scoped: boolean;
  /** `scope: "introduction"`: the run starts afresh at a level that introduces a concept (SPEC 12). */
  introScoped: boolean;
}

/** A pairwise rule between consecutive levels with its key's values precomputed. */
export interface PairRule {
  constraint: ChainConstraint;
  index: number;
  values: Float64Array;
  /** `scope: "chapter"`: the rule does not hold between a chapter's last level and the next chapter's first. */
  scoped: boolean;
  /** `scope: "introduction"`: the rule does not look back from a level that introduces a concept (SPEC 12). */
  introScoped: boolean;
}

/** Whether a chain constraint holds only inside a chapter (`scope: "chapter"`, SPEC 6). */
export function isChapterScoped(c: ChainConstraint): boolean {
  return c.scope === "chapter";
}

/** Whether a chain constraint restarts at levels that introduce a concept (`scope: "introduction"`, SPEC 12). */
export function isIntroductionScoped(c: ChainConstraint): boolean {
  return c.scope === "introduction";
}

/**
 * Per slot, 1 where a chapter starts after an earlier slot (the slot's chapter
 * differs from the one before): there a chapter-scoped rule does not look
 * back. Slot 0 is never a start (nothing comes before it).
 */
export function chapterStarts(slots: ReadonlyArray<{ chapter: number }>): Uint8Array {
  const out = new Uint8Array(slots.length);
  for (let s = 1; s < slots.length; s++) if (slots[s].chapter !== slots[s - 1].chapter) out[s] = 1;
  return out;
}

/**
 * The chain constraints of a problem compiled for fast checks: pairwise rules
 * (`nonDecreasing`, `maxRise`, `maxDrop`) between consecutive picks, and run
 * rules (`maxRun`) with buckets per candidate.
 */
export class ChainRules {
  readonly pairRules: PairRule[] = [];
  readonly runRules: RunRule[] = [];

  private readonly values = new Map<string, Float64Array>();

  constructor(private readonly problem: Pick<SelectionProblem, "chain" | "candidates">) {
    const valuesOf = (key: string) => this.valuesOf(key);
    problem.chain.forEach((constraint, index) => {
      const scoped = isChapterScoped(constraint);
      const introScoped = isIntroductionScoped(constraint);
      if (constraint.type === "maxRun") {
        const v = valuesOf(constraint.key);
        const n = v.length;
        const bucket = new Float64Array(n);
        // Key `concepts` reads set ids, compared whole (no precision).
        const precision = constraint.precision ?? 1;
        for (let i = 0; i < n; i++) bucket[i] = Math.floor(v[i] / precision + 0.5);
        this.runRules.push({ constraint, index, length: constraint.length, bucket, scoped, introScoped });
      } else {
        this.pairRules.push({ constraint, index, values: valuesOf(constraint.key), scoped, introScoped });
      }
    });
    this.scoped = problem.chain.some(isChapterScoped);
    this.introScoped = problem.chain.some(isIntroductionScoped);
  }

  /** Whether some chain rule is chapter-scoped (`scope: "chapter"`). */
  readonly scoped: boolean;
  /** Whether some chain rule restarts at introductions (`scope: "introduction"`, SPEC 12). */
  readonly introScoped: boolean;
  /** Every candidate's value of a metric key (computed once per key). */
  valuesOf(key: string): Float64Array {
    let out = this.values.get(key);
    if (!out) this.values.set(key, (out = candidateValues(this.problem, key)));
    return out;
  }

  /**
   * Whether candidate `b` may follow candidate `a` under every pairwise rule;
   * at a chapter start (`restart`), chapter-scoped rules do not apply; at a
   * level that introduces a concept (`intro`), introduction-scoped ones do not.
   */
  pairOk(a: number, b: number, restart = false, intro = false): boolean {
    for (const r of this.pairRules) if (!((restart && r.scoped) || (intro && r.introScoped)) && !pairRuleOk(r, a, b)) return false;
    return true;
  }

  /** Whether `b` may follow `a` under the pairwise rules scoped to introductions (at a level that introduces nothing). */
  introPairOk(a: number, b: number): boolean {
    for (const r of this.pairRules) if (r.introScoped && !pairRuleOk(r, a, b)) return false;
    return true;
  }

  /**
   * Whether `b` may follow `a` under every pairwise rule whose key is not `key` (with
   * `restart`, chapter-scoped rules lifted, as at a chapter start; with `intro`, those
   * scoped to introductions).
   */
  pairOkExcept(key: string, a: number, b: number, restart = false, intro = false): boolean {
    for (const r of this.pairRules) if (r.constraint.key !== key && !((restart && r.scoped) || (intro && r.introScoped)) && !pairRuleOk(r, a, b)) return false;
    return true;
  }

  /** Whether one pairwise constraint of the problem lets `b` follow `a` (true for run rules, and for a scoped rule where it restarts). */
  pairRuleAllows(constraint: ChainConstraint, a: number, b: number, restart = false, intro = false): boolean {
    const r = this.pairRules.find((x) => x.constraint === constraint);
    return r && !((restart && r.scoped) || (intro && r.introScoped)) ? pairRuleOk(r, a, b) : true;
  }

  /** The first pairwise rule (in model order) that forbids `b` after `a`, or undefined. */
  pairViolation(a: number, b: number, restart = false, intro = false): ChainConstraint | undefined {
    for (const r of this.pairRules) if (!((restart && r.scoped) || (intro && r.introScoped)) && !pairRuleOk(r, a, b)) return r.constraint;
    return undefined;
  }
}

function pairRuleOk(r: PairRule, a: number, b: number): boolean {
  const va = r.values[a];
  const vb = r.values[b];
  switch (r.constraint.type) {
    case "nonDecreasing":
      return vb >= va;
    case "maxRise":
      return vb - va <= r.constraint.by + STEP_TOLERANCE;
    case "maxDrop":
      return va - vb <= r.constraint.by + STEP_TOLERANCE;
    default:
      return true;
  }
}

/**
 * Human name of a constraint, e.g. `maxRise(reads, 4)`; a scoped one ends in
 * its scope (`nonDecreasing(gold, chapter)`, `nonDecreasing(gold, introduction)`);
 * a run of concept sets has no precision (`maxRun(concepts, 3)`).
 */
export function describeConstraint(c: ChainConstraint): string {
  const scope = isChapterScoped(c) ? ", chapter" : isIntroductionScoped(c) ? ", introduction" : "";
  switch (c.type) {
    case "nonDecreasing":
      return `nonDecreasing(${c.key}${scope})`;
    case "maxRise":
      return `maxRise(${c.key}, ${c.by}${scope})`;
    case "maxDrop":
      return `maxDrop(${c.key}, ${c.by}${scope})`;
    case "maxRun":
      return c.precision === undefined ? `maxRun(${c.key}, ${c.length}${scope})` : `maxRun(${c.key}, ${c.length}, ${c.precision}${scope})`;
  }
}

const cache = new WeakMap<object, ChainRules>();

/** The compiled chain rules of a problem, built once per problem object (dp runs reuse them). */
export function chainRulesOf(problem: Pick<SelectionProblem, "chain" | "candidates">): ChainRules {
  let r = cache.get(problem);
  if (!r) cache.set(problem, (r = new ChainRules(problem)));
  return r;
}
