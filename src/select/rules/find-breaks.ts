import { CONCEPTS_KEY } from "../../io/concepts/concepts-key.ts";
import { roundMetric } from "../../io/round-metric.ts";
import { ownNumber } from "../../io/hostile/own-key.ts";
import type { ConceptConstraint, Constraint } from "../../io/schemas/model.ts";
import { conceptBreaks, describeConceptConstraint, introductions } from "./concept-breaks.ts";

/** A shipped or chosen level as the checker sees it. */
export interface SequenceLevel {
  number: number;
  id: string;
  metrics: Record<string, number>;
  /** Its chapter: where a chapter-scoped rule (`scope: "chapter"`) stops looking back. Absent: one chapter. */
  chapter?: number;
  /** The concepts it carries (SPEC 12); absent or empty: none. */
  concepts?: readonly string[];
}

/** One broken constraint: the level where it shows, which constraint, and why. */
export interface ConstraintBreak {
  /** Level number where the break shows (the later level of a pair; each level of a run past its length). */
  level: number;
  /** The constraint as written in the model, or `unique` for a candidate used twice. */
  constraint: Constraint | { type: "unique" };
  /**
   * The values, in words, without the level: `gold 2 after 4` (a pair rule:
   * this level's value after the level before's), `reads 9 after 3: a rise of
   * 6 (at most 4)`, `bits 5.4 for the 4th level in a row (at most 3 share 5.4
   * to 0.01)`.
   */
  message: string;
  /** The values behind the message: a pair rule's [before, this level]; a run's [value, levels in a row so far]. */
  values?: number[];
  /** A concept rule's break (SPEC 12): the concepts it is about (the level's new ones, the one missing, ...). */
  concepts?: string[];
}

const EPS = 1e-9;

/**
 * The rule a break is of, as `verify` and `report` name it: `nonDecreasing(gold)`,
 * `maxRun(bits)`, `pin`, `unique`; a concept rule in full (SPEC 12): `practice 2`,
 * `introduce bell, echo`, `quota bell ≥ 2 per chapter`.
 */
export function breakRule(b: Pick<ConstraintBreak, "constraint">): string {
  const c = b.constraint;
  if (c.type === "introduce" || c.type === "introduceAt" || c.type === "maxNew" || c.type === "practice" || c.type === "quota") return describeConceptConstraint(c);
  return "key" in c ? `${c.type}(${c.key})` : c.type;
}

/** One break in one line: `level 3: gold 2 after 4 — nonDecreasing(gold)`. */
export function breakLine(b: ConstraintBreak): string {
  return `level ${b.level}: ${b.message} — ${breakRule(b)}`;
}

/** 1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, 21st. */
function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? "th" : n % 10 === 1 ? "st" : n % 10 === 2 ? "nd" : n % 10 === 3 ? "rd" : "th";
  return `${n}${suffix}`;
}

/**
 * Whether a chain constraint does not look back from `b` to `a`: it is
 * chapter-scoped and a chapter starts at `b`, or introduction-scoped and `b`
 * introduces a concept (`bIntroduces`).
 */
function restartsBetween(c: Constraint, a: SequenceLevel, b: SequenceLevel, bIntroduces: boolean): boolean {
  if (!("scope" in c)) return false;
  return (c.scope === "chapter" && a.chapter !== b.chapter) || (c.scope === "introduction" && bIntroduces);
}

/** A concept set's words: `bell, echo`, or `no concepts`. */
function setWords(concepts: readonly string[] | undefined): string {
  return concepts && concepts.length > 0 ? `concepts ${[...concepts].sort().join(", ")}` : "no concepts";
}

/**
 * Independent checker of a sequence of levels against model constraints
 * (SPEC 6), written from the constraint definitions alone (it shares no code
 * with the solvers, so tests can trust it): consecutive-level rules, runs of
 * equal buckets `floor(v / precision + 0.5)`, pins, conflicts, excludes and
 * each id at most once. A chapter-scoped chain rule (`scope: "chapter"`) is
 * not checked from a chapter's last level to the next chapter's first, and
 * its runs start afresh there. Every break is listed: each pair that breaks a
 * pair rule, and each level of a run past its length. A level that lacks a
 * key a constraint reads (as its own property: `toString` is no metric a
 * level has unless it says so) is a break of that constraint at that level.
 * Used by tests, `report` (constraint breaks) and `verify`.
 *
 * @param levels levels in shipping order (consecutive numbers are consecutive levels), with their chapters for scoped rules.
 * @param constraints the model's constraints.
 * @param options.continues more levels follow the last one (a part-by-part step): no quota's min is due at it.
 * @returns every break found, in level order (then model order); empty when the sequence is clean.
 */
export function findBreaks(levels: readonly SequenceLevel[], constraints: readonly Constraint[], options: { continues?: boolean } = {}): ConstraintBreak[] {
  const out: ConstraintBreak[] = [];
  const seen = new Map<string, number>();
  for (const l of levels) {
    const first = seen.get(l.id);
    if (first !== undefined) {
      out.push({ level: l.number, constraint: { type: "unique" }, message: `${l.id} is also level ${first}` });
    } else seen.set(l.id, l.number);
  }
  const byNumber = new Map(levels.map((l) => [l.number, l]));
  // Which levels introduce a concept, for rules scoped to introductions.
  const fresh = constraints.some((c) => "scope" in c && c.scope === "introduction") ? introductions(levels) : undefined;
  const introduces = (i: number): boolean => fresh !== undefined && fresh[i].length > 0;
  const concepts: ConceptConstraint[] = [];
  for (const c of constraints) {
    if (c.type === "introduce" || c.type === "introduceAt" || c.type === "maxNew" || c.type === "practice" || c.type === "quota") {
      concepts.push(c);
      continue;
    }
    if ("key" in c && c.key !== CONCEPTS_KEY) {
      for (const l of levels) {
        if (ownNumber(l.metrics, c.key) === undefined) out.push({ level: l.number, constraint: c, message: `level ${l.number} has no metric ${c.key} (the model's ${c.type} reads it)` });
      }
    }
    switch (c.type) {
      case "nonDecreasing":
      case "maxRise":
      case "maxDrop":
        pairBreaks(levels, c, introduces, out);
        break;
      case "maxRun":
        if (c.key === CONCEPTS_KEY) conceptRunBreaks(levels, c, introduces, out);
        else runBreaks(levels, c, introduces, out);
        break;
      case "pin": {
        const l = byNumber.get(c.level);
        if (l && l.id !== c.id) out.push({ level: c.level, constraint: c, message: `level ${c.level} is pinned to ${c.id} but holds ${l.id}` });
        break;
      }
      case "conflict":
        for (let i = 0; i < c.ids.length; i++) {
          for (let j = i + 1; j < c.ids.length; j++) {
            const a = seen.get(c.ids[i]);
            const b = seen.get(c.ids[j]);
            if (a !== undefined && b !== undefined) {
              out.push({ level: Math.max(a, b), constraint: c, message: `${c.ids[i]} (level ${a}) and ${c.ids[j]} (level ${b}) conflict` });
            }
          }
        }
        break;
      case "bounds":
        for (const l of levels) {
          if (l.number < (c.from ?? 1) || l.number > (c.to ?? Infinity)) continue;
          const v = ownNumber(l.metrics, c.key);
          if (v === undefined) continue;
          if ((c.min !== undefined && v < c.min) || (c.max !== undefined && v > c.max)) {
            out.push({ level: l.number, constraint: c, message: `${c.key} ${v} at level ${l.number} is outside its bounds (${c.min ?? "-∞"} … ${c.max ?? "∞"})` });
          }
        }
        break;
      case "exclude": {
        const at = seen.get(c.id);
        if (at !== undefined) out.push({ level: at, constraint: c, message: `${c.id} is excluded but ships as level ${at}` });
        break;
      }
    }
  }
  for (const b of conceptBreaks(levels, concepts, options)) out.push(b);
  return out.sort((x, y) => x.level - y.level);
}

/** A pair rule (`nonDecreasing`, `maxRise`, `maxDrop`): each consecutive pair it forbids, where it looks back. */
function pairBreaks(levels: readonly SequenceLevel[], c: Extract<Constraint, { type: "nonDecreasing" | "maxRise" | "maxDrop" }>, introduces: (i: number) => boolean, out: ConstraintBreak[]): void {
  for (let i = 1; i < levels.length; i++) {
    if (restartsBetween(c, levels[i - 1], levels[i], introduces(i))) continue;
    const a = ownNumber(levels[i - 1].metrics, c.key);
    const b = ownNumber(levels[i].metrics, c.key);
    if (a === undefined || b === undefined) continue; // a missing value is its own break
    const bad = c.type === "nonDecreasing" ? b < a : c.type === "maxRise" ? b - a > c.by + EPS : a - b > c.by + EPS;
    if (bad) {
      const step = c.type === "nonDecreasing" ? "" : c.type === "maxRise" ? `: a rise of ${roundMetric(b - a)} (at most ${c.by})` : `: a drop of ${roundMetric(a - b)} (at most ${c.by})`;
      out.push({ level: levels[i].number, constraint: c, message: `${c.key} ${b} after ${a}${step}`, values: [a, b] });
    }
  }
}

/** `maxRun(key, L, precision)`: each level past L in a row whose values share a bucket `floor(v / precision + 0.5)`. */
function runBreaks(levels: readonly SequenceLevel[], c: Extract<Constraint, { type: "maxRun" }>, introduces: (i: number) => boolean, out: ConstraintBreak[]): void {
  let run = 0;
  let prev: number | undefined;
  const precision = c.precision ?? 1;
  levels.forEach((l, i) => {
    const v = ownNumber(l.metrics, c.key);
    const bucket = v === undefined ? undefined : Math.floor(v / precision + 0.5);
    run = bucket !== undefined && bucket === prev && !(i > 0 && restartsBetween(c, levels[i - 1], l, introduces(i))) ? run + 1 : 1;
    prev = bucket;
    if (bucket !== undefined && v !== undefined && run > c.length) {
      const shared = roundMetric(bucket * precision);
      out.push({ level: l.number, constraint: c, message: `${c.key} ${v} for the ${ordinal(run)} level in a row (at most ${c.length} share ${shared} to ${precision})`, values: [v, run] });
    }
  });
}

/** `maxRun(concepts, L)`: each level past L in a row that carry one set of concepts (compared whole; SPEC 12). */
function conceptRunBreaks(levels: readonly SequenceLevel[], c: Extract<Constraint, { type: "maxRun" }>, introduces: (i: number) => boolean, out: ConstraintBreak[]): void {
  let run = 0;
  let prev: string | undefined;
  levels.forEach((l, i) => {
    const set = [...(l.concepts ?? [])].sort().join(";");
    run = set === prev && !(i > 0 && restartsBetween(c, levels[i - 1], l, introduces(i))) ? run + 1 : 1;
    prev = set;
    if (run > c.length) {
      out.push({ level: l.number, constraint: c, message: `${setWords(l.concepts)} for the ${ordinal(run)} level in a row (at most ${c.length} in a row carry one set)`, concepts: [...(l.concepts ?? [])] });
    }
  });
}
