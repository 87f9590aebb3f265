import { gameFromBackend } from "../game-from-backend.ts";
import type { Game, GameSource } from "../game.ts";
import { defaultModelFiles } from "../models-path.ts";
import { gameNames, gameSource, isGameFile, loadGame, loadGameFrom } from "./load-game.ts";
import { openGameFile } from "./open-game-file.ts";

/**
 * Opens a game (SPEC 8): the one entry point above the games. `nameOrFile`
 * is a built-in game's name, a game registered at run time, the path of a
 * game file (`levelramp/game@1`, SPEC 10), or a {@link GameSource} (what a
 * worker thread is given to open the run's game once: `game.source`). The
 * answer is the game as a value (its name, schemas, models and asynchronous
 * calls) for the layers above to take as an argument:
 * - a built-in or registered game: plain values over its back end, nothing to close;
 * - a game file: its program started (a process of its own for each
 *   `openGame`), `hello` answered; `close` ends the program's whole tree.
 * Close it when done.
 *
 * @param where the module named in the error (default `game/registry`).
 * @throws InputError (exit 2) for an unknown name or a bad game file (or one
 *   whose name is a game levelramp has);
 *   ProgramFault (exit 2) when a game file's program does not start or answers `hello` wrongly.
 */
export async function openGame(nameOrFile: string | GameSource, where = "game/registry"): Promise<Game> {
  if (typeof nameOrFile !== "string" && "gameFile" in nameOrFile) return openGameFile(nameOrFile.gameFile, gameNames());
  if (typeof nameOrFile === "string" && isGameFile(nameOrFile)) return openGameFile(nameOrFile, gameNames());
  const name = typeof nameOrFile === "string" ? nameOrFile : "name" in nameOrFile ? nameOrFile.name : await registerFrom(nameOrFile);
  const backend = await loadGame(name, where);
  const source: GameSource = gameSource(backend.game) ?? { name: backend.game };
  const { planFile, modelFile, rampFile } = defaultModelFiles(backend.game);
  return gameFromBackend(backend, { plan: planFile, ramp: rampFile, selection: modelFile }, source);
}

/** Imports a module's game (a plug-in) and registers it, returning its name. */
async function registerFrom(source: { module: string; exportName: string }): Promise<string> {
  const module = (await import(source.module)) as Record<string, { game?: string } | undefined>;
  const name = module[source.exportName]?.game ?? "";
  await loadGameFrom(name, source);
  return name;
}
