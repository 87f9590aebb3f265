import type { LevelProblem } from "../../game/game-backend.ts";
import type { CarillonBody } from "../level/carillon-body.ts";
import type { CarillonPhysics } from "../model/physics-model.ts";

const fmt = (v: number): string => (Math.round(v * 100) / 100).toString();

/**
 * Whether a body is a Carillon level at all (SPEC 3, 4.1), before anything
 * solves, measures or draws it:
 * - `field-size`: the body's field is the physics model's (640 × 900);
 * - `outside-field`: every dot lies wholly inside the field;
 * - `overlap`: no two dots overlap (centres at least the sum of the radii
 *   apart; two dots on one spot overlap).
 * Comparisons allow 1e-9 units of rounding noise. Fair to read (gaps,
 * margins) is a shipping rule, checked by validate, not here.
 *
 * @returns the problems, dots by index; empty for a level.
 */
export function carillonWellFormed(body: CarillonBody, physics: CarillonPhysics): LevelProblem[] {
  const problems: LevelProblem[] = [];
  const { width, height } = physics.field;
  if (body.width !== width || body.height !== height) {
    problems.push({ reason: "field-size", message: `the field is ${body.width} × ${body.height}; a Carillon field is ${width} × ${height}` });
  }
  const eps = 1e-9;
  const radius = body.dots.map((d) => physics.sizes[d.size].radius);
  body.dots.forEach((d, i) => {
    const r = radius[i];
    if (d.x - r < -eps || d.y - r < -eps || d.x + r > width + eps || d.y + r > height + eps) {
      problems.push({ reason: "outside-field", message: `dot ${i} (${d.size}, centre ${fmt(d.x)}, ${fmt(d.y)}) is not wholly inside the ${width} × ${height} field` });
    }
  });
  // Sorted by x, a dot only meets the dots whose x lies within the two largest radii of it.
  const order = body.dots.map((_, i) => i).sort((a, b) => body.dots[a].x - body.dots[b].x || a - b);
  const reach = 2 * Math.max(...radius);
  for (let p = 0; p < order.length; p++) {
    const a = order[p];
    for (let q = p + 1; q < order.length && body.dots[order[q]].x - body.dots[a].x < reach; q++) {
      const b = order[q];
      const d = Math.hypot(body.dots[a].x - body.dots[b].x, body.dots[a].y - body.dots[b].y);
      if (d < radius[a] + radius[b] - eps) {
        const [lo, hi] = a < b ? [a, b] : [b, a];
        problems.push({ reason: "overlap", message: d < eps ? `dots ${lo} and ${hi} sit on one spot` : `dots ${lo} and ${hi} overlap (centres ${fmt(d)} apart, radii ${radius[lo]} + ${radius[hi]})` });
      }
    }
  }
  return problems;
}
