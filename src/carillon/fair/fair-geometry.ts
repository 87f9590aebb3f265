import type { CarillonFair } from "../model/fair-model.ts";
import type { CarillonProblem } from "./fair-problem.ts";
import type { CarillonField } from "../level/compile-field.ts";
import { centreDistance } from "../level/reach.ts";

const fmt = (v: number): string => (Math.round(v * 100) / 100).toString();

/**
 * The geometric half of fair to read (SPEC 4.2), every pair named when it fails:
 * - `fair-inside`: every dot lies wholly inside the field;
 * - `fair-gap`: dots at least `minGap` (14) units apart edge to edge;
 * - `fair-margin`: for every ordered pair (A,B),
 *   `|dist(A,B) − radius(B) − reach(A)| ≥ reachMargin` (10): a ring clearly
 *   reaches or clearly misses.
 * Comparisons allow 1e-9 units of rounding noise.
 */
export function checkFairGeometry(field: CarillonField, fair: CarillonFair): CarillonProblem[] {
  const problems: CarillonProblem[] = [];
  const eps = 1e-9;
  for (let a = 0; a < field.count; a++) {
    const r = field.radius[a];
    if (field.x[a] - r < -eps || field.y[a] - r < -eps || field.x[a] + r > field.width + eps || field.y[a] + r > field.height + eps) {
      problems.push({ reason: "fair-inside", message: `dot ${a} is not wholly inside the ${field.width} × ${field.height} field`, dots: [a] });
    }
  }
  for (let a = 0; a < field.count; a++) {
    for (let b = a + 1; b < field.count; b++) {
      const gap = centreDistance(field, a, b) - field.radius[a] - field.radius[b];
      if (gap < fair.minGap - eps) {
        problems.push({
          reason: "fair-gap",
          message: `dots ${a} and ${b} are ${fmt(gap)} units apart edge to edge (at least ${fair.minGap})`,
          dots: [a, b],
        });
      }
    }
  }
  for (let a = 0; a < field.count; a++) {
    for (let b = 0; b < field.count; b++) {
      if (a === b) continue;
      const d = centreDistance(field, a, b) - field.radius[b] - field.reach[a];
      if (Math.abs(d) < fair.reachMargin - eps) {
        const how = d <= 0 ? `reaches dot ${b} with only ${fmt(-d)} units to spare` : `misses dot ${b} by only ${fmt(d)} units`;
        problems.push({ reason: "fair-margin", message: `dot ${a}'s ring ${how} (at least ${fair.reachMargin})`, dots: [a, b] });
      }
    }
  }
  return problems;
}
