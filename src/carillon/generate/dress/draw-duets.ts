import { pick } from "../../../random/index.ts";
import { unmarkedDots, type DressContext } from "./dress-context.ts";

/**
 * Duet pairs (SPEC 4.4): `count` pairs. The first dot of a pair is a root
 * with chance `dressing.placement.duetOnRoot` (½; a duet reaching a root can join
 * two chains) and any dot otherwise; its partner is any other dot. Both dots carry the mark, each
 * naming the other.
 *
 * @returns the pairs placed.
 */
export function drawDuets(ctx: DressContext, count: number): number {
  let placed = 0;
  for (; placed < count; placed++) {
    const free = unmarkedDots(ctx);
    if (free.length < 2) break;
    const freeRoots = ctx.roots.filter((r) => !ctx.dots[r].mark);
    const a = freeRoots.length > 0 && ctx.rng() < ctx.models.generator.dressing.placement.duetOnRoot ? pick(ctx.rng, freeRoots) : pick(ctx.rng, free);
    const b = pick(
      ctx.rng,
      free.filter((d) => d !== a),
    );
    ctx.dots[a] = { ...ctx.dots[a], mark: { kind: "duet", partner: b } };
    ctx.dots[b] = { ...ctx.dots[b], mark: { kind: "duet", partner: a } };
  }
  return placed;
}
