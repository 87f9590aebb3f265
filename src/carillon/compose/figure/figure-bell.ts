import { catmullRomCurve } from "../curve/catmull-rom-curve.ts";
import { drawChainLinks } from "./draw-chain-links.ts";
import { layChain } from "./lay-chain.ts";
import { drawIn, layOptions, layoutOf, newSketch, type FigureContext, type Layout } from "./layout.ts";
import { SampledCurve } from "../curve/sampled-curve.ts";

/**
 * Level 4's figure, the designer's choice (SPEC 4.6): a bell — the
 * instrument the game is named after. Its right flank is a smooth spline
 * ({@link catmullRomCurve}) through compose.json's `flank` waypoints: from
 * beside the crown's top, over the shoulder, down the waist, out to the
 * flared lip; each waypoint moved up to `jitter`
 * units, the whole scaled by `scale` and hung at `top`. One chain runs down
 * each flank from the crown (the big junction dot sits on the heavy
 * shoulder), a junction part-way down hands the ring to the tail, and the left
 * flank mirrors the right. Open at the crown and at the mouth, so the two
 * chains never touch (a rim along the mouth would need a turn sharper than a
 * chain spaced 73 apart can take and stay fair to read).
 */
export function drawBell(ctx: FigureContext): Layout | null {
  const spec = ctx.compose.figures.bell;
  const { rng } = ctx;
  const cx = ctx.physics.field.width / 2;
  const top = drawIn(rng, spec.top);
  const scale = drawIn(rng, spec.scale);
  const points = spec.flank.map(([dx, dy]) => {
    const angle = 2 * Math.PI * rng();
    const r = spec.jitter * Math.sqrt(rng());
    return { x: cx + dx * scale + r * Math.cos(angle), y: top + dy * scale + r * Math.sin(angle) };
  });
  const plan = drawChainLinks(ctx, spec.chain);
  const sketch = newSketch(ctx, { axis: { x: cx }, chainOf: () => 1 });
  const right = layChain(new SampledCurve(catmullRomCurve(points)), plan.links, sketch, ctx.physics, layOptions(ctx, 0, { mirrored: true }));
  if (!right || right.dots.length < 3) return null;
  return layoutOf("bell", sketch, { top, scale, junction: plan.junction ?? -1, chainDots: right.dots.length });
}
