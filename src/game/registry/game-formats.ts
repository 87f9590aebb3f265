import type { z } from "zod";
import { formatSchemas } from "../../io/schemas/format-schemas.ts";
import { BUILT_IN_GAMES } from "../registry.ts";
import { gameNames, loadGame } from "./load-game.ts";

/**
 * Names of every file format `levelramp schema` prints (SPEC 3): the
 * game-free formats, then each built-in game's body format, `<game>-body`.
 * Loads no game.
 */
export function formatNames(): string[] {
  return [...Object.keys(formatSchemas), ...Object.keys(BUILT_IN_GAMES).map((g) => `${g}-body`)];
}

/**
 * The zod schema of a file format by name: a game-free format, or
 * `<game>-body` for a game's level body (loading that game, or a game
 * registered at run time); `undefined` for a name that is no format.
 */
export async function formatSchema(name: string): Promise<z.ZodType | undefined> {
  if (Object.hasOwn(formatSchemas, name)) return formatSchemas[name];
  const game = name.endsWith("-body") ? name.slice(0, -"-body".length) : undefined;
  if (game === undefined || !gameNames().includes(game)) return undefined;
  return (await loadGame(game)).bodySchema;
}
