import { readFileSync } from "node:fs";
import { Command, CommanderError, Help } from "commander";
import { describeFsError, environmentLimit, isFsError, LevelrampError } from "../io/errors.ts";
import { oneLine, terminalText } from "../io/hostile/terminal-text.ts";
import { processIo, type CliIo, type CommandContext } from "./cli-io.ts";
import { bodyFormatsInWords, gamesInWords } from "./games-in-words.ts";
import { remedyFlags } from "./remedy-flags.ts";

/** Adds one command, with its options and action, to the program. */
export type RegisterCommand = (program: Command, ctx: CommandContext) => void;

/** One line of the command table: what `levelramp --help` shows and where the command lives. */
export interface CommandEntry {
  /** What follows the name in `levelramp --help`, e.g. `[options] <file>` (commander's own term for the command). */
  usage: string;
  /** The command's description (the same text its module gives it). */
  summary: string;
  /** Imports the command's module and returns its register function. */
  load: () => Promise<RegisterCommand>;
}

/**
 * Every command of the CLI (SPEC 2), in the order `levelramp --help` lists
 * them. A command's module, and everything it imports, is loaded only when
 * that command runs (or its own `--help` is asked), so `levelramp --help`
 * loads none of them and `levelramp select` loads no vega, pipeline or game
 * it does not need. To add a command, add one line here; a test checks that
 * `usage` and `summary` match what the module registers.
 */
export const COMMANDS: Readonly<Record<string, CommandEntry>> = {
  select: {
    usage: "[options]",
    summary: "pick and order the levels that ship from candidate pools (SPEC 6)",
    load: async () => (await import("./commands/select.ts")).registerSelect,
  },
  report: {
    usage: "[options] <levels>",
    summary: "ramp deviation per chapter of a levels file (table, json, csv, html)",
    load: async () => (await import("./commands/report.ts")).registerReport,
  },
  calibrate: {
    usage: "[options] <plays>",
    summary: "fit a measure to play data: pass rates per level or per player (Rasch), the level spread, outliers, player ramps (SPEC 11)",
    load: async () => (await import("./commands/calibrate.ts")).registerCalibrate,
  },
  measure: {
    usage: "[options] <file>",
    summary: "fewest taps / reads, bits, depth ... of one level",
    load: async () => (await import("./commands/measure.ts")).registerMeasure,
  },
  show: {
    usage: "[options] <file>",
    summary: "draw one level as SVG, or PNG when --out ends in .png",
    load: async () => (await import("./commands/show.ts")).registerShow,
  },
  diff: {
    usage: "[options] <old> <new>",
    summary: "what changed between two levels files (exit 0 identical, 1 different)",
    load: async () => (await import("./commands/diff.ts")).registerDiff,
  },
  schema: {
    usage: "<format>",
    summary: `print the JSON Schema of a file format: pool, levels, model, ramp, plan, shard, calibration, level, game, ${bodyFormatsInWords()}`,
    load: async () => (await import("./commands/schema.ts")).registerSchema,
  },
  start: {
    usage: "[options]",
    summary: `the main job on bundled defaults (what npm start runs): build, verify and report ${gamesInWords()} chapters 1–2`,
    load: async () => (await import("./commands/start.ts")).registerStart,
  },
  build: {
    usage: "[options] <game>",
    summary: "build a game's level set: pools, levels, reports (SPEC 1 job 1)",
    load: async () => (await import("./commands/build.ts")).registerBuild,
  },
  generate: {
    usage: "[options] <game>",
    summary: "grow candidate pools without selecting (SPEC 2); --shard K/N grows one share for merge (SPEC 9)",
    load: async () => (await import("./commands/generate.ts")).registerGenerate,
  },
  merge: {
    usage: "[options] <shards...>",
    summary: "merge the shard files of `generate --shard` into one pool, byte for byte the unsharded generate's (SPEC 9)",
    load: async () => (await import("./commands/merge.ts")).registerMerge,
  },
  verify: {
    usage: "[options] <levels>",
    summary: "verify a levels file again: level checks, the order never gets easier, no two levels the same",
    load: async () => (await import("./commands/verify.ts")).registerVerify,
  },
  compare: {
    usage: "[options] <a> <b>",
    summary: "are two levels the same (SPEC 7)? prints a sentence, or {same, reasons, transform, matched} with --json; exit 0 same, 1 not",
    load: async () => (await import("./commands/compare.ts")).registerCompare,
  },
  game: {
    usage: "",
    summary: "an outside game (a program that speaks the protocol of SPEC 10): game check <game.json>",
    load: async () => (await import("./commands/game.ts")).registerGame,
  },
};

/** The package's version (`package.json`, two folders up from `src/cli/` and from `dist/cli/`). */
export function packageVersion(): string {
  const file = new URL("../../package.json", import.meta.url);
  return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
}

/** The command a command line runs: its first word, or the word after `help`. */
function commandNamed(argv: readonly string[]): string | undefined {
  const first = argv[0] === "help" ? argv[1] : argv[0];
  return first !== undefined && Object.hasOwn(COMMANDS, first) ? first : undefined;
}

/**
 * Runs the levelramp command line (SPEC 2) and returns the exit code: 0
 * success; 1 the work ran and the answer is "no"; 2 bad input or usage,
 * including a file-system error (the path and the reason in words); 70 an
 * internal error (a bug: one line and the command to re-run for the trace).
 * No stack trace is printed unless the environment has `LEVELRAMP_DEBUG=1`.
 * Nothing printed carries a control character (see {@link terminalSafe}).
 * Only the command that runs is imported; the others are listed from
 * {@link COMMANDS}.
 *
 * @param argv arguments after the program name, e.g. `["select", "--pools", "p.json", ...]`.
 * @param given where to write (default: the process's streams); everything goes through {@link terminalSafe}.
 */
export async function main(argv: string[], given: CliIo = processIo()): Promise<number> {
  const io = terminalSafe(given);
  const program = new Command("levelramp")
    .description("Grow, prove, measure, de-duplicate, select and order puzzle levels against a difficulty ramp.")
    .version(packageVersion(), "-V, --version", "print the version")
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .configureHelp({ subcommandTerm: helpTerm })
    .showHelpAfterError("(levelramp --help lists the commands)");
  let code = 0;
  const opened: Array<{ close(): Promise<void> }> = [];
  const ctx: CommandContext = { io, setExitCode: (c) => (code = Math.max(code, c)), run: (args) => main(args, io), closeAtEnd: (r) => void opened.push(r) };
  const chosen = commandNamed(argv);
  for (const [name, entry] of Object.entries(COMMANDS)) {
    if (name === chosen) (await entry.load())(program, ctx);
    else program.command(name).description(entry.summary);
  }
  try {
    await program.parseAsync(argv, { from: "user" });
    return code;
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.code === "commander.helpDisplayed" || err.code === "commander.version" || err.code === "commander.help") return 0;
      return 2;
    }
    return reportError(err, argv, io);
  } finally {
    // The games the command opened, closed whatever happened (a failure to close changes no answer).
    await Promise.all(opened.map((r) => r.close().catch(() => {})));
  }
}

/**
 * The streams with every control character a file could smuggle in shown as
 * an escape ({@link terminalText}): the one place all of a command's output
 * passes, so no id, metric name or file name acts on the terminal (colour
 * sequences pass only on stdout when `io.color` is on: its tables).
 */
function terminalSafe(io: CliIo): CliIo {
  const colour = io.color === 1;
  return { ...io, stdout: (t) => io.stdout(terminalText(t, colour)), stderr: (t) => io.stderr(terminalText(t)) };
}

/** Whether stack traces are wanted (`LEVELRAMP_DEBUG=1`). */
function debugging(): boolean {
  return process.env.LEVELRAMP_DEBUG === "1";
}

/** A word of the command line as a POSIX shell reads it back. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * One line for an error that ended a command, and its exit code (SPEC 2):
 * a LevelrampError's own message and code; a file-system error as the path
 * and the reason in words (exit 2); anything else is a bug: "internal error"
 * and the command to re-run with `LEVELRAMP_DEBUG=1` for the trace (exit 70).
 */
export function reportError(err: unknown, argv: readonly string[], given: CliIo): number {
  const io = terminalSafe(given);
  const trace = debugging() && err instanceof Error && err.stack ? `${err.stack}\n` : "";
  if (err instanceof LevelrampError) {
    io.stderr(`levelramp: ${remedyFlags(err)}\n${trace}`);
    return err.exitCode;
  }
  const limit = environmentLimit(err, "cli/main");
  if (limit) {
    io.stderr(`levelramp: ${remedyFlags(limit)}\n${trace}`);
    return limit.exitCode;
  }
  if (isFsError(err)) {
    const path = err.path ? `${oneLine(err.path)}: ` : "";
    io.stderr(`levelramp: ${path}cannot ${err.syscall}: ${describeFsError(err)}\n${trace}`);
    return 2;
  }
  const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  io.stderr(`levelramp: internal error (a bug in levelramp): ${message.split("\n")[0]}\n`);
  io.stderr(trace || `  for the trace, run it again as: LEVELRAMP_DEBUG=1 levelramp ${argv.map(shellWord).join(" ")}\n`);
  return 70;
}

/** A command's term in `levelramp --help`: from the table for every command, loaded or not, so the listing never depends on which one runs. */
function helpTerm(cmd: Command): string {
  const entry = Object.hasOwn(COMMANDS, cmd.name()) ? COMMANDS[cmd.name()] : undefined;
  return entry ? `${cmd.name()} ${entry.usage}`.trimEnd() : new Help().subcommandTerm(cmd);
}
