import type { Curve } from "../curve/curve.ts";
import { drawChainLinks } from "./draw-chain-links.ts";
import { layChain } from "./lay-chain.ts";
import { drawIn, layOptions, layoutOf, newSketch, type FigureContext, type Layout } from "./layout.ts";
import { SampledCurve } from "../curve/sampled-curve.ts";

const DEG = Math.PI / 180;

/**
 * The left half of an ellipse centred at (cx, cy), from the bottom (u = 0)
 * to the top (u = 1), leaving `gap` radians open at each end.
 */
export function leftHalfCurve(cx: number, cy: number, rx: number, ry: number, gap: number): Curve {
  return (u) => {
    const phi = Math.PI / 2 + gap + u * (Math.PI - 2 * gap);
    return { x: cx + rx * Math.cos(phi), y: cy + ry * Math.sin(phi) };
  };
}

/**
 * Level 3's figure (SPEC 4.6): two arcs like the halves of a circle (an
 * ellipse of aspect 1–1.4), open at the top and the bottom. The left half's
 * chain is drawn ({@link drawChainLinks}: start, head, junction, tail) and
 * laid from the bottom or the top; the right half is its mirror image, so
 * both chains play the same rhythm. Varies radius, aspect, the gaps, height,
 * where the chains start and their sizes.
 */
export function drawSplitCircle(ctx: FigureContext): Layout | null {
  const spec = ctx.compose.figures.splitCircle;
  const { rng } = ctx;
  const rx = drawIn(rng, spec.radius);
  const aspect = drawIn(rng, spec.aspect);
  const gapAngle = drawIn(rng, spec.gapAngle);
  const cy = drawIn(rng, spec.centreY);
  const fromTop = rng() < spec.topStartChance;
  const plan = drawChainLinks(ctx, spec.chain);
  const cx = ctx.physics.field.width / 2;
  const half = leftHalfCurve(cx, cy, rx, rx * aspect, gapAngle * DEG);
  const sketch = newSketch(ctx, { axis: { x: cx }, chainOf: () => 1 });
  const left = layChain(new SampledCurve(fromTop ? (u) => half(1 - u) : half), plan.links, sketch, ctx.physics, layOptions(ctx, 0, { mirrored: true }));
  if (!left || left.dots.length < 3) return null;
  return layoutOf("splitCircle", sketch, {
    radius: rx,
    aspect,
    gapAngle,
    centreY: cy,
    start: fromTop ? "top" : "bottom",
    junction: plan.junction ?? -1,
    chainDots: left.dots.length,
  });
}
