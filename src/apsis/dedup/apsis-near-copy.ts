import { normalDegrees, signedGap, type ApsisTransform } from "./apsis-transform.ts";
import { ringHalfArcs } from "./apsis-ring-arcs.ts";
import type { ApsisDedupThresholds } from "./apsis-dedup-thresholds.ts";
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
  // Different marks or falling rings: never a near copy.
  if (a.markSignature !== b.markSignature) return result;
  const need = thresholds.nearCopyShare * Math.max(a.n, b.n) - EPS;
  for (const mirror of [false, true]) {
    // 1. The arcs of turns under which each arrow of a may pair with an arrow of b.
    const arcs = pairArcs(a, b, thresholds, mirror);
    // 2. Too few distinct arrows pair under any turn: this mirror cannot reach the share.
    if (!exhaustive && !enoughArrows(arcs.pairI, arcs.pairJ, a.n, b.n, need)) continue;
    // 3. Each arc's first turn is a candidate: match there (the reference tries every one,
    //    the search only those where the arrows in reach could still meet the share).
    const matchAt = (theta: number) => matchAtTurn(a, b, arcs, theta, need, thresholds.directionDegrees, result);
    if (exhaustive) tryEveryCandidate(arcs, matchAt, result);
    else tryBoundedCandidates(a, b, arcs, need, matchAt, result);
  }
  return result;
}

/** The turn arcs of one mirror: arrow pairs (i of a, j of b, ring half-arc h) and their arcs ("pieces"). */
interface PairArcs {
  mirror: boolean;
  /** Angles and directions of `a`'s arrows under the mirror, degrees. */
  aAngle: Float64Array;
  aDirection: Float64Array;
  pairI: number[];
  pairJ: number[];
  pairH: number[];
  /** Per arc: first turn (degrees in [0, 360)), width (degrees) and its pair. */
  pieceStart: number[];
  pieceWidth: number[];
  piecePair: number[];
}

/**
 * For each arrow i of `a` and each arrow j of `b` with the same length and
 * marks, the turns under which the two pair (direction range ∩ midpoint
 * range): at most two short arcs per pair, or the whole direction range when
 * the ring's half-arc covers the circle.
 */
function pairArcs(a: PreparedApsisLevel, b: PreparedApsisLevel, thresholds: ApsisDedupThresholds, mirror: boolean): PairArcs {
  const halfArcs = ringHalfArcs(thresholds);
  const w = thresholds.directionDegrees;
  const arcs: PairArcs = { mirror, aAngle: mirror ? a.mirroredAngle : a.angle, aDirection: mirror ? a.mirroredDirection : a.direction, pairI: [], pairJ: [], pairH: [], pieceStart: [], pieceWidth: [], piecePair: [] };
  const addPiece = (centre: number, lo: number, hi: number) => {
    if (lo > hi + EPS) return;
    arcs.pieceStart.push(normalDegrees(centre + lo));
    arcs.pieceWidth.push(Math.max(0, hi - lo));
  };
  for (let i = 0; i < a.n; i++) {
    const rel = mirror ? 360 - a.relDir[i] : a.relDir[i];
    const key = a.classId[i] * GROUP_STRIDE;
    for (let r = 1; r <= halfArcs.length; r++) {
      const h = halfArcs[a.ring[i] - 1][r - 1];
      if (Number.isNaN(h)) continue;
      const members = b.groups.get(key + r);
      if (!members) continue;
      for (let m = 0; m < members.length; m++) {
        const j = members[m];
        // what no turn changes: direction − angle must agree within w + h
        if (h < 180 && Math.abs(signedGap(rel, b.relDir[j])) > w + h + 1e-6) continue;
        const c1 = b.direction[j] - arcs.aDirection[i];
        const delta = signedGap(b.angle[j] - arcs.aAngle[i], c1);
        const first = arcs.pieceStart.length;
        if (h >= 180) addPiece(c1, -w, w);
        else for (let k = -360; k <= 360; k += 360) addPiece(c1, Math.max(-w, delta - h + k), Math.min(w, delta + h + k));
        if (arcs.pieceStart.length === first) continue;
        for (let q = first; q < arcs.pieceStart.length; q++) arcs.piecePair.push(arcs.pairI.length);
        arcs.pairI.push(i);
        arcs.pairJ.push(j);
        arcs.pairH.push(h);
      }
    }
  }
  return arcs;
}

/**
 * The maximum matching of arrows that pair under turn `theta`; kept in
 * `result.found` when it reaches the share, pairs every marked arrow and is
 * larger than the one found so far.
 */
function matchAtTurn(a: PreparedApsisLevel, b: PreparedApsisLevel, arcs: PairArcs, theta: number, need: number, w: number, result: NearCopySearch): void {
  result.matchings++;
  const adjacency: number[][] = Array.from({ length: a.n }, () => []);
  for (let p = 0; p < arcs.pairI.length; p++) {
    const i = arcs.pairI[p];
    const j = arcs.pairJ[p];
    if (Math.abs(signedGap(arcs.aDirection[i] + theta, b.direction[j])) > w + EPS) continue;
    if (arcs.pairH[p] < 180 && Math.abs(signedGap(arcs.aAngle[i] + theta, b.angle[j])) > arcs.pairH[p] + EPS) continue;
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
  result.found = { transform: { turn: normalDegrees(theta), mirror: arcs.mirror }, pairs };
}

/** The reference: every arc's first turn, in plain order of turn (ties by arc index). */
function tryEveryCandidate(arcs: PairArcs, matchAt: (theta: number) => void, result: NearCopySearch): void {
  const order = arcs.pieceStart.map((_, k) => k).sort((x, y) => arcs.pieceStart[x] - arcs.pieceStart[y] || x - y);
  for (const k of order) {
    result.candidates++;
    matchAt(arcs.pieceStart[k]);
  }
}

/**
 * The search: candidate turns in order; at each, the distinct arrows of each
 * sky in some arc that (widened) contains it bound the matching, and only
 * where that bound reaches the share and covers every marked arrow is the
 * matching run. Arcs are sorted by start, so only those starting up to the
 * widest arc before the candidate are looked at.
 */
function tryBoundedCandidates(a: PreparedApsisLevel, b: PreparedApsisLevel, arcs: PairArcs, need: number, matchAt: (theta: number) => void, result: NearCopySearch): void {
  const { pieceStart, pieceWidth } = arcs;
  const pieces = pieceStart.length;
  const order = sortedByStart(pieceStart);
  let widest = 0;
  for (let k = 0; k < pieces; k++) widest = Math.max(widest, pieceWidth[k]);
  const reachBack = widest + 3 * SWEEP_MARGIN;
  const bound: ArcBound = { stampA: stamps(0, a.n), stampB: stamps(1, b.n), stampPiece: stamps(2, pieces), distinctA: 0, distinctB: 0, markedA: 0, markedB: 0 };
  let previous = Number.NaN;
  for (let c = 0; c < pieces; c++) {
    const theta = pieceStart[order[c]];
    result.candidates++;
    if (theta === previous) continue; // same turn as the last candidate
    previous = theta;
    bound.distinctA = bound.distinctB = bound.markedA = bound.markedB = 0;
    // arcs starting just after the candidate (within the margin), then those starting before it
    for (let step = 1; step < pieces; step++) {
      const q = order[(c + step) % pieces];
      let ahead = pieceStart[q] - theta;
      if (ahead < 0) ahead += 360;
      if (ahead > SWEEP_MARGIN) break;
      countArc(a, b, arcs, bound, c, theta, q);
    }
    for (let step = 0; step < pieces; step++) {
      const q = order[(c - step + pieces) % pieces];
      let behind = theta - pieceStart[q];
      if (behind < 0) behind += 360;
      if (behind > reachBack && behind < 360 - SWEEP_MARGIN) break;
      countArc(a, b, arcs, bound, c, theta, q);
    }
    if (Math.min(bound.distinctA, bound.distinctB) < need || bound.markedA < a.markedCount || bound.markedB < b.markedCount) continue;
    matchAt(theta);
  }
}

/** The bound at one candidate: stamps (by candidate number) and the distinct and marked arrows counted so far. */
interface ArcBound {
  stampA: Int32Array;
  stampB: Int32Array;
  stampPiece: Int32Array;
  distinctA: number;
  distinctB: number;
  markedA: number;
  markedB: number;
}

/** Counts arc `q`'s two arrows into the bound of candidate `c` (turn `theta`) when the widened arc contains the turn. */
function countArc(a: PreparedApsisLevel, b: PreparedApsisLevel, arcs: PairArcs, bound: ArcBound, c: number, theta: number, q: number): void {
  if (bound.stampPiece[q] === c) return;
  bound.stampPiece[q] = c;
  let d = theta - arcs.pieceStart[q];
  if (d < -SWEEP_MARGIN) d += 360;
  else if (d > 360 - SWEEP_MARGIN) d -= 360;
  if (d > arcs.pieceWidth[q] + 3 * SWEEP_MARGIN) return;
  const p = arcs.piecePair[q];
  const i = arcs.pairI[p];
  const j = arcs.pairJ[p];
  if (bound.stampA[i] !== c) {
    bound.stampA[i] = c;
    bound.distinctA++;
    bound.markedA += a.marked[i];
  }
  if (bound.stampB[j] !== c) {
    bound.stampB[j] = c;
    bound.distinctB++;
    bound.markedB += b.marked[j];
  }
}
