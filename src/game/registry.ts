import type { GameBackend } from "./game-backend.ts";

// The one list of the games (Simon Tatham's `gamelist[]`): the only file
// outside the game folders that names them. A line per game: its name (the
// `game` of its files, `models/<name>/`) and a loader that imports its folder's
// back end on first use, so a command loads only the games it meets (`select`
// over a generic pool loads none). Everything above the games finds a game
// through `src/game/registry/` (loadGame, findGame, ...) by that name.

/** Imports one built-in game's back end (its folder's module, loaded on first use). */
export type GameLoader = () => Promise<GameBackend>;

/** The games the package ships, in the order `levelramp` lists them. */
export const BUILT_IN_GAMES: Readonly<Record<string, GameLoader>> = {
  carillon: async () => (await import("../carillon/carillon-backend.ts")).carillonBackend,
  apsis: async () => (await import("../apsis/apsis-backend.ts")).apsisBackend,
};
