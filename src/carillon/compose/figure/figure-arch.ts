import type { DotSize } from "../../model/physics-model.ts";
import { centreChain } from "./centre-chain.ts";
import type { Curve } from "../curve/curve.ts";
import type { FigureSketch } from "./figure-sketch.ts";
import { layChain, type ChainLinks } from "./lay-chain.ts";
import { drawIn, layOptions, layoutOf, newSketch, type FigureContext, type Layout } from "./layout.ts";
import { SampledCurve } from "../curve/sampled-curve.ts";

/** A half-ellipse arch standing on `baseY`: u = 0 the left foot, ½ the apex, 1 the right foot. */
export function archCurve(cx: number, baseY: number, halfWidth: number, height: number): Curve {
  return (u) => ({ x: cx - halfWidth * Math.cos(Math.PI * u), y: baseY - height * Math.sin(Math.PI * u) });
}

/** Where an arch's chain starts. */
export type ArchStart = "left" | "right" | "apex";

/**
 * Lays one arch's chain of normal dots on the half-beat into `sketch` (whose
 * mirror, if any, is the arch's own axis, within the chain): from a foot, as
 * many dots as fit in the central `span` of the curve, centred so both feet
 * match; or from the apex, one side laid and the other its mirror image
 * (both ring out at once). Null when fewer than 3 dots fit.
 */
export function layArchChain(ctx: FigureContext, sketch: FigureSketch, curve: Curve, span: number, start: ArchStart, chain: number): number[] | null {
  const size: DotSize = "normal";
  const links: ChainLinks = { sizes: [size], beats: [], fill: { size, beats: ctx.compose.beats.link, max: 40 } };
  const lo = (1 - span) / 2;
  const hi = 1 - lo;
  if (start === "apex") {
    const half = new SampledCurve((u) => curve(0.5 + (hi - 0.5) * u));
    const laid = layChain(half, links, sketch, ctx.physics, layOptions(ctx, chain, { mirrored: true, firstOnAxis: true }));
    return laid && 2 * laid.dots.length - 1 >= 3 ? laid.dots : null;
  }
  const sampled = new SampledCurve(start === "left" ? curve : (u) => curve(1 - u));
  return centreChain(sampled, links, sketch, ctx.physics, layOptions(ctx, chain, { from: lo, to: hi }), 3)?.dots ?? null;
}

/**
 * Level 1's figure (SPEC 4.6): an arch, one chain of normal dots on the
 * half-beat, every dot reaching its neighbours both ways (one tap, every tap
 * wins). Varies half-width, height, base line, a small sideways shift, the
 * share of the arch used (so the dot count) and where the chain starts.
 */
export function drawArch(ctx: FigureContext): Layout | null {
  const spec = ctx.compose.figures.arch;
  const { rng } = ctx;
  const halfWidth = drawIn(rng, spec.halfWidth);
  const height = drawIn(rng, spec.height);
  const baseY = drawIn(rng, spec.baseY);
  const cx = ctx.physics.field.width / 2 + drawIn(rng, spec.centreShift);
  const span = drawIn(rng, spec.span);
  const start: ArchStart = rng() < spec.apexChance ? "apex" : rng() < 0.5 ? "left" : "right";
  const sketch = newSketch(ctx, { axis: { x: cx }, chainOf: (c) => c });
  if (!layArchChain(ctx, sketch, archCurve(cx, baseY, halfWidth, height), span, start, 0)) return null;
  return layoutOf("arch", sketch, { halfWidth, height, baseY, cx, span, start });
}
