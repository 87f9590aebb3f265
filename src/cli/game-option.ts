import type { Command } from "commander";
import type { Game } from "../game/game.ts";
import type { CommandContext } from "./cli-io.ts";

/**
 * Adds `--game <file>` to a command that starts from a file (levels, level,
 * pool or shard files): an outside game's game file (SPEC 10), so the files
 * of that game read, and its program solves, draws and compares.
 */
export function gameOption(cmd: Command): Command {
  return cmd.option("--game <file>", "the game file of an outside game (levelramp/game@1, docs/protocol.md), for its files");
}

/**
 * Opens the outside game of `--game` (SPEC 10) before the command reads its
 * files, to be closed when the command ends (`ctx.closeAtEnd`). The registry
 * is imported only then, so commands that need no game (`select` over a
 * generic pool) load none.
 *
 * @returns the game, or undefined when no `--game` was given.
 * @throws InputError / ProgramFault (exit 2) as `openGame` for a game file.
 */
export async function openGameOption(file: string | undefined, ctx: Pick<CommandContext, "closeAtEnd">): Promise<Game | undefined> {
  if (file === undefined) return undefined;
  const { openGame } = await import("../game/registry/open-game.ts");
  const game = await openGame(file, "cli/game");
  ctx.closeAtEnd(game);
  return game;
}
