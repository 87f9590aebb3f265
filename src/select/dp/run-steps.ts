import type { DpContext } from "./dp-context.ts";
import { firstAbove, introduces, nextSide, sameRunStart } from "./dp-context.ts";

/**
 * A successor of a dp state at the next slot: position `p` (class `d`) of the
 * flat slot sets, the other run rules' lengths `q`, the run length `run`, and
 * where its cost-to-go lives — the dense state (`d`, `run`, `q`) when `mem` is
 * empty or only `d`, or the run is at its length L (it can only end, so what
 * it used no longer matters), else the sparse state (`d`, `run`, `q`, `mem`).
 */
export interface RunStep {
  p: number;
  d: number;
  q: number;
  run: number;
  /** Scarce multiset after the step (sorted, padded with −1); valid until the next step. */
  mem: Int32Array;
  dense: boolean;
}

/** A reusable {@link RunStep} with its own multiset buffer. */
export function runStep(L: number): RunStep {
  return { p: 0, d: 0, q: 0, run: 0, mem: new Int32Array(L).fill(-1), dense: false };
}

/**
 * Visits every successor of a state that stays in the current run (the same
 * primary bucket) at `slot`: the run grows by one, a scarce class is used only
 * as often as it has members, every pairwise rule, other run rule and
 * concept rule holds ({@link nextSide}: the side state after the step).
 * This is the one place that decides what a run may hold; the forward state
 * count, the backward pass and the forward pick all go through it.
 *
 * @param c last class; `run` the run's length; `q` the other rules' run lengths; `mem` its scarce multiset.
 * @param step reused for every visit.
 * @returns the number of successors looked at (work).
 */
export function eachSameRunStep(
  ctx: DpContext,
  slot: number,
  c: number,
  run: number,
  q: number,
  mem: Int32Array,
  step: RunStep,
  visit: (step: RunStep) => void,
): number {
  const L = ctx.L;
  if (run >= L) return 0;
  const sets = ctx.sets;
  const j = sets.setOf[slot];
  const end = sets.start[j + 1];
  const b = ctx.pb[c];
  let k = sameRunStart(ctx, j, c);
  let size = 0;
  while (size < L && mem[size] >= 0) size++;
  let looked = 0;
  for (; k < end && sets.bPb[k] === b; k++) {
    looked++;
    const p = sets.bOrder[k];
    const d = sets.cls[p];
    if (ctx.mult[d] === 0 || !ctx.rules.pairOk(ctx.rep[c], ctx.rep[d], false, true)) continue;
    const q2 = nextSide(ctx, slot, q, c, d);
    if (q2 < 0) continue;
    const out = step.mem;
    let outSize = size;
    if (ctx.scarce[d]) {
      let uses = 0;
      for (let t = 0; t < size; t++) if (mem[t] === d) uses++;
      if (uses >= ctx.mult[d]) continue;
      insertSorted(mem, size, d, out, L);
      outSize++;
    } else out.set(mem);
    outSize = dropPassed(ctx, out, outSize, d);
    step.p = p;
    step.d = d;
    step.q = q2;
    step.run = run + 1;
    // A run at its length only ends (no successor reads its multiset): one dense state per class.
    step.dense = step.run >= L || outSize === 0 || (outSize === 1 && out[0] === d);
    visit(step);
  }
  return looked;
}

/**
 * Visits every successor of a state that starts a new run (a higher primary
 * bucket) at `slot`, one by one — the direct way; the class dp uses range
 * minima instead where a slot has few groups for its classes.
 *
 * @returns the number of successors looked at (work).
 */
export function eachNewRunStep(ctx: DpContext, slot: number, c: number, q: number, visit: (p: number, d: number, q: number) => void): number {
  const sets = ctx.sets;
  const j = sets.setOf[slot];
  const end = sets.start[j + 1];
  const b = ctx.pb[c];
  const from = firstAbove(sets.bPb, sets.start[j], end, b);
  for (let k = from; k < end; k++) {
    const p = sets.bOrder[k];
    const d = sets.cls[p];
    if (ctx.mult[d] === 0 || !ctx.rules.pairOk(ctx.rep[c], ctx.rep[d], false, true)) continue;
    const q2 = nextSide(ctx, slot, q, c, d);
    if (q2 >= 0) visit(p, d, q2);
  }
  return end - from;
}

/**
 * Visits every successor of a state at a slot where a chapter starts and some
 * rule is chapter-scoped (`ctx.restart[slot]`), or at any slot when the
 * primary run may restart at introductions (`ctx.introRuns`), one by one: the
 * scoped rules do not look back there (a scoped `maxRun`'s run starts
 * afresh; a rule scoped to introductions lifts where the successor
 * introduces a concept, {@link nextSide}), the others hold as anywhere. A successor in the state's primary bucket grows the run
 * (unless the primary `maxRun` is scoped), as in {@link eachSameRunStep};
 * any other starts a new run — below the state's bucket too, where a scoped
 * `nonDecreasing` lets the key fall. Chapter starts are few, so the pair
 * scan costs little; `dpApplies` keeps the dp exact (a class then lies in
 * one chapter when the primary run may restart).
 *
 * @returns the number of successors looked at (work).
 */
export function eachRestartStep(
  ctx: DpContext,
  slot: number,
  c: number,
  run: number,
  q: number,
  mem: Int32Array,
  step: RunStep,
  visit: (step: RunStep) => void,
): number {
  const { sets, L } = ctx;
  const j = sets.setOf[slot];
  const chapter = ctx.restart[slot] === 1;
  let size = 0;
  while (size < L && mem[size] >= 0) size++;
  for (let p = sets.start[j]; p < sets.start[j + 1]; p++) {
    const d = sets.cls[p];
    if (ctx.mult[d] === 0 || !ctx.rules.pairOk(ctx.rep[c], ctx.rep[d], chapter, true)) continue;
    const q2 = nextSide(ctx, slot, q, c, d, chapter);
    if (q2 < 0) continue;
    const out = step.mem;
    // The run goes on in its bucket unless it starts afresh here: at a chapter start (a chapter-scoped
    // primary maxRun), or at a level that introduces a concept (one scoped to introductions).
    const afresh = (chapter && ctx.primaryRestarts) || (ctx.introRestarts && introduces(ctx, q, d));
    if (ctx.pb[d] === ctx.pb[c] && !afresh) {
      // The run goes on across the chapter start.
      if (run >= L) continue;
      let outSize = size;
      if (ctx.scarce[d]) {
        let uses = 0;
        for (let t = 0; t < size; t++) if (mem[t] === d) uses++;
        if (uses >= ctx.mult[d]) continue;
        insertSorted(mem, size, d, out, L);
        outSize++;
      } else out.set(mem);
      outSize = dropPassed(ctx, out, outSize, d);
      step.run = run + 1;
      step.dense = step.run >= L || outSize === 0 || (outSize === 1 && out[0] === d);
    } else {
      // A new run: its scarce multiset is d alone.
      out.fill(-1);
      if (ctx.scarce[d]) out[0] = d;
      step.run = 1;
      step.dense = true;
    }
    step.p = p;
    step.d = d;
    step.q = q2;
    visit(step);
  }
  return sets.start[j + 1] - sets.start[j];
}

/**
 * Drops from a run's scarce multiset (sorted, −1 padded, `size` entries) the
 * classes whose primary value lies below the new last class `d`'s: the key
 * never falls again inside the run, so they can never be used in it again —
 * and where it may fall (a chapter start with a scoped `nonDecreasing`), a
 * class of fewer members than its uses could need lies in one chapter
 * (`dpRuns`), whose slots are behind. States that differ only in such
 * classes then merge: with values to 2 decimals, nearly every run's multiset
 * is its last class alone, a dense state. Not where the run may restart at
 * introductions (the key may fall inside a chapter there). Returns the new size.
 */
function dropPassed(ctx: DpContext, out: Int32Array, size: number, d: number): number {
  if (ctx.introRuns || size === 0) return size;
  const v = ctx.pv[d];
  let k = 0;
  for (let t = 0; t < size; t++) if (ctx.pv[out[t]] >= v) out[k++] = out[t];
  for (let t = k; t < size; t++) out[t] = -1;
  return k;
}

function insertSorted(mem: Int32Array, size: number, d: number, out: Int32Array, L: number): void {
  let j = 0;
  let k = 0;
  while (j < size && mem[j] <= d) out[k++] = mem[j++];
  out[k++] = d;
  while (j < size) out[k++] = mem[j++];
  while (k < L) out[k++] = -1;
}
