import { apsisBackend } from "../apsis/apsis-backend.ts";
import { carillonBackend } from "../carillon/carillon-backend.ts";
import { InputError } from "../io/errors.ts";
import type { GameBackend } from "../game/game-backend.ts";

/** A game name the pipeline grows levels for. */
export type PipelineGame = "carillon" | "apsis";

/**
 * The back end of `carillon` or `apsis` — all a worker thread loads (no
 * de-duplication, no selection), so workers start quickly.
 *
 * @throws InputError (exit 2) for any other name.
 */
export function pipelineBackend(game: string): GameBackend<unknown, unknown> {
  if (game === "carillon") return carillonBackend as GameBackend<unknown, unknown>;
  if (game === "apsis") return apsisBackend as GameBackend<unknown, unknown>;
  throw new InputError("pipeline/game", `expected a game: carillon or apsis; got "${game}"`);
}
