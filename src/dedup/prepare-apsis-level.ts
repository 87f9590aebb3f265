import type { AbstractGraph } from "graphology-types";
import { InputError } from "../io/errors.ts";
import type { ApsisArrow, ApsisBody } from "../io/schemas/apsis-body.ts";
import { apsisCanonicalForm, type ApsisCanonicalForm } from "./apsis-canonical-form.ts";
import { normalDegrees } from "./apsis-transform.ts";
import { canonicalLabelLists, type CanonicalListsForm } from "./canonical-label.ts";
import type { ApsisDedupThresholds } from "./dedup-thresholds.ts";
import { indexedGraphLists, inLists } from "./indexed-graph-lists.ts";

/** What de-duplication needs of one Apsis level, built by the integrator from the Apsis engine (SPEC 7). */
export interface ApsisDedupLevel {
  /** The level body (SPEC 3). */
  body: ApsisBody;
  /** The block graph (SPEC 5.1): directed blocker → blocked; node keys are the arrow indices `"0".."n-1"`. */
  blockGraph: AbstractGraph;
}

/** An Apsis level with every invariant the comparison and the index use, computed once. */
export interface PreparedApsisLevel {
  /** Arrow count. */
  n: number;
  ring: Int32Array;
  /** Ring radius of each arrow, sky units. */
  radius: Float64Array;
  /** Midpoint angle and direction, degrees in [0, 360). */
  angle: Float64Array;
  direction: Float64Array;
  length: Float64Array;
  /** Marks of each arrow as a class (`""` plain; key, lock, number n): arrows pair only within a class. */
  mark: string[];
  marked: Uint8Array;
  markedCount: number;
  /** Sorted marks and falling rings: equal for any two levels that can be the same by any reason (the index's bucket). */
  markSignature: string;
  /** Arrows per (length, marks) class. */
  classCounts: Map<string, number>;
  /** Arrows by `${ring}|${length}|${mark}`: the near-copy prefilter's lookup. */
  byRingClass: Map<string, number[]>;
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

  const classCounts = new Map<string, number>();
  const byRingClass = new Map<string, number[]>();
  for (let i = 0; i < n; i++) {
    const cls = `${length[i]}|${mark[i]}`;
    classCounts.set(cls, (classCounts.get(cls) ?? 0) + 1);
    const key = `${ring[i]}|${cls}`;
    if (!byRingClass.has(key)) byRingClass.set(key, []);
    byRingClass.get(key)!.push(i);
  }

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
    length,
    mark,
    marked,
    markedCount: marked.reduce((s, m) => s + m, 0),
    markSignature: `${mark.filter((m) => m !== "").sort().join(",")}|falling=${falling.join(",")}`,
    classCounts,
    byRingClass,
    sky: apsisCanonicalForm(level.body),
    puzzle,
    ringsKey: `rings=${perRing.join(",")}|falling=${falling.join(",")}`,
  };
}

/** An arrow's marks as a class string: `key`, `lock`, `n<number>` joined by `+`; `""` when plain. Key names are left out (pairing is structure). */
export function markClass(a: ApsisArrow): string {
  const parts: string[] = [];
  if (a.key !== undefined) parts.push("key");
  if (a.lock !== undefined) parts.push("lock");
  if (a.number !== undefined) parts.push(`n${a.number}`);
  return parts.join("+");
}
