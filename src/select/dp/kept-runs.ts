import { objectiveTolerance } from "../problem/objective.ts";
import type { RelaxationBounds } from "./chain-relaxation.ts";
import type { DpContext, KeptRuns } from "./dp-context.ts";

/**
 * The run lengths a bounded round keeps (SPEC 6 `dp`, "Scale"): the state of
 * slot i, class c and a primary run r long is held only when the chain
 * relaxation's best sequence through (i, c) as the r-th level of its run
 * ({@link RelaxationBounds}.lbRun) is within `limit` (plus the tolerance the
 * kept classes get, {@link withinRelaxation}). That bound is at most the cost
 * of every real sequence whose run is r long there, so every sequence of cost
 * ≤ limit keeps all its states and the round's answer and tie-break stay the
 * full dp's whenever that answer is ≤ limit; a state left out costs Infinity
 * and is never grown from (the forward count of sparse states skips it). A
 * class keeps its bound as a whole (`lb`, the least over r), but runs of the
 * wrong length in it — a one-member class that can only open its run, a long
 * run that no cheap prefix reaches — go.
 *
 * @param ctx the round's context (its slot sets the classes `bounds` kept within `limit`)
 * @param bounds computed over a superset of each slot's classes in `ctx`
 * @param limit in the objective's units (SPEC 6)
 * @returns per slot, per position of its set, per run length 1..L: 1 where held
 */
export function keptRuns(ctx: DpContext, bounds: RelaxationBounds, limit: number): KeptRuns {
  const { sets, L } = ctx;
  const S = ctx.problem.slots.length;
  const room = limit + objectiveTolerance(limit);
  const base = new Int32Array(S + 1);
  for (let i = 0; i < S; i++) {
    const j = sets.setOf[i];
    base[i + 1] = base[i] + (sets.start[j + 1] - sets.start[j]) * L;
  }
  const ok = new Uint8Array(base[S]);
  // Each class's position in slot i's set (−1 when absent), then its run lengths within the limit.
  const at = new Int32Array(ctx.classes.count).fill(-1);
  for (let i = 0; i < S; i++) {
    const j = sets.setOf[i];
    for (let p = sets.start[j]; p < sets.start[j + 1]; p++) at[sets.cls[p]] = p - sets.start[j];
    for (let k = bounds.off[i]; k < bounds.off[i + 1]; k++) {
      const p = at[bounds.cls[k]];
      if (p < 0) continue;
      for (let r = 0; r < L; r++) if (bounds.lbRun[k * L + r] <= room) ok[base[i] + p * L + r] = 1;
    }
    for (let p = sets.start[j]; p < sets.start[j + 1]; p++) at[sets.cls[p]] = -1;
  }
  return { base, ok };
}
