import { angleBetween, bearing } from "../../level/cone.ts";
import type { CarillonFair } from "../../model/fair-model.ts";
import type { CarillonField } from "../../level/compile-field.ts";

/**
 * The whole-degree facings (0..359) dot `d` may take as a horn and stay fair
 * to read (SPEC 4.4): every dot whose edge lies within the doubled reach +
 * reachMargin has its centre at least `hornAngleMargin` (8°) clear of the
 * cone's edges, and a dot whose edge lies within reachMargin of the doubled
 * reach is outside the cone (so the ring clearly misses it).
 */
export function hornFacings(field: CarillonField, fair: CarillonFair, d: number): number[] {
  const reach = field.sizeReach[d] * field.physics.horn.reachFactor;
  const half = field.physics.horn.coneHalfAngle;
  const near: Array<{ direction: number; ambiguous: boolean }> = [];
  for (let b = 0; b < field.count; b++) {
    if (b === d) continue;
    const edge = Math.hypot(field.x[b] - field.x[d], field.y[b] - field.y[d]) - field.radius[b];
    if (edge > reach + fair.reachMargin) continue;
    near.push({ direction: bearing(field.x[d], field.y[d], field.x[b], field.y[b]), ambiguous: Math.abs(edge - reach) < fair.reachMargin });
  }
  const out: number[] = [];
  for (let f = 0; f < 360; f++) {
    const ok = near.every(({ direction, ambiguous }) => {
      const off = angleBetween(f, direction);
      if (Math.abs(off - half) < fair.hornAngleMargin) return false;
      return !(ambiguous && off <= half);
    });
    if (ok) out.push(f);
  }
  return out;
}
