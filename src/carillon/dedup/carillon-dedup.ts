import { dedupOverRecords } from "../../game/dedup-over-records.ts";
import type { BackendDedup } from "../../game/game-backend.ts";
import type { CarillonBody } from "../level/carillon-body.ts";
import { carillonDedupGame } from "./carillon-dedup-index.ts";
import { carillonDedupRecord } from "./carillon-dedup-record.ts";
import { carillonDedupThresholdsSchema, defaultCarillonDedupThresholds } from "./carillon-dedup-thresholds.ts";
import type { CarillonTransform } from "./carillon-transforms.ts";
import { compareCarillon } from "./compare-carillon.ts";
import type { PreparedCarillonLevel } from "./prepare-carillon-level.ts";

const TURNS = ["no turn", "a quarter turn", "a half turn", "three quarter turns"];

/** A Carillon transform in words: "no turn", "a half turn", "a quarter turn, mirrored", ... */
export function describeCarillonTransform(t: CarillonTransform): string {
  const words = TURNS[((t.quarterTurns % 4) + 4) % 4];
  return t.mirror ? `${words}, mirrored` : words;
}

/**
 * Carillon's de-duplication hooks of the game contract (SPEC 7) on the
 * package's thresholds (`models/dedup/thresholds.json`, read on first use):
 * `prepare` builds a body's record from the engine (reach graph, winning
 * first taps) and its invariants; bucket, exact keys, prefilter and
 * comparison are {@link carillonDedupGame}'s; `compareLevels` is
 * {@link compareCarillon} over every turn and mirror.
 */
export function carillonDedup(): BackendDedup<CarillonBody, PreparedCarillonLevel, CarillonTransform> {
  return dedupOverRecords({
    record: (body: CarillonBody) => carillonDedupRecord(body),
    rules: () => carillonDedupGame(defaultCarillonDedupThresholds()),
    compareRecords: (a, b) => compareCarillon(a, b, defaultCarillonDedupThresholds()),
    describeTransform: describeCarillonTransform,
    thresholdsSchema: carillonDedupThresholdsSchema,
  });
}
