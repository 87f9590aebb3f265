import { shuffle } from "../random/index.ts";
import { unmarkedDots, type DressContext } from "./dress-context.ts";

/**
 * Home notes (SPEC 4.4): `count` dots (one, by default) drawn uniformly. The
 * home note must pop last, so the chain it sits in has to be played last and
 * everything popping after it in that chain cleared before.
 *
 * @returns the home notes placed.
 */
export function drawHome(ctx: DressContext, count: number): number {
  const picks = shuffle(ctx.rng, unmarkedDots(ctx)).slice(0, count);
  for (const d of picks) ctx.dots[d] = { ...ctx.dots[d], mark: { kind: "home" } };
  return picks.length;
}
