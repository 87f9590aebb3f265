import { pick, shuffle } from "../random/index.ts";
import { unmarkedDots, type DressContext } from "./dress-context.ts";

/**
 * Round bells (SPEC 4.4): `count` dots, each a root with chance
 * `dressing.placement.roundOnRoot` (0.8; round bells on roots fix the order the
 * chains must be started in) and any dot otherwise, numbered 1..count in a
 * uniform random order — except that a root whose chain ends on the home
 * note (drawn before, SPEC 4.4 order: rule, home, round) takes the highest
 * number, since that chain must be played last.
 *
 * @returns the round bells placed.
 */
export function drawRounds(ctx: DressContext, count: number): number {
  const picks: number[] = [];
  const share = ctx.models.generator.dressing.placement.roundOnRoot;
  for (let k = 0; k < count; k++) {
    const free = unmarkedDots(ctx).filter((d) => !picks.includes(d));
    if (free.length === 0) break;
    const roots = ctx.roots.filter((r) => free.includes(r));
    picks.push(roots.length > 0 && ctx.rng() < share ? pick(ctx.rng, roots) : pick(ctx.rng, free));
  }
  const orders = shuffle(
    ctx.rng,
    picks.map((_d, i) => i + 1),
  );
  // A chain that ends on the home note must be played last: if its root is a round bell, it rings last.
  ctx.dots.forEach((dot, h) => {
    if (dot.mark?.kind !== "home") return;
    const root = ctx.roots[ctx.chainEnds.indexOf(h)];
    const at = root === undefined ? -1 : picks.indexOf(root);
    if (at < 0) return;
    const top = orders.indexOf(picks.length);
    [orders[at], orders[top]] = [orders[top], orders[at]];
  });
  picks.forEach((d, i) => (ctx.dots[d] = { ...ctx.dots[d], mark: { kind: "round", order: orders[i] } }));
  return picks.length;
}
