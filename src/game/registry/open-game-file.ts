import { InputError } from "../../io/errors.ts";
import type { GameBackend } from "../game-backend.ts";

/**
 * The hook where a game file becomes a back end (SPEC 10, issue 27): reads
 * the `levelramp/game@1` file at `file` (an absolute path) and returns the program back end that
 * speaks the protocol to its `command` — the same synchronous GameBackend
 * contract, through a synchronous bridge to the program. {@link loadGame}
 * calls it for a `<game>` that is a path to a `.json` file and registers the
 * back end under the file's `name`; each worker thread calls it again for its
 * own process (`GameSource` `{ gameFile }`). Import the program adapter
 * lazily here (`await import(...)`), so commands that meet no game file load
 * none of it.
 *
 * Games as programs are not built yet: until the program adapter lands, a
 * game file is refused as bad input.
 *
 * @throws InputError (exit 2) naming the file.
 */
export async function openGameFile(file: string): Promise<GameBackend> {
  throw new InputError("game/registry", "expected the name of a built-in game: games as programs (a game file, SPEC 10) are not supported yet", { file });
}
