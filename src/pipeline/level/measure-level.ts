import { checkLevelBody } from "../../game/check-level-body.ts";
import type { Game } from "../../game/game.ts";
import type { LevelInput } from "../../io/read-level-input.ts";

/**
 * The `measure` job (SPEC 2, 3): one level's body checked against its game
 * (`checkLevelBody`: the body schema, then the game's `wellFormed` rules),
 * then solved by the game — Carillon's measure is `{goal, winningFirstTaps,
 * solution, bits, dots, concepts}`, Apsis's `{arrows, depth, reads,
 * freeAtStart, rounds, concepts}` (`concepts`: what the level needs, SPEC 12).
 *
 * @param game the level's game (`openGame`, or the game `readGameLevelInput` opened).
 * @param input the level as read (`readGameLevelInput`: a level file, or one level of a levels file).
 * @returns the game's solve: the solution and the measure.
 * @throws InputError (exit 2) naming the file and JSON path when the body is not a level of `game`.
 */
export async function measureLevel(game: Game, input: LevelInput): Promise<{ solution: unknown; measure: Record<string, unknown> }> {
  const body = checkLevelBody(game, input.body, { file: input.file, jsonPath: input.bodyPath }, "pipeline/measure");
  return game.solve(body);
}
