import { shuffle } from "../../../random/index.ts";
import { unmarkedDots, type DressContext } from "./dress-context.ts";

/**
 * Heavy bells drawn besides the built-in ones (SPEC 4.4): `count` dots that
 * are not roots, uniformly. A bell in a chain that only one ring reaches
 * cuts the chain there (it needs a tap or a second chain).
 *
 * @returns the bells placed.
 */
export function drawBells(ctx: DressContext, count: number): number {
  const roots = new Set(ctx.roots);
  const picks = shuffle(
    ctx.rng,
    unmarkedDots(ctx).filter((d) => !roots.has(d)),
  ).slice(0, count);
  for (const d of picks) ctx.dots[d] = { ...ctx.dots[d], mark: { kind: "bell" } };
  return picks.length;
}
