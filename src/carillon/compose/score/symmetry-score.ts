import type { DotSize } from "../../model/physics-model.ts";

/** A dot as symmetry sees it: centre and size (notes never count). */
export interface FigureDot {
  x: number;
  y: number;
  size: DotSize;
}

/**
 * Best mirror match of a figure (SPEC 4.6 symmetry): for each axis through
 * the dots' centroid (angles in degrees from +x, compose.json
 * `symmetry.axes`), each dot is mirrored and paired one to one with a dot of
 * the same size within `tolerance` field units (closest pairs first, a dot
 * on the axis may pair with itself); the score is the share of dots paired,
 * under the best axis.
 *
 * @returns score in [0, 1] and the best axis (degrees).
 */
export function symmetryScore(dots: readonly FigureDot[], axes: readonly number[], tolerance: number): { score: number; axis: number } {
  const n = dots.length;
  if (n === 0) return { score: 1, axis: axes[0] };
  const cx = dots.reduce((a, d) => a + d.x, 0) / n;
  const cy = dots.reduce((a, d) => a + d.y, 0) / n;
  let best = { score: -1, axis: axes[0] };
  for (const axis of axes) {
    const ux = Math.cos((axis * Math.PI) / 180);
    const uy = Math.sin((axis * Math.PI) / 180);
    const pairs: Array<[number, number, number]> = [];
    for (let i = 0; i < n; i++) {
      const vx = dots[i].x - cx;
      const vy = dots[i].y - cy;
      const along = vx * ux + vy * uy;
      const mx = cx + 2 * along * ux - vx;
      const my = cy + 2 * along * uy - vy;
      for (let j = 0; j < n; j++) {
        if (dots[j].size !== dots[i].size) continue;
        const d = Math.hypot(dots[j].x - mx, dots[j].y - my);
        if (d <= tolerance) pairs.push([d, i, j]);
      }
    }
    pairs.sort((p, q) => p[0] - q[0] || p[1] - q[1] || p[2] - q[2]);
    const usedFrom = new Uint8Array(n);
    const usedTo = new Uint8Array(n);
    let matched = 0;
    for (const [, i, j] of pairs) {
      if (usedFrom[i] || usedTo[j]) continue;
      usedFrom[i] = 1;
      usedTo[j] = 1;
      matched++;
    }
    const score = matched / n;
    if (score > best.score) best = { score, axis };
  }
  return best;
}
