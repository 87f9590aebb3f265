import type { AbstractGraph } from "graphology-types";
import { InputError } from "../../io/errors.ts";
import type { CarillonBody, CarillonMark } from "../level/carillon-body.ts";
import { canonicalLabelLists, type CanonicalListsForm, type LabelledLists } from "../../dedup/canonical-label.ts";
import { indexedGraphLists, inLists } from "../../dedup/indexed-graph-lists.ts";
import { CARILLON_TRANSFORMS, turnVector } from "./carillon-transforms.ts";
import type { CarillonDedupThresholds } from "./carillon-dedup-thresholds.ts";

/**
 * What de-duplication needs of one Carillon level, built by the integrator
 * from the Carillon engine (SPEC 7).
 */
export interface CarillonDedupLevel {
  /** The level body (SPEC 3). Notes (colours) are ignored. */
  body: CarillonBody;
  /** The reach graph (SPEC 4.1): directed A → B when A's ring reaches B; node keys are the dot indices `"0".."n-1"`. */
  reachGraph: AbstractGraph;
  /** Dot indices of the winning first taps (the solver's set, SPEC 4.5). */
  winningFirstTaps: readonly number[];
}

/** A Carillon level with every invariant the comparison and the index use, computed once. */
export interface PreparedCarillonLevel {
  /** Dot count. */
  n: number;
  /** Dot centres relative to the field's centre, field units. */
  u: Float64Array;
  v: Float64Array;
  /** Match class of each dot: size, mark kind and round order (two dots can pair only within a class). */
  classId: Int32Array;
  /** The distinct classes of this level, ascending, and each dot's slot in that list (the prefilter fetches another level's grids once per class). */
  classes: number[];
  classSlot: Int32Array;
  /** 1 when the dot carries a mark. */
  marked: Uint8Array;
  markedCount: number;
  /** Horn facing in degrees (NaN when not a horn). */
  facing: Float64Array;
  /** Drifter step, field units (0 when not a drifter). */
  stepX: Float64Array;
  stepY: Float64Array;
  /** 1 when the dot is a winning first tap. */
  winning: Uint8Array;
  winningCount: number;
  /** Sorted mark labels (kind, round order): equal for any two levels that can be the same by any reason (the index's bucket). */
  markLabels: string;
  /** Sorted classes of the marked dots: equal for any two levels whose pictures or answers can be the same. */
  markedClasses: string;
  /** Sorted classes of the winning first taps. */
  winningClasses: string;
  /** Dots per class. */
  classCounts: Map<number, number>;
  /** Canonical form of the reach graph labelled by marks (with a relation node per duet pair). */
  chains: CanonicalListsForm;
  /** Coarse grid (cell = matchUnits + 1) of every dot's 3 × 3 cell neighbourhood, per class; `null` entry = no bound (a dot off the grid). */
  masks: Map<number, Uint32Array | null>;
  /** The same, for winning first taps only. */
  winningMasks: Map<number, Uint32Array | null>;
  /** Dot centres under each of the eight transforms (order of CARILLON_TRANSFORMS): `tu[t * n + i]`, `tv[t * n + i]`. */
  tu: Float64Array;
  tv: Float64Array;
  /** Grid cell of each dot under each of the eight transforms: `cells[t * n + i]`, -1 when off the grid. */
  cells: Int32Array;
}

/** Grid side (cells per axis) of the coarse prefilter; ±16 cells of 46 units cover any 640 × 900 field turned. */
export const GRID_SIDE = 32;
const MARK_KINDS: ReadonlyArray<CarillonMark["kind"]> = ["bell", "echo", "horn", "duet", "drifter", "home", "round"];
const SIZES = ["small", "normal", "big"] as const;

/**
 * Prepares a Carillon level for comparison (SPEC 7): centred coordinates,
 * match classes, winning flags, the reach graph's canonical form (labels:
 * mark kind, and round order for round bells; a duet pair adds a node
 * labelled `~duet` pointing at both dots), count vectors and coarse grids for
 * the prefilter.
 *
 * @throws InputError (exit 2) `dedup/carillon: ...` when the reach graph's nodes are not
 *   exactly the dot indices, or a winning first tap is not a dot index (or repeats).
 * @throws NoAnswerError (exit 1) when the reach graph's canonical labelling passes `maxSearchNodes`.
 */
export function prepareCarillonLevel(level: CarillonDedupLevel, thresholds: CarillonDedupThresholds, maxSearchNodes?: number): PreparedCarillonLevel {
  const { body } = level;
  const n = body.dots.length;
  const cx = body.width / 2;
  const cy = body.height / 2;
  const u = new Float64Array(n);
  const v = new Float64Array(n);
  const classId = new Int32Array(n);
  const marked = new Uint8Array(n);
  const facing = new Float64Array(n).fill(Number.NaN);
  const stepX = new Float64Array(n);
  const stepY = new Float64Array(n);
  const labels: string[] = [];
  body.dots.forEach((dot, i) => {
    u[i] = dot.x - cx;
    v[i] = dot.y - cy;
    const kind = dot.mark ? MARK_KINDS.indexOf(dot.mark.kind) + 1 : 0;
    const order = dot.mark?.kind === "round" ? dot.mark.order : 0;
    classId[i] = SIZES.indexOf(dot.size) + 3 * (kind + 8 * order);
    marked[i] = dot.mark ? 1 : 0;
    if (dot.mark?.kind === "horn") facing[i] = dot.mark.facing;
    if (dot.mark?.kind === "drifter") [stepX[i], stepY[i]] = dot.mark.step;
    labels.push(markLabel(dot.mark));
  });

  const winning = new Uint8Array(n);
  level.winningFirstTaps.forEach((tap, k) => {
    if (!Number.isInteger(tap) || tap < 0 || tap >= n || winning[tap]) {
      throw new InputError("dedup/carillon", `expected distinct dot indices 0..${n - 1} as winning first taps, got ${tap} at position ${k}`);
    }
    winning[tap] = 1;
  });

  const chains = canonicalLabelLists(reachLists(level.reachGraph, n, labels, body), maxSearchNodes);

  const classCounts = new Map<number, number>();
  classId.forEach((c) => classCounts.set(c, (classCounts.get(c) ?? 0) + 1));
  const classes = [...classCounts.keys()].sort((x, y) => x - y);
  const classSlot = Int32Array.from(classId, (c) => classes.indexOf(c));
  const cellSize = thresholds.matchUnits + 1;
  const masks = new Map<number, Uint32Array | null>();
  const winningMasks = new Map<number, Uint32Array | null>();
  for (let i = 0; i < n; i++) {
    paint(masks, classId[i], u[i], v[i], cellSize);
    if (winning[i]) paint(winningMasks, classId[i], u[i], v[i], cellSize);
  }
  const cells = new Int32Array(8 * n);
  const tu = new Float64Array(8 * n);
  const tv = new Float64Array(8 * n);
  CARILLON_TRANSFORMS.forEach((t, k) => {
    for (let i = 0; i < n; i++) {
      const [x, y] = turnVector(t, u[i], v[i]);
      tu[k * n + i] = x;
      tv[k * n + i] = y;
      cells[k * n + i] = cellOf(x, y, cellSize);
    }
  });

  const sortedJoin = (xs: Array<string | number>) => xs.map(String).sort().join(",");
  return {
    n,
    u,
    v,
    classId,
    classes,
    classSlot,
    marked,
    markedCount: marked.reduce((s, m) => s + m, 0),
    facing,
    stepX,
    stepY,
    winning,
    winningCount: level.winningFirstTaps.length,
    markLabels: sortedJoin(labels.filter((l) => l !== "")),
    markedClasses: sortedJoin(Array.from(classId).filter((_, i) => marked[i])),
    winningClasses: sortedJoin(Array.from(classId).filter((_, i) => winning[i])),
    classCounts,
    chains,
    masks,
    winningMasks,
    tu,
    tv,
    cells,
  };
}

/** The chain-identity label of a dot: its mark kind (`round:<order>` for round bells), `""` when plain. */
export function markLabel(mark: CarillonMark | undefined): string {
  if (!mark) return "";
  return mark.kind === "round" ? `round:${mark.order}` : mark.kind;
}

/** Grid cell index of a centred point, or -1 off the grid. */
export function cellOf(x: number, y: number, cellSize: number): number {
  const gx = Math.floor(x / cellSize) + GRID_SIDE / 2;
  const gy = Math.floor(y / cellSize) + GRID_SIDE / 2;
  if (gx < 0 || gy < 0 || gx >= GRID_SIDE || gy >= GRID_SIDE) return -1;
  return gy * GRID_SIDE + gx;
}

function paint(masks: Map<number, Uint32Array | null>, cls: number, x: number, y: number, cellSize: number): void {
  if (!masks.has(cls)) masks.set(cls, new Uint32Array((GRID_SIDE * GRID_SIDE) / 32));
  const mask = masks.get(cls);
  if (!mask) return;
  const gx = Math.floor(x / cellSize) + GRID_SIDE / 2;
  const gy = Math.floor(y / cellSize) + GRID_SIDE / 2;
  if (gx < 1 || gy < 1 || gx >= GRID_SIDE - 1 || gy >= GRID_SIDE - 1) {
    masks.set(cls, null); // near or off the edge: no bound for this class
    return;
  }
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const cell = (gy + dy) * GRID_SIDE + gx + dx;
      mask[cell >>> 5] |= 1 << (cell & 31);
    }
  }
}

function reachLists(graph: AbstractGraph, n: number, labels: string[], body: CarillonBody): LabelledLists {
  const out = indexedGraphLists(graph, n, "dedup/carillon", "reach graph");
  const allLabels = labels.slice();
  body.dots.forEach((dot, i) => {
    if (dot.mark?.kind === "duet" && i < dot.mark.partner) {
      if (dot.mark.partner >= n) throw new InputError("dedup/carillon", `expected dot ${i}'s duet partner to be a dot index, got ${dot.mark.partner}`);
      allLabels.push("~duet");
      out.push([i, dot.mark.partner]);
    }
  });
  return { n: allLabels.length, out, inn: inLists(out), labels: allLabels };
}
