import { archCurve, layArchChain, type ArchStart } from "./figure-arch.ts";
import { drawIn, layoutOf, newSketch, type FigureContext, type Layout } from "./layout.ts";

/**
 * Level 2's figure (SPEC 4.6): two curves one inside the other — an inner
 * and an outer arch on one base line, `gap` apart at the feet and
 * `gap × rise` at the apex, no ring crossing between them: two chains of
 * normal dots on the half-beat, so two taps. Each chain starts at a foot or
 * at its apex, drawn on its own.
 */
export function drawNestedArches(ctx: FigureContext): Layout | null {
  const spec = ctx.compose.figures.nestedArches;
  const { rng } = ctx;
  const halfWidth = drawIn(rng, spec.halfWidth);
  const height = drawIn(rng, spec.height);
  const gap = drawIn(rng, spec.gap);
  const rise = drawIn(rng, spec.rise);
  const baseY = drawIn(rng, spec.baseY);
  const cx = ctx.physics.field.width / 2 + drawIn(rng, spec.centreShift);
  const span = drawIn(rng, spec.span);
  const startOf = (): ArchStart => (rng() < spec.apexChance ? "apex" : rng() < 0.5 ? "left" : "right");
  const innerStart = startOf();
  const outerStart = startOf();
  const sketch = newSketch(ctx, { axis: { x: cx }, chainOf: (c) => c });
  if (!layArchChain(ctx, sketch, archCurve(cx, baseY, halfWidth + gap, height + gap * rise), span, outerStart, 0)) return null;
  if (!layArchChain(ctx, sketch, archCurve(cx, baseY, halfWidth, height), span, innerStart, 1)) return null;
  return layoutOf("nestedArches", sketch, { halfWidth, height, gap, rise, baseY, cx, span, innerStart, outerStart });
}
