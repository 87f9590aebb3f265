/** Where the CLI writes: machine output to stdout, human text to stderr (SPEC 2). */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Colour on stderr: 0 when NO_COLOR is set or stderr is not a terminal. */
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
    color: tty && !("NO_COLOR" in process.env) ? 1 : 0,
    stderrIsTTY: tty,
  };
}

/** What every command gets: the streams, a way to set the exit code (1 = the answer is "no") and the command line itself. */
export interface CommandContext {
  io: CliIo;
  setExitCode: (code: 0 | 1 | 2) => void;
  /** Runs another levelramp command line on these streams and returns its exit code (`start` runs build, verify, report). */
  run: (argv: string[]) => Promise<number>;
}
