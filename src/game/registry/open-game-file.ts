import type { GameBackend } from "../game-backend.ts";
import type { GameModels } from "../game.ts";

const modelsOf = new Map<string, GameModels>();

/** The model files of a game file opened in this thread, by the game's name (transitional: until the game file is the Game value itself). */
export function gameFileModels(name: string): GameModels | undefined {
  return modelsOf.get(name);
}

/** What opening a game file gives the registry: the program back end and the file's model paths. */
export interface OpenedGameFile {
  backend: GameBackend;
  /** The game file's absolute path (where worker threads open it again). */
  path: string;
}

/**
 * Where a game file becomes a back end (SPEC 10): reads the `levelramp/game@1`
 * file at `file` (as the user gave it, so messages name it so) and starts the
 * program back end that speaks the protocol to its `command` — the same
 * synchronous GameBackend contract, through a synchronous bridge to the
 * program (src/program/). `checkName` sees the file's game name before the
 * program starts (it throws to refuse it). Notes the file's plan, ramp and selection model as
 * the game's defaults. The program adapter is imported here, lazily, so
 * commands that meet no game file load none of it.
 *
 * @throws InputError (exit 2) naming the file and JSON path for a bad game file;
 *   ProgramFault (exit 2) when the program does not start or answers `hello` late or wrongly.
 */
export async function openGameFile(file: string, checkName: (name: string) => void = () => {}): Promise<OpenedGameFile> {
  const [{ readGameFile }, { programBackend }] = await Promise.all([import("../../program/read-game-file.ts"), import("../../program/program-backend.ts")]);
  const game = readGameFile(file);
  checkName(game.name);
  const backend = programBackend(game);
  modelsOf.set(game.name, game.models);
  return { backend, path: game.path };
}
