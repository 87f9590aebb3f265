import { createHash } from "node:crypto";
import { canonicalJson } from "../canonical-json.ts";

/**
 * The checksum of a shard's candidates (SPEC 9, `levelramp/shard@1`
 * `tasksHash`): the SHA-256, in hex, of the canonical JSON of the shard's
 * seed, its place (K of N) and its tasks with their answers — every
 * candidate, its metrics, body and provenance. `generate --shard` writes it;
 * reading a shard checks it ({@link readShard}), so a shard whose metrics or
 * levels were edited after generate wrote it is refused, never merged.
 */
export function shardTasksHash(shard: { seed: unknown; shard: unknown; tasks: unknown }): string {
  return createHash("sha256").update(canonicalJson({ seed: shard.seed, shard: shard.shard, tasks: shard.tasks })).digest("hex");
}
