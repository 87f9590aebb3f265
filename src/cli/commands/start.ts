import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Command } from "commander";
import { gameNames } from "../../game/registry/load-game.ts";
import { InputError } from "../../io/errors.ts";
import type { CommandContext } from "../cli-io.ts";
import { chaptersOption, forceOption, workersOption } from "../options.ts";
import { gamesInWords } from "../games-in-words.ts";

/**
 * `levelramp start` (what `npm start` runs): the main job on bundled
 * defaults — builds every built-in game (the registry's list) chapters 1–2
 * (seed 1) into `<out>/<game>` (over earlier outputs only with `--force`),
 * verifies each levels file, and prints each per-chapter ramp deviation table.
 */
export function registerStart(program: Command, ctx: CommandContext): void {
  program
    .command("start")
    .description(`the main job on bundled defaults (what npm start runs): build, verify and report ${gamesInWords()} chapters 1–2`)
    .option("--out <dir>", "output folder", "out")
    .addOption(chaptersOption("chapters to build").default("1-2"))
    .addOption(workersOption("worker threads (default: the machine's cores)"))
    .addOption(forceOption("overwrite the earlier outputs in --out (npm start passes it)"))
    .action(async (o: { out: string; chapters: string; workers?: string; force?: boolean }) => {
      const t0 = performance.now();
      if (!o.force) {
        const existing = gameNames().map((g) => join(o.out, g, "levels.json")).filter((f) => existsSync(f));
        if (existing.length) throw new InputError("cli/start", `${existing.join(" and ")} exist(s); pass --force to build again over them`);
      }
      const steps: string[][] = [];
      for (const game of gameNames()) {
        const dir = join(o.out, game);
        const levels = join(dir, "levels.json");
        steps.push(
          ["build", game, "--chapters", o.chapters, "--seed", "1", "--out", dir, ...(o.force ? ["--force"] : []), "--no-table", ...(o.workers ? ["--workers", o.workers] : [])],
          ["verify", levels],
        );
      }
      steps.push(...gameNames().map((game) => ["report", join(o.out, game, "levels.json")]));
      for (const argv of steps) {
        ctx.io.stderr(`$ levelramp ${argv.join(" ")}\n`);
        const code = await ctx.run(argv);
        if (code !== 0) {
          ctx.setExitCode(code as 1 | 2);
          return;
        }
      }
      ctx.io.stderr(`start: done in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
    });
}
