import type { Game } from "../../game/game.ts";
import { readGameFile } from "../../game/registry/read-game-file.ts";
import { InputError } from "../../io/errors.ts";
import { parseShardFile } from "../../io/read-shard.ts";
import { readReusablePool, type ReusablePool } from "../reuse/reusable-pool.ts";
import type { ShardInput } from "./merge-shards.ts";

/**
 * What `merge` reads (SPEC 9): the shard files of one sharded `generate`
 * (`levelramp/shard@1`), each checked against the game the first one names
 * (opened then, or `given`: an outside game's, the CLI's `--game`), and the
 * earlier pool the shards reused (`reuseFile`, `generate --shard --reuse`).
 * {@link mergeShards} then checks that they are one run.
 *
 * @param files the shard files, in any order.
 * @returns the shards with their file names, their game (`given`, or the built-in game the first names) and the pool to reuse.
 * @throws InputError (exit 2): a bad shard file, shards of no game (generic), a bad pool to reuse.
 */
export async function readShards(files: readonly string[], options: { game?: Game; reuseFile?: string } = {}): Promise<{ shards: ShardInput[]; game: Game; reuse?: ReusablePool }> {
  const shards: ShardInput[] = [];
  let game: Game | undefined;
  for (const file of files) {
    const read = await readGameFile(file, (g) => (raw, f) => parseShardFile(raw, f, g), options.game);
    shards.push({ file, shard: read.value });
    game ??= read.game;
  }
  if (!game) throw new InputError("pipeline/merge", `expected shards of a game; ${files[0]} is generic`, { file: files[0], jsonPath: "$.game" });
  const reuse = options.reuseFile !== undefined ? await readReusablePool(options.reuseFile, game) : undefined;
  return { shards, game, ...(reuse ? { reuse } : {}) };
}
