import { pick, shuffle } from "../../../random/index.ts";
import { unmarkedDots, type DressContext } from "./dress-context.ts";
import { hornFacings } from "./horn-facings.ts";

/**
 * Horns (SPEC 4.4): `count` dots drawn uniformly among those with some fair
 * facing ({@link hornFacings}), each facing drawn uniformly among its fair
 * whole degrees.
 *
 * @returns the horns placed.
 */
export function drawHorns(ctx: DressContext, count: number): number {
  let placed = 0;
  for (const d of shuffle(ctx.rng, unmarkedDots(ctx))) {
    if (placed >= count) break;
    const facings = hornFacings(ctx.field, ctx.models.fair, d);
    if (facings.length === 0) continue;
    ctx.dots[d] = { ...ctx.dots[d], mark: { kind: "horn", facing: pick(ctx.rng, facings) } };
    placed++;
  }
  return placed;
}
