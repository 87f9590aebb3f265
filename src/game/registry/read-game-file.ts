import type { z } from "zod";
import { InputError } from "../../io/errors.ts";
import { parseWith, readJson } from "../../io/read-json-file.ts";
import { LEVEL_INPUT_NAMES, parseLevelInput, type LevelInput } from "../../io/read-level-input.ts";
import { readPool } from "../../io/read-pool.ts";
import { readCsvPoolLevels } from "../../io/order/csv-pool-levels.ts";
import { parseLevelsSource, readLevelsSource, splitOrderLevels, type LevelsSource } from "../../io/order/read-order.ts";
import { poolSchemaOf, type Pool } from "../../io/schemas/pool.ts";
import { outsideGameHint, unknownGameWords } from "../../io/schemas/shared.ts";
import type { Game } from "../game.ts";
import { gameNames } from "./load-game.ts";
import { openGame } from "./open-game.ts";

// Reading a file that names a game (SPEC 3): a pool, levels, level or shard
// file carries level bodies of its `game`, and only that game knows its body
// schema. So the file is read once, the game it names is opened (a built-in
// game by its name, an outside game only when the caller gives it: its
// `--game`), and the file is parsed for that game, bodies included.

/** A file's parser for the game it names (absent: a generic file): a zod schema maker (`poolSchemaOf`), or a function of the JSON and the file name. */
export type GameFileParser<T> = (game: Game | undefined) => z.ZodType<T> | ((raw: unknown, file: string) => T);

/**
 * The game a file's JSON names in its `game` member, opened: `given` (an
 * outside game, `--game`) when it is that game, else a game levelramp has
 * by that name; undefined for `generic`, or a member that is missing or not
 * a string (the file's schema refuses those).
 *
 * @throws InputError (exit 2) at `$.game` for a name of no game known here,
 *   listing those that are and saying how an outside game's files are read
 *   (remedy `outside-game`).
 */
export async function gameNamedIn(raw: unknown, file: string, given?: Game): Promise<Game | undefined> {
  const name = raw !== null && typeof raw === "object" && Object.hasOwn(raw, "game") ? (raw as { game: unknown }).game : undefined;
  if (typeof name !== "string" || name === "generic") return undefined;
  if (given?.name === name) return given;
  const known = gameNames();
  if (known.includes(name)) return openGame(name);
  const words = unknownGameWords([...known, ...(given && !known.includes(given.name) ? [given.name] : []), "generic"], name);
  throw new InputError("io/read", words, { file, jsonPath: "$.game" }, outsideGameHint(name) ? ["outside-game"] : []);
}

/**
 * Reads a JSON file that names a game (a pool, levels, level or shard file,
 * SPEC 3): opens that game ({@link gameNamedIn}), then checks the file with
 * `parse` for it — its level bodies with the game's body schema.
 *
 * @param given an outside game whose files may be read (`--game`).
 * @returns the file's value and its game (undefined for a generic file).
 * @throws InputError (exit 2) naming the file and the JSON path of the first problem.
 */
export async function readGameFile<T>(file: string, parse: GameFileParser<T>, given?: Game): Promise<{ value: T; game: Game | undefined }> {
  const raw = readJson(file);
  const game = await gameNamedIn(raw, file, given);
  const p = parse(game);
  return { value: typeof p === "function" ? p(raw, file) : (parseWith(p, raw, file) as T), game };
}

/**
 * Reads a pool file (SPEC 3), its game opened first: `levelramp/pool@1`
 * JSON, or a generic pool as CSV (`id,chapter,part,<metric>...`, no game)
 * when the name ends in `.csv`.
 *
 * @throws InputError (exit 2) naming the file and the JSON path or CSV line.
 */
export async function readGamePool(file: string, given?: Game): Promise<{ value: Pool; game: Game | undefined }> {
  if (file.toLowerCase().endsWith(".csv")) return { value: readPool(file), game: undefined };
  return readGameFile(file, poolSchemaOf, given);
}

/**
 * Reads one level (SPEC 3) — a `levelramp/level@1` file, or level `level` of
 * a `levelramp/levels@1` file — its game opened first.
 *
 * @param names how the caller names the level option (`readLevelInput`'s; the CLI passes `--level N`).
 * @throws InputError (exit 2) as `readLevelInput` (io/).
 */
export async function readGameLevelInput(file: string, level?: number, given?: Game, names: Partial<typeof LEVEL_INPUT_NAMES> = {}): Promise<{ value: LevelInput; game: Game | undefined }> {
  return readGameFile(file, (game) => (raw) => parseLevelInput(raw, file, level, game, names), given);
}

/**
 * Reads a pool file as {@link readGamePool} does, with a generic pool's
 * level numbers (an order's, SPEC 3 "An order") taken out of its candidates:
 * each candidate's level, undefined where it has none (every candidate of a
 * game's pool, whose `level` is a body).
 *
 * @throws InputError (exit 2) naming the file and the JSON path or CSV line.
 */
export async function readGamePoolLevels(file: string, given?: Game): Promise<{ value: { pool: Pool; levels: Array<number | undefined> }; game: Game | undefined }> {
  if (file.toLowerCase().endsWith(".csv")) return { value: readCsvPoolLevels(file), game: undefined };
  const read = await readGameFile(file, poolSchemaOf, given);
  return { value: splitOrderLevels(read.value), game: read.game };
}

/**
 * Reads a levels file (its game opened first) or an order (SPEC 3 "An
 * order": a generic pool, CSV or JSON, whose candidates carry level numbers).
 *
 * @param options.planLevels the plan's level count, when a plan is given: an order's level beyond it is refused.
 * @throws InputError (exit 2) as `readLevelsSource` (io/order).
 */
export async function readGameLevelsSource(file: string, options: { planLevels?: number; planFile?: string } = {}, given?: Game): Promise<{ value: LevelsSource; game: Game | undefined }> {
  if (file.toLowerCase().endsWith(".csv")) return { value: readLevelsSource(file, options), game: undefined };
  return readGameFile(file, (game) => (raw, f) => parseLevelsSource(raw, f, { ...options, game }), given);
}
