import { apsisBackend } from "../../apsis/apsis-backend.ts";
import { carillonBackend } from "../../carillon/carillon-backend.ts";
import type { Game } from "../../io/schemas/shared.ts";
import type { GameBackend } from "../../game/game-backend.ts";

/** The back end that draws a game's levels; `undefined` for `generic` (metrics only, no body). */
export function pictureBackend(game: Game): GameBackend | undefined {
  if (game === "carillon") return carillonBackend as GameBackend;
  if (game === "apsis") return apsisBackend as GameBackend;
  return undefined;
}

/**
 * The SVG picture of a shipped level, as `show` draws it: the game back
 * end's `renderSvg` of the level body (with the stored solution overlaid when
 * `solution` is given). `null` when the level has no body (generic games).
 *
 * @param game the levels file's game.
 * @param level a shipped level (`level` = body, `solution` = stored solution).
 * @param withSolution overlay the stored solution (default false).
 * @throws Error `report/html-picture: ...` naming the level when the back end cannot draw it.
 */
export function levelPicture(game: Game, level: { number: number; level?: unknown; solution?: unknown }, withSolution = false): string | null {
  const backend = pictureBackend(game);
  if (!backend || level.level === undefined) return null;
  try {
    return backend.renderSvg(level.level, withSolution && level.solution !== undefined ? { solution: level.solution } : {});
  } catch (err) {
    throw new Error(`report/html-picture: level ${level.number}: could not draw the picture: ${err instanceof Error ? err.message : String(err)}`);
  }
}
