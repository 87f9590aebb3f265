import { DirectedGraph } from "graphology";
import { stronglyConnectedComponents } from "graphology-components";
import type { CarillonBody, CarillonDot, CarillonMark } from "../../src/carillon/level/carillon-body.ts";
import type { CarillonDedupLevel } from "../../src/carillon/dedup/prepare-carillon-level.ts";
import { turnFacing, turnVector, type CarillonTransform } from "../../src/carillon/dedup/carillon-transforms.ts";
import type { Rng } from "../../src/random/create-rng.ts";
import { shuffle } from "../../src/random/shuffle.ts";

// Test-only stand-ins for the Carillon engine (SPEC 4.1 defaults), so dedup can be tested alone.
const RADIUS = { small: 12, normal: 18, big: 26 } as const;
const REACH = { small: 60, normal: 110, big: 170 } as const;
const SIZES = ["small", "normal", "big"] as const;

/** Reach graph by the SPEC 4.1 rule (horns: doubled reach inside ±45° of the facing); keys "0".."n-1". */
export function reachGraphOf(body: CarillonBody): DirectedGraph {
  const g = new DirectedGraph();
  body.dots.forEach((_, i) => g.addNode(String(i)));
  body.dots.forEach((a, i) => {
    body.dots.forEach((b, j) => {
      if (i === j) return;
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      const dist = Math.hypot(dx, dy);
      let reach: number = REACH[a.size];
      if (a.mark?.kind === "horn") {
        reach *= 2;
        const bearing = (Math.atan2(dy, dx) * 180) / Math.PI;
        const gap = Math.abs((((bearing - a.mark.facing) % 360) + 540) % 360 - 180);
        if (gap > 45) return;
      }
      if (dist - RADIUS[b.size] <= reach) g.addEdge(String(i), String(j));
    });
  });
  return g;
}

/** Dots of the reach graph's source components (the plain-field starts, SPEC 4.1). */
export function startsOf(graph: DirectedGraph): number[] {
  const starts: number[] = [];
  for (const component of stronglyConnectedComponents(graph)) {
    const inside = new Set(component);
    const entered = component.some((node) => graph.inNeighbors(node).some((m) => !inside.has(m)));
    if (!entered) starts.push(...component.map(Number));
  }
  return starts.sort((a, b) => a - b);
}

/** A level record from a body: reach graph and starts computed by the helpers above. */
export function levelOf(body: CarillonBody): CarillonDedupLevel {
  const reachGraph = reachGraphOf(body);
  return { body, reachGraph, winningFirstTaps: startsOf(reachGraph) };
}

export interface RandomFieldOptions {
  dots?: [number, number];
  /** Smallest centre-to-centre distance. */
  spacing?: number;
  /** Mark kinds to scatter (each dot gets one with probability `markShare`). */
  marks?: Array<CarillonMark["kind"]>;
  markShare?: number;
}

/** A random 640 × 900 field (rejection sampling for spacing; a bounded number of tries). */
export function randomField(rng: Rng, options: RandomFieldOptions = {}): CarillonBody {
  const [lo, hi] = options.dots ?? [20, 40];
  const count = lo + Math.floor(rng() * (hi - lo + 1));
  const spacing = options.spacing ?? 50;
  const dots: CarillonDot[] = [];
  for (let tries = 0; dots.length < count && tries < 20000; tries++) {
    const x = 30 + rng() * 580;
    const y = 30 + rng() * 840;
    if (dots.some((d) => Math.hypot(d.x - x, d.y - y) < spacing)) continue;
    dots.push({ x: round2(x), y: round2(y), size: SIZES[Math.floor(rng() * 3)], note: Math.floor(rng() * 7) });
  }
  const kinds = options.marks ?? [];
  let order = 1;
  const free = () => dots.findIndex((d, k) => !d.mark && k > 0 && rng() < 0.3);
  dots.forEach((dot, i) => {
    if (kinds.length === 0 || dot.mark || rng() >= (options.markShare ?? 0.2)) return;
    const kind = kinds[Math.floor(rng() * kinds.length)];
    if (kind === "horn") dot.mark = { kind, facing: Math.floor(rng() * 360) };
    else if (kind === "drifter") dot.mark = { kind, step: [Math.round(rng() * 60 - 30), Math.round(rng() * 60 - 30)] };
    else if (kind === "round") dot.mark = { kind, order: order++ };
    else if (kind === "duet") {
      const j = free();
      if (j < 0 || j === i) return;
      dot.mark = { kind, partner: j };
      dots[j].mark = { kind, partner: i };
    } else dot.mark = { kind } as CarillonMark;
  });
  return { width: 640, height: 900, dots };
}

/**
 * The level turned/mirrored about its centre and with its dots shuffled
 * (returns the copy and `where[i]` = the copy's index of dot i). Odd quarter
 * turns swap the field's width and height.
 */
export function turnedCopy(level: CarillonDedupLevel, t: CarillonTransform, rng: Rng): { copy: CarillonDedupLevel; where: number[] } {
  const { body } = level;
  const n = body.dots.length;
  const perm = shuffle(rng, Array.from({ length: n }, (_, i) => i)); // dot i goes to perm[i]
  const odd = t.quarterTurns % 2 === 1;
  const width = odd ? body.height : body.width;
  const height = odd ? body.width : body.height;
  const dots = new Array<CarillonDot>(n);
  body.dots.forEach((d, i) => {
    const [u, v] = turnVector(t, d.x - body.width / 2, d.y - body.height / 2);
    const dot: CarillonDot = { x: width / 2 + u, y: height / 2 + v, size: d.size, note: (d.note + 3) % 7 };
    if (d.mark) dot.mark = turnMark(d.mark, t, perm);
    dots[perm[i]] = dot;
  });
  const g = new DirectedGraph();
  for (let i = 0; i < n; i++) g.addNode(String(i));
  level.reachGraph.forEachEdge((_e, _a, s, tgt) => {
    g.addEdge(String(perm[Number(s)]), String(perm[Number(tgt)]));
  });
  return {
    copy: { body: { width, height, dots }, reachGraph: g, winningFirstTaps: shuffle(rng, level.winningFirstTaps.map((i) => perm[i])) },
    where: perm,
  };
}

function turnMark(mark: CarillonMark, t: CarillonTransform, perm: number[]): CarillonMark {
  switch (mark.kind) {
    case "horn":
      return { kind: "horn", facing: turnFacing(t, mark.facing) };
    case "drifter":
      return { kind: "drifter", step: turnVector(t, mark.step[0], mark.step[1]) };
    case "duet":
      return { kind: "duet", partner: perm[mark.partner] };
    default:
      return { ...mark };
  }
}

/** Every dot moved by a random vector of length in [lo, hi] (reach graph and starts recomputed). */
export function jittered(rng: Rng, body: CarillonBody, lo: number, hi: number): CarillonBody {
  return {
    ...body,
    dots: body.dots.map((d) => {
      const angle = rng() * 2 * Math.PI;
      const r = lo + rng() * (hi - lo);
      return { ...d, x: d.x + r * Math.cos(angle), y: d.y + r * Math.sin(angle) };
    }),
  };
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}
