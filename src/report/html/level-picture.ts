import type { Game } from "../../game/game.ts";
import { LevelrampError } from "../../io/errors.ts";

/**
 * The SVG picture of a shipped level, as `show` draws it: the game's
 * `picture` of the level body (with the stored solution overlaid when
 * `withSolution`). `null` when there is no game or it draws nothing
 * (generic files, a game without `can.picture`), or the level has no body.
 *
 * @param game the levels file's game (the caller opens it: the report knows no game).
 * @param level a shipped level (`level` = body, `solution` = stored solution).
 * @param withSolution overlay the stored solution (default false).
 * @throws Error `report/html-picture: ...` naming the level when the game cannot draw it;
 *   a LevelrampError (an outside game's program fault) as it is.
 */
export async function levelPicture(game: Pick<Game, "picture"> | undefined, level: { number: number; level?: unknown; solution?: unknown }, withSolution = false): Promise<string | null> {
  if (!game?.picture || level.level === undefined) return null;
  try {
    return await game.picture(level.level, withSolution && level.solution !== undefined ? { solution: level.solution } : {});
  } catch (err) {
    // An error with an exit code (an outside game's program fault, SPEC 10) keeps it.
    if (err instanceof LevelrampError) throw err;
    throw new Error(`report/html-picture: level ${level.number}: could not draw the picture: ${err instanceof Error ? err.message : String(err)}`);
  }
}
