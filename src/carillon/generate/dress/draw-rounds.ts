import { pick, shuffle } from "../../../random/index.ts";
import { unmarkedDots, type DressContext } from "./dress-context.ts";

/**
 * Round bells (SPEC 4.4): `count` dots, each a root with chance
 * `dressing.placement.roundOnRoot` (0.8; round bells on roots fix the order
 * the chains must be started in) and any dot otherwise, numbered 1..count in
 * a uniform random order. The home note is drawn before (plan order: rule,
 * home, round), and the chain ending on it must be played last: its root is
 * left out of the roots drawn (a round bell there would either fight the home
 * note or make it redundant), and should a round bell land on it anyway, it
 * takes the highest number.
 *
 * @returns the round bells placed.
 */
export function drawRounds(ctx: DressContext, count: number): number {
  const homeRoots = new Set<number>();
  ctx.dots.forEach((dot, h) => {
    const at = ctx.chainEnds.indexOf(h);
    if (dot.mark?.kind === "home" && at >= 0) homeRoots.add(ctx.roots[at]);
  });
  const picks: number[] = [];
  const share = ctx.models.generator.dressing.placement.roundOnRoot;
  for (let k = 0; k < count; k++) {
    const free = unmarkedDots(ctx).filter((d) => !picks.includes(d));
    if (free.length === 0) break;
    const roots = ctx.roots.filter((r) => free.includes(r) && !homeRoots.has(r));
    picks.push(roots.length > 0 && ctx.rng() < share ? pick(ctx.rng, roots) : pick(ctx.rng, free));
  }
  const orders = shuffle(
    ctx.rng,
    picks.map((_d, i) => i + 1),
  );
  picks.forEach((d, at) => {
    if (!homeRoots.has(d)) return;
    const top = orders.indexOf(picks.length);
    [orders[at], orders[top]] = [orders[top], orders[at]];
  });
  picks.forEach((d, i) => (ctx.dots[d] = { ...ctx.dots[d], mark: { kind: "round", order: orders[i] } }));
  return picks.length;
}
