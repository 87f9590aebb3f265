import { normalDegrees, signedGap, type ApsisTransform } from "./apsis-transform.ts";
import { ringHalfArcs } from "./apsis-ring-arcs.ts";
import type { ApsisDedupThresholds } from "./dedup-thresholds.ts";
import { hopcroftKarp } from "./hopcroft-karp.ts";
import type { PreparedApsisLevel } from "./prepare-apsis-level.ts";

const EPS = 1e-9;
/** Widening of the turn ranges in the sweep bound, degrees: far above rounding noise, so the bound never undercounts. */
const SWEEP_MARGIN = 1e-7;

/** Result of {@link findNearCopy}. */
export interface NearCopySearch {
  /** The largest near-copy matching found (the first turn reaching it), or null when `a` is no near copy of `b`. */
  found: { transform: ApsisTransform; pairs: Array<[number, number]> } | null;
  /** Candidate turns (one per arrow pair's range) considered. */
  candidates: number;
  /** Matchings run (candidates that passed the bound). */
  matchings: number;
}

/**
 * Is `a` a near copy of `b` (SPEC 7)? Under some turn about the sun, with or
 * without a mirror, a maximum one-to-one matching of arrows with the same
 * length and marks, directions within `directionDegrees` (10) and midpoints
 * within `midpointUnits` (40) must pair at least `nearCopyShare` (50%) of the
 * larger sky's arrows and every marked arrow of both skies; falling rings and
 * the multiset of marks must agree.
 *
 * Candidate turns come from arrow pairs: for each arrow of `a` and each arrow
 * of `b` with the same length and marks, the turns under which the two pair
 * form at most two short arcs (direction range ∩ midpoint range); each arc's
 * first turn is a candidate. The set of pairs allowed only grows from any
 * turn back to the last arc start before it, so the best turn is always among
 * the candidates: the search is exact, not a sweep of sampled angles. A sweep
 * over the arcs counts, at each candidate, the distinct arrows of each sky in
 * some allowed pair; only where that bound reaches the share (and covers
 * every marked arrow) is the matching run. `exhaustive` skips that bound
 * (reference for tests).
 */
export function findNearCopy(a: PreparedApsisLevel, b: PreparedApsisLevel, thresholds: ApsisDedupThresholds, exhaustive = false): NearCopySearch {
  const result: NearCopySearch = { found: null, candidates: 0, matchings: 0 };
  if (a.markSignature !== b.markSignature) return result;
  const need = thresholds.nearCopyShare * Math.max(a.n, b.n) - EPS;
  const arcs = ringHalfArcs(thresholds);
  const w = thresholds.directionDegrees;

  for (const mirror of [false, true]) {
    const aAngle = Array.from(a.angle, (x) => (mirror ? normalDegrees(-x) : x));
    const aDirection = Array.from(a.direction, (x) => (mirror ? normalDegrees(-x) : x));
    // arcs of turns under which arrow i of a may pair with arrow j of b
    const pairI: number[] = [];
    const pairJ: number[] = [];
    const pairH: number[] = [];
    const pieceStart: number[] = [];
    const pieceWidth: number[] = [];
    const piecePair: number[] = [];
    for (let i = 0; i < a.n; i++) {
      for (let j = 0; j < b.n; j++) {
        if (a.length[i] !== b.length[j] || a.mark[i] !== b.mark[j]) continue;
        const h = arcs[a.ring[i] - 1][b.ring[j] - 1];
        if (Number.isNaN(h)) continue;
        const c1 = b.direction[j] - aDirection[i];
        const delta = signedGap(b.angle[j] - aAngle[i], c1);
        const pieces: Array<[number, number]> = [];
        if (h >= 180) pieces.push([-w, w]);
        else {
          for (const k of [-360, 0, 360]) {
            const lo = Math.max(-w, delta - h + k);
            const hi = Math.min(w, delta + h + k);
            if (lo <= hi + EPS) pieces.push([lo, Math.max(lo, hi)]);
          }
        }
        if (pieces.length === 0) continue;
        const p = pairI.length;
        pairI.push(i);
        pairJ.push(j);
        pairH.push(h);
        for (const [lo, hi] of pieces) {
          pieceStart.push(normalDegrees(c1 + lo));
          pieceWidth.push(hi - lo);
          piecePair.push(p);
        }
      }
    }
    const pairCount = pairI.length;
    if (!exhaustive && pairCount < need) continue;

    const evaluate = (theta: number) => {
      result.matchings++;
      const adjacency: number[][] = Array.from({ length: a.n }, () => []);
      for (let p = 0; p < pairCount; p++) {
        const i = pairI[p];
        const j = pairJ[p];
        if (Math.abs(signedGap(aDirection[i] + theta, b.direction[j])) > w + EPS) continue;
        if (pairH[p] < 180 && Math.abs(signedGap(aAngle[i] + theta, b.angle[j])) > pairH[p] + EPS) continue;
        adjacency[i].push(j);
      }
      const m = hopcroftKarp(a.n, b.n, adjacency);
      if (m.size < need) return;
      let markedPaired = 0;
      for (let i = 0; i < a.n; i++) if (a.marked[i] && m.matchLeft[i] >= 0) markedPaired++;
      if (markedPaired !== a.markedCount) return;
      if (result.found && m.size <= result.found.pairs.length) return;
      const pairs: Array<[number, number]> = [];
      m.matchLeft.forEach((j, i) => {
        if (j >= 0) pairs.push([i, j]);
      });
      result.found = { transform: { turn: normalDegrees(theta), mirror }, pairs };
    };

    if (exhaustive) {
      const order = pieceStart.map((_, k) => k).sort((x, y) => pieceStart[x] - pieceStart[y] || x - y);
      for (const k of order) {
        result.candidates++;
        evaluate(pieceStart[k]);
      }
      continue;
    }

    // sweep: events (position, kind 0 start / 1 candidate / 2 end, piece)
    const events: Array<[number, number, number]> = [];
    for (let k = 0; k < pieceStart.length; k++) {
      const s = pieceStart[k];
      const e = s + pieceWidth[k];
      events.push([s + SWEEP_MARGIN, 1, k]);
      for (const shift of [-360, 0, 360]) {
        if (shift === -360 && e - 360 + 2 * SWEEP_MARGIN < 0) continue;
        if (shift === 360 && s + 360 - SWEEP_MARGIN > 360 + SWEEP_MARGIN) continue;
        events.push([s + shift - SWEEP_MARGIN, 0, k]);
        events.push([e + shift + 2 * SWEEP_MARGIN, 2, k]);
      }
    }
    events.sort((x, y) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2]);
    const countA = new Int32Array(a.n);
    const countB = new Int32Array(b.n);
    let distinctA = 0;
    let distinctB = 0;
    let markedA = 0;
    let markedB = 0;
    for (const [, kind, k] of events) {
      const p = piecePair[k];
      const i = pairI[p];
      const j = pairJ[p];
      if (kind === 0) {
        if (countA[i]++ === 0) {
          distinctA++;
          markedA += a.marked[i];
        }
        if (countB[j]++ === 0) {
          distinctB++;
          markedB += b.marked[j];
        }
      } else if (kind === 2) {
        if (--countA[i] === 0) {
          distinctA--;
          markedA -= a.marked[i];
        }
        if (--countB[j] === 0) {
          distinctB--;
          markedB -= b.marked[j];
        }
      } else {
        result.candidates++;
        if (Math.min(distinctA, distinctB) < need || markedA < a.markedCount || markedB < b.markedCount) continue;
        evaluate(pieceStart[k]);
      }
    }
  }
  return result;
}
