import type { GrowingSky, GrowthMeasure } from "./growing-sky.ts";

/** The windows a trimmed sky must land in, and the reads it should land nearest. */
export interface TrimAim {
  reads: readonly [number, number];
  depth: readonly [number, number];
  /** Reads to land nearest (the window's middle). */
  readsAim: number;
}

/** The arrows to take out and the measure the sky is left with. */
export interface TrimChoice {
  /** Build indices taken out, ascending. */
  removed: number[];
  measure: GrowthMeasure;
}

/** Why no trim landed: every choice stayed over the reads window, or some fell in it but under the depth floor. */
export type TrimMiss = "overshoot" | "shallow" | "undershoot";

/**
 * Lands a sky built a few arrows past its count by taking `count` arrows out
 * (SPEC 5.2: each tier aims its skies at a narrow window of reads). Taking an
 * arrow out of a backwards-built sky keeps it clearable (every arrow left
 * still has its way clear of every older arrow left) and only lowers reads
 * and depth, so the reads that can be reached are spread out well below the
 * sky's own: this gives the build fine control that adding arrows lacks
 * (adding one to a deep sky moves reads by a whole chain at once). Every set
 * of `count` arrows among `removable` is tried (`count` ≤ 3, at most
 * C(n, 3) measures); the set landing both windows nearest `readsAim` is kept,
 * ties to the first in lexicographic order.
 *
 * @returns the choice, or why none landed.
 */
export function trimSky(grow: GrowingSky, removable: readonly number[], count: number, aim: TrimAim): TrimChoice | TrimMiss {
  const [lo, hi] = aim.reads;
  const [depthLo, depthHi] = aim.depth;
  const removed = new Uint8Array(grow.size);
  const chosen: number[] = [];
  let best: TrimChoice | null = null;
  let bestOff = Infinity;
  let sawInReads = false;
  let sawUnder = false;
  const visit = (from: number, left: number): void => {
    if (left === 0) {
      const m = grow.measureWithout(removed);
      if (m.reads < lo) sawUnder = true;
      if (m.reads < lo || m.reads > hi) return;
      sawInReads = true;
      if (m.depth < depthLo || m.depth > depthHi) return;
      const off = Math.abs(m.reads - aim.readsAim);
      if (off < bestOff) {
        bestOff = off;
        best = { removed: chosen.slice(), measure: m };
      }
      return;
    }
    for (let k = from; k <= removable.length - left; k++) {
      const i = removable[k];
      removed[i] = 1;
      chosen.push(i);
      visit(k + 1, left - 1);
      chosen.pop();
      removed[i] = 0;
    }
  };
  if (count < 1 || count > 3) throw new RangeError(`apsis/trim: expected 1 to 3 arrows to take out, got ${count}`);
  visit(0, count);
  if (best) return best;
  return sawInReads ? "shallow" : sawUnder ? "undershoot" : "overshoot";
}
