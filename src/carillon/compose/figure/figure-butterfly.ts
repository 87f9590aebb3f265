import type { DotSize } from "../../model/physics-model.ts";
import { beatDistance } from "./beat-spacing.ts";
import { catmullRomCurve } from "../curve/catmull-rom-curve.ts";
import type { Point } from "../curve/curve.ts";
import { drawChainLinks } from "./draw-chain-links.ts";
import type { FigureSketch, SketchDot } from "./figure-sketch.ts";
import { layChain, layLeaf, type ChainLinks, type LaidChain, type LayOptions } from "./lay-chain.ts";
import { drawIn, layOptions, layoutOf, newSketch, type FigureContext, type Layout } from "./layout.ts";
import { SampledCurve } from "../curve/sampled-curve.ts";

const DEG = Math.PI / 180;

/**
 * Level 5's figure (SPEC 4.6): a butterfly, seen from above and flying
 * sideways, its wings opening up and down the tall field (upright, each wing
 * would have under 200 units of width: too narrow for a lobe to turn on a
 * chain spaced 73 apart). Each upper wing is two strokes, smooth splines
 * ({@link catmullRomCurve}) through compose.json's waypoints, each moved up
 * to `jitter` units, scaled by `scale`, facing left or right. One chain runs
 * from the head to the tail:
 * - the forewing, from the head round to the notch, laid with the drawn
 *   chain plan ({@link drawChainLinks}) and ending in a big dot;
 * - a junction (big → normal, 1.25 beats, one way) across the notch — a
 *   turn too sharp to lay dots round;
 * - the hindwing, from the notch round to the tail, where the chain ends.
 * Small dots, new at level 5, hang off the chain as leaves: an antenna on the
 * first dot (the head), spreading ahead and away from the body's axis, half
 * a beat on (a beat from a big dot); and a wing spot on each big dot of the
 * forewing, one beat on (a big ring reaches it, its own cannot reach back),
 * square into the wing give or take `spot.angle`. The lower wings mirror the
 * upper across the body.
 */
export function drawButterfly(ctx: FigureContext): Layout | null {
  const spec = ctx.compose.figures.butterfly;
  const { rng, physics } = ctx;
  const { beats } = ctx.compose;
  const cx = physics.field.width / 2;
  const cy = drawIn(rng, spec.centreY);
  const scale = drawIn(rng, spec.scale);
  const faceRight = rng() < spec.faceRightChance;
  const flip = faceRight ? -1 : 1;
  const place = (pts: ReadonlyArray<readonly [number, number]>): Point[] =>
    pts.map(([dx, dy]) => {
      const angle = 2 * Math.PI * rng();
      const r = spec.jitter * Math.sqrt(rng());
      return { x: cx + flip * dx * scale + r * Math.cos(angle), y: cy + dy * scale + r * Math.sin(angle) };
    });
  const forePoints = place(spec.forewing);
  const hindPoints = place(spec.hindwing);
  const antennaAngle = drawIn(rng, spec.antenna.angle);
  const spotAngle = drawIn(rng, spec.spot.angle);
  const plan = drawChainLinks(ctx, spec.chain);

  const sketch = newSketch(ctx, { axis: { y: cy }, chainOf: () => 1 });
  const options = layOptions(ctx, 0, { mirrored: true });
  const fore = layEndingBig(new SampledCurve(catmullRomCurve(forePoints)), plan.links, sketch, ctx, options);
  if (!fore) return null;
  const notch = fore.dots[fore.dots.length - 1];
  const hind = layChain(
    new SampledCurve(catmullRomCurve(hindPoints)),
    { sizes: ["normal"], beats: [], fill: { size: "normal", beats: beats.link, max: spec.chain.maxDots } },
    sketch,
    physics,
    { ...options, segment: sketch.dots[notch].segment, after: { index: notch, beats: beats.junction, oneWay: true } },
  );
  if (!hind || hind.dots.length < 2) return null;

  const leafBeats = (parent: SketchDot) => (parent.size === "big" ? beats.leafFromBig : beats.leafFromNormal);
  const leafOf = (index: number, angle: number, segment: number): number => {
    const parent = sketch.dots[index];
    return layLeaf(
      sketch,
      index,
      angle,
      beatDistance(physics, "small", leafBeats(parent)),
      { size: "small", chain: 0, segment, time: parent.time + leafBeats(parent), mirrored: true },
      options,
    );
  };
  const head = sketch.dots[fore.dots[0]];
  // Ahead is −x facing left, +x facing right; away from the axis is up (−y) for the upper wing.
  const antenna = leafOf(fore.dots[0], faceRight ? -antennaAngle * DEG : Math.PI + antennaAngle * DEG, head.size === "big" ? 40 : head.segment);
  const middle = { x: forePoints.reduce((a, p) => a + p.x, 0) / forePoints.length, y: forePoints.reduce((a, p) => a + p.y, 0) / forePoints.length };
  let spots = 0;
  fore.dots.forEach((index, k) => {
    const dot = sketch.dots[index];
    if (dot.size !== "big" || k === 0) return;
    const before = sketch.dots[fore.dots[k - 1]];
    const after = sketch.dots[fore.dots[k + 1] ?? hind.dots[0]];
    const heading = Math.atan2(after.y - before.y, after.x - before.x);
    const left = heading - Math.PI / 2;
    const inward = Math.cos(left) * (middle.x - dot.x) + Math.sin(left) * (middle.y - dot.y) > 0 ? left : heading + Math.PI / 2;
    if (leafOf(index, inward + spotAngle * DEG, 50 + k) >= 0) spots++;
  });

  return layoutOf("butterfly", sketch, {
    centreY: cy,
    scale,
    facing: faceRight ? "right" : "left",
    antennaAngle,
    antennae: antenna >= 0 ? 1 : 0,
    spots,
    start: head.size,
    junction: plan.junction ?? -1,
    forewingDots: fore.dots.length,
    hindwingDots: hind.dots.length,
  });
}

/**
 * Lays a chain that must end in a big dot (the dot whose ring crosses a
 * junction next): as many dots as fit are counted on a copy of the sketch,
 * then the chain is laid with its last dot big (half a beat after the one
 * before), one dot shorter at a time until it fits, down to the plan's own
 * dots plus one.
 */
function layEndingBig(curve: SampledCurve, links: ChainLinks, sketch: FigureSketch, ctx: FigureContext, options: LayOptions): LaidChain | null {
  const counted = layChain(curve, links, sketch.clone(), ctx.physics, options);
  if (!counted) return null;
  for (let n = counted.dots.length; n > links.sizes.length; n--) {
    const sizes: DotSize[] = [...links.sizes];
    const linkBeats = [...links.beats];
    while (sizes.length < n) {
      sizes.push(links.fill?.size ?? "normal");
      linkBeats.push(links.fill?.beats ?? ctx.compose.beats.link);
    }
    sizes[n - 1] = "big";
    const trial = sketch.clone();
    if (layChain(curve, { sizes, beats: linkBeats, oneWay: links.oneWay }, trial, ctx.physics, options)) {
      return layChain(curve, { sizes, beats: linkBeats, oneWay: links.oneWay }, sketch, ctx.physics, options);
    }
  }
  return null;
}
