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
  return carillonTransformsToTry(a, b, thresholds, true) !== null;
}

/**
 * The bound of {@link carillonMayMatch} per transform: `mask[k]` is false when
 * transform k (order of CARILLON_TRANSFORMS) cannot give identical, same
 * picture or same answer; null when no transform can. With `firstOnly`, stops
 * at the first transform that can (the rest of the mask is then false).
 */
export function carillonTransformsToTry(a: PreparedCarillonLevel, b: PreparedCarillonLevel, thresholds: DedupThresholds, firstOnly = false): boolean[] | null {
  if (a.markedClasses !== b.markedClasses) return null;
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
  const identicalByCount = identicalPossible && classBound === a.n;
  if (!pictureByCount && !answerByCount && !identicalByCount) return null;
  // the fewest hits any reason could do with
  const need = Math.min(pictureByCount ? needPicture : Infinity, answerByCount ? needAnswer : Infinity, identicalByCount ? a.n : Infinity);

  // b's grids for a's classes, fetched once: undefined = b has no such dot, null = no bound
  const masks = a.classes.map((c) => b.masks.get(c));
  const winningMasks = a.classes.map((c) => b.winningMasks.get(c));
  const n = a.n;
  const { cells, classSlot, marked, winning } = a;
  const mask = [false, false, false, false, false, false, false, false];
  let any = false;
  for (let k = 0; k < 8; k++) {
    let hits = 0;
    let marksHit = true;
    let winsHit = answerByCount;
    const base = k * n;
    for (let i = 0; i < n; i++) {
      const cell = cells[base + i];
      const slot = classSlot[i];
      if (covers(masks[slot], cell)) hits++;
      else if (marked[i]) {
        marksHit = false;
        break;
      }
      if (winsHit && winning[i] && !covers(winningMasks[slot], cell)) winsHit = false;
      if (hits + (n - i - 1) < need) break;
    }
    if (!marksHit) continue;
    if ((pictureByCount && hits >= needPicture) || (winsHit && hits >= needAnswer) || (identicalByCount && hits === n)) {
      mask[k] = true;
      any = true;
      if (firstOnly) break;
    }
  }
  return any ? mask : null;
}

/** Whether a dot in grid cell `cell` may lie within reach of a dot painted in `mask`. */
function covers(mask: Uint32Array | null | undefined, cell: number): boolean {
  if (mask === undefined) return false;
  if (mask === null || cell < 0) return true;
  return (mask[cell >>> 5] & (1 << (cell & 31))) !== 0;
}
