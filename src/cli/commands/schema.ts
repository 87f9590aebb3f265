import type { Command } from "commander";
import { InputError } from "../../io/errors.ts";
import { formatJsonSchema, formatSchemas } from "../../io/schemas/format-schemas.ts";
import type { CommandContext } from "../cli-io.ts";

/** `levelramp schema <format>`: prints the JSON Schema of a file format (SPEC 3), generated from its zod schema. */
export function registerSchema(program: Command, ctx: CommandContext): void {
  program
    .command("schema")
    .description(`print the JSON Schema of a file format: ${Object.keys(formatSchemas).join(", ")}`)
    .argument("<format>", "format name")
    .action((name: string) => {
      const json = formatJsonSchema(name);
      if (!json) throw new InputError("cli/schema", `expected one of ${Object.keys(formatSchemas).join(", ")}; got "${name}"`);
      ctx.io.stdout(JSON.stringify(json, null, 2) + "\n");
    });
}
