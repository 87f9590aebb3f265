import { arrowShape, type ArrowPlacement, type ArrowShape } from "../level/arrow-shape.ts";
import { capsulesClear, fitsAlone } from "../level/arrow-fits.ts";
import { pointSegmentDistanceSq } from "../level/segment-distance.ts";
import type { SkyLimits } from "../level/sky-limits.ts";
import { isFairDistanceSq, wayDistanceSq, wayThroughSun } from "../level/way-out.ts";

/** Rounds of a small plain sky from the bitmask fast path. */
export interface SmallSkyRounds {
  /** Round of each arrow (1-based), by index. */
  rounds: number[];
  depth: number;
  reads: number;
  freeAtStart: number;
  /** blockers[i]: bitmask of the arrows standing on arrow i's way out. */
  blockers: number[];
}

/** Why a small system was turned down. */
export type SmallSkyRejection = "fits" | "way-sun" | "gap" | "unfair" | "cycle";

/** Largest sky the bitmask fast path takes. */
export const SMALL_SKY_MAX = 30;

/**
 * Checks and solves a small rule-free sky (SPEC 5.1, 5.3) without building a
 * graph: fits, gap, ways clear of the sun, fair to read, then rounds by
 * bitmasks (each round, every arrow whose blockers have all left). It is the
 * first-five composer's fast path (tens of thousands of draws a second),
 * checked against `solveSky` in tests.
 *
 * @returns the rounds, or why the system was turned down (a cycle means it cannot be cleared).
 * @throws RangeError when given more than {@link SMALL_SKY_MAX} arrows.
 */
export function smallSkyRounds(arrows: readonly ArrowPlacement[], limits: SkyLimits): SmallSkyRounds | SmallSkyRejection {
  const n = arrows.length;
  if (n > SMALL_SKY_MAX) throw new RangeError(`apsis/small-sky: ${n} arrows is more than the fast path takes (${SMALL_SKY_MAX})`);
  const shapes: ArrowShape[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const s = arrowShape(arrows[i], limits.sky);
    if (!fitsAlone(s, limits)) return "fits";
    if (wayThroughSun(s, limits)) return "way-sun";
    for (let j = 0; j < i; j++) if (!capsulesClear(s, shapes[j], limits)) return "gap";
    shapes[i] = s;
  }
  const blockers = new Array<number>(n).fill(0);
  const fairOff = Math.sqrt(limits.fairOffSq);
  for (let a = 0; a < n; a++) {
    const w = shapes[a];
    for (let b = 0; b < n; b++) {
      if (a === b) continue;
      const o = shapes[b];
      // Midpoint far enough from the way: clearly off it, no exact distance needed.
      const off = fairOff + arrows[b].length / 2;
      if (pointSegmentDistanceSq(o.mx, o.my, w.hx, w.hy, w.ex, w.ey) >= off * off) continue;
      const d = wayDistanceSq(o, w);
      if (!isFairDistanceSq(d, limits)) return "unfair";
      if (d < limits.blockSq) blockers[a] |= 1 << b;
    }
  }
  const rounds = new Array<number>(n).fill(0);
  let on = n === 30 ? 0x3fffffff : (1 << n) - 1;
  let round = 0;
  let reads = 0;
  let freeAtStart = 0;
  while (on !== 0) {
    round++;
    let leaving = 0;
    for (let i = 0; i < n; i++) if (on & (1 << i) && (blockers[i] & on) === 0) leaving |= 1 << i;
    if (leaving === 0) return "cycle";
    for (let i = 0; i < n; i++) {
      if (leaving & (1 << i)) {
        rounds[i] = round;
        reads += round;
        if (round === 1) freeAtStart++;
      }
    }
    on &= ~leaving;
  }
  return { rounds, depth: round, reads, freeAtStart, blockers };
}
