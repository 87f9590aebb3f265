import type { Rng } from "../../../random/create-rng.ts";
import type { CarillonFair } from "../../model/fair-model.ts";
import type { CarillonPhysics, DotSize } from "../../model/physics-model.ts";
import type { CarillonCompose } from "../../model/compose-model.ts";
import { FigureSketch, type SketchMirror } from "./figure-sketch.ts";
import type { LayOptions } from "./lay-chain.ts";

/** A figure laid out, before it is proven, measured and given notes. */
export interface Layout {
  /** The figure's name (compose.json). */
  figure: string;
  /** Dot centres (field units) and sizes, in any order. */
  dots: Array<{ x: number; y: number; size: DotSize }>;
  /** The drawn parameters (for the stats and the docs). */
  params: Record<string, number | string>;
}

/** What a figure drawer gets: the models, the sizes allowed at the level, a random stream. */
export interface FigureContext {
  physics: CarillonPhysics;
  fair: CarillonFair;
  compose: CarillonCompose;
  /** Sizes the level's milestones allow (SPEC 4.3 item 7). */
  sizes: readonly DotSize[];
  rng: Rng;
}

/** A uniform draw from `[lo, hi]`. */
export function drawIn(rng: Rng, [lo, hi]: readonly [number, number]): number {
  return lo + (hi - lo) * rng();
}

/** A uniform whole number from `[lo, hi]` (both inclusive). */
export function drawInt(rng: Rng, [lo, hi]: readonly [number, number]): number {
  return lo + Math.floor(rng() * (hi - lo + 1));
}

/** An empty sketch for a figure of this context, mirrored or not. */
export function newSketch(ctx: FigureContext, mirror: SketchMirror | null = null): FigureSketch {
  return new FigureSketch(ctx.physics, ctx.fair, ctx.compose.edgeMargin, ctx.compose.beats.tolerance, mirror);
}

/** Laying options for chain `chain` (segment numbers start at 100 × chain), with compose.json's turn limits. */
export function layOptions(ctx: FigureContext, chain: number, more: Partial<LayOptions> = {}): LayOptions {
  return { chain, segment: 100 * chain, mirrored: false, maxTurn: ctx.compose.turn.max, turnStep: ctx.compose.turn.step, ...more };
}

/** The sketch's whole figure as a layout. */
export function layoutOf(figure: string, sketch: FigureSketch, params: Record<string, number | string>): Layout {
  const dots = sketch.figure().map(({ x, y, size }) => ({ x, y, size }));
  return { figure, dots, params: { ...params, dots: dots.length } };
}
