import type { DedupThresholds } from "./dedup-thresholds.ts";
import type { PreparedCarillonLevel } from "./prepare-carillon-level.ts";

const EPS = 1e-9;

/**
 * Cheap, exact prefilter of the geometric reasons of {@link comparePreparedCarillon}
 * (identical, same picture, same answer): returns `false` only when none of
 * them can hold, so skipping the matching never changes an answer. It does
 * not look at the chains (the index finds those by certificate).
 *
 * Bounds used, in order: the marked dots' classes must agree; the matching
 * is at most Σ over classes of min(count in a, count in b); under each of the
 * eight transforms it is at most the number of `a`'s dots whose turned grid
 * cell lies in the 3 × 3 neighbourhood of a `b` dot of their class (cells of
 * `matchUnits + 1`, so any pair within `matchUnits` is adjacent), every marked
 * dot must find such a cell, and for the answer every winning first tap must
 * find one among `b`'s winning first taps.
 */
export function carillonMayMatch(a: PreparedCarillonLevel, b: PreparedCarillonLevel, thresholds: DedupThresholds): boolean {
  if (a.markedClasses !== b.markedClasses) return false;
  const t = thresholds.carillon;
  const larger = Math.max(a.n, b.n);
  const needPicture = t.pictureShare * larger - EPS;
  const needAnswer = t.answerShare * larger - EPS;
  const answerAgrees = a.winningCount === b.winningCount && a.winningClasses === b.winningClasses;
  const identicalPossible = a.n === b.n;

  let classBound = 0;
  for (const [cls, count] of a.classCounts) classBound += Math.min(count, b.classCounts.get(cls) ?? 0);
  const pictureByCount = classBound >= needPicture;
  const answerByCount = answerAgrees && classBound >= needAnswer;
  if (!pictureByCount && !answerByCount && !(identicalPossible && classBound === a.n)) return false;

  const n = a.n;
  for (let k = 0; k < 8; k++) {
    let hits = 0;
    let marksHit = true;
    let winsHit = answerAgrees;
    for (let i = 0; i < n; i++) {
      const cell = a.cells[k * n + i];
      const cls = a.classId[i];
      const hit = covers(b.masks, cls, cell);
      if (hit) hits++;
      else if (a.marked[i]) marksHit = false;
      if (winsHit && a.winning[i] && !covers(b.winningMasks, cls, cell)) winsHit = false;
    }
    if (!marksHit) continue;
    if (hits >= needPicture) return true;
    if (winsHit && hits >= needAnswer) return true;
    if (identicalPossible && hits === n) return true;
  }
  return false;
}

/** Whether a dot of class `cls` in grid cell `cell` may lie within reach of a dot painted in `masks` (true when unbounded). */
function covers(masks: Map<number, Uint32Array | null>, cls: number, cell: number): boolean {
  if (!masks.has(cls)) return false;
  const mask = masks.get(cls);
  if (!mask || cell < 0) return true;
  return (mask[cell >>> 5] & (1 << (cell & 31))) !== 0;
}
