import { Command, CommanderError } from "commander";
import { LevelrampError } from "../io/errors.ts";
import { processIo, type CliIo, type CommandContext } from "./cli-io.ts";
import { registerDiff } from "./commands/diff.ts";
import { registerMeasure } from "./commands/measure.ts";
import { registerReport } from "./commands/report.ts";
import { registerSchema } from "./commands/schema.ts";
import { registerSelect } from "./commands/select.ts";
import { registerShow } from "./commands/show.ts";
import { registerStart } from "./commands/start.ts";
import { registerBuild } from "./commands/build.ts";
import { registerGenerate } from "./commands/generate.ts";
import { registerMerge } from "./commands/merge.ts";
import { registerVerify } from "./commands/verify.ts";
import { registerCompare } from "./commands/compare.ts";

/**
 * Runs the levelramp command line (SPEC 2) and returns the exit code: 0
 * success; 1 the work ran and the answer is "no"; 2 bad input or usage
 * (never a stack trace for bad input).
 *
 * @param argv arguments after the program name, e.g. `["select", "--pools", "p.json", ...]`.
 * @param io where to write (default: the process's streams).
 */
export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  const program = new Command("levelramp")
    .description("Grow, prove, measure, de-duplicate, select and order puzzle levels against a difficulty ramp.")
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .showHelpAfterError("(levelramp --help lists the commands)");
  let code = 0;
  const ctx: CommandContext = { io, setExitCode: (c) => (code = Math.max(code, c)), run: (args) => main(args, io) };
  for (const register of [
    registerSelect,
    registerReport,
    registerMeasure,
    registerShow,
    registerDiff,
    registerSchema,
    registerStart,
    registerBuild,
    registerGenerate,
    registerMerge,
    registerVerify,
    registerCompare,
  ]) register(program, ctx);
  try {
    await program.parseAsync(argv, { from: "user" });
    return code;
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.code === "commander.helpDisplayed" || err.code === "commander.version" || err.code === "commander.help") return 0;
      return 2;
    }
    if (err instanceof LevelrampError) {
      io.stderr(`levelramp: ${err.message}\n`);
      return err.exitCode;
    }
    throw err;
  }
}
