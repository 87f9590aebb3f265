import { sketchBound } from "./apsis-sketch.ts";
import type { ApsisDedupSettings } from "./apsis-dedup-thresholds.ts";
import type { PreparedApsisLevel } from "./prepare-apsis-level.ts";

const EPS = 1e-6;

/**
 * Cheap, exact prefilter of "near copy" (SPEC 7): returns `false` only when
 * {@link findNearCopy} cannot succeed, so skipping it never changes an answer
 * (identical skies and same puzzles are found by key in the index).
 *
 * Bounds: the marks and falling rings must agree; the matching is at most
 * Σ over (length, marks) classes of min(count in a, count in b); then the
 * same as below on a coarse sketch (64 bins, lengths hashed to 4 slots, marks
 * ignored: every relaxation only loosens it; {@link sketchBound}); and, per
 * mirror state, at most Σ over classes of min(arrows of `a` with a possible
 * partner, arrows of `b` with a possible partner), where a possible partner
 * is an arrow of the same class on a ring within reach whose (direction −
 * angle) differs by at most directionDegrees + the rings' midpoint arc — a
 * turn changes direction and angle alike, so that difference is what no turn
 * can fix. Every marked arrow must have a possible partner.
 */
export function apsisMayMatch(a: PreparedApsisLevel, b: PreparedApsisLevel, thresholds: ApsisDedupSettings): boolean {
  if (a.markSignature !== b.markSignature) return false;
  const t = thresholds.apsis;
  const need = t.nearCopyShare * Math.max(a.n, b.n) - 1e-9;
  // classes are sorted: walk both lists together, noting b's slot for each of a's classes
  const slots = a.classes.length;
  const otherSlot = scratch(0, slots);
  otherSlot.fill(-1);
  let classBound = 0;
  for (let s = 0, o = 0; s < slots && o < b.classes.length; ) {
    if (a.classes[s] < b.classes[o]) s++;
    else if (a.classes[s] > b.classes[o]) o++;
    else {
      otherSlot[s] = o;
      classBound += Math.min(a.classSizes[s], b.classSizes[o]);
      s++;
      o++;
    }
  }
  if (classBound < need) return false;
  if (a.sketch && b.sketch && sketchBound(a.sketch, b.sketch) < need) return false;

  const w = t.directionDegrees;
  const hitsA = possiblePartners(a, b, w, 1);
  const hitsB = possiblePartners(b, a, w, 2);
  for (let mirror = 0; mirror < 2; mirror++) {
    if (hitsA[2 * slots + mirror] > 0 || hitsB[2 * b.classes.length + mirror] > 0) continue; // a marked arrow without partner
    let bound = 0;
    for (let s = 0; s < slots; s++) {
      const other = otherSlot[s];
      if (other >= 0) bound += Math.min(hitsA[2 * s + mirror], hitsB[2 * other + mirror]);
    }
    if (bound >= need) return true;
  }
  return false;
}

/**
 * Per class slot of `x` and mirror state (0 no, 1 yes): how many arrows of
 * `x` have a possible partner in `y`, at `[2 * slot + mirror]`; after them, at
 * `[2 * slots + mirror]`, how many marked arrows have none. The test is
 * symmetric, so mirroring either sky gives the same counts.
 */
function possiblePartners(x: PreparedApsisLevel, y: PreparedApsisLevel, w: number, buffer: number): Int32Array {
  const slots = x.classes.length;
  const counts = scratch(buffer, 2 * slots + 2);
  counts.fill(0);
  for (let i = 0; i < x.n; i++) {
    const rel = x.relDir[i];
    const { keys, arcs } = x.partnerGroups[i];
    let plain = false;
    let mirrored = false;
    for (let g = 0; g < keys.length && !(plain && mirrored); g++) {
      const members = y.groups.get(keys[g]);
      if (!members) continue;
      const h = arcs[g];
      const reach = h >= 180 ? 360 : w + h + EPS;
      for (let k = 0; k < members.length; k++) {
        const other = y.relDir[members[k]];
        if (!plain && circularGap(rel, other) <= reach) plain = true;
        if (!mirrored && circularGap(360 - rel, other) <= reach) mirrored = true;
      }
    }
    const slot = 2 * x.classSlot[i];
    if (plain) counts[slot]++;
    else if (x.marked[i]) counts[2 * slots]++;
    if (mirrored) counts[slot + 1]++;
    else if (x.marked[i]) counts[2 * slots + 1]++;
  }
  return counts;
}

// reused between calls: allocating typed arrays per pair costs more than the bound itself
const buffers = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/** Scratch buffer `k`, at least `size` long. */
function scratch(k: number, size: number): Int32Array {
  if (buffers[k].length < size) buffers[k] = new Int32Array(2 * size);
  return buffers[k];
}

/** Gap of two angles in [0, 360], degrees in [0, 180]. */
function circularGap(a: number, b: number): number {
  const d = Math.abs(a - b);
  return d > 180 ? 360 - d : d;
}
