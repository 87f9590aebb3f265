import type { Command } from "commander";
import { writeFileAtomic } from "../../io/atomic-write.ts";
import { InputError } from "../../io/errors.ts";
import { readLevelInput } from "../../io/read-level-input.ts";
import { svgToPng } from "../../render/svg-to-png.ts";
import type { CommandContext } from "../cli-io.ts";
import { requireGame } from "../../game/registry.ts";

/**
 * `levelramp show <levels.json --level N | level.json> --out level.svg|png` (SPEC 2):
 * the level as a picture; `--solution` overlays the stored (or solved) taps/rounds.
 * PNGs are rendered with resvg and a bundled font, so text never disappears.
 */
export function registerShow(program: Command, ctx: CommandContext): void {
  program
    .command("show")
    .description("draw one level as SVG, or PNG when --out ends in .png")
    .argument("<file>", "a levels file with --level, or a level file")
    .option("--level <n>", "level number in a levels file")
    .requiredOption("--out <file>", "picture to write: .svg, or .png (rendered with a bundled font)")
    .option("--width <px>", "PNG width in pixels (default: the SVG's own)")
    .option("--solution", "overlay the solution (taps in order / rounds)")
    .option("--force", "overwrite --out if it exists")
    .action((file: string, o: { level?: string; out: string; solution?: boolean; force?: boolean; width?: string }) => {
      const level = o.level === undefined ? undefined : Number(o.level);
      if (level !== undefined && !(Number.isInteger(level) && level >= 1)) throw new InputError("cli/show", `--level expects a level number ≥ 1; got "${o.level}"`);
      const png = o.out.toLowerCase().endsWith(".png");
      if (!png && !o.out.toLowerCase().endsWith(".svg")) throw new InputError("cli/show", `--out expects a .svg or .png file; got "${o.out}"`);
      const width = o.width === undefined ? undefined : Number(o.width);
      if (width !== undefined && !(Number.isInteger(width) && width > 0)) throw new InputError("cli/show", `--width expects pixels > 0; got "${o.width}"`);
      const input = readLevelInput(file, level);
      const backend = requireGame(input.game, "cli/show");
      if (!backend.renderSvg) throw new InputError("cli/show", `expected a game that draws its levels; ${input.game} has no picture`);
      const body = backend.bodySchema.parse(input.body);
      const solution = o.solution ? (input.solution ?? backend.solve(body).solution) : undefined;
      const title = `${input.game}${input.number ? ` level ${input.number}` : ""}${input.id ? ` · ${input.id}` : ""}`;
      const svg = backend.renderSvg(body, { solution, title });
      writeFileAtomic(o.out, png ? svgToPng(svg, { width }) : svg, { force: o.force });
      ctx.io.stderr(`show: ${title} → ${o.out}\n`);
    });
}
