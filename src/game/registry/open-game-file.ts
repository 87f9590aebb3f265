import { InputError } from "../../io/errors.ts";
import type { Game } from "../game.ts";

/**
 * Where a game file becomes a game value (SPEC 10): reads the
 * `levelramp/game@1` file at `file` (as the user gave it, so messages name it
 * so), refuses a name levelramp has already (`taken`, and `generic`), and
 * starts the program — an asynchronous JSON-RPC client over its stdio
 * (src/program/), a process of its own for each call — and asks its `hello`.
 * The program's modules are imported here, lazily, so commands that meet no
 * game file load none of them.
 *
 * @param taken the names of the games levelramp has (a game file may not take one).
 * @throws InputError (exit 2) naming the file and JSON path for a bad game file or a taken name;
 *   ProgramFault (exit 2) when the program does not start or answers `hello` late or wrongly.
 */
export async function openGameFile(file: string, taken: readonly string[] = []): Promise<Game> {
  const [{ readProgramGame }, { programGame }] = await Promise.all([import("../../program/read-program-game.ts"), import("../../program/program-game.ts")]);
  const game = readProgramGame(file);
  if (taken.includes(game.name) || game.name === "generic") {
    const whose = game.name === "generic" ? " (of metrics-only pools)" : "";
    throw new InputError("game/registry", `expected a name of its own; "${game.name}" is the name of a game levelramp has${whose}`, { file, jsonPath: "$.name" });
  }
  return programGame(game);
}
