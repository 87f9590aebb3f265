import { shuffle } from "../../../random/index.ts";
import { unmarkedDots, type DressContext } from "./dress-context.ts";
import type { DotSize } from "../../model/physics-model.ts";

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
 * Whether echo stone candidate `d`, popped by one of the dots whose rings
 * reach it, would reach a different set of dots than its own ring does (a
 * bigger popper's ring may reach into another chain, a smaller one may cut
 * its own chain short). A stone whose echo always reaches the same dots can
 * never matter.
 */
export function echoChangesReach(ctx: DressContext, d: number): boolean {
  const { field, models } = ctx;
  const own = models.physics.sizes[field.sizes[d]].reach;
  for (const u of ctx.inn[d]) {
    const reach = models.physics.sizes[field.sizes[u]].reach;
    if (reach === own) continue;
    for (let b = 0; b < field.count; b++) {
      if (b === d) continue;
      const edge = Math.hypot(field.x[b] - field.x[d], field.y[b] - field.y[d]) - field.radius[b];
      if (edge <= reach !== edge <= own) return true;
    }
  }
  return false;
}

/**
 * Echo stones (SPEC 4.4): `count` dots drawn among the eligible ones
 * ({@link echoEligible}), uniformly among those whose echo changes what they
 * reach ({@link echoChangesReach}) first, then uniformly among the rest.
 *
 * @returns the echo stones placed.
 */
export function drawEchoes(ctx: DressContext, count: number): number {
  const eligible = shuffle(
    ctx.rng,
    unmarkedDots(ctx).filter((d) => echoEligible(ctx, d)),
  );
  // Stones whose echo reaches other dots than their own ring first: only those can change a chain.
  const changes = eligible.filter((d) => echoChangesReach(ctx, d));
  const picks = [...changes, ...eligible.filter((d) => !changes.includes(d))].slice(0, count);
  for (const d of picks) ctx.dots[d] = { ...ctx.dots[d], mark: { kind: "echo" } };
  return picks.length;
}
