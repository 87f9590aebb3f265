import type { GameBackend } from "../../game/game-backend.ts";
import { LevelrampError } from "../../io/errors.ts";

/**
 * The SVG picture of a shipped level, as `show` draws it: the game back
 * end's `renderSvg` of the level body (with the stored solution overlaid when
 * `withSolution`). `null` when there is no back end or it draws nothing
 * (generic files, a game without `can.picture`), or the level has no body.
 *
 * @param backend the levels file's game back end (the caller finds it in the registry).
 * @param level a shipped level (`level` = body, `solution` = stored solution).
 * @param withSolution overlay the stored solution (default false).
 * @throws Error `report/html-picture: ...` naming the level when the back end cannot draw it;
 *   a LevelrampError (an outside game's program fault) as it is.
 */
export function levelPicture(backend: Pick<GameBackend, "renderSvg"> | undefined, level: { number: number; level?: unknown; solution?: unknown }, withSolution = false): string | null {
  if (!backend?.renderSvg || level.level === undefined) return null;
  try {
    return backend.renderSvg(level.level, withSolution && level.solution !== undefined ? { solution: level.solution } : {});
  } catch (err) {
    // An error with an exit code (an outside game's program fault, SPEC 10) keeps it.
    if (err instanceof LevelrampError) throw err;
    throw new Error(`report/html-picture: level ${level.number}: could not draw the picture: ${err instanceof Error ? err.message : String(err)}`);
  }
}
