import { findNearCopy } from "./apsis-near-copy.ts";
import { normalDegrees, type ApsisTransform } from "./apsis-transform.ts";
import { defaultApsisDedupThresholds, type ApsisDedupSettings } from "./apsis-dedup-thresholds.ts";
import type { DedupComparison, DedupReason, MatchBasis } from "../../dedup/dedup-types.ts";
import { prepareApsisLevel, type ApsisDedupLevel, type PreparedApsisLevel } from "./prepare-apsis-level.ts";

/**
 * Are two Apsis levels the same (SPEC 7)?
 * - `identical`: equal canonical forms (the same sky turned about the sun
 *   and/or mirrored; arrow order and key names aside);
 * - `near-copy`: {@link findNearCopy} (≥ 50% of the larger sky's arrows pair
 *   one to one under one turn/mirror, every marked arrow paired);
 * - `same-puzzle`: the same arrows per ring, the same falling rings, and
 *   isomorphic block graphs labelled by ring and marks (key/lock pairing
 *   included, key names not).
 *
 * @param thresholds default `models/dedup/thresholds.json`.
 * @returns `transform`/`matched`: for identical skies the exact transform and
 *   arrow correspondence, else the near-copy matching, else the block-graph
 *   correspondence (`transform` null), else the largest matching under any
 *   turn/mirror (`basis: "closest"`, every marked arrow paired), else nothing.
 * @throws InputError / NoAnswerError as {@link prepareApsisLevel}.
 */
export function compareApsis(a: ApsisDedupLevel, b: ApsisDedupLevel, thresholds: ApsisDedupSettings = defaultApsisDedupThresholds()): DedupComparison<ApsisTransform> {
  const pa = prepareApsisLevel(a, thresholds.apsis, thresholds.canonicalSearchNodes);
  const pb = prepareApsisLevel(b, thresholds.apsis, thresholds.canonicalSearchNodes);
  const c = comparePreparedApsis(pa, pb, thresholds);
  if (c.basis !== null) return c;
  // nothing holds: the largest matching under any turn/mirror (every marked arrow paired), to say how close it came
  const closest = findNearCopy(pa, pb, { ...thresholds.apsis, nearCopyShare: 0 }, true).found;
  if (!closest || closest.pairs.length === 0) return c;
  return { ...c, transform: closest.transform, matched: closest.pairs, basis: "closest", share: closest.pairs.length / Math.max(pa.n, pb.n) };
}

/** {@link compareApsis} on prepared levels, without the closest matching when nothing holds (the dedup index's hot path; no index prefilter; `exhaustive` also drops the near-copy candidate bound, for tests). */
export function comparePreparedApsis(a: PreparedApsisLevel, b: PreparedApsisLevel, thresholds: ApsisDedupSettings, exhaustive = false): DedupComparison<ApsisTransform> {
  const identical = a.sky.form === b.sky.form;
  const near = findNearCopy(a, b, thresholds.apsis, exhaustive).found;
  const samePuzzle = a.ringsKey === b.ringsKey && a.puzzle.certificate === b.puzzle.certificate;
  const reasons: DedupReason[] = [];
  if (identical) reasons.push("identical");
  if (near) reasons.push("near-copy");
  if (samePuzzle) reasons.push("same-puzzle");

  let transform: ApsisTransform | null = null;
  let matched: Array<[number, number]> = [];
  let basis: MatchBasis | null = null;
  if (identical) {
    // a ↦ canonical ↦ b: x ↦ sB·(ρA − ρB) + sA·sB·x
    const sA = a.sky.transform.mirror ? -1 : 1;
    const sB = b.sky.transform.mirror ? -1 : 1;
    transform = { turn: normalDegrees(sB * (a.sky.transform.turn - b.sky.transform.turn)), mirror: sA * sB < 0 };
    matched = a.sky.order.map((i, p) => [i, b.sky.order[p]] as [number, number]).sort((x, y) => x[0] - y[0]);
    basis = "identical";
  } else if (near) {
    ({ transform, pairs: matched } = near);
    basis = "near-copy";
  } else if (samePuzzle) {
    a.puzzle.order.forEach((i, p) => {
      if (i < a.n) matched.push([i, b.puzzle.order[p]]);
    });
    matched.sort((x, y) => x[0] - y[0]);
    basis = "puzzle";
  }
  const larger = Math.max(a.n, b.n);
  return { same: reasons.length > 0, reasons, transform, matched, basis, share: larger === 0 ? 0 : matched.length / larger };
}
