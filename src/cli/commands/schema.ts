import type { Command } from "commander";
import { InputError } from "../../io/errors.ts";
import { formatNames, formatSchema } from "../../game/registry/game-formats.ts";
import { formatJsonSchema } from "../../io/schemas/format-schemas.ts";
import type { CommandContext } from "../cli-io.ts";

/**
 * `levelramp schema <format>`: prints the JSON Schema of a file format (SPEC
 * 3), generated from its zod schema: the game-free formats and each built-in
 * game's body (`<game>-body`, loading that game only).
 */
export function registerSchema(program: Command, ctx: CommandContext): void {
  program
    .command("schema")
    .description(`print the JSON Schema of a file format: ${formatNames().join(", ")}`)
    .argument("<format>", "format name")
    .action(async (name: string) => {
      const json = formatJsonSchema(name, await formatSchema(name));
      if (!json) throw new InputError("cli/schema", `expected one of ${formatNames().join(", ")}; got "${name}"`);
      ctx.io.stdout(JSON.stringify(json, null, 2) + "\n");
    });
}
