import type { Command } from "commander";

/**
 * Adds `--game <file>` to a command that starts from a file (levels, level,
 * pool or shard files): an outside game's game file (SPEC 10), so the files
 * of that game read, and its program solves, draws and compares.
 */
export function gameOption(cmd: Command): Command {
  return cmd.option("--game <file>", "the game file of an outside game (levelramp/game@1, docs/protocol.md), for its files");
}

/**
 * Loads the outside game of `--game` (SPEC 10) through the registry before
 * the command reads its files; the registry is loaded only then, so commands
 * that need no game (`select` over a generic pool) load none.
 *
 * @returns the game's name, or undefined when no `--game` was given.
 * @throws InputError / ProgramFault (exit 2) as the registry's `loadGame` for a game file.
 */
export async function useGameFile(file: string | undefined): Promise<string | undefined> {
  if (file === undefined) return undefined;
  const { loadGame } = await import("../game/registry/load-game.ts");
  return (await loadGame(file, "cli/game")).game;
}
