import type { DpContext } from "./dp-context.ts";
import type { RelaxationGroups } from "./relaxation-groups.ts";
import { combineSweeps, gather, type RelaxationLayout } from "./relaxation-layout.ts";

/**
 * The chain relaxation's two sweeps (`relaxationBounds`) where pairwise rules on other keys
 * bind ({@link RelaxationGroups}: a `maxDrop` on depth): a class follows another only where
 * their groups may follow each other (chapter-scoped rules lifted at a chapter start, those
 * scoped to introductions everywhere). Each sweep keeps its running minima per group of the
 * slot it reads besides the plain ones; a class reads the plain ones when no group that may not
 * come before (after) it lies within reach — no member's value up to (from) its own — and the
 * groups one by one otherwise. Work: the plain sweeps' O(kept classes × run length), times the
 * groups of the other slot for the classes a rule binds. A lower bound still: every real step
 * keeps these rules, and the sweep takes every step the plain one does that they allow.
 *
 * @returns each position's relaxed bound (`lb`), per run position (`lbRun`), and the relaxed optimum
 */
export function groupedRelaxationBounds(ctx: DpContext, layout: RelaxationLayout, groups: RelaxationGroups): { lb: Float64Array; lbRun: Float64Array; relaxed: number } {
  const forward = forwardSweep(ctx, layout, groups);
  const backward = backwardSweep(ctx, layout, groups);
  return combineSweeps(layout, forward, backward, ctx.L);
}

/** The backward sweep B, group by group ({@link groupedRelaxationBounds}). */
function backwardSweep(ctx: DpContext, layout: RelaxationLayout, groups: RelaxationGroups): Float64Array {
  const S = ctx.problem.slots.length;
  const { pv, pb, L } = ctx;
  const { off, cls, cost, cap, linf } = layout;
  const total = off[S];
  const backward = new Float64Array(total * L).fill(Infinity);
  const G = groups.count;
  const gOf = groups.of;
  const grouped = G > 1;
  // Per group of the next slot (grouped sweeps only): the least value of a higher bucket, and per
  // run position the least value gathered in the current bucket, its class, and the least of any
  // other class; the groups gathered in the bucket (reset when it ends).
  const higherG = new Float64Array(G);
  const same = new Float64Array(G * L).fill(Infinity);
  const sameCls = new Int32Array(G * L).fill(-1);
  const same2 = new Float64Array(G * L).fill(Infinity);
  const touched = new Int32Array(G);
  const mark = new Uint8Array(G);
  const present = new Int32Array(G);
  // The same over every group: what a class reads when no group that may not follow it lies within
  // reach (and all a sweep with one group keeps).
  const sameA = new Float64Array(L);
  const sameClsA = new Int32Array(L);
  const same2A = new Float64Array(L);
  // Per group of slot i: the greatest value of a group of the next slot that may not follow it.
  const reach = new Float64Array(G);
  // Backward: the best relaxed suffix starting in each (class, run position).
  for (let i = S - 1; i >= 0; i--) {
    if (i === S - 1) {
      for (let k = off[i]; k < off[i + 1]; k++) for (let r = 0; r < cap[k]; r++) backward[k * L + r] = cost[k];
      continue;
    }
    const from = off[i + 1];
    const to = off[i + 2];
    if (ctx.restart[i + 1] || ctx.introRuns) {
      freeStep(backward, cls, pb, cap, cost, L, linf, from, to, off[i], off[i + 1], -1, groups, ctx.restart[i + 1] === 1);
      continue;
    }
    const ok = groups.ok;
    const np = grouped ? groupsOf(cls, gOf, from, to, present) : 0;
    if (grouped) {
      higherG.fill(Infinity);
      reach.fill(-Infinity);
      for (let g = 0; g < G; g++) for (let t = 0; t < np; t++) if (!ok[g * G + present[t]] && groups.most[present[t]] > reach[g]) reach[g] = groups.most[present[t]];
    }
    let q = to - 1;
    let bucket = NaN;
    let higherA = Infinity;
    let nt = 0;
    for (let r = 0; r < L; r++) {
      sameA[r] = same2A[r] = Infinity;
      sameClsA[r] = -1;
    }
    for (let k = off[i + 1] - 1; k >= off[i]; k--) {
      const c = cls[k];
      if (pb[c] !== bucket) {
        // A lower bucket: the classes gathered for the last one now follow as new runs.
        if (sameA[0] < higherA) higherA = sameA[0];
        for (let r = 0; r < L; r++) {
          sameA[r] = same2A[r] = Infinity;
          sameClsA[r] = -1;
        }
        for (let t = 0; t < nt; t++) {
          const h = touched[t];
          if (same[h * L] < higherG[h]) higherG[h] = same[h * L];
          resetGroup(same, sameCls, same2, h, L);
          mark[h] = 0;
        }
        nt = 0;
        bucket = pb[c];
      }
      for (; q >= from && (pb[cls[q]] > bucket || (pb[cls[q]] === bucket && pv[cls[q]] >= pv[c])); q--) {
        const h = gOf[cls[q]];
        if (pb[cls[q]] > bucket) {
          if (backward[q * L] < higherA) higherA = backward[q * L];
          if (grouped && backward[q * L] < higherG[h]) higherG[h] = backward[q * L];
        } else {
          for (let r = 0; r < L; r++) gather(sameA, sameClsA, same2A, r, backward[q * L + r], cls[q]);
          if (grouped) {
            if (!mark[h]) touched[nt++] = h;
            mark[h] = 1;
            for (let r = 0; r < L; r++) gather(same, sameCls, same2, h * L + r, backward[q * L + r], cls[q]);
          }
        }
      }
      const own = cost[k];
      const once = ctx.mult[c] < 2;
      const g = gOf[c];
      // Every class gathered may follow c unless a group that may not lies within reach (values from c's up).
      const every = !grouped || pv[c] > reach[g];
      // The least new run after c, over the groups that may follow c's.
      let higher = every ? higherA : Infinity;
      for (let t = 0; !every && t < np; t++) {
        const h = present[t];
        if (ok[g * G + h] && higherG[h] < higher) higher = higherG[h];
      }
      for (let r = 0; r < cap[k]; r++) {
        let goOn = Infinity;
        if (r + 1 < cap[k]) {
          if (every) goOn = once && sameClsA[r + 1] === c ? same2A[r + 1] : sameA[r + 1];
          else {
            for (let t = 0; t < np; t++) {
              const h = present[t];
              if (!ok[g * G + h]) continue;
              const x = h * L + r + 1;
              const v = once && sameCls[x] === c ? same2[x] : same[x];
              if (v < goOn) goOn = v;
            }
          }
        }
        const next = goOn < higher ? goOn : higher;
        backward[k * L + r] = linf ? (next > own ? next : own) : next + own;
      }
    }
    for (let t = 0; t < nt; t++) {
      resetGroup(same, sameCls, same2, touched[t], L);
      mark[touched[t]] = 0;
    }
  }
  return backward;
}

/** The forward sweep F, group by group ({@link groupedRelaxationBounds}). */
function forwardSweep(ctx: DpContext, layout: RelaxationLayout, groups: RelaxationGroups): Float64Array {
  const S = ctx.problem.slots.length;
  const { pv, pb, L } = ctx;
  const { off, cls, cost, cap, linf } = layout;
  const forward = new Float64Array(off[S] * L).fill(Infinity);
  const G = groups.count;
  const gOf = groups.of;
  const grouped = G > 1;
  // Per group of the slot before (grouped sweeps only): the least value of a lower bucket, and per
  // run position the least value gathered in the current bucket, its class, and the least of any
  // other class; the groups gathered in the bucket (reset when it ends).
  const lowerG = new Float64Array(G);
  const same = new Float64Array(G * L).fill(Infinity);
  const sameCls = new Int32Array(G * L).fill(-1);
  const same2 = new Float64Array(G * L).fill(Infinity);
  const touched = new Int32Array(G);
  const mark = new Uint8Array(G);
  const present = new Int32Array(G);
  // The same over every group: what a class reads when no group it may not follow lies within reach
  // (and all a sweep with one group keeps).
  const sameA = new Float64Array(L);
  const sameClsA = new Int32Array(L);
  const same2A = new Float64Array(L);
  // Per group of slot i: the least value of a group of the slot before that it may not follow.
  const reach = new Float64Array(G);
  // The best relaxed prefix ending in each (class, run position).
  for (let i = 0; i < S; i++) {
    if (i === 0) {
      for (let k = off[0]; k < off[1]; k++) forward[k * L] = cost[k];
      continue;
    }
    const from = off[i - 1];
    const to = off[i];
    if (ctx.restart[i] || ctx.introRuns) {
      freeStep(forward, cls, pb, cap, cost, L, linf, from, to, off[i], off[i + 1], 1, groups, ctx.restart[i] === 1);
      continue;
    }
    const ok = groups.ok;
    const np = grouped ? groupsOf(cls, gOf, from, to, present) : 0;
    if (grouped) {
      lowerG.fill(Infinity);
      reach.fill(Infinity);
      for (let g = 0; g < G; g++) for (let t = 0; t < np; t++) if (!ok[present[t] * G + g] && groups.least[present[t]] < reach[g]) reach[g] = groups.least[present[t]];
    }
    let p = from;
    let bucket = NaN;
    let lowerA = Infinity;
    let nt = 0;
    for (let r = 0; r < L; r++) {
      sameA[r] = same2A[r] = Infinity;
      sameClsA[r] = -1;
    }
    for (let k = off[i]; k < off[i + 1]; k++) {
      const c = cls[k];
      if (pb[c] !== bucket) {
        // A higher bucket: the classes gathered for the last one now start runs.
        for (let r = 0; r < L; r++) {
          if (sameA[r] < lowerA) lowerA = sameA[r];
          sameA[r] = same2A[r] = Infinity;
          sameClsA[r] = -1;
        }
        for (let t = 0; t < nt; t++) {
          const h = touched[t];
          for (let r = 0; r < L; r++) if (same[h * L + r] < lowerG[h]) lowerG[h] = same[h * L + r];
          resetGroup(same, sameCls, same2, h, L);
          mark[h] = 0;
        }
        nt = 0;
        bucket = pb[c];
      }
      for (; p < to && (pb[cls[p]] < bucket || (pb[cls[p]] === bucket && pv[cls[p]] <= pv[c])); p++) {
        const h = gOf[cls[p]];
        if (pb[cls[p]] < bucket) {
          for (let r = 0; r < L; r++) {
            if (forward[p * L + r] < lowerA) lowerA = forward[p * L + r];
            if (grouped && forward[p * L + r] < lowerG[h]) lowerG[h] = forward[p * L + r];
          }
        } else {
          for (let r = 0; r < L; r++) gather(sameA, sameClsA, same2A, r, forward[p * L + r], cls[p]);
          if (grouped) {
            if (!mark[h]) touched[nt++] = h;
            mark[h] = 1;
            for (let r = 0; r < L; r++) gather(same, sameCls, same2, h * L + r, forward[p * L + r], cls[p]);
          }
        }
      }
      const own = cost[k];
      const once = ctx.mult[c] < 2;
      const g = gOf[c];
      // Every class gathered may come before c unless a group that may not lies within reach (values up to c's).
      const every = !grouped || pv[c] < reach[g];
      // The least run before c in a lower bucket, over the groups c's may follow.
      let lower = every ? lowerA : Infinity;
      for (let t = 0; !every && t < np; t++) {
        const h = present[t];
        if (ok[h * G + g] && lowerG[h] < lower) lower = lowerG[h];
      }
      forward[k * L] = linf ? (lower > own ? lower : own) : lower + own;
      for (let r = 1; r < cap[k]; r++) {
        let before = Infinity;
        if (every) before = once && sameClsA[r - 1] === c ? same2A[r - 1] : sameA[r - 1];
        else {
          for (let t = 0; t < np; t++) {
            const h = present[t];
            if (!ok[h * G + g]) continue;
            const x = h * L + r - 1;
            const v = once && sameCls[x] === c ? same2[x] : same[x];
            if (v < before) before = v;
          }
        }
        forward[k * L + r] = linf ? (before > own ? before : own) : before + own;
      }
    }
    for (let t = 0; t < nt; t++) {
      resetGroup(same, sameCls, same2, touched[t], L);
      mark[touched[t]] = 0;
    }
  }
  return forward;
}

/** Clears group h's gathered minima (its L entries). */
function resetGroup(same: Float64Array, sameCls: Int32Array, same2: Float64Array, h: number, L: number): void {
  for (let x = h * L; x < h * L + L; x++) {
    same[x] = same2[x] = Infinity;
    sameCls[x] = -1;
  }
}

/** The distinct groups of positions [from, to) into `out`; returns how many. */
function groupsOf(cls: Int32Array, gOf: Int32Array, from: number, to: number, out: Int32Array): number {
  if (out.length === 1) {
    out[0] = 0;
    return 1;
  }
  let n = 0;
  for (let p = from; p < to; p++) {
    const g = gOf[cls[p]];
    let seen = false;
    for (let t = 0; t < n && !seen; t++) seen = out[t] === g;
    if (!seen) out[n++] = g;
  }
  return n;
}

/**
 * A step left free (a chapter start with a chapter-scoped rule, or any step where the primary
 * run may restart at introductions): into position k, a run starts after any class of the
 * other slot, or goes on after any class of its bucket — of a group that may come before (or,
 * backward, after) its own ({@link RelaxationGroups}; at a chapter start, `chapter`, with the
 * chapter-scoped rules lifted). Forward (dir 1) fills `table` at slot positions [at, end) from
 * the previous slot's [from, to); backward (dir −1) from the next slot's.
 */
function freeStep(table: Float64Array, cls: Int32Array, pb: Float64Array, cap: Int32Array, cost: Float64Array, L: number, linf: boolean, from: number, to: number, at: number, end: number, dir: 1 | -1, groups: RelaxationGroups, chapter: boolean): void {
  const G = groups.count;
  const gOf = groups.of;
  const ok = chapter ? groups.okRestart : groups.ok;
  // The other slot, per group: the least value of any class that may start the run (forward: at
  // any run position; backward: as the first of a new run), and per bucket the least value at
  // each position.
  const any = new Float64Array(G).fill(Infinity);
  const byBucket = new Map<number, Float64Array>();
  const present = new Int32Array(G);
  const np = groupsOf(cls, gOf, from, to, present);
  for (let p = from; p < to; p++) {
    let row = byBucket.get(pb[cls[p]]);
    if (!row) byBucket.set(pb[cls[p]], (row = new Float64Array(G * L).fill(Infinity)));
    const h = gOf[cls[p]];
    for (let r = 0; r < L; r++) {
      const v = table[p * L + r];
      if (v < row[h * L + r]) row[h * L + r] = v;
      if ((dir === 1 || r === 0) && v < any[h]) any[h] = v;
    }
  }
  // Forward, group h comes before g (ok[h·G + g]); backward, after it (ok[g·G + h]).
  const hStep = dir === 1 ? G : 1;
  const gStep = dir === 1 ? 1 : G;
  for (let k = at; k < end; k++) {
    const c = cls[k];
    const g = gOf[c] * gStep;
    const row = byBucket.get(pb[c]);
    let start = Infinity;
    for (let t = 0; t < np; t++) {
      const h = present[t];
      if (any[h] < start && ok[h * hStep + g] === 1) start = any[h];
    }
    for (let r = 0; r < cap[k]; r++) {
      // Forward: position r starts a run (r = 0) or follows position r − 1 of the bucket; backward: it is followed by a new run or by r + 1.
      let best = dir === -1 || r === 0 ? start : Infinity;
      const other = dir === 1 ? r - 1 : r + 1 < cap[k] ? r + 1 : -1;
      if (row && other >= 0) {
        for (let t = 0; t < np; t++) {
          const h = present[t];
          if (row[h * L + other] < best && ok[h * hStep + g] === 1) best = row[h * L + other];
        }
      }
      table[k * L + r] = linf ? (best > cost[k] ? best : cost[k]) : best + cost[k];
    }
  }
}
