/**
 * Where the CLI writes (SPEC 2, docs/cli.md "Where output goes"): a command's result — a
 * table, JSON, CSV, a measure, a diff, a verdict — to stdout; messages about
 * the run — progress, notes, what was written where, errors — to stderr.
 * `test/cli/stdout-stderr.test.ts` runs every command and holds it to that.
 */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Colour of the tables printed on stdout: 0 when NO_COLOR is set or stdout is not a terminal (a pipe, a file). */
  color: 0 | 1;
  /** Whether stderr is a terminal (progress bars only then). */
  stderrIsTTY: boolean;
}

/** The process's own streams, honouring NO_COLOR. */
export function processIo(): CliIo {
  const tty = Boolean(process.stderr.isTTY);
  return {
    stdout: (t) => void process.stdout.write(t),
    stderr: (t) => void process.stderr.write(t),
    color: process.stdout.isTTY && !("NO_COLOR" in process.env) ? 1 : 0,
    stderrIsTTY: tty,
  };
}

/** What every command gets: the streams, a way to set the exit code (1 = the answer is "no") and the command line itself. */
export interface CommandContext {
  io: CliIo;
  setExitCode: (code: 0 | 1 | 2) => void;
  /** Runs another levelramp command line on these streams and returns its exit code (`start` runs build, verify, report). */
  run: (argv: string[]) => Promise<number>;
  /** Closes `resource` when the command ends, however it ends (a game the command opened: an outside game's program is ended then). */
  closeAtEnd: (resource: { close(): Promise<void> }) => void;
}
