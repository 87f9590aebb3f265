import { apsisMayMatch } from "./apsis-prefilter.ts";
import type { ApsisTransform } from "./apsis-transform.ts";
import { comparePreparedApsis } from "./compare-apsis.ts";
import { DedupIndex, type DedupGame } from "../../dedup/dedup-index.ts";
import { defaultApsisDedupThresholds, type ApsisDedupSettings } from "./apsis-dedup-thresholds.ts";
import type { DedupComparison } from "../../dedup/dedup-types.ts";
import { prepareApsisLevel, type ApsisDedupLevel, type PreparedApsisLevel } from "./prepare-apsis-level.ts";

/** A {@link DedupIndex} of Apsis levels. */
export type ApsisDedupIndex = DedupIndex<ApsisDedupLevel, PreparedApsisLevel, DedupComparison<ApsisTransform>>;

/**
 * The Apsis game of a {@link DedupIndex} (SPEC 7): bucket = sorted marks and
 * falling rings, exact keys = the sky's canonical form (identical) and rings +
 * block-graph certificate (same puzzle), prefilter = {@link apsisMayMatch},
 * compare = {@link comparePreparedApsis}.
 */
export function apsisDedupGame(thresholds: ApsisDedupSettings = defaultApsisDedupThresholds()): DedupGame<ApsisDedupLevel, PreparedApsisLevel, DedupComparison<ApsisTransform>> {
  return {
    prepare: (level) => prepareApsisLevel(level, thresholds.apsis, thresholds.canonicalSearchNodes),
    bucketKey: (p) => p.markSignature,
    exactKeys: (p) => [`sky:${p.sky.form}`, `puzzle:${p.ringsKey}:${p.puzzle.certificate}`],
    mayBeSame: (candidate, chosen) => apsisMayMatch(candidate, chosen, thresholds),
    compare: (candidate, chosen) => comparePreparedApsis(candidate, chosen, thresholds),
  };
}

/** An empty index of chosen Apsis levels. @param thresholds default `models/dedup/thresholds.json`. */
export function createApsisDedupIndex(thresholds: ApsisDedupSettings = defaultApsisDedupThresholds()): ApsisDedupIndex {
  return new DedupIndex(apsisDedupGame(thresholds));
}
