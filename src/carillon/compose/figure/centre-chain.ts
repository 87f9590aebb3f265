import type { CarillonPhysics } from "../../model/physics-model.ts";
import type { FigureSketch } from "./figure-sketch.ts";
import { layChain, type ChainLinks, type LaidChain, type LayOptions } from "./lay-chain.ts";
import type { SampledCurve } from "../curve/sampled-curve.ts";

const STEPS = 16;

/**
 * Lays a chain of as many dots as fit into `[from, to]`, in the middle of
 * that range ({@link layChain}): the most dots that fit from `from` are
 * counted, then the start is moved along the curve (bisection, 16 steps, each
 * try on a copy of the sketch) until the room left before the start equals
 * the room left after the last dot. On a curve symmetric about the middle of
 * its range, the chain's two ends are then mirror images.
 *
 * @returns the laid chain (added to `sketch`), or null when fewer than `least` dots fit.
 */
export function centreChain(
  curve: SampledCurve,
  links: ChainLinks,
  sketch: FigureSketch,
  physics: CarillonPhysics,
  options: LayOptions,
  least: number,
): LaidChain | null {
  const from = options.from ?? 0;
  const to = options.to ?? 1;
  const most = layChain(curve, links, sketch.clone(), physics, options);
  if (!most || most.dots.length < least) return null;
  const n = most.dots.length;
  const fixed: ChainLinks = {
    sizes: [...links.sizes, ...Array(Math.max(0, n - links.sizes.length)).fill(links.fill?.size ?? links.sizes[0])],
    beats: [...links.beats, ...Array(Math.max(0, n - links.sizes.length)).fill(links.fill?.beats ?? 0)],
    oneWay: links.oneWay,
  };
  fixed.sizes.length = n;
  fixed.beats.length = n - 1;
  const endOf = (s: number): number | null => {
    const laid = layChain(curve, fixed, sketch.clone(), physics, { ...options, from: s, to });
    return laid ? laid.endU : null;
  };
  let lo = from;
  let hi = to;
  for (let k = 0; k < STEPS; k++) {
    const s = (lo + hi) / 2;
    const end = endOf(s);
    if (end !== null && end - to + (s - from) <= 0) lo = s;
    else hi = s;
  }
  return layChain(curve, fixed, sketch, physics, { ...options, from: lo, to });
}

