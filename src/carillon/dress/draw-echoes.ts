import { shuffle } from "../../random/index.ts";
import { unmarkedDots, type DressContext } from "./dress-context.ts";
import type { DotSize } from "../model/physics-model.ts";

/**
 * Whether dot `d` may become an echo stone (SPEC 4.4): some dot whose ring
 * reaches it has a different size (else its echo is its own ring), and the
 * reach margin holds for every ring size it can echo (its own and its
 * in-neighbours' sizes) against every other dot.
 */
export function echoEligible(ctx: DressContext, d: number): boolean {
  const { field, models } = ctx;
  const sizes = new Set<DotSize>([field.sizes[d], ...ctx.inn[d].map((u) => field.sizes[u])]);
  if (sizes.size < 2) return false;
  for (const s of sizes) {
    const reach = models.physics.sizes[s].reach;
    for (let b = 0; b < field.count; b++) {
      if (b === d) continue;
      const edge = Math.hypot(field.x[b] - field.x[d], field.y[b] - field.y[d]) - field.radius[b];
      if (Math.abs(edge - reach) < models.fair.reachMargin) return false;
    }
  }
  return true;
}

/**
 * Echo stones (SPEC 4.4): `count` dots drawn uniformly among the eligible
 * ones ({@link echoEligible}).
 *
 * @returns the echo stones placed.
 */
export function drawEchoes(ctx: DressContext, count: number): number {
  const picks = shuffle(
    ctx.rng,
    unmarkedDots(ctx).filter((d) => echoEligible(ctx, d)),
  ).slice(0, count);
  for (const d of picks) ctx.dots[d] = { ...ctx.dots[d], mark: { kind: "echo" } };
  return picks.length;
}
