import { resolve } from "node:path";
import { InputError, LevelrampError } from "../../io/errors.ts";
import { checkGameBackend, type GameBackend } from "../game-backend.ts";
import type { GameSource } from "../game.ts";
import { BUILT_IN_GAMES } from "../registry.ts";
import { openGameFile } from "./open-game-file.ts";

// The registry's table: the games loaded or registered in this thread, by
// name. The built-in games (the one list, ../registry.ts) load on first use;
// a command or a file that names a game awaits `loadGame(name)` once, and
// everything after it finds the game synchronously (`findGame`,
// `requireGame`): the GameBackend contract stays synchronous.


const games = new Map<string, { backend: GameBackend; source?: GameSource }>();
const loading = new Map<string, Promise<GameBackend>>();

const isBuiltIn = (name: string): boolean => Object.hasOwn(BUILT_IN_GAMES, name);

/**
 * Whether a `<game>` argument is the path of a game file (SPEC 10) rather
 * than a game's name: it ends in `.json` or holds a path separator.
 */
export function isGameFile(nameOrPath: string): boolean {
  return /\.json$/i.test(nameOrPath) || nameOrPath.includes("/") || nameOrPath.includes("\\");
}

/** Names of the games: the built-in ones (loaded or not) in their order, then those registered at run time. */
export function gameNames(): string[] {
  return [...Object.keys(BUILT_IN_GAMES), ...[...games.keys()].filter((g) => !isBuiltIn(g))];
}

/** Puts a checked back end into the table. */
function admit(backend: GameBackend, source: GameSource | undefined): GameBackend {
  const problems = checkGameBackend(backend);
  if (problems.length) throw new LevelrampError("game/registry", `game "${backend.game}" breaks the contract: ${problems.join("; ")}`, 2);
  games.set(backend.game, { backend, source });
  return backend;
}

/** The expected-a-game error: every name the registry knows. */
function unknownGame(name: string, where: string): InputError {
  return new InputError(where, `expected a game: ${gameNames().join(" or ")}, or the path of a game file (levelramp/game@1, docs/protocol.md); got "${name}"`);
}

/**
 * The back end of a game by its name or by the path of its game file, loaded
 * on first use (the one entry point above the games):
 * - a built-in game's name: imports its folder (the registry's line) once;
 * - a game registered at run time: its back end;
 * - the path of a game file (`levelramp/game@1`, SPEC 10, see
 *   {@link isGameFile}): the program back end {@link openGameFile} makes
 *   (given the absolute path), registered under the file's `name` (worker
 *   threads open the same file: {@link gameSource}).
 * Loading the same game again returns the same back end. After it, the
 * game opens (`openGame`) and
 * {@link findGame} / {@link requireGame} find it synchronously.
 *
 * @param where the module named in the error (default `game/registry`).
 * @throws InputError (exit 2) `expected a game: carillon or apsis; got "x"` for
 *   `generic` or an unknown name, or whatever opening a game file throws.
 * @throws LevelrampError (exit 2) when the game breaks the contract or a game
 *   file's name is taken by another game.
 */
export function loadGame(nameOrPath: string, where = "game/registry"): Promise<GameBackend> {
  const held = games.get(nameOrPath);
  if (held) return Promise.resolve(held.backend);
  if (!isBuiltIn(nameOrPath) && !isGameFile(nameOrPath)) return Promise.reject(unknownGame(nameOrPath, where));
  const key = isBuiltIn(nameOrPath) ? nameOrPath : resolve(nameOrPath);
  let pending = loading.get(key);
  if (!pending) {
    pending = isBuiltIn(nameOrPath) ? loadBuiltIn(nameOrPath) : loadGameFile(nameOrPath);
    loading.set(key, pending);
    pending.catch(() => loading.delete(key));
  }
  return pending;
}

/** Imports a built-in game through its line of the one list. */
async function loadBuiltIn(name: string): Promise<GameBackend> {
  const backend = await BUILT_IN_GAMES[name]();
  if (backend.game !== name) throw new LevelrampError("game/registry", `expected the registry's line "${name}" to load game "${name}"; it loaded "${backend.game}"`, 2);
  return admit(backend, undefined);
}

/**
 * Opens a game file (SPEC 10) and registers its program back end under the
 * file's game name; its source for worker threads is the file's absolute path.
 *
 * @throws InputError (exit 2) at the file's `$.name` when the name is a built-in game's, `generic`, or another game file's.
 */
async function loadGameFile(file: string): Promise<GameBackend> {
  const { backend, path } = await openGameFile(file, (name) => {
    const held = games.get(name);
    if (!held && !isBuiltIn(name) && name !== "generic") return;
    const whose = held?.source && "gameFile" in held.source ? ` (${held.source.gameFile})` : name === "generic" ? " (of metrics-only pools)" : "";
    throw new InputError("game/registry", `expected a name of its own; "${name}" is the name of a game levelramp has${whose}`, { file, jsonPath: "$.name" });
  });
  return admit(backend, { gameFile: path });
}

/**
 * Adds a game at run time (a plug-in, or the test game of the contract
 * test), which `openGame` then opens by its name (pool, levels and level
 * files of that game then parse). With `source`, worker threads of the
 * pipeline can load the game too ({@link loadGameFrom}); without it, build
 * the game with `workers: 1`. Registering the same back end again is a no-op.
 *
 * @throws LevelrampError `game/registry: ...` when the name is taken by another
 *   back end or is a built-in game's, or the back end breaks the contract ({@link checkGameBackend}).
 */
export function registerGame(backend: GameBackend, source?: GameSource): void {
  const held = games.get(backend.game);
  if (held?.backend === backend) return;
  if (held || isBuiltIn(backend.game)) throw new LevelrampError("game/registry", `expected a new game name; "${backend.game}" is already registered`, 2);
  admit(backend, source);
}

/**
 * The back end of a loaded or registered game, or `undefined` (`generic`, an
 * unknown name).
 *
 * @throws Error (a bug, not bad input) for a built-in game not loaded yet:
 *   `await loadGame(name)` where the name is first known.
 */
export function findGame(name: string): GameBackend | undefined {
  const held = games.get(name);
  if (held) return held.backend;
  if (isBuiltIn(name)) throw new Error(`game/registry: the game "${name}" is not loaded yet: await loadGame("${name}") first`);
  return undefined;
}

/**
 * The back end of a loaded or registered game.
 *
 * @param where the module named in the error (default `game/registry`).
 * @throws InputError (exit 2) `expected a game: carillon or apsis; got "x"` for `generic` or an unknown name.
 * @throws Error (a bug) for a built-in game not loaded yet, as {@link findGame}.
 */
export function requireGame(name: string, where = "game/registry"): GameBackend {
  const backend = findGame(name);
  if (!backend) throw unknownGame(name, where);
  return backend;
}

/** Where worker threads load a game that is not built in ({@link loadGameFrom}); `undefined` for the built-in games. */
export function gameSource(name: string): GameSource | undefined {
  return games.get(name)?.source;
}

/**
 * Makes game `name` known in this thread (a pipeline worker): a built-in
 * game by its name, else from `source` — a game file is opened again, a
 * module's export is imported and registered.
 *
 * @throws LevelrampError `game/registry: ...` (exit 2) when the source holds another game or none.
 */
export async function loadGameFrom(name: string, source?: GameSource): Promise<GameBackend> {
  const held = games.get(name);
  if (held) return held.backend;
  if (!source || "name" in source) return loadGame(name);
  if ("gameFile" in source) {
    const backend = await loadGame(source.gameFile);
    if (backend.game !== name) throw new LevelrampError("game/registry", `expected ${source.gameFile} to be game "${name}"; it is "${backend.game}"`, 2);
    return backend;
  }
  const module = (await import(source.module)) as Record<string, unknown>;
  const backend = module[source.exportName] as GameBackend | undefined;
  if (!backend || backend.game !== name) throw new LevelrampError("game/registry", `expected ${source.module} to export game "${name}" as ${source.exportName}`, 2);
  registerGame(backend, source);
  return backend;
}
