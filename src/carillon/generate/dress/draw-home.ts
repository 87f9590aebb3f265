import { pick } from "../../../random/index.ts";
import { unmarkedDots, type DressContext } from "./dress-context.ts";

/**
 * Home notes (SPEC 4.4): `count` dots (one, by default). Each is, with chance
 * `dressing.placement.homeAtChainEnd` (0.8), the dot that pops last when one
 * of the roots is tapped — that chain must then be played last — and any dot
 * otherwise (the chain it sits in must then be cut before it, which costs
 * extra taps).
 *
 * @returns the home notes placed.
 */
export function drawHome(ctx: DressContext, count: number): number {
  const picks: number[] = [];
  for (let k = 0; k < count; k++) {
    const free = unmarkedDots(ctx).filter((d) => !picks.includes(d));
    if (free.length === 0) break;
    const ends = ctx.chainEnds.filter((d) => free.includes(d));
    picks.push(ends.length > 0 && ctx.rng() < ctx.models.generator.dressing.placement.homeAtChainEnd ? pick(ctx.rng, ends) : pick(ctx.rng, free));
  }
  for (const d of picks) ctx.dots[d] = { ...ctx.dots[d], mark: { kind: "home" } };
  return picks.length;
}
