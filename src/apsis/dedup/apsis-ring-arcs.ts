import type { ApsisDedupThresholds } from "./apsis-dedup-thresholds.ts";

const cache = new WeakMap<ApsisDedupThresholds, number[][]>();

/**
 * Half-width, in degrees, of the range of turns that brings a midpoint on ring
 * r1 within `midpointUnits` of a midpoint on ring r2 at the same angle
 * (law of cosines: r1² + r2² − 2·r1·r2·cos Δ ≤ d²): `arcs[r1 - 1][r2 - 1]`,
 * 180 when any turn will do, NaN when no turn will (rings too far apart —
 * with the default radii every two different rings, 45 units apart > 40).
 */
export function ringHalfArcs(thresholds: ApsisDedupThresholds): number[][] {
  let arcs = cache.get(thresholds);
  if (arcs) return arcs;
  const d = thresholds.midpointUnits;
  arcs = thresholds.ringRadii.map((r1) =>
    thresholds.ringRadii.map((r2) => {
      const c = (r1 * r1 + r2 * r2 - d * d) / (2 * r1 * r2);
      if (c <= -1) return 180;
      if (c > 1) return Number.NaN;
      return (Math.acos(c) * 180) / Math.PI;
    }),
  );
  cache.set(thresholds, arcs);
  return arcs;
}
