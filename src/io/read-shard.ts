import { InputError } from "./errors.ts";
import { parseWith, readJson } from "./read-json-file.ts";
import { shardSchemaOf, type ShardFile } from "./schemas/shard.ts";
import type { BodyGame } from "./schemas/shared.ts";
import { shardTasksHash } from "./hostile/shard-tasks-hash.ts";

/**
 * Reads a shard file (`levelramp/shard@1`, SPEC 9) and checks it. The values
 * come back exactly as written (key order, numbers), not as the schema
 * would rebuild them, so a merged pool is byte for byte the pool one
 * unsharded run writes. Its candidates are checked against its checksum
 * (`tasksHash`, {@link shardTasksHash}): a shard edited after generate wrote
 * it — a metric, a level, a candidate added or removed — is refused.
 *
 * @param game the shard's game (its bodies parse with its schema).
 * @throws InputError (exit 2) naming the file and the JSON path of the first problem.
 */
export function readShard(file: string, game: BodyGame): ShardFile {
  return parseShardFile(readJson(file), file, game);
}

/**
 * {@link readShard} over a file's JSON already read (`raw`, returned as it is once checked); `file` is named in errors.
 *
 * @throws InputError (exit 2) as {@link readShard}.
 */
export function parseShardFile(raw: unknown, file: string, game: BodyGame | undefined): ShardFile {
  parseWith(shardSchemaOf(game), raw, file);
  const shard = raw as ShardFile;
  if (shardTasksHash(shard) !== shard.tasksHash) {
    throw new InputError("io/read-shard", "expected the SHA-256 of the shard's seed, shard and tasks; they do not hash to it (its candidates were changed after generate wrote it: generate the shard again)", { file, jsonPath: "$.tasksHash" });
  }
  return shard;
}
