import { ringHalfArcs } from "./apsis-ring-arcs.ts";
import type { ApsisDedupThresholds } from "./apsis-dedup-thresholds.ts";

/** Bins of (direction − angle) around the circle. */
const BINS = 64;
const BIN_DEGREES = 360 / BINS;
/** Length slots: lengths are hashed into 4 slots (two lengths sharing a slot only loosen the bound). */
const LENGTH_SLOTS = 4;
/** Rings handled (1..8). */
const RINGS = 8;
const GROUPS = RINGS * LENGTH_SLOTS;

/**
 * A compact, cache-friendly summary of a sky for the first near-copy bound
 * (SPEC 7): per arrow its group (ring, length slot) and bin of
 * (direction − angle), plain and mirrored; per group a 64-bit mask of the
 * bins any partner could sit in (the arrows' bins widened by the group's
 * reach, directionDegrees + the ring's midpoint arc, plus one bin).
 */
export interface ApsisSketch {
  /** Per arrow: group × 64 + bin, plain and mirrored. */
  codes: Uint16Array;
  mirroredCodes: Uint16Array;
  /** Per group, two 32-bit words: bins within reach of this sky's arrows (plain, then mirrored). */
  reach: Uint32Array;
  mirroredReach: Uint32Array;
}

const lengthSlots = new Map<number, number>();
// reused between calls: allocating typed arrays per pair costs more than the bound itself
const scratchA = new Int32Array(GROUPS);
const scratchB = new Int32Array(GROUPS);

/**
 * The sketch of a sky, or null when the thresholds put it out of the sketch's
 * scope (more than 8 rings, or two different rings within reach of each
 * other): the bound is then skipped, never wrong.
 */
export function apsisSketch(ring: Int32Array, length: Float64Array, relDir: Float64Array, thresholds: ApsisDedupThresholds): ApsisSketch | null {
  const arcs = ringHalfArcs(thresholds);
  if (arcs.length > RINGS) return null;
  for (let r = 0; r < arcs.length; r++) for (let s = 0; s < arcs.length; s++) if (r !== s && !Number.isNaN(arcs[r][s])) return null;
  const n = ring.length;
  const codes = new Uint16Array(n);
  const mirroredCodes = new Uint16Array(n);
  const reach = new Uint32Array(2 * GROUPS);
  const mirroredReach = new Uint32Array(2 * GROUPS);
  for (let i = 0; i < n; i++) {
    let slot = lengthSlots.get(length[i]);
    if (slot === undefined) {
      slot = lengthSlots.size % LENGTH_SLOTS;
      lengthSlots.set(length[i], slot);
    }
    const group = (ring[i] - 1) * LENGTH_SLOTS + slot;
    const h = arcs[ring[i] - 1][ring[i] - 1];
    const widen = h >= 180 ? BINS : Math.ceil((thresholds.directionDegrees + h + 1e-6) / BIN_DEGREES) + 1;
    const bin = binOf(relDir[i]);
    const mirroredBin = binOf(relDir[i] === 0 ? 0 : 360 - relDir[i]);
    codes[i] = group * BINS + bin;
    mirroredCodes[i] = group * BINS + mirroredBin;
    paint(reach, group, bin, widen);
    paint(mirroredReach, group, mirroredBin, widen);
  }
  return { codes, mirroredCodes, reach, mirroredReach };
}

/**
 * Upper bound on the near-copy matching of `a` (as candidate) and `b`, for
 * the better mirror state: Σ over groups of min(a's arrows whose bin lies in
 * b's reach, b's arrows whose bin lies in a's reach).
 */
export function sketchBound(a: ApsisSketch, b: ApsisSketch): number {
  let best = 0;
  const hitsA = scratchA;
  const hitsB = scratchB;
  for (let mirror = 0; mirror < 2; mirror++) {
    hitsA.fill(0);
    hitsB.fill(0);
    const aCodes = mirror ? a.mirroredCodes : a.codes;
    const aReach = mirror ? a.mirroredReach : a.reach;
    for (let i = 0; i < aCodes.length; i++) {
      const code = aCodes[i];
      const group = code >>> 6;
      const bin = code & 63;
      if (b.reach[2 * group + (bin >>> 5)] & (1 << (bin & 31))) hitsA[group]++;
    }
    for (let j = 0; j < b.codes.length; j++) {
      const code = b.codes[j];
      const group = code >>> 6;
      const bin = code & 63;
      if (aReach[2 * group + (bin >>> 5)] & (1 << (bin & 31))) hitsB[group]++;
    }
    let bound = 0;
    for (let g = 0; g < GROUPS; g++) bound += Math.min(hitsA[g], hitsB[g]);
    if (bound > best) best = bound;
  }
  return best;
}

function binOf(degrees: number): number {
  const bin = Math.floor(degrees / BIN_DEGREES);
  return bin >= BINS ? BINS - 1 : bin < 0 ? 0 : bin;
}

function paint(masks: Uint32Array, group: number, bin: number, widen: number): void {
  for (let d = -widen; d <= widen; d++) {
    const b = (((bin + d) % BINS) + BINS) % BINS;
    masks[2 * group + (b >>> 5)] |= 1 << (b & 31);
  }
}
