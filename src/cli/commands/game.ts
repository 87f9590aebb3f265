import type { Command } from "commander";
import { gameNames } from "../../game/registry/load-game.ts";
import { checkGameProgram } from "../../program/check-game-program.ts";
import type { CommandContext } from "../cli-io.ts";

/**
 * `levelramp game check <game.json>` (SPEC 10): the conformance run of an
 * outside game's program ({@link checkGameProgram}). The result on stdout:
 * one line per check and a summary line (`--json`: the result as JSON);
 * exit 1 when a check fails, 2 for a bad game file or models.
 */
export function registerGame(program: Command, ctx: CommandContext): void {
  const game = program.command("game").description("an outside game (a program that speaks the protocol of SPEC 10): game check <game.json>");
  game
    .command("check")
    .description("conformance run of a game program: hello, generate twice in two processes, solve twice, key, graph, similar, picture")
    .argument("<game>", "the game file (levelramp/game@1, docs/protocol.md)")
    .option("--json", "print {ok, game, file, checks: [{check, ok, detail}]} on stdout")
    .action(async (file: string, o: { json?: boolean }) => {
      const { io } = ctx;
      const result = await checkGameProgram(file, gameNames());
      const failed = result.checks.filter((c) => !c.ok).length;
      if (o.json) io.stdout(JSON.stringify(result, null, 2) + "\n");
      else {
        const lines = result.checks.map((c) => `${c.ok ? "ok  " : "FAIL"}  ${c.check}: ${c.detail.replace(/\n/g, "\n        ")}\n`);
        io.stdout(lines.join("") + `game check: ${file} (${result.game}): ${failed ? `${failed} of ${result.checks.length} checks fail` : `all ${result.checks.length} checks pass`}\n`);
      }
      if (failed) ctx.setExitCode(1);
    });
}
