import type { z } from "zod";
import type { DedupGame } from "../dedup/dedup-index.ts";
import type { DedupComparison } from "../dedup/dedup-types.ts";
import type { BackendDedup } from "./game-backend.ts";

/** What a game gives {@link dedupOverRecords}: how a body becomes a record, and its rules over records. */
export interface RecordDedupParts<Body, Record, Prepared, Transform> {
  /** The de-duplication record of a body, built from the game's engine (SPEC 7). */
  record(body: Body): Record;
  /** The game's rules over records (bucket, exact keys, prefilter, comparison); called once, on first use. */
  rules(): DedupGame<Record, Prepared, DedupComparison<Transform>>;
  /** The full comparison of two records over every transform (`levelramp compare`). */
  compareRecords(a: Record, b: Record): DedupComparison<Transform>;
  describeTransform(transform: Transform): string;
  thresholdsSchema?: z.ZodType;
}

/**
 * A game's de-duplication hooks ({@link BackendDedup}) from its record builder
 * and its {@link DedupGame} over records: `prepare(body)` builds the record
 * and its invariants; the rules are made on first use (so reading the
 * thresholds waits until a comparison is needed).
 */
export function dedupOverRecords<Body, Record, Prepared, Transform>(parts: RecordDedupParts<Body, Record, Prepared, Transform>): BackendDedup<Body, Prepared, Transform> {
  let made: DedupGame<Record, Prepared, DedupComparison<Transform>> | undefined;
  const rules = () => (made ??= parts.rules());
  return {
    prepare: (body) => rules().prepare(parts.record(body)),
    bucketKey: (p) => rules().bucketKey(p),
    exactKeys: (p) => rules().exactKeys(p),
    mayBeSame: (a, b) => rules().mayBeSame(a, b),
    compare: (a, b) => rules().compare(a, b),
    compareLevels: (a, b) => parts.compareRecords(parts.record(a), parts.record(b)),
    describeTransform: (t) => parts.describeTransform(t),
    thresholdsSchema: parts.thresholdsSchema,
  };
}
