import { InputError, LevelrampError } from "../../io/errors.ts";
import { checkGameBackend, type GameBackend } from "../game-backend.ts";
import type { GameSource } from "../game.ts";
import { BUILT_IN_GAMES } from "../registry.ts";

// The registry's table: the back ends of the games levelramp has in this
// thread, by name — the built-in games (the one list, ../registry.ts), loaded
// on first use, and those registered at run time (plug-ins). No outside game
// (a game file, SPEC 10) is in it: `openGame` makes its value afresh each
// time, over a program of its own.


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
 * The back end of a game levelramp has, by its name, loaded on first use:
 * - a built-in game's name: imports its folder (the registry's line) once;
 * - a game registered at run time: its back end.
 * Loading the same game again returns the same back end. After it,
 * {@link findGame} / {@link requireGame} find it synchronously. An outside
 * game (a game file, SPEC 10) has no back end here: `openGame` opens it.
 *
 * @param where the module named in the error (default `game/registry`).
 * @throws InputError (exit 2) `expected a game: carillon or apsis, or the path
 *   of a game file ...; got "x"` for `generic`, an unknown name or a game file's path.
 * @throws LevelrampError (exit 2) when the game breaks the contract.
 */
export function loadGame(name: string, where = "game/registry"): Promise<GameBackend> {
  const held = games.get(name);
  if (held) return Promise.resolve(held.backend);
  if (!isBuiltIn(name)) return Promise.reject(unknownGame(name, where));
  let pending = loading.get(name);
  if (!pending) {
    pending = loadBuiltIn(name);
    loading.set(name, pending);
    pending.catch(() => loading.delete(name));
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
 * game by its name, else from a module's export, imported and registered. A
 * game file is no back end: `openGame(source)` opens it.
 *
 * @throws LevelrampError `game/registry: ...` (exit 2) when the source holds another game or none, or is a game file.
 */
export async function loadGameFrom(name: string, source?: GameSource): Promise<GameBackend> {
  const held = games.get(name);
  if (held) return held.backend;
  if (!source || "name" in source) return loadGame(name);
  if ("gameFile" in source) throw new LevelrampError("game/registry", `expected a game levelramp has or a module's export; ${source.gameFile} is a game file (open it with openGame)`, 2);
  const module = (await import(source.module)) as Record<string, unknown>;
  const backend = module[source.exportName] as GameBackend | undefined;
  if (!backend || backend.game !== name) throw new LevelrampError("game/registry", `expected ${source.module} to export game "${name}" as ${source.exportName}`, 2);
  registerGame(backend, source);
  return backend;
}
