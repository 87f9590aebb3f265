import { readGameLevelsSource } from "../../game/registry/read-game-file.ts";
import { playableLevels, readLevelsCsv } from "../../calibrate/read-levels-table.ts";
import type { PlayableLevels } from "../../calibrate/read-plays.ts";
import type { Game } from "../../game/game.ts";

/**
 * The levels play data is about, from the file `calibrate --levels` takes
 * (SPEC 11): a `.csv` file is an order (SPEC 3, when its header names
 * `chapter` and `part`) or a plain table of ids and metrics; any other file
 * is a levels file or a JSON order, read with its game's formats (a built-in
 * game from the file's `game` field, or `game` when given — an outside
 * game's file needs it).
 *
 * @param file path of the levels file, order or table.
 * @param game the opened game, for a file of an outside game (default: the
 *   file names its built-in game).
 * @returns every level's number, id and metrics, and the levels file's model
 *   metric (an order or a table has none); pass it to `readPlays`.
 * @throws InputError (exit 2) naming the file and the JSON path or CSV line
 *   that is wrong.
 */
export async function readPlayLevels(file: string, game?: Game): Promise<PlayableLevels> {
  if (file.toLowerCase().endsWith(".csv")) return readLevelsCsv(file);
  return playableLevels((await readGameLevelsSource(file, {}, game)).value);
}
