import { normalDegrees, signedGap, type ApsisTransform } from "./apsis-transform.ts";
import { ringHalfArcs } from "./apsis-ring-arcs.ts";
import type { ApsisDedupThresholds } from "../../dedup/dedup-thresholds.ts";
import { hopcroftKarp } from "../../dedup/hopcroft-karp.ts";
import { GROUP_STRIDE, type PreparedApsisLevel } from "./prepare-apsis-level.ts";

const EPS = 1e-9;
/** Widening of the turn ranges in the candidate bound, degrees: far above rounding noise, so the bound never undercounts. */
const SWEEP_MARGIN = 1e-7;

// stamp buffers reused between calls (allocating typed arrays per pair is slow)
const stampBuffers = [new Int32Array(64), new Int32Array(64), new Int32Array(256)];

/** Stamp buffer `k`, at least `size` long, filled with -1. */
function stamps(k: number, size: number): Int32Array {
  if (stampBuffers[k].length < size) stampBuffers[k] = new Int32Array(2 * size);
  return stampBuffers[k].fill(-1);
}

/** Whether the pairs touch at least `need` distinct arrows on each side (else no matching can reach it). */
function enoughArrows(pairI: number[], pairJ: number[], nA: number, nB: number, need: number): boolean {
  if (pairI.length < need) return false;
  const seenA = stamps(0, nA);
  const seenB = stamps(1, nB);
  let distinctA = 0;
  let distinctB = 0;
  for (let p = 0; p < pairI.length; p++) {
    if (seenA[pairI[p]] < 0) {
      seenA[pairI[p]] = 0;
      distinctA++;
    }
    if (seenB[pairJ[p]] < 0) {
      seenB[pairJ[p]] = 0;
      distinctB++;
    }
  }
  return distinctA >= need && distinctB >= need;
}

/** Piece indices by start, ties by index (insertion sort: the lists are short, and a comparator sort costs more). */
function sortedByStart(start: number[]): number[] {
  const order = new Array<number>(start.length);
  for (let k = 0; k < start.length; k++) {
    let at = k;
    while (at > 0 && start[order[at - 1]] > start[k]) {
      order[at] = order[at - 1];
      at--;
    }
    order[at] = k;
  }
  return order;
}

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
 * the candidates: the search is exact, not a sweep of sampled angles. At
 * each candidate the distinct arrows of each sky in some arc containing it
 * (arcs widened by 1e-7°) bound the matching; only where that bound reaches
 * the share (and covers every marked arrow) is the matching run.
 * `exhaustive` skips that bound (reference for tests).
 */
export function findNearCopy(a: PreparedApsisLevel, b: PreparedApsisLevel, thresholds: ApsisDedupThresholds, exhaustive = false): NearCopySearch {
  const result: NearCopySearch = { found: null, candidates: 0, matchings: 0 };
  if (a.markSignature !== b.markSignature) return result;
  const need = thresholds.nearCopyShare * Math.max(a.n, b.n) - EPS;
  const arcs = ringHalfArcs(thresholds);
  const rings = arcs.length;
  const w = thresholds.directionDegrees;

  for (const mirror of [false, true]) {
    const aAngle = mirror ? a.mirroredAngle : a.angle;
    const aDirection = mirror ? a.mirroredDirection : a.direction;
    // arcs of turns under which arrow i of a may pair with arrow j of b
    const pairI: number[] = [];
    const pairJ: number[] = [];
    const pairH: number[] = [];
    const pieceStart: number[] = [];
    const pieceWidth: number[] = [];
    const piecePair: number[] = [];
    const addPiece = (centre: number, lo: number, hi: number) => {
      if (lo > hi + EPS) return;
      pieceStart.push(normalDegrees(centre + lo));
      pieceWidth.push(Math.max(0, hi - lo));
    };
    for (let i = 0; i < a.n; i++) {
      const rel = mirror ? 360 - a.relDir[i] : a.relDir[i];
      const key = a.classId[i] * GROUP_STRIDE;
      for (let r = 1; r <= rings; r++) {
        const h = arcs[a.ring[i] - 1][r - 1];
        if (Number.isNaN(h)) continue;
        const members = b.groups.get(key + r);
        if (!members) continue;
        for (let m = 0; m < members.length; m++) {
          const j = members[m];
          // what no turn changes: direction − angle must agree within w + h
          if (h < 180 && Math.abs(signedGap(rel, b.relDir[j])) > w + h + 1e-6) continue;
          const c1 = b.direction[j] - aDirection[i];
          const delta = signedGap(b.angle[j] - aAngle[i], c1);
          const first = pieceStart.length;
          if (h >= 180) addPiece(c1, -w, w);
          else for (let k = -360; k <= 360; k += 360) addPiece(c1, Math.max(-w, delta - h + k), Math.min(w, delta + h + k));
          if (pieceStart.length === first) continue;
          for (let q = first; q < pieceStart.length; q++) piecePair.push(pairI.length);
          pairI.push(i);
          pairJ.push(j);
          pairH.push(h);
        }
      }
    }
    const pairCount = pairI.length;
    if (!exhaustive && !enoughArrows(pairI, pairJ, a.n, b.n, need)) continue;

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
      const order = pieceStart.map((_, k) => k).sort((x, y) => pieceStart[x] - pieceStart[y] || x - y); // plain reference order
      for (const k of order) {
        result.candidates++;
        evaluate(pieceStart[k]);
      }
      continue;
    }

    // bound at each candidate: distinct arrows of each sky in some piece that (widened) contains it;
    // pieces sorted by start, so only those starting up to the widest piece before it are looked at
    const pieces = pieceStart.length;
    const order = sortedByStart(pieceStart);
    let widest = 0;
    for (let k = 0; k < pieces; k++) widest = Math.max(widest, pieceWidth[k]);
    const reachBack = widest + 3 * SWEEP_MARGIN;
    const stampA = stamps(0, a.n);
    const stampB = stamps(1, b.n);
    const stampPiece = stamps(2, pieces);
    let previous = Number.NaN;
    for (let c = 0; c < pieces; c++) {
      const theta = pieceStart[order[c]];
      result.candidates++;
      if (theta === previous) continue; // same turn as the last candidate
      previous = theta;
      let distinctA = 0;
      let distinctB = 0;
      let markedA = 0;
      let markedB = 0;
      const take = (q: number) => {
        if (stampPiece[q] === c) return;
        stampPiece[q] = c;
        let d = theta - pieceStart[q];
        if (d < -SWEEP_MARGIN) d += 360;
        else if (d > 360 - SWEEP_MARGIN) d -= 360;
        if (d > pieceWidth[q] + 3 * SWEEP_MARGIN) return;
        const p = piecePair[q];
        const i = pairI[p];
        const j = pairJ[p];
        if (stampA[i] !== c) {
          stampA[i] = c;
          distinctA++;
          markedA += a.marked[i];
        }
        if (stampB[j] !== c) {
          stampB[j] = c;
          distinctB++;
          markedB += b.marked[j];
        }
      };
      for (let step = 1; step < pieces; step++) {
        const q = order[(c + step) % pieces];
        let ahead = pieceStart[q] - theta;
        if (ahead < 0) ahead += 360;
        if (ahead > SWEEP_MARGIN) break;
        take(q);
      }
      for (let step = 0; step < pieces; step++) {
        const q = order[(c - step + pieces) % pieces];
        let behind = theta - pieceStart[q];
        if (behind < 0) behind += 360;
        if (behind > reachBack && behind < 360 - SWEEP_MARGIN) break;
        take(q);
      }
      if (Math.min(distinctA, distinctB) < need || markedA < a.markedCount || markedB < b.markedCount) continue;
      evaluate(theta);
    }
  }
  return result;
}
