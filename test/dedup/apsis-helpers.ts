import { DirectedGraph } from "graphology";
import type { ApsisArrow, ApsisBody } from "../../src/apsis/level/apsis-body.ts";
import type { ApsisDedupLevel } from "../../src/apsis/dedup/prepare-apsis-level.ts";
import type { Rng } from "../../src/random/create-rng.ts";
import { shuffle } from "../../src/random/shuffle.ts";

// Test-only stand-in for the Apsis engine's block graph (SPEC 5.1 defaults).
const RADII = [80, 125, 170, 215, 260];
const LENGTHS = [36, 52, 68];
const rad = (deg: number) => (deg * Math.PI) / 180;

interface Seg {
  ax: number;
  ay: number;
  bx: number;
  by: number;
  dx: number;
  dy: number;
}

function segmentOf(a: ApsisArrow): Seg {
  const r = RADII[a.ring - 1];
  const mx = r * Math.cos(rad(a.angle));
  const my = r * Math.sin(rad(a.angle));
  const dx = Math.cos(rad(a.direction));
  const dy = Math.sin(rad(a.direction));
  return { ax: mx - (dx * a.length) / 2, ay: my - (dy * a.length) / 2, bx: mx + (dx * a.length) / 2, by: my + (dy * a.length) / 2, dx, dy };
}

function pointSegment(px: number, py: number, s: { ax: number; ay: number; bx: number; by: number }): number {
  const vx = s.bx - s.ax;
  const vy = s.by - s.ay;
  const len2 = vx * vx + vy * vy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - s.ax) * vx + (py - s.ay) * vy) / len2));
  return Math.hypot(px - s.ax - t * vx, py - s.ay - t * vy);
}

/** Distance from the ray (head of `a`, along its direction; cut at 700 units, past the rim) to the centre segment of `b`. */
function rayToSegment(a: Seg, b: Seg): number {
  const far = { ax: a.bx, ay: a.by, bx: a.bx + a.dx * 700, by: a.by + a.dy * 700 };
  // segment–segment distance: 0 when they cross, else the nearest endpoint-to-segment distance
  const cross = (ox: number, oy: number, px: number, py: number, qx: number, qy: number) => (px - ox) * (qy - oy) - (py - oy) * (qx - ox);
  const d1 = cross(far.ax, far.ay, far.bx, far.by, b.ax, b.ay);
  const d2 = cross(far.ax, far.ay, far.bx, far.by, b.bx, b.by);
  const d3 = cross(b.ax, b.ay, b.bx, b.by, far.ax, far.ay);
  const d4 = cross(b.ax, b.ay, b.bx, b.by, far.bx, far.by);
  if (d1 * d2 < 0 && d3 * d4 < 0) return 0;
  return Math.min(pointSegment(b.ax, b.ay, far), pointSegment(b.bx, b.by, far), pointSegment(far.ax, far.ay, b), pointSegment(far.bx, far.by, b));
}

/** Block graph by the SPEC 5.1 rule (blocker → blocked when the blocker's centre segment is < 8 from the blocked arrow's ray). */
export function blockGraphOf(body: ApsisBody): DirectedGraph {
  const g = new DirectedGraph();
  const segs = body.arrows.map(segmentOf);
  body.arrows.forEach((_, i) => g.addNode(String(i)));
  segs.forEach((a, i) =>
    segs.forEach((b, j) => {
      if (i !== j && rayToSegment(a, b) < 8) g.addEdge(String(j), String(i));
    }),
  );
  return g;
}

export function skyLevel(body: ApsisBody): ApsisDedupLevel {
  return { body, blockGraph: blockGraphOf(body) };
}

export interface RandomSkyOptions {
  arrows?: [number, number];
  keys?: number;
  numbers?: number;
  falling?: number[];
}

/** A random sky: whole-degree angles, directions within ±80° of straight out, optional key/lock pairs and numbers. */
export function randomSky(rng: Rng, options: RandomSkyOptions = {}): ApsisBody {
  const [lo, hi] = options.arrows ?? [20, 30];
  const n = lo + Math.floor(rng() * (hi - lo + 1));
  const arrows: ApsisArrow[] = [];
  for (let i = 0; i < n; i++) {
    const angle = Math.floor(rng() * 360);
    arrows.push({ ring: 1 + Math.floor(rng() * 5), angle, length: LENGTHS[Math.floor(rng() * 3)], direction: (angle + Math.floor(rng() * 161) - 80 + 360) % 360 });
  }
  for (let k = 0; k < (options.keys ?? 0) && 2 * k + 1 < n; k++) {
    arrows[2 * k].lock = `k${k}`;
    arrows[2 * k + 1].key = `k${k}`;
  }
  for (let k = 0; k < (options.numbers ?? 0) && k < n; k++) arrows[n - 1 - k].number = k + 1;
  const body: ApsisBody = { hearts: 3, arrows };
  if (options.falling) body.fallingRings = options.falling;
  return body;
}

/** The sky mirrored (when asked) and turned by `turn` whole degrees, arrows shuffled, key names renamed; `where[i]` = the copy's index of arrow i. */
export function turnedSky(level: ApsisDedupLevel, turn: number, mirror: boolean, rng: Rng): { copy: ApsisDedupLevel; where: number[] } {
  const n = level.body.arrows.length;
  const perm = shuffle(rng, Array.from({ length: n }, (_, i) => i));
  const arrows = new Array<ApsisArrow>(n);
  const t = (deg: number) => (((mirror ? -deg : deg) + turn) % 360 + 360) % 360;
  level.body.arrows.forEach((a, i) => {
    const c: ApsisArrow = { ...a, angle: t(a.angle), direction: t(a.direction) };
    if (a.key !== undefined) c.key = `renamed-${a.key}`;
    if (a.lock !== undefined) c.lock = `renamed-${a.lock}`;
    arrows[perm[i]] = c;
  });
  const g = new DirectedGraph();
  for (let i = 0; i < n; i++) g.addNode(String(i));
  level.blockGraph.forEachEdge((_e, _a, s, tgt) => {
    g.addEdge(String(perm[Number(s)]), String(perm[Number(tgt)]));
  });
  return { copy: { body: { ...level.body, arrows }, blockGraph: g }, where: perm };
}
