import type { z } from "zod";
import { parseWith, readJson } from "../../io/read-json-file.ts";
import { parseLevelInput, type LevelInput } from "../../io/read-level-input.ts";
import { readPool } from "../../io/read-pool.ts";
import { readCsvPoolLevels } from "../../io/order/csv-pool-levels.ts";
import { parseLevelsSource, readLevelsSource, splitOrderLevels, type LevelsSource } from "../../io/order/read-order.ts";
import { poolSchema, type Pool } from "../../io/schemas/pool.ts";
import { gameNames, loadGame } from "./load-game.ts";

// Reading a file that names a game (SPEC 3): a pool, levels, level or shard
// file carries level bodies of its `game`, and only the loaded game knows its
// body schema. So the file is read once, the game it names is loaded
// (awaited), and then the file is parsed: every check of the format, bodies
// included, as the synchronous readers of io/ do once the game is loaded.

/**
 * Loads the game a file's JSON names in its `game` field, when that is a
 * game of the registry not loaded yet; any other value is left for the
 * file's schema to refuse (`generic`, an unknown name, a missing field).
 *
 * @throws whatever {@link loadGame} throws for a built-in game that breaks the contract.
 */
export async function loadGameNamedIn(raw: unknown): Promise<void> {
  const game = raw !== null && typeof raw === "object" && Object.hasOwn(raw, "game") ? (raw as { game: unknown }).game : undefined;
  if (typeof game === "string" && gameNames().includes(game)) await loadGame(game);
}

/**
 * Reads a JSON file that names a game (a pool, levels, level or shard file,
 * SPEC 3): loads that game ({@link loadGameNamedIn}) so its level bodies
 * parse, then checks the file with `parse` — a zod schema (e.g.
 * `levelsSchema`) or a function of the JSON and the file name (e.g.
 * `parseShard`).
 *
 * @throws InputError (exit 2) naming the file and the JSON path of the first problem.
 */
export async function readGameFile<T>(file: string, parse: z.ZodType<T> | ((raw: unknown, file: string) => T)): Promise<T> {
  const raw = readJson(file);
  await loadGameNamedIn(raw);
  return typeof parse === "function" ? parse(raw, file) : (parseWith(parse, raw, file) as T);
}

/**
 * Reads a pool file (SPEC 3), loading its game first: `levelramp/pool@1`
 * JSON, or a generic pool as CSV (`id,chapter,part,<metric>...`, no game)
 * when the name ends in `.csv`.
 *
 * @throws InputError (exit 2) naming the file and the JSON path or CSV line.
 */
export async function readGamePool(file: string): Promise<Pool> {
  if (file.toLowerCase().endsWith(".csv")) return readPool(file);
  return readGameFile(file, poolSchema);
}

/**
 * Reads one level (SPEC 3) — a `levelramp/level@1` file, or level `level` of
 * a `levelramp/levels@1` file — loading its game first.
 *
 * @throws InputError (exit 2) as `readLevelInput` (io/).
 */
export async function readGameLevelInput(file: string, level?: number): Promise<LevelInput> {
  return readGameFile(file, (raw) => parseLevelInput(raw, file, level));
}

/**
 * Reads a pool file as {@link readGamePool} does, with a generic pool's
 * level numbers (an order's, SPEC 3 "An order") taken out of its candidates:
 * each candidate's level, undefined where it has none (every candidate of a
 * game's pool, whose `level` is a body).
 *
 * @throws InputError (exit 2) naming the file and the JSON path or CSV line.
 */
export async function readGamePoolLevels(file: string): Promise<{ pool: Pool; levels: Array<number | undefined> }> {
  if (file.toLowerCase().endsWith(".csv")) return readCsvPoolLevels(file);
  return splitOrderLevels(await readGameFile(file, poolSchema));
}

/**
 * Reads a levels file (its game loaded first) or an order (SPEC 3 "An
 * order": a generic pool, CSV or JSON, whose candidates carry level numbers).
 *
 * @param options.planLevels the plan's level count, when a plan is given: an order's level beyond it is refused.
 * @throws InputError (exit 2) as `readLevelsSource` (io/order).
 */
export async function readGameLevelsSource(file: string, options: { planLevels?: number; planFile?: string } = {}): Promise<LevelsSource> {
  if (file.toLowerCase().endsWith(".csv")) return readLevelsSource(file, options);
  return readGameFile(file, (raw, f) => parseLevelsSource(raw, f, options));
}
