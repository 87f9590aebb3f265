import { ringHalfArcs } from "./apsis-ring-arcs.ts";
import { signedGap } from "./apsis-transform.ts";
import type { DedupThresholds } from "./dedup-thresholds.ts";
import type { PreparedApsisLevel } from "./prepare-apsis-level.ts";

const EPS = 1e-6;

/**
 * Cheap, exact prefilter of "near copy" (SPEC 7): returns `false` only when
 * {@link findNearCopy} cannot succeed, so skipping it never changes an answer
 * (identical skies and same puzzles are found by key in the index).
 *
 * Bounds: the matching is at most Σ over (length, marks) classes of
 * min(count in a, count in b); and, per mirror state, at most the number of
 * `a`'s arrows having some `b` arrow of their class on a ring within reach
 * whose (direction − angle) differs by at most directionDegrees + the rings'
 * midpoint arc — a turn changes direction and angle alike, so that difference
 * is what a turn cannot fix. Every marked arrow must find such a partner.
 */
export function apsisMayMatch(a: PreparedApsisLevel, b: PreparedApsisLevel, thresholds: DedupThresholds): boolean {
  if (a.markSignature !== b.markSignature) return false;
  const t = thresholds.apsis;
  const need = t.nearCopyShare * Math.max(a.n, b.n) - 1e-9;
  let classBound = 0;
  for (const [cls, count] of a.classCounts) classBound += Math.min(count, b.classCounts.get(cls) ?? 0);
  if (classBound < need) return false;
  const arcs = ringHalfArcs(t);
  const rings = t.ringRadii.length;
  for (const mirror of [false, true]) {
    let hits = 0;
    let marksHit = true;
    for (let i = 0; i < a.n; i++) {
      const rel = mirror ? a.angle[i] - a.direction[i] : a.direction[i] - a.angle[i];
      const cls = `${a.length[i]}|${a.mark[i]}`;
      let hit = false;
      for (let r = 1; r <= rings && !hit; r++) {
        const h = arcs[a.ring[i] - 1][r - 1];
        if (Number.isNaN(h)) continue;
        const list = b.byRingClass.get(`${r}|${cls}`);
        if (!list) continue;
        for (const j of list) {
          if (h >= 180 || Math.abs(signedGap(rel, b.direction[j] - b.angle[j])) <= t.directionDegrees + h + EPS) {
            hit = true;
            break;
          }
        }
      }
      if (hit) hits++;
      else if (a.marked[i]) marksHit = false;
    }
    if (marksHit && hits >= need) return true;
  }
  return false;
}
