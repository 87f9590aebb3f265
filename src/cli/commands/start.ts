import { join } from "node:path";
import type { Command } from "commander";
import { main } from "../main.ts";
import type { CommandContext } from "../cli-io.ts";

/**
 * `levelramp start` (what `npm start` runs): the main job on bundled
 * defaults — builds Carillon and Apsis chapters 1–2 (seed 1) into
 * `<out>/carillon` and `<out>/apsis` (overwriting its own outputs), verifies
 * both level files, and prints both per-chapter ramp deviation tables.
 */
export function registerStart(program: Command, ctx: CommandContext): void {
  program
    .command("start")
    .description("the main job on bundled defaults (what npm start runs): build, verify and report Carillon and Apsis chapters 1–2")
    .option("--out <dir>", "output folder", "out")
    .option("--chapters <range>", "chapters to build", "1-2")
    .option("--workers <n>", "worker threads (default: the machine's cores)")
    .action(async (o: { out: string; chapters: string; workers?: string }) => {
      const t0 = performance.now();
      const steps: string[][] = [];
      for (const game of ["carillon", "apsis"]) {
        const dir = join(o.out, game);
        const levels = join(dir, "levels.json");
        steps.push(
          ["build", game, "--chapters", o.chapters, "--seed", "1", "--out", dir, "--force", "--no-table", ...(o.workers ? ["--workers", o.workers] : [])],
          ["verify", levels],
        );
      }
      steps.push(["report", join(o.out, "carillon", "levels.json")], ["report", join(o.out, "apsis", "levels.json")]);
      for (const argv of steps) {
        ctx.io.stderr(`$ levelramp ${argv.join(" ")}\n`);
        const code = await main(argv, ctx.io);
        if (code !== 0) {
          ctx.setExitCode(code as 1 | 2);
          return;
        }
      }
      ctx.io.stderr(`start: done in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
    });
}
