import { resolve } from "node:path";
import { gameFromBackend } from "../game-from-backend.ts";
import type { Game, GameSource } from "../game.ts";
import { defaultModelFiles } from "../models-path.ts";
import { gameSource, isGameFile, loadGame } from "./load-game.ts";

/**
 * Opens a game (SPEC 8): the one entry point above the games. `nameOrFile`
 * is a built-in game's name, the path of a game file (`levelramp/game@1`,
 * SPEC 10), or a game registered at run time; the answer is the game as a
 * value (its name, schemas, models and asynchronous calls) for the layers
 * above to take as an argument. Close it when done (an outside game's
 * program is ended then).
 *
 * @param where the module named in the error (default `game/registry`).
 * @throws InputError (exit 2) for an unknown name or a bad game file;
 *   ProgramFault (exit 2) when a game file's program does not start or answers `hello` wrongly.
 */
export async function openGame(nameOrFile: string | GameSource, where = "game/registry"): Promise<Game> {
  const key = typeof nameOrFile === "string" ? nameOrFile : "gameFile" in nameOrFile ? nameOrFile.gameFile : "name" in nameOrFile ? nameOrFile.name : undefined;
  const backend = key !== undefined ? await loadGame(key, where) : await loadGame(await registerFrom(nameOrFile as { module: string; exportName: string }), where);
  const registered = gameSource(backend.game);
  const source: GameSource = registered ?? (typeof nameOrFile === "string" && isGameFile(nameOrFile) ? { gameFile: resolve(nameOrFile) } : { name: backend.game });
  const files = (await import("./open-game-file.ts")).gameFileModels(backend.game);
  const { planFile, modelFile, rampFile } = files ? { planFile: files.plan, modelFile: files.selection, rampFile: files.ramp } : defaultModelFiles(backend.game);
  const game = gameFromBackend(backend, { plan: planFile, ramp: rampFile, selection: modelFile }, source);
  // The registry keeps a game file's program for the thread's other callers: the value's close leaves it running (ended at exit).
  game.close = async () => {};
  return game;
}

/** Imports a module's game (a plug-in) and registers it, returning its name. */
async function registerFrom(source: { module: string; exportName: string }): Promise<string> {
  const { loadGameFrom } = await import("./load-game.ts");
  const module = (await import(source.module)) as Record<string, { game?: string } | undefined>;
  const name = module[source.exportName]?.game ?? "";
  await loadGameFrom(name, source);
  return name;
}
