import { ChainRules } from "./chain-rules.ts";
import { Objective } from "./objective.ts";
import type { SelectionProblem } from "./selection-problem.ts";

/** Costs and values go to MILP solvers in integer micro-units (SPEC 6 solver notes). */
export const MICRO = 1e6;

/** A variable of the linear model. */
export interface LinearVar {
  name: string;
  /** Objective coefficient (micro-units). */
  cost: number;
  binary: boolean;
  /** Upper bound for continuous variables (lower bound is 0). */
  upper?: number;
}

/** A row `lo ≤ Σ coef·var ≤ hi` (either bound may be absent). */
export interface LinearRow {
  name: string;
  terms: Array<[number, number]>;
  lo?: number;
  hi?: number;
}

/** The selection model as a MILP: binary x[slot, candidate] plus helper variables. */
export interface LinearModel {
  vars: LinearVar[];
  rows: LinearRow[];
  /** Variable index of x[slot, candidate], by slot then candidate index. */
  x: Array<Map<number, number>>;
}

/**
 * Compiles the selection model to a MILP (SPEC 6 `milp`), solver-neutral.
 *
 * - one candidate per slot: Σ_c x[s,c] = 1; each candidate at most once;
 * - chain rules between consecutive slots as "b at s+1 needs a compatible
 *   predecessor": x[s+1,b] − Σ_{a compatible} x[s,a] ≤ 0;
 * - `maxRun(key, L)`: in every window of L+1 slots, at most L picks of one bucket;
 * - conflicts: Σ_s x[s,a] + Σ_s x[s,b] ≤ 1;
 * - objective in micro-units: Σ cost·x for L1/L2; Linf minimises z with
 *   z ≥ Σ_c cost·x[s,c]; evenness adds λ·e_s with e_s ≥ ±(V_{s+1} − V_s − Δt_s).
 *
 * Costs are rounded to integer micro-units, so answers are exact to 1e-6 per level.
 */
export function compileMilp(problem: SelectionProblem): LinearModel {
  const rules = new ChainRules(problem);
  const obj = new Objective(problem);
  const S = problem.slots.length;
  const vars: LinearVar[] = [];
  const rows: LinearRow[] = [];
  const x: Array<Map<number, number>> = [];
  const linf = problem.objective.norm === "Linf";
  for (let s = 0; s < S; s++) {
    const m = new Map<number, number>();
    for (const c of problem.eligible[s]) {
      m.set(c, vars.length);
      vars.push({ name: `x_${s}_${c}`, cost: linf ? 0 : Math.round(obj.slotCost(s, c) * MICRO), binary: true });
    }
    x.push(m);
    rows.push({ name: `slot_${s}`, terms: [...m.values()].map((v) => [v, 1]), lo: 1, hi: 1 });
  }
  const uses = new Map<number, number[]>();
  x.forEach((m) => m.forEach((v, c) => (uses.get(c) ?? uses.set(c, []).get(c)!).push(v)));
  for (const [c, vs] of uses) if (vs.length > 1) rows.push({ name: `once_${c}`, terms: vs.map((v) => [v, 1]), hi: 1 });

  for (let s = 0; s + 1 < S; s++) {
    for (const [b, vb] of x[s + 1]) {
      const compatible: number[] = [];
      for (const [a, va] of x[s]) if (rules.pairOk(a, b)) compatible.push(va);
      if (compatible.length === x[s].size) continue;
      rows.push({ name: `chain_${s + 1}_${b}`, terms: [[vb, 1], ...compatible.map((v): [number, number] => [v, -1])], hi: 0 });
    }
  }
  for (const r of rules.runRules) {
    for (let w = 0; w + r.length < S; w++) {
      let common: Set<number> | undefined;
      for (let j = w; j <= w + r.length; j++) {
        const here = new Set([...x[j].keys()].map((c) => r.bucket[c]));
        common = common ? new Set([...common].filter((b) => here.has(b))) : here;
      }
      for (const bucket of common ?? []) {
        const terms: Array<[number, number]> = [];
        for (let j = w; j <= w + r.length; j++) for (const [c, v] of x[j]) if (r.bucket[c] === bucket) terms.push([v, 1]);
        rows.push({ name: `run${r.index}_${w}_${bucket < 0 ? "m" + -bucket : bucket}`, terms, hi: r.length });
      }
    }
  }
  problem.conflicts.forEach(([a, b], k) => {
    const terms: Array<[number, number]> = [...(uses.get(a) ?? []), ...(uses.get(b) ?? [])].map((v) => [v, 1]);
    if (terms.length > 1) rows.push({ name: `conflict_${k}`, terms, hi: 1 });
  });
  if (linf) {
    const z = vars.length;
    vars.push({ name: "z", cost: 1, binary: false });
    for (let s = 0; s < S; s++) {
      const terms: Array<[number, number]> = [...x[s]].map(([c, v]) => [v, Math.round(obj.slotCost(s, c) * MICRO)]);
      rows.push({ name: `linf_${s}`, terms: [...terms, [z, -1]], hi: 0 });
    }
  }
  if (!linf && problem.objective.evenness > 0) {
    for (let s = 0; s + 1 < S; s++) {
      const e = vars.length;
      vars.push({ name: `e_${s}`, cost: problem.objective.evenness, binary: false });
      const dt = Math.round((problem.slots[s + 1].target - problem.slots[s].target) * MICRO);
      const diff: Array<[number, number]> = [
        ...[...x[s + 1]].map(([c, v]): [number, number] => [v, Math.round(obj.value(c) * MICRO)]),
        ...[...x[s]].map(([c, v]): [number, number] => [v, -Math.round(obj.value(c) * MICRO)]),
      ];
      rows.push({ name: `even_up_${s}`, terms: [...diff, [e, -1]], hi: dt });
      rows.push({ name: `even_dn_${s}`, terms: [...diff.map(([v, k]): [number, number] => [v, -k]), [e, -1]], hi: -dt });
    }
  }
  return { vars, rows, x };
}

/** Reads the picks (candidate per slot) from variable values; undefined when a slot has no x at 1. */
export function picksFromValues(model: LinearModel, value: (varIndex: number) => number): number[] | undefined {
  const picks: number[] = [];
  for (const m of model.x) {
    let pick: number | undefined;
    for (const [c, v] of m) if (value(v) > 0.5) pick = c;
    if (pick === undefined) return undefined;
    picks.push(pick);
  }
  return picks;
}
