import type { ConceptConstraint, Constraint } from "../../io/schemas/model.ts";

/** A planned level the selection fills (SPEC 6): global number, chapter, part/tier, ramp target. */
export interface Slot {
  /** Global level number (1-based, SPEC 2). */
  number: number;
  chapter: number;
  /** Part (Carillon) or tier (Apsis). */
  part: number;
  /** Ramp target at `number`, in the model metric's unit. */
  target: number;
}

/** A candidate as the selection sees it: metrics and concepts only (the engine knows no game). */
export interface SelectionCandidate {
  id: string;
  chapter: number;
  part: number;
  metrics: Record<string, number>;
  /** The concepts it carries (SPEC 12): distinct names; absent or empty: none. */
  concepts?: readonly string[];
}

/** A constraint between consecutive levels (SPEC 6). */
export type ChainConstraint = Extract<Constraint, { type: "nonDecreasing" | "maxRise" | "maxDrop" | "maxRun" }>;

/** Why a slot holds one candidate only. */
export interface SlotFix {
  kind: "pin" | "keep" | "composed";
  /** Where it came from, e.g. `model constraints[4]` or `--keep 1-40`. */
  source: string;
}

/**
 * The selection model compiled for the solvers (SPEC 6): choose exactly one
 * eligible candidate per slot, each candidate at most once, consecutive slots
 * meeting every chain constraint, no conflict pair both chosen, minimising the
 * objective. Candidates in `eligible` are listed in id order.
 */
export interface SelectionProblem {
  /** The metric the ramp is about (`value` of a candidate). */
  metric: string;
  slots: Slot[];
  candidates: SelectionCandidate[];
  /** Per slot, the indices (into `candidates`) eligible there, sorted by id. */
  eligible: number[][];
  chain: ChainConstraint[];
  /**
   * The model's concept constraints (SPEC 12: introduce, introduceAt, maxNew,
   * practice, quota), in model order; absent: none. Concepts count from the
   * first slot: levels chosen earlier (a build's earlier parts, kept
   * chapters, `--keep`) are fixed slots and count; levels before the first
   * slot (chapters not selected) are not seen.
   */
  conceptConstraints?: ConceptConstraint[];
  /**
   * More levels follow the last slot (a part-by-part selection's step,
   * `extendSelection`): a quota's `min` is not due at the last slot (its
   * chapter, or the game, goes on), and an `introduceAt` deadline past it waits.
   */
  openEnd?: boolean;
  /** Pairs of candidate indices that may not both be chosen. */
  conflicts: Array<[number, number]>;
  objective: { norm: "L1" | "L2" | "Linf"; evenness: number };
  /** Per slot, why it is fixed to one candidate (pins, keeps, composed levels), if it is. */
  fixed: Array<SlotFix | undefined>;
  /**
   * Per slot, the `bounds` constraints that removed candidates there (for the
   * diagnosis when a slot has none left), e.g. `bounds(goal ≥ 3, levels 14..)`.
   */
  narrowedBy?: Array<string[] | undefined>;
}

/**
 * What a selection knows about its answer (SPEC 6): `optimal` — proven (the
 * dp, or a MILP that finished); `feasible` — a valid answer not proven optimal
 * (a time-limited MILP's incumbent, a `--min-moves` answer within its
 * tolerance, a part-by-part selection); `infeasible` — proven to have no
 * answer (with a diagnosis); `unknown` — a limit was reached with no answer.
 */
export type SelectionStatus = "optimal" | "feasible" | "infeasible" | "unknown";

/** A solver's answer: one candidate index per slot. */
export interface Selection {
  /** Candidate index chosen for each slot. */
  picks: number[];
  /** Objective value (SPEC 6), computed exactly from the picks. */
  objective: number;
  /** `optimal` (proven) or `feasible` (valid, not proven); no answer is an error ({@link SelectionNoAnswer}). */
  status: "optimal" | "feasible";
  /** For compatibility: true exactly when `status` is `optimal`. */
  optimal: boolean;
  /** A proven lower bound on the optimum (objective units), for a `feasible` answer when known. */
  bound?: number;
  /** (objective − bound) / objective; 0 when the objective is 0. */
  gap?: number;
  /** `--min-moves`: the optimum and the tolerance this answer is within. */
  optimum?: number;
  tolerance?: number;
  /** Why a `feasible` answer is not proven optimal, e.g. `HiGHS time limit`. */
  note?: string;
  /** Which solver answered: `dp`, `milp`, `highs`, `brute-force`. */
  solver: string;
  /** Work counters (states, classes, candidates, slots, solveMs, branches, solves). */
  stats: Record<string, number>;
}

/** A selection with `optimal` derived from `status` (the only way `optimal` is set). */
export function makeSelection(s: Omit<Selection, "optimal">): Selection {
  return { ...s, optimal: s.status === "optimal" };
}

/** Relative gap of an answer over a lower bound: (objective − bound) / objective, 0 when the objective is 0. */
export function gapOf(objective: number, bound: number): number {
  return objective > 0 ? Math.max(0, (objective - bound) / objective) : 0;
}
