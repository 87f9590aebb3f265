import { apsisBackend } from "../apsis/index.ts";
import { carillonBackend } from "../carillon/index.ts";
import { InputError } from "../io/errors.ts";
import type { GameBackend } from "../game/game-backend.ts";

/**
 * The back end of a game (SPEC 4, 5): Carillon or Apsis behind the same contract.
 *
 * @throws InputError (exit 2) for `generic` or an unknown game, naming `where`.
 */
export function gameBackend(game: string, where = "cli"): GameBackend<unknown, unknown> {
  if (game === "carillon") return carillonBackend as unknown as GameBackend<unknown, unknown>;
  if (game === "apsis") return apsisBackend as unknown as GameBackend<unknown, unknown>;
  throw new InputError(where, `expected a game with levels, carillon or apsis; got "${game}"`);
}
