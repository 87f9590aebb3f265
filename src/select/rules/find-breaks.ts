import type { Constraint } from "../../io/schemas/model.ts";

/** A shipped or chosen level as the checker sees it. */
export interface SequenceLevel {
  number: number;
  id: string;
  metrics: Record<string, number>;
}

/** One broken constraint: the level where it shows, which constraint, and why. */
export interface ConstraintBreak {
  /** Level number where the break shows (the later level of a pair; the last level of a run). */
  level: number;
  /** The constraint as written in the model, or `unique` for a candidate used twice. */
  constraint: Constraint | { type: "unique" };
  message: string;
}

const EPS = 1e-9;

/**
 * Independent checker of a sequence of levels against model constraints
 * (SPEC 6), written from the constraint definitions alone (it shares no code
 * with the solvers, so tests can trust it): consecutive-level rules, runs of
 * equal buckets `floor(v / precision + 0.5)`, pins, conflicts, excludes and
 * each id at most once. Used by tests, `report` (constraint breaks) and `verify`.
 *
 * @param levels levels in shipping order (consecutive numbers are consecutive levels).
 * @param constraints the model's constraints.
 * @returns every break found, in level order; empty when the sequence is clean.
 */
export function findBreaks(levels: readonly SequenceLevel[], constraints: readonly Constraint[]): ConstraintBreak[] {
  const out: ConstraintBreak[] = [];
  const seen = new Map<string, number>();
  for (const l of levels) {
    const first = seen.get(l.id);
    if (first !== undefined) {
      out.push({ level: l.number, constraint: { type: "unique" }, message: `${l.id} is also level ${first}` });
    } else seen.set(l.id, l.number);
  }
  const byNumber = new Map(levels.map((l) => [l.number, l]));
  for (const c of constraints) {
    switch (c.type) {
      case "nonDecreasing":
      case "maxRise":
      case "maxDrop":
        for (let i = 1; i < levels.length; i++) {
          const a = levels[i - 1].metrics[c.key];
          const b = levels[i].metrics[c.key];
          const bad =
            c.type === "nonDecreasing" ? b < a : c.type === "maxRise" ? b - a > c.by + EPS : a - b > c.by + EPS;
          if (bad) {
            const rule = c.type === "nonDecreasing" ? "falls" : c.type === "maxRise" ? `rises by more than ${c.by}` : `drops by more than ${c.by}`;
            out.push({ level: levels[i].number, constraint: c, message: `${c.key} ${rule}: ${a} at level ${levels[i - 1].number}, ${b} at level ${levels[i].number}` });
          }
        }
        break;
      case "maxRun": {
        let run = 0;
        let prev: number | undefined;
        for (const l of levels) {
          const bucket = Math.floor(l.metrics[c.key] / c.precision + 0.5);
          run = bucket === prev ? run + 1 : 1;
          prev = bucket;
          if (run === c.length + 1) {
            out.push({ level: l.number, constraint: c, message: `more than ${c.length} levels in a row share ${c.key} ≈ ${bucket * c.precision} (to ${c.precision})` });
          }
        }
        break;
      }
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
          const v = l.metrics[c.key];
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
  return out.sort((x, y) => x.level - y.level);
}
