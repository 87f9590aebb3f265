import { z } from "zod";
import { apsisBackend } from "../apsis/apsis-backend.ts";
import type { ApsisDedupSettings } from "../apsis/dedup/apsis-dedup-thresholds.ts";
import { carillonBackend } from "../carillon/carillon-backend.ts";
import type { CarillonDedupSettings } from "../carillon/dedup/carillon-dedup-thresholds.ts";
import { dedupThresholdsFile, dedupThresholdsShape } from "../dedup/dedup-thresholds.ts";
import { InputError, LevelrampError } from "../io/errors.ts";
import { readJsonFile } from "../io/read-json-file.ts";
import { registerBodySchema } from "../io/schemas/shared.ts";
import { programBackend, type ProgramBackend } from "../program/program-backend.ts";
import { isGameFilePath, readGameFile } from "../program/read-game-file.ts";
import { checkGameBackend, type GameBackend } from "./game-backend.ts";
import { setGameModelFiles } from "./game-model-files.ts";

// The one list of the games (Simon Tatham's `gamelist[]`): the only file
// outside the game folders that names them. Everything above the games finds a
// game here by the name its files carry.

/**
 * Where a worker thread finds a game registered at run time: a module and
 * the name of its export, or (an outside game, SPEC 10) its game file.
 */
export type GameSource =
  | {
      /** URL (`import.meta.url` style) or path of the module. */
      module: string;
      /** Name of the export that holds the back end. */
      exportName: string;
    }
  | {
      /** Absolute path of the game file (`levelramp/game@1`). */
      gameFile: string;
    };

/** The games the package ships, in the order `levelramp` lists them. */
const BUILT_IN: readonly GameBackend[] = [carillonBackend, apsisBackend];

const games = new Map<string, { backend: GameBackend; source?: GameSource }>(BUILT_IN.map((g) => [g.game, { backend: g }]));

/**
 * Adds a game at run time (a plug-in, or the test game of the contract
 * test). Its body schema joins the file formats (pool, levels and level
 * files of that game then parse). With `source`, worker threads of the
 * pipeline can load the game too (they import `source.module` and take
 * `source.exportName`); without it, build the game with `workers: 1`.
 * Registering the same back end again is a no-op.
 *
 * @throws LevelrampError `game/registry: ...` when the name is taken by another
 *   back end, or the back end breaks the contract ({@link checkGameBackend}).
 */
export function registerGame(backend: GameBackend, source?: GameSource): void {
  const held = games.get(backend.game);
  if (held?.backend === backend) return;
  if (held) throw new LevelrampError("game/registry", `expected a new game name; "${backend.game}" is already registered`, 2);
  const problems = checkGameBackend(backend);
  if (problems.length) throw new LevelrampError("game/registry", `game "${backend.game}" breaks the contract: ${problems.join("; ")}`, 2);
  registerBodySchema(backend.game, backend.bodySchema);
  games.set(backend.game, { backend, source });
}

/**
 * Registers the outside game of a game file (SPEC 10): reads the file,
 * starts its program in this thread (its `hello` says what it offers) and
 * registers the back end, with the game file as its source so worker threads
 * start programs of their own. The same game file again gives the back end
 * already registered.
 *
 * @throws InputError (exit 2) for a bad game file, a name already taken by another game;
 *   ProgramFault (exit 2) when the program does not start or answers `hello` late or wrongly.
 */
export function registerGameFile(file: string): ProgramBackend {
  const game = readGameFile(file);
  const held = games.get(game.name);
  if (held && held.source && "gameFile" in held.source && held.source.gameFile === game.path) return held.backend as ProgramBackend;
  if (held || game.name === "generic") {
    const whose = held?.source && "gameFile" in held.source ? ` (${held.source.gameFile})` : game.name === "generic" ? " (of metrics-only pools)" : "";
    throw new InputError("game/registry", `expected a name of its own; "${game.name}" is the name of a game levelramp has${whose}`, { file, jsonPath: "$.name" });
  }
  const backend = programBackend(game);
  registerGame(backend, { gameFile: game.path });
  setGameModelFiles(game.name, game.models);
  return backend;
}

/**
 * The name of the game a `<game>` argument names (SPEC 2, 10): a registered
 * game's name as it is, or a game file's path (ends in `.json` or holds a
 * path separator), whose game is registered first ({@link registerGameFile}).
 *
 * @throws as {@link registerGameFile} for a game file; InputError (exit 2) for an unknown name.
 */
export function gameFromArgument(argument: string, where = "game/registry"): string {
  if (isGameFilePath(argument)) return registerGameFile(argument).game;
  return requireGame(argument, where).game;
}

/** Names of the registered games, the built-in ones first. */
export function gameNames(): string[] {
  return [...games.keys()];
}

/** The back end of a registered game, or `undefined` (`generic`, an unknown name). */
export function findGame(name: string): GameBackend | undefined {
  return games.get(name)?.backend;
}

/** Where worker threads load a game registered at run time; `undefined` for the built-in games. */
export function gameSource(name: string): GameSource | undefined {
  return games.get(name)?.source;
}

/**
 * The back end of a registered game.
 *
 * @param where the module named in the error (default `game/registry`).
 * @throws InputError (exit 2) `expected a game: carillon or apsis; got "x"` for `generic` or an unknown name.
 */
export function requireGame(name: string, where = "game/registry"): GameBackend {
  const backend = findGame(name);
  if (!backend) throw new InputError(where, `expected a game: ${gameNames().join(" or ")}, or the path of a game file (levelramp/game@1, docs/protocol.md); got "${name}"`);
  return backend;
}

/** The thresholds file with every built-in game's section typed (a run-time game's section is checked, typed `unknown`). */
export type DedupThresholds = CarillonDedupSettings & ApsisDedupSettings;

/**
 * The schema of `models/dedup/thresholds.json` (SPEC 7): the game-free
 * numbers and, under each registered game's name, that game's section
 * (`dedup.thresholdsSchema`); nothing else.
 */
export function dedupThresholdsSchema(): z.ZodType<DedupThresholds> {
  const sections: Record<string, z.ZodType> = {};
  for (const { backend } of games.values()) if (backend.dedup.thresholdsSchema) sections[backend.game] = backend.dedup.thresholdsSchema;
  return z.strictObject({ ...dedupThresholdsShape, ...sections }) as unknown as z.ZodType<DedupThresholds>;
}

/**
 * Reads and validates a thresholds file (SPEC 7) against {@link dedupThresholdsSchema}.
 *
 * @param file default `models/dedup/thresholds.json` of the package.
 * @throws InputError (exit 2) naming the file and JSON path when the file is missing, not JSON, or does not match.
 */
export function loadDedupThresholds(file: string = dedupThresholdsFile): DedupThresholds {
  return readJsonFile(dedupThresholdsSchema(), file);
}

let cachedThresholds: DedupThresholds | undefined;

/** The package's default thresholds (`models/dedup/thresholds.json`), read once. @throws InputError as {@link loadDedupThresholds}. */
export function defaultDedupThresholds(): DedupThresholds {
  cachedThresholds ??= loadDedupThresholds();
  return cachedThresholds;
}
