import type { CarillonPhysics, DotSize } from "../../model/physics-model.ts";
import { beatDistance } from "./beat-spacing.ts";
import type { FigureSketch, SketchDot } from "./figure-sketch.ts";
import type { SampledCurve } from "../curve/sampled-curve.ts";

/** What a chain is made of, in pop order: the start first. */
export interface ChainLinks {
  /** Sizes along the chain (the start first). */
  sizes: DotSize[];
  /** Beats from dot i popping to its ring arriving at dot i + 1 (`sizes.length − 1` entries). */
  beats: number[];
  /** Links (by index i: dot i → i + 1) whose ring is meant to reach one way only: a new segment starts after them. */
  oneWay?: number[];
  /** After `sizes`, keep adding dots of this size and spacing until the curve runs out (at most `max` more). */
  fill?: { size: DotSize; beats: number; max: number };
}

/** A laid chain: the sketch indices of its dots in chain order, and the curve parameter of the last. */
export interface LaidChain {
  dots: number[];
  endU: number;
}

/** Where and how a chain is laid into a sketch. */
export interface LayOptions {
  /** Chain (tap) number. */
  chain: number;
  /** Segment number of the chain's first dot; each one-way link starts the next. */
  segment: number;
  /** Parameter range the chain must stay in (default the whole curve). */
  from?: number;
  to?: number;
  /** Whether the chain's dots (the first excepted when `firstOnAxis`) have mirror images in the figure. */
  mirrored: boolean;
  firstOnAxis?: boolean;
  /**
   * Continue from a dot already laid (its sketch index): the chain's first dot is then
   * placed along the curve at the beat distance `beats` from it, popped by its ring,
   * and starts a new segment when `oneWay` (default: the chain starts with a tap).
   */
  after?: { index: number; beats: number; oneWay: boolean };
  /** Largest turn (degrees) about its predecessor a dot may take to fit; tried in steps of `turnStep`. */
  maxTurn: number;
  turnStep: number;
}

const BISECTIONS = 52;

/**
 * Lays a chain of dots along a curve on the beat (SPEC 4.6). The first dot
 * sits at parameter `from` (or, continuing from a laid dot, where the curve
 * first leaves the circle of the link's beat distance around it); each next one is where the curve first leaves
 * the circle around the dot before it whose radius makes that dot's ring
 * arrive `beats[i]` beats later ({@link beatDistance}) — found by marching
 * the sample table, then bisecting on the true curve, then pulled onto the
 * circle exactly, so the arrival time holds to rounding noise. When that
 * point does not fit the sketch ({@link FigureSketch.fits}), the dot is
 * turned about its predecessor — keeping its distance, so its beat — by the
 * smallest angle (steps of `turnStep`, up to `maxTurn` degrees, + before −)
 * that fits; the next dot is then sought from the turned dot onwards along
 * the curve. Dots are added to `sketch` as they are laid.
 *
 * @returns indices in the sketch of the laid dots (the explicit `sizes` all
 *   laid, `fill` as many as fit) and the curve parameter the last one was
 *   sought at, or null when an explicit dot found no place (the sketch then
 *   holds the dots laid before it).
 */
export function layChain(curve: SampledCurve, links: ChainLinks, sketch: FigureSketch, physics: CarillonPhysics, options: LayOptions): LaidChain | null {
  const from = options.from ?? 0;
  const to = options.to ?? 1;
  if (links.beats.length !== links.sizes.length - 1) {
    throw new RangeError(`carillon/compose: a chain of ${links.sizes.length} dots needs ${links.sizes.length - 1} link beats, got ${links.beats.length}`);
  }
  let first: number;
  let u = from;
  let segment = options.segment;
  if (options.after) {
    const parent = sketch.dots[options.after.index];
    const next = nextAlong(curve, parent, from, beatDistance(physics, links.sizes[0], options.after.beats), to);
    if (options.after.oneWay) segment++;
    first = next
      ? turnToFit(sketch, parent, next, {
          size: links.sizes[0],
          chain: options.chain,
          segment,
          time: parent.time + options.after.beats,
          parent: options.after.index,
          mirrored: options.mirrored,
        }, options)
      : -1;
    if (next) u = next.u;
  } else {
    const start = curve.at(from);
    first = sketch.add({
      x: start.x,
      y: start.y,
      size: links.sizes[0],
      chain: options.chain,
      segment,
      time: 0,
      parent: -1,
      mirrored: options.mirrored && !options.firstOnAxis,
    });
  }
  if (first < 0) return null;
  const laid = [first];
  const total = links.sizes.length + (links.fill?.max ?? 0);
  for (let i = 1; i < total; i++) {
    const explicit = i < links.sizes.length;
    const size = explicit ? links.sizes[i] : links.fill!.size;
    const beats = explicit ? links.beats[i - 1] : links.fill!.beats;
    const prevIndex = laid[laid.length - 1];
    const prev = sketch.dots[prevIndex];
    if (links.oneWay?.includes(i - 1)) segment++;
    const dist = beatDistance(physics, size, beats);
    const next = nextAlong(curve, prev, u, dist, to);
    const placed = next
      ? turnToFit(sketch, prev, next, {
          size,
          chain: options.chain,
          segment,
          time: prev.time + beats,
          parent: prevIndex,
          mirrored: options.mirrored,
        }, options)
      : -1;
    if (placed < 0) {
      if (explicit) return null;
      break;
    }
    laid.push(placed);
    u = next!.u;
  }
  return { dots: laid, endU: u };
}

/**
 * Adds a dot `dist` from `parent` in direction `angle` (radians from +x
 * towards +y), turned about the parent by the smallest angle that fits
 * (as in {@link layChain}); returns its index in the sketch, or −1.
 */
export function layLeaf(
  sketch: FigureSketch,
  parentIndex: number,
  angle: number,
  dist: number,
  dot: Omit<SketchDot, "x" | "y" | "parent">,
  options: Pick<LayOptions, "maxTurn" | "turnStep">,
): number {
  const parent = sketch.dots[parentIndex];
  const at = { x: parent.x + dist * Math.cos(angle), y: parent.y + dist * Math.sin(angle) };
  return turnToFit(sketch, parent, at, { ...dot, parent: parentIndex }, options);
}

function turnToFit(
  sketch: FigureSketch,
  centre: { x: number; y: number },
  at: { x: number; y: number },
  dot: Omit<SketchDot, "x" | "y">,
  options: Pick<LayOptions, "maxTurn" | "turnStep">,
): number {
  const dx = at.x - centre.x;
  const dy = at.y - centre.y;
  const steps = Math.floor(options.maxTurn / options.turnStep + 1e-9);
  const q: SketchDot = { ...dot, x: 0, y: 0 };
  for (let k = 0; k <= 2 * steps; k++) {
    const turn = (k === 0 ? 0 : k % 2 === 1 ? (k + 1) / 2 : -(k / 2)) * options.turnStep * (Math.PI / 180);
    const c = Math.cos(turn);
    const s = Math.sin(turn);
    q.x = centre.x + c * dx - s * dy;
    q.y = centre.y + s * dx + c * dy;
    if (sketch.fits(q)) return sketch.add({ ...q });
  }
  return -1;
}

/** The first point after parameter `u` on the curve at centre distance `dist` from `last`, or null past `to`. */
function nextAlong(curve: SampledCurve, last: { x: number; y: number }, u: number, dist: number, to: number): { x: number; y: number; u: number } | null {
  const d2 = (x: number, y: number) => (x - last.x) ** 2 + (y - last.y) ** 2;
  const target = dist * dist;
  let j = curve.firstAbove(u);
  let lo = u;
  while (j <= curve.samples && d2(curve.x[j], curve.y[j]) < target) {
    lo = curve.u[j];
    j++;
  }
  if (j > curve.samples) return null;
  let hi = curve.u[j];
  for (let k = 0; k < BISECTIONS; k++) {
    const mid = (lo + hi) / 2;
    const p = curve.at(mid);
    if (d2(p.x, p.y) < target) lo = mid;
    else hi = mid;
  }
  if (hi > to) return null;
  const p = curve.at(hi);
  const len = Math.sqrt(d2(p.x, p.y));
  return { x: last.x + ((p.x - last.x) * dist) / len, y: last.y + ((p.y - last.y) * dist) / len, u: hi };
}
