import { shuffle } from "../random/index.ts";
import { unmarkedDots, type DressContext } from "./dress-context.ts";

/**
 * Round bells (SPEC 4.4): `count` dots drawn uniformly, numbered 1..count in
 * a uniform random order.
 *
 * @returns the round bells placed.
 */
export function drawRounds(ctx: DressContext, count: number): number {
  const picks = shuffle(ctx.rng, unmarkedDots(ctx)).slice(0, count);
  const orders = shuffle(
    ctx.rng,
    picks.map((_d, i) => i + 1),
  );
  picks.forEach((d, i) => (ctx.dots[d] = { ...ctx.dots[d], mark: { kind: "round", order: orders[i] } }));
  return picks.length;
}
