import { beatDistance } from "./beat-spacing.ts";
import { catmullRomCurve } from "./catmull-rom-curve.ts";
import { drawChainLinks } from "./draw-chain-links.ts";
import type { SketchDot } from "./figure-sketch.ts";
import { layChain, layLeaf } from "./lay-chain.ts";
import { drawIn, layOptions, layoutOf, newSketch, type FigureContext, type Layout } from "./layout.ts";
import { SampledCurve } from "./sampled-curve.ts";

const DEG = Math.PI / 180;

/**
 * Level 5's figure (SPEC 4.6): a butterfly, seen from above and flying
 * sideways, so its wings open up and down the tall field (an upright one
 * leaves each wing under 200 units of width, too narrow for a lobe to turn
 * on a chain spaced 73 apart). The upper wings' outline is a smooth spline
 * ({@link catmullRomCurve}) through compose.json's `wing` waypoints — from
 * the head, round the forewing, in to the notch, round the hindwing, back to
 * the tail — each waypoint moved up to `jitter` units, the whole scaled by
 * `scale`, facing left or right. One chain runs round it from the head; the
 * lower wings mirror it across the body. Small dots, new at level 5, hang off
 * the chain as leaves: an antenna on the first dot (pointing ahead, leaning
 * towards the body's axis) and, with `spotChance`, a wing spot on the
 * junction's big dot (pointing square into the wing). A leaf is reached on
 * the beat: one beat from a big dot (which it cannot reach back), a half-beat
 * from a normal one.
 */
export function drawButterfly(ctx: FigureContext): Layout | null {
  const spec = ctx.compose.figures.butterfly;
  const { rng } = ctx;
  const cx = ctx.physics.field.width / 2;
  const cy = drawIn(rng, spec.centreY);
  const scale = drawIn(rng, spec.scale);
  const faceRight = rng() < spec.faceRightChance;
  const flip = faceRight ? -1 : 1;
  const points = spec.wing.map(([dx, dy]) => {
    const angle = 2 * Math.PI * rng();
    const r = spec.jitter * Math.sqrt(rng());
    return { x: cx + flip * dx * scale + r * Math.cos(angle), y: cy + dy * scale + r * Math.sin(angle) };
  });
  const antennaAngle = drawIn(rng, spec.antenna.angle);
  const spotAngle = drawIn(rng, spec.antenna.angle);
  const spot = rng() < spec.antenna.spotChance;
  const plan = drawChainLinks(ctx, spec.chain);
  const sketch = newSketch(ctx, { axis: { y: cy }, chainOf: () => 1 });
  const options = layOptions(ctx, 0, { mirrored: true });
  const laid = layChain(new SampledCurve(catmullRomCurve(points)), plan.links, sketch, ctx.physics, options);
  if (!laid || laid.dots.length < 3) return null;
  const chain = laid.dots;
  const { beats } = ctx.compose;
  const addLeaf = (parentIndex: number, angle: number, key: number): number => {
    const parent: SketchDot = sketch.dots[parentIndex];
    const oneWay = parent.size === "big";
    const leafBeats = oneWay ? beats.leafFromBig : beats.leafFromNormal;
    return layLeaf(
      sketch,
      parentIndex,
      angle,
      beatDistance(ctx.physics, "small", leafBeats),
      { size: "small", chain: 0, segment: oneWay ? 50 + key : parent.segment, time: parent.time + leafBeats, mirrored: true },
      options,
    );
  };
  const small = ctx.sizes.includes("small");
  // Ahead is −x facing left (+x facing right); the body's axis is below the upper wing (+y).
  const ahead = faceRight ? 0 : Math.PI;
  const antenna = small ? addLeaf(chain[0], ahead - flip * antennaAngle * DEG, 0) : -1;
  let spotted = 0;
  if (small && spot && plan.junction !== null) {
    const at = chain[plan.junction];
    const before = sketch.dots[chain[plan.junction - 1] ?? at];
    const after = sketch.dots[chain[plan.junction + 1] ?? at];
    const heading = Math.atan2(after.y - before.y, after.x - before.x);
    // Facing left the wing is run clockwise on screen, so its inside is to the right of travel.
    spotted = addLeaf(at, heading + flip * (Math.PI / 2 + spotAngle * DEG), 1) >= 0 ? 1 : 0;
  }
  return layoutOf("butterfly", sketch, {
    centreY: cy,
    scale,
    facing: faceRight ? "right" : "left",
    antennaAngle,
    antennae: antenna >= 0 ? 1 : 0,
    spot: spotted,
    start: sketch.dots[chain[0]].size,
    junction: plan.junction ?? -1,
    chainDots: chain.length,
  });
}
