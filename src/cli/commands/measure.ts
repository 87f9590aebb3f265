import type { Command } from "commander";
import { readGameLevelInput } from "../../game/registry/read-game-file.ts";
import type { CommandContext } from "../cli-io.ts";
import { jsonOption, levelOption, parseLevel } from "../options.ts";
import { gameOption, openGameOption } from "../game-option.ts";
import { measureLevel } from "../../pipeline/level/measure-level.ts";
import { oneLine } from "../../io/hostile/terminal-text.ts";

/**
 * `levelramp measure <level.json | levels.json --level N>` (SPEC 2, 3): solves
 * the level ({@link measureLevel}) and prints its measure — Carillon `{goal, winningFirstTaps,
 * solution, bits, dots, concepts}`, Apsis `{arrows, depth, reads, freeAtStart,
 * rounds, concepts}` (`concepts`: what the level needs, SPEC 12).
 */
export function registerMeasure(program: Command, ctx: CommandContext): void {
  gameOption(program.command("measure"))
    .description("fewest taps / reads, bits, depth ... of one level")
    .argument("<file>", "a level file (levelramp/level@1) or a levels file with --level")
    .addOption(levelOption())
    .addOption(jsonOption("print the measure as JSON on stdout"))
    .action(async (file: string, o: { level?: string; json?: boolean; game?: string }) => {
      const level = parseLevel("cli/measure", o.level);
      const { value: input, game } = await readGameLevelInput(file, level, await openGameOption(o.game, ctx), { level: "--level N" });
      const { measure } = await measureLevel(game!, input);
      if (o.json) ctx.io.stdout(JSON.stringify(measure) + "\n");
      else {
        const lines = Object.entries(measure).map(([k, v]) => `  ${k.padEnd(18)} ${Array.isArray(v) ? (v.length > 40 ? `[${v.slice(0, 40).join(", ")}, …]` : `[${v.join(", ")}]`) : typeof v === "object" && v !== null ? JSON.stringify(v) : String(v)}`);
        ctx.io.stdout(`${input.game} level${input.number ? ` ${input.number}` : ""}${input.id ? ` (${oneLine(input.id)})` : ""}\n${lines.map(oneLine).join("\n")}\n`);
      }
    });
}
