/** How fairly a sky's arrows must spread over the rings (`models/apsis/builder.json` `spread`, SPEC 5.2). */
export interface RingSpreadRule {
  /** Largest share (0..1) of a sky's arrows one ring may hold (0.35). */
  maxRingShare: number;
  /** The rule holds for skies of at least this many arrows (20); smaller skies are free. */
  fromArrows: number;
}

/**
 * The most arrows any one ring may hold while a sky is built whose finished
 * count lies in [least, most], so that the finished sky keeps the spread rule
 * whatever count it stops at (SPEC 5.2: no ring holds more than 35% of a sky
 * of 20 or more arrows). A count n ≥ max(least, fromArrows) must keep every
 * ring at ≤ maxRingShare · n, so the cap is ⌊maxRingShare · max(least,
 * fromArrows)⌋, held at every step: the proof needs nothing else. `Infinity`
 * when no finished count reaches `fromArrows`.
 */
export function ringCap(least: number, most: number, rule: RingSpreadRule): number {
  if (most < rule.fromArrows) return Infinity;
  // The small epsilon keeps an exact product (0.35 · 20 = 7) from rounding down to 6.
  return Math.floor(rule.maxRingShare * Math.max(least, rule.fromArrows) + 1e-9);
}

/** The largest share (0..1) of a sky's arrows on one ring; 0 for an empty sky. */
export function largestRingShare(arrows: ReadonlyArray<{ ring: number }>): number {
  if (arrows.length === 0) return 0;
  const counts = new Map<number, number>();
  let most = 0;
  for (const a of arrows) {
    const c = (counts.get(a.ring) ?? 0) + 1;
    counts.set(a.ring, c);
    if (c > most) most = c;
  }
  return most / arrows.length;
}

/** Does a sky keep the spread rule (fewer than `fromArrows` arrows, or no ring over `maxRingShare`)? */
export function keepsRingSpread(arrows: ReadonlyArray<{ ring: number }>, rule: RingSpreadRule): boolean {
  return arrows.length < rule.fromArrows || largestRingShare(arrows) <= rule.maxRingShare + 1e-12;
}
