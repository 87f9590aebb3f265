import { dedupOverRecords } from "../../game/dedup-over-records.ts";
import type { BackendDedup } from "../../game/game-backend.ts";
import type { ApsisBody } from "../level/apsis-body.ts";
import { apsisDedupGame } from "./apsis-dedup-index.ts";
import { apsisDedupRecord } from "./apsis-dedup-record.ts";
import { apsisDedupThresholdsSchema, defaultApsisDedupThresholds } from "./apsis-dedup-thresholds.ts";
import type { ApsisTransform } from "./apsis-transform.ts";
import { compareApsis } from "./compare-apsis.ts";
import type { PreparedApsisLevel } from "./prepare-apsis-level.ts";

/** An Apsis transform in words, degrees rounded to 0.1: "no turn", "a 90° turn about the sun, mirrored", ... */
export function describeApsisTransform(t: ApsisTransform): string {
  const deg = Math.round(t.turn * 10) / 10;
  const words = deg === 0 || deg === 360 ? "no turn" : `a ${deg}° turn about the sun`;
  return t.mirror ? `${words}, mirrored` : words;
}

/**
 * Apsis's de-duplication hooks of the game contract (SPEC 7) on the
 * package's thresholds (`models/dedup/thresholds.json`, read on first use):
 * `prepare` builds a body's record from the engine (the block graph) and its
 * invariants; bucket, exact keys, prefilter and comparison are
 * {@link apsisDedupGame}'s; `compareLevels` is {@link compareApsis} over every
 * turn and mirror.
 */
export function apsisDedup(): BackendDedup<ApsisBody, PreparedApsisLevel, ApsisTransform> {
  return dedupOverRecords({
    record: (body: ApsisBody) => apsisDedupRecord(body),
    rules: () => apsisDedupGame(defaultApsisDedupThresholds()),
    compareRecords: (a, b) => compareApsis(a, b, defaultApsisDedupThresholds()),
    describeTransform: describeApsisTransform,
    thresholdsSchema: apsisDedupThresholdsSchema,
  });
}
