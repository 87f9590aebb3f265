import { existsSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { InputError } from "../io/errors.ts";
import { readJsonFile } from "../io/read-json-file.ts";
import { gameFileSchema } from "../io/schemas/game-file.ts";

/** An outside game as its game file describes it (SPEC 10), with every path resolved. */
export interface ProgramGame {
  /** The game file as given (it names the game in messages). */
  file: string;
  /** The game file's absolute path. */
  path: string;
  /** Its folder: where the program runs and relative paths start. */
  dir: string;
  /** The game's name: the `game` of its files, the first word of its candidate ids. */
  name: string;
  /** The program's argv; a first word `node` is the Node that runs levelramp (`process.execPath`). */
  argv: string[];
  /** The most one call may take, in ms. */
  timeoutMs: number;
  /** Paths of its plan, ramp and selection model: the game file's folder joined with the game file's paths (absolute when the game file was). */
  models: { plan: string; ramp: string; selection: string };
  /** Which of the program's de-duplication methods levelramp uses (when the program offers them). */
  dedup: { key: boolean; graph: boolean; similar: boolean };
}

/**
 * Reads a game file (`levelramp/game@1`, SPEC 10) and resolves its paths
 * against its own folder.
 *
 * @throws InputError (exit 2) naming the file and the JSON path: missing,
 *   not JSON, not a game file, a bad name or command, or a model file that
 *   does not exist.
 */
export function readProgramGame(file: string): ProgramGame {
  const parsed = readJsonFile(gameFileSchema, file);
  const path = resolve(file);
  const dir = dirname(path);
  // Model paths keep the form the game file was given in (relative to the working folder when it was), so messages name them as the user would.
  const near = (p: string) => (isAbsolute(p) ? p : join(dirname(file), p));
  const models = { plan: near(parsed.models.plan), ramp: near(parsed.models.ramp), selection: near(parsed.models.selection) };
  for (const key of ["plan", "ramp", "selection"] as const) {
    if (!existsSync(models[key]) || !statSync(models[key]).isFile()) {
      throw new InputError("program/game-file", `expected the ${key} file ${parsed.models[key]} (relative to the game file's folder); there is no such file`, { file, jsonPath: `$.models.${key}` });
    }
  }
  const [first, ...rest] = parsed.command;
  const argv = [first === "node" ? process.execPath : first, ...rest];
  if (isAbsolute(first) && !existsSync(first)) throw new InputError("program/game-file", `expected the program ${first}; there is no such file`, { file, jsonPath: "$.command[0]" });
  return { file, path, dir, name: parsed.name, argv, timeoutMs: parsed.timeoutMs, models, dedup: parsed.dedup };
}
