import type { Command } from "commander";
import { writeFileAtomic } from "../../io/atomic-write.ts";
import { InputError } from "../../io/errors.ts";
import { checkOutputFile } from "../../io/output-paths.ts";
import { readGameLevelInput } from "../../game/registry/read-game-file.ts";
import { MAX_PICTURE_PX } from "../../render/svg-to-png.ts";
import { drawLevel } from "../../pipeline/level/draw-level.ts";
import type { CommandContext } from "../cli-io.ts";
import { forceOption, levelOption, parseLevel } from "../options.ts";
import { gameOption, openGameOption } from "../game-option.ts";
import { oneLine } from "../../io/hostile/terminal-text.ts";

/**
 * `levelramp show <levels.json --level N | level.json> --out level.svg|png` (SPEC 2):
 * the level as a picture ({@link drawLevel}); `--solution` overlays the stored (or solved) taps/rounds.
 * PNGs are rendered with resvg and a bundled font, so text never disappears.
 */
export function registerShow(program: Command, ctx: CommandContext): void {
  gameOption(program.command("show"))
    .description("draw one level as SVG, or PNG when --out ends in .png")
    .argument("<file>", "a levels file with --level, or a level file")
    .addOption(levelOption())
    .requiredOption("--out <file>", "picture to write: .svg, or .png (rendered with a bundled font)")
    .option("--width <px>", `PNG width in pixels, at most ${MAX_PICTURE_PX} (default: the SVG's own)`)
    .option("--height <px>", `PNG height in pixels instead, at most ${MAX_PICTURE_PX} (the width follows)`)
    .option("--solution", "overlay the solution (taps in order / rounds)")
    .addOption(forceOption())
    .action(async (file: string, o: { level?: string; out: string; solution?: boolean; force?: boolean; width?: string; height?: string; game?: string }) => {
      const level = parseLevel("cli/show", o.level);
      const png = o.out.toLowerCase().endsWith(".png");
      if (!png && !o.out.toLowerCase().endsWith(".svg")) throw new InputError("cli/show", `--out expects a .svg or .png file; got "${o.out}"`);
      const pixels = (text: string | undefined, option: string) => {
        if (text === undefined) return undefined;
        const n = /^\s*\d+\s*$/.test(text) ? Number(text) : NaN;
        if (!(n >= 1 && n <= MAX_PICTURE_PX)) throw new InputError("cli/show", `${option} expects pixels from 1 to ${MAX_PICTURE_PX.toLocaleString("en-US")}; got "${text}"`);
        if (!png) throw new InputError("cli/show", `${option} is for a PNG (--out ending in .png); an SVG has no pixel size`);
        return n;
      };
      const width = pixels(o.width, "--width");
      const height = pixels(o.height, "--height");
      if (width !== undefined && height !== undefined) throw new InputError("cli/show", "give --width or --height, not both (the other follows the picture's shape)");
      for (const note of checkOutputFile(o.out, { force: o.force, forceOption: "--force", module: "cli/show", option: "--out", inputs: [{ what: "the level file", path: file }, { what: "--game", path: o.game }] })) ctx.io.stderr(`levelramp: ${oneLine(note)}\n`);
      const { value: input, game } = await readGameLevelInput(file, level, await openGameOption(o.game, ctx), { level: "--level N" });
      const { title, data } = await drawLevel(game!, input, { solution: o.solution, format: png ? "png" : "svg", width, height });
      await writeFileAtomic(o.out, data, { force: o.force, forceOption: "--force", module: "cli/show" });
      ctx.io.stderr(`show: ${title} → ${o.out}\n`);
    });
}
