import { candidateValues } from "./candidate-columns.ts";
import type { SelectionProblem } from "./selection-problem.ts";

/**
 * The objective's pieces (SPEC 6): a cost per (slot, candidate) — |v − t| for
 * L1 and Linf, (v − t)² for L2 — and an evenness cost per step,
 * λ·|(v_next − v) − (t_next − t)|. L1/L2 add the pieces; Linf takes the
 * largest slot cost (evenness is not combined with Linf).
 */
export class Objective {
  readonly norm: "L1" | "L2" | "Linf";
  readonly evenness: number;
  private readonly values: Float64Array;
  private readonly targets: Float64Array;

  constructor(problem: Pick<SelectionProblem, "metric" | "candidates" | "slots" | "objective">) {
    this.norm = problem.objective.norm;
    this.evenness = problem.objective.evenness;
    this.values = candidateValues(problem, problem.metric);
    this.targets = new Float64Array(problem.slots.length);
    for (let i = 0; i < problem.slots.length; i++) this.targets[i] = problem.slots[i].target;
  }

  /** Value of the ramp metric for a candidate. */
  value(candidate: number): number {
    return this.values[candidate];
  }

  /** Cost of putting `candidate` in slot `slot`. */
  slotCost(slot: number, candidate: number): number {
    const d = this.values[candidate] - this.targets[slot];
    return this.norm === "L2" ? d * d : Math.abs(d);
  }

  /**
   * {@link slotCost} of slot `slot` for each candidate of `candidates`, written to `out` from
   * index `at` on (one call per slot rather than one per pair: a cold process runs the loop in
   * optimised code sooner).
   */
  slotCosts(slot: number, candidates: ArrayLike<number>, out: Float64Array, at: number): void {
    const t = this.targets[slot];
    const values = this.values;
    const l2 = this.norm === "L2";
    for (let k = 0; k < candidates.length; k++) {
      const d = values[candidates[k]] - t;
      out[at + k] = l2 ? d * d : Math.abs(d);
    }
  }

  /** Evenness cost of the step from slot `slot` (candidate `a`) to slot `slot + 1` (candidate `b`). */
  stepCost(slot: number, a: number, b: number): number {
    if (this.evenness === 0) return 0;
    const dv = this.values[b] - this.values[a];
    const dt = this.targets[slot + 1] - this.targets[slot];
    return this.evenness * Math.abs(dv - dt);
  }

  /** Combines an accumulated objective with a further cost (sum, or max for Linf). */
  combine(acc: number, cost: number): number {
    return this.norm === "Linf" ? Math.max(acc, cost) : acc + cost;
  }

  /** Objective of a whole sequence of picks (one candidate per slot), summed in slot order. */
  total(picks: readonly number[]): number {
    let acc = 0;
    for (let s = 0; s < picks.length; s++) {
      acc = this.combine(acc, this.slotCost(s, picks[s]));
      if (s > 0) acc = this.combine(acc, this.stepCost(s - 1, picks[s - 1], picks[s]));
    }
    return acc;
  }
}

/** Two objectives are equal when within 1e-9 relative to max(1, |best|): the tie rule all solvers share. */
export function objectiveTolerance(best: number): number {
  return 1e-9 * Math.max(1, Math.abs(best));
}

const cache = new WeakMap<object, Objective>();

/** The objective of a problem, built once per problem object. */
export function objectiveOf(problem: Pick<SelectionProblem, "metric" | "candidates" | "slots" | "objective">): Objective {
  let o = cache.get(problem);
  if (!o) cache.set(problem, (o = new Objective(problem)));
  return o;
}
