import type { Command } from "commander";
import { main } from "../main.ts";
import type { CommandContext } from "../cli-io.ts";
import { fixturesPath, modelsPath } from "../models-path.ts";

/**
 * `levelramp start` (what `npm start` runs): the main job on bundled defaults.
 * Until the game generators are wired in, it re-sequences the bundled generic
 * pool into `out/generic/levels.json` and prints its per-chapter ramp deviation.
 */
export function registerStart(program: Command, ctx: CommandContext): void {
  program
    .command("start")
    .description("the main job on bundled defaults (what npm start runs)")
    .option("--out <dir>", "output folder", "out")
    .action(async (o: { out: string }) => {
      const levels = `${o.out}/generic/levels.json`;
      const steps: string[][] = [
        ["select", "--pools", fixturesPath("pools/generic-3x4x20.json"), "--model", modelsPath("generic", "selection.json"), "--ramp", modelsPath("generic", "ramp.json"), "--plan", modelsPath("generic", "plan.json"), "--out", levels, "--force"],
        ["report", levels],
      ];
      for (const argv of steps) {
        ctx.io.stderr(`$ levelramp ${argv.map((a) => (a.includes(process.cwd()) ? a.slice(process.cwd().length + 1) : a)).join(" ")}\n`);
        const code = await main(argv, ctx.io);
        if (code !== 0) {
          ctx.setExitCode(code as 1 | 2);
          return;
        }
      }
    });
}
