import type { CarillonDedupSettings } from "./carillon-dedup-thresholds.ts";
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
 * find one among `b`'s winning first taps; where that passes, the same from
 * `b`'s side (its dots turned back by the inverse transform onto `a`'s grids),
 * taking per class the smaller of the two counts.
 */
export function carillonMayMatch(a: PreparedCarillonLevel, b: PreparedCarillonLevel, thresholds: CarillonDedupSettings): boolean {
  return carillonTransformsToTry(a, b, thresholds, true) !== null;
}

/**
 * The bound of {@link carillonMayMatch} per transform: `mask[k]` is false when
 * transform k (order of CARILLON_TRANSFORMS) cannot give identical, same
 * picture or same answer; null when no transform can. With `firstOnly`, stops
 * at the first transform that can (the rest of the mask is then false).
 */
export function carillonTransformsToTry(a: PreparedCarillonLevel, b: PreparedCarillonLevel, thresholds: CarillonDedupSettings, firstOnly = false): boolean[] | null {
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
    if (!((pictureByCount && hits >= needPicture) || (winsHit && hits >= needAnswer) || (identicalByCount && hits === n))) continue;
    // a's side passes: now both sides, class by class
    const both = twoSided(a, b, k, winsHit);
    if (both === null) continue;
    if ((pictureByCount && both.bound >= needPicture) || (both.wins && both.bound >= needAnswer) || (identicalByCount && both.bound === n)) {
      mask[k] = true;
      any = true;
      if (firstOnly) break;
    }
  }
  return any ? mask : null;
}

/** Index of the inverse of each transform (turns undo by the opposite turn; each mirrored transform undoes itself). */
const INVERSE = [0, 3, 2, 1, 4, 5, 6, 7];
let scratchA = new Int32Array(16);
let scratchB = new Int32Array(16);

/**
 * The matching under transform k is at most Σ over classes of min(a's dots
 * near a b dot of their class, b's dots near an a dot of their class) — b's
 * dots turned back by the inverse transform onto a's grids. Null when a
 * marked dot of b finds no such cell; `wins` whether every winning first tap
 * of b finds one among a's (and `winsA` held for a's).
 */
function twoSided(a: PreparedCarillonLevel, b: PreparedCarillonLevel, k: number, winsA: boolean): { bound: number; wins: boolean } | null {
  if (scratchA.length < a.classes.length) scratchA = new Int32Array(2 * a.classes.length);
  if (scratchB.length < b.classes.length) scratchB = new Int32Array(2 * b.classes.length);
  const hitsA = scratchA.fill(0);
  const hitsB = scratchB.fill(0);
  const bMasks = a.classes.map((c) => b.masks.get(c));
  for (let i = 0; i < a.n; i++) if (covers(bMasks[a.classSlot[i]], a.cells[k * a.n + i])) hitsA[a.classSlot[i]]++;
  const aMasks = b.classes.map((c) => a.masks.get(c));
  const aWinning = b.classes.map((c) => a.winningMasks.get(c));
  const back = INVERSE[k] * b.n;
  let wins = winsA;
  for (let j = 0; j < b.n; j++) {
    const slot = b.classSlot[j];
    const cell = b.cells[back + j];
    if (covers(aMasks[slot], cell)) hitsB[slot]++;
    else if (b.marked[j]) return null;
    if (wins && b.winning[j] && !covers(aWinning[slot], cell)) wins = false;
  }
  let bound = 0;
  for (let s = 0; s < a.classes.length; s++) {
    const other = b.classes.indexOf(a.classes[s]);
    if (other >= 0) bound += Math.min(hitsA[s], hitsB[other]);
  }
  return { bound, wins };
}

/** Whether a dot in grid cell `cell` may lie within reach of a dot painted in `mask`. */
function covers(mask: Uint32Array | null | undefined, cell: number): boolean {
  if (mask === undefined) return false;
  if (mask === null || cell < 0) return true;
  return (mask[cell >>> 5] & (1 << (cell & 31))) !== 0;
}
