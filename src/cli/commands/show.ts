import type { Command } from "commander";
import { writeFileAtomic } from "../../io/atomic-write.ts";
import { InputError } from "../../io/errors.ts";
import { readLevelInput } from "../../io/read-level-input.ts";
import type { CommandContext } from "../cli-io.ts";
import { gameBackend } from "../game-backends.ts";

/**
 * `levelramp show <levels.json --level N | level.json> --out level.svg` (SPEC 2):
 * the level as a picture; `--solution` overlays the stored (or solved) taps/rounds.
 */
export function registerShow(program: Command, ctx: CommandContext): void {
  program
    .command("show")
    .description("draw one level as SVG")
    .argument("<file>", "a levels file with --level, or a level file")
    .option("--level <n>", "level number in a levels file")
    .requiredOption("--out <file>", "picture to write (.svg)")
    .option("--solution", "overlay the solution (taps in order / rounds)")
    .option("--force", "overwrite --out if it exists")
    .action((file: string, o: { level?: string; out: string; solution?: boolean; force?: boolean }) => {
      const level = o.level === undefined ? undefined : Number(o.level);
      if (level !== undefined && !(Number.isInteger(level) && level >= 1)) throw new InputError("cli/show", `--level expects a level number ≥ 1; got "${o.level}"`);
      if (!o.out.endsWith(".svg")) throw new InputError("cli/show", `--out expects a .svg file; got "${o.out}"`);
      const input = readLevelInput(file, level);
      const backend = gameBackend(input.game, "cli/show");
      const body = backend.bodySchema.parse(input.body);
      const solution = o.solution ? (input.solution ?? backend.solve(body).solution) : undefined;
      const title = `${input.game}${input.number ? ` level ${input.number}` : ""}${input.id ? ` · ${input.id}` : ""}`;
      writeFileAtomic(o.out, backend.renderSvg(body, { solution, title }), { force: o.force });
      ctx.io.stderr(`show: ${title} → ${o.out}\n`);
    });
}
