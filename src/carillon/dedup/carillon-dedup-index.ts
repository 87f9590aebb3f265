import { carillonMayMatch, carillonTransformsToTry } from "./carillon-prefilter.ts";
import type { CarillonTransform } from "./carillon-transforms.ts";
import { comparePreparedCarillon } from "./compare-carillon.ts";
import { DedupIndex, type DedupGame } from "../../dedup/dedup-index.ts";
import { defaultCarillonDedupThresholds, type CarillonDedupSettings } from "./carillon-dedup-thresholds.ts";
import type { DedupComparison } from "../../dedup/dedup-types.ts";
import { prepareCarillonLevel, type CarillonDedupLevel, type PreparedCarillonLevel } from "./prepare-carillon-level.ts";

/** A {@link DedupIndex} of Carillon levels. */
export type CarillonDedupIndex = DedupIndex<CarillonDedupLevel, PreparedCarillonLevel, DedupComparison<CarillonTransform>>;

/**
 * The Carillon game of a {@link DedupIndex} (SPEC 7): bucket = the sorted mark
 * labels (kind, round order), exact key = the reach graph's certificate (same
 * chains), prefilter = {@link carillonMayMatch}, compare = {@link comparePreparedCarillon}
 * on the transforms the prefilter leaves (all of them for a chains repeat).
 */
export function carillonDedupGame(thresholds: CarillonDedupSettings = defaultCarillonDedupThresholds()): DedupGame<CarillonDedupLevel, PreparedCarillonLevel, DedupComparison<CarillonTransform>> {
  return {
    prepare: (level) => prepareCarillonLevel(level, thresholds.carillon, thresholds.canonicalSearchNodes),
    bucketKey: (p) => p.markLabels,
    exactKeys: (p) => [`chains:${p.chains.certificate}`],
    mayBeSame: (candidate, chosen) => carillonMayMatch(candidate, chosen, thresholds),
    compare: (candidate, chosen) =>
      candidate.chains.certificate === chosen.chains.certificate
        ? comparePreparedCarillon(candidate, chosen, thresholds)
        : comparePreparedCarillon(candidate, chosen, thresholds, carillonTransformsToTry(candidate, chosen, thresholds)),
  };
}

/** An empty index of chosen Carillon levels. @param thresholds default `models/dedup/thresholds.json`. */
export function createCarillonDedupIndex(thresholds: CarillonDedupSettings = defaultCarillonDedupThresholds()): CarillonDedupIndex {
  return new DedupIndex(carillonDedupGame(thresholds));
}
