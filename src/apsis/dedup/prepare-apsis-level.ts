import type { AbstractGraph } from "graphology-types";
import { InputError } from "../../io/errors.ts";
import type { ApsisArrow, ApsisBody } from "../level/apsis-body.ts";
import { apsisCanonicalForm, type ApsisCanonicalForm } from "./apsis-canonical-form.ts";
import { ringHalfArcs } from "./apsis-ring-arcs.ts";
import { apsisSketch, type ApsisSketch } from "./apsis-sketch.ts";
import { normalDegrees } from "./apsis-transform.ts";
import { canonicalLabelLists, type CanonicalListsForm } from "../../dedup/canonical-label.ts";
import type { ApsisDedupThresholds } from "./apsis-dedup-thresholds.ts";
import { indexedGraphLists, inLists } from "../../dedup/indexed-graph-lists.ts";

/** What de-duplication needs of one Apsis level, built by the integrator from the Apsis engine (SPEC 7). */
export interface ApsisDedupLevel {
  /** The level body (SPEC 3). */
  body: ApsisBody;
  /** The block graph (SPEC 5.1): directed blocker → blocked; node keys are the arrow indices `"0".."n-1"`. */
  blockGraph: AbstractGraph;
}

/**
 * An Apsis level with every invariant the comparison and the index use, computed once.
 * Class numbers are process-local: compare prepared records only within the
 * process that prepared them (send levels, not prepared records, to workers).
 */
export interface PreparedApsisLevel {
  /** Arrow count. */
  n: number;
  ring: Int32Array;
  /** Ring radius of each arrow, sky units. */
  radius: Float64Array;
  /** Midpoint angle and direction, degrees in [0, 360). */
  angle: Float64Array;
  direction: Float64Array;
  /** The same, mirrored (−angle, −direction), in [0, 360). */
  mirroredAngle: Float64Array;
  mirroredDirection: Float64Array;
  length: Float64Array;
  /** Marks of each arrow as a class (`""` plain; key, lock, number n): arrows pair only within a class. */
  mark: string[];
  marked: Uint8Array;
  markedCount: number;
  /** Sorted marks and falling rings: equal for any two levels that can be the same by any reason (the index's bucket). */
  markSignature: string;
  /** Class of each arrow, a number standing for (length, marks): arrows pair only within a class. */
  classId: Int32Array;
  /** Arrows per class. */
  classCounts: Map<number, number>;
  /** Direction − angle of each arrow, degrees in [0, 360): what no turn changes. */
  relDir: Float64Array;
  /** Arrows by group `classId * 64 + ring`. */
  groups: Map<number, Int32Array>;
  /** For each arrow, the groups (of any level) it may pair with: keys and midpoint half-arcs (degrees), flattened per arrow. */
  partnerGroups: Array<{ keys: Int32Array; arcs: Float64Array }>;
  /** This level's distinct classes, ascending, with their arrow counts, and each arrow's slot in that list. */
  classes: Int32Array;
  classSizes: Int32Array;
  classSlot: Int32Array;
  /** Compact summary for the first near-copy bound (null when out of its scope). */
  sketch: ApsisSketch | null;
  /** Canonical form of the sky (identical up to turn and mirror). */
  sky: ApsisCanonicalForm;
  /** Canonical form of the block graph labelled by ring and marks (a `~key` node joins each name's keys to its locks). */
  puzzle: CanonicalListsForm;
  /** Arrows per ring and the falling rings: "the rings match". */
  ringsKey: string;
}

/**
 * Prepares an Apsis level for comparison (SPEC 7).
 *
 * @param thresholds ring radii and tolerances (`models/dedup/thresholds.json` → apsis).
 * @throws InputError (exit 2) `dedup/apsis: ...` when an arrow's ring has no radius, or the
 *   block graph's nodes are not exactly the arrow indices.
 * @throws NoAnswerError (exit 1) when the block graph's canonical labelling passes `maxSearchNodes`.
 */
export function prepareApsisLevel(level: ApsisDedupLevel, thresholds: ApsisDedupThresholds, maxSearchNodes?: number): PreparedApsisLevel {
  const arrows = level.body.arrows;
  const n = arrows.length;
  const ring = new Int32Array(n);
  const radius = new Float64Array(n);
  const angle = new Float64Array(n);
  const direction = new Float64Array(n);
  const length = new Float64Array(n);
  const mark: string[] = [];
  const marked = new Uint8Array(n);
  arrows.forEach((a, i) => {
    const r = thresholds.ringRadii[a.ring - 1];
    if (r === undefined) throw new InputError("dedup/apsis", `expected arrow ${i}'s ring to be 1..${thresholds.ringRadii.length}, got ${a.ring}`);
    ring[i] = a.ring;
    radius[i] = r;
    angle[i] = normalDegrees(a.angle);
    direction[i] = normalDegrees(a.direction);
    length[i] = a.length;
    mark.push(markClass(a));
    marked[i] = mark[i] === "" ? 0 : 1;
  });
  const falling = [...new Set(level.body.fallingRings ?? [])].sort((x, y) => x - y);

  const classId = new Int32Array(n);
  const relDir = new Float64Array(n);
  const classCounts = new Map<number, number>();
  const members = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    classId[i] = internClass(`${length[i]}|${mark[i]}`);
    relDir[i] = normalDegrees(direction[i] - angle[i]);
    classCounts.set(classId[i], (classCounts.get(classId[i]) ?? 0) + 1);
    const key = classId[i] * GROUP_STRIDE + ring[i];
    if (!members.has(key)) members.set(key, []);
    members.get(key)!.push(i);
  }
  const groups = new Map([...members].map(([k, list]) => [k, Int32Array.from(list)] as const));
  const classes = Int32Array.from([...classCounts.keys()].sort((x, y) => x - y));
  const classSizes = Int32Array.from(classes, (c) => classCounts.get(c)!);
  const classSlot = Int32Array.from(classId, (c) => classes.indexOf(c));
  const halfArcs = ringHalfArcs(thresholds);
  const partnerGroups = Array.from({ length: n }, (_, i) => {
    const rings = halfArcs[ring[i] - 1].map((h, r) => [r + 1, h] as const).filter(([, h]) => !Number.isNaN(h));
    return { keys: Int32Array.from(rings, ([r]) => classId[i] * GROUP_STRIDE + r), arcs: Float64Array.from(rings, ([, h]) => h) };
  });

  const out = indexedGraphLists(level.blockGraph, n, "dedup/apsis", "block graph");
  const labels = arrows.map((a, i) => `r${a.ring}/${mark[i]}`);
  const names = new Map<string, { keys: number[]; locks: number[] }>();
  arrows.forEach((a, i) => {
    for (const [name, side] of [[a.key, "keys"], [a.lock, "locks"]] as const) {
      if (name === undefined) continue;
      if (!names.has(name)) names.set(name, { keys: [], locks: [] });
      names.get(name)![side].push(i);
    }
  });
  for (const { keys, locks } of names.values()) {
    const relation = labels.length;
    labels.push("~key");
    out.push(locks.slice());
    for (const k of keys) out[k].push(relation);
  }
  const puzzle = canonicalLabelLists({ n: labels.length, out, inn: inLists(out), labels }, maxSearchNodes);

  const perRing = thresholds.ringRadii.map((_, r) => arrows.filter((a) => a.ring === r + 1).length);
  return {
    n,
    ring,
    radius,
    angle,
    direction,
    mirroredAngle: Float64Array.from(angle, (x) => normalDegrees(-x)),
    mirroredDirection: Float64Array.from(direction, (x) => normalDegrees(-x)),
    length,
    mark,
    marked,
    markedCount: marked.reduce((s, m) => s + m, 0),
    markSignature: `${mark.filter((m) => m !== "").sort().join(",")}|falling=${falling.join(",")}`,
    classId,
    classCounts,
    relDir,
    groups,
    partnerGroups,
    classes,
    classSizes,
    classSlot,
    sketch: apsisSketch(ring, length, relDir, thresholds),
    sky: apsisCanonicalForm(level.body),
    puzzle,
    ringsKey: `rings=${perRing.join(",")}|falling=${falling.join(",")}`,
  };
}

/** Multiplier of a group key `classId * GROUP_STRIDE + ring` (rings are 1..63). */
export const GROUP_STRIDE = 64;

const classNumbers = new Map<string, number>();

/** A number standing for a class string, the same for the whole process (used only to test equality, never written out). */
function internClass(key: string): number {
  let id = classNumbers.get(key);
  if (id === undefined) {
    id = classNumbers.size;
    classNumbers.set(key, id);
  }
  return id;
}

/** An arrow's marks as a class string: `key`, `lock`, `n<number>` joined by `+`; `""` when plain. Key names are left out (pairing is structure). */
export function markClass(a: ApsisArrow): string {
  const parts: string[] = [];
  if (a.key !== undefined) parts.push("key");
  if (a.lock !== undefined) parts.push("lock");
  if (a.number !== undefined) parts.push(`n${a.number}`);
  return parts.join("+");
}
