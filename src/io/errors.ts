import { oneLine } from "./hostile/terminal-text.ts";
import { thousands } from "./thousands.ts";

/**
 * Errors that carry an exit code (SPEC 2): 2 for bad input or usage, 1 for work
 * that ran but whose answer is "no" (infeasible model, failed verification,
 * a limit reached). Every message starts with the module that raised it,
 * e.g. `select/dp: ...`, graphology-style.
 */
export class LevelrampError extends Error {
  /** Process exit code the CLI uses for this error. */
  readonly exitCode: 1 | 2;
  /** Module that raised it, e.g. `select/dp`. */
  readonly module: string;
  /**
   * What would help, as the caller's choices ({@link Remedy}); the message
   * says the same in the library's words and names no command-line option —
   * a front end (the CLI) names its own. Empty when the message says it all.
   */
  readonly remedies: readonly Remedy[];

  /**
   * @param message one line, or the lines of a longer message (the first, then
   *   its indented details). A line break inside a line — from an id, a CSV
   *   cell, a program's words — is shown as `\u000A` ({@link oneLine}), so
   *   outside text can never print a line of its own.
   * @param remedies what would help (default none).
   */
  constructor(module: string, message: MessageLines, exitCode: 1 | 2, remedies: readonly Remedy[] = []) {
    super(`${module}: ${messageText(message)}`);
    this.name = "LevelrampError";
    this.module = module;
    this.exitCode = exitCode;
    this.remedies = remedies;
  }
}

/**
 * A choice of the caller that would get past a limit or a refusal, named by
 * {@link LevelrampError.remedies} (the message says it in words):
 * - `solver-highs`, `solver-milp`, `solver-dp`: select with that solver
 *   (`solver` of selectLevels / solveSelection);
 * - `time-limit`: a longer time limit (`timeLimitSeconds`);
 * - `fewer-levels`: fewer levels at once — part by part (`incremental`), or
 *   fewer chapters per build;
 * - `limits`: larger solver work bounds (`limits`, default models/select/solver.json);
 * - `no-min-moves`: select without the fewest-moves search (`minMoves`);
 * - `fewer-workers`: fewer worker threads (`workers` of buildLevelSet,
 *   generatePools, mergeShards), when the environment ran out of open files,
 *   threads or memory ({@link environmentLimit});
 * - `outside-game`: give the outside game a file names, opened from its game
 *   file (`openGame(file)`, the `given` game of the registry's readers, SPEC 10).
 */
export type Remedy = "solver-highs" | "solver-milp" | "solver-dp" | "time-limit" | "fewer-levels" | "limits" | "no-min-moves" | "fewer-workers" | "outside-game";

/**
 * Bad input (exit code 2): names the file, the JSON path (`$.candidates[3].id`)
 * and what was expected.
 */
export class InputError extends LevelrampError {
  readonly file: string | undefined;
  readonly jsonPath: string | undefined;
  readonly expected: string;

  /**
   * @param remedies what would help ({@link LevelrampError.remedies}; default none).
   */
  constructor(module: string, expected: MessageLines, where: { file?: string; jsonPath?: string } = {}, remedies: readonly Remedy[] = []) {
    const place = [where.file, where.jsonPath].filter(Boolean).join(" at ");
    const [first, ...more] = typeof expected === "string" ? [expected] : expected;
    super(module, [place ? `${place}: ${first}` : first, ...more], 2, remedies);
    this.name = "InputError";
    this.file = where.file;
    this.jsonPath = where.jsonPath;
    this.expected = messageText(expected);
  }
}

/** The work ran and the answer is "no" (exit code 1): infeasible, a failed check, a limit passed. */
export class NoAnswerError extends LevelrampError {
  /** Structured detail for `--json` output (diagnosis, failing levels...). */
  readonly detail: unknown;

  constructor(module: string, message: MessageLines, detail?: unknown, remedies: readonly Remedy[] = []) {
    super(module, message, 1, remedies);
    this.name = "NoAnswerError";
    this.detail = detail;
  }
}

/**
 * A fault of an outside game's program (SPEC 10): it did not start, answered
 * `hello` late or wrongly, wrote a line that is not JSON or a response with
 * another id, answered with an error, exited, or ran past its timeout. Exit
 * code 2, and it stops the command wherever it is raised: a check that
 * reports other LevelrampErrors as a failing level (verify) passes it on.
 */
export class ProgramFault extends LevelrampError {
  /**
   * @param message its lines; a string is split where a line break starts an
   *   indented line (`\n  request: ...`, the layout the program client gives
   *   it), and any other line break in it is escaped.
   */
  constructor(module: string, message: MessageLines) {
    super(module, typeof message === "string" ? message.split(/\n(?= {2})/) : message, 2);
    this.name = "ProgramFault";
  }
}

/** A message: one line, or its lines (the first, then indented details). */
export type MessageLines = string | readonly string[];

/** A message's text: each line kept to one line ({@link oneLine}), the lines joined by line breaks. */
function messageText(message: MessageLines): string {
  return typeof message === "string" ? oneLine(message) : message.map(oneLine).join("\n");
}

/** Formats a JSON path from its segments: `["a", 3, "b"]` → `$.a[3].b`. */
export function jsonPath(segments: ReadonlyArray<PropertyKey>): string {
  let out = "$";
  for (const s of segments) {
    if (typeof s === "number") out += `[${s}]`;
    else if (typeof s === "string" && /^[A-Za-z_$][\w$]*$/.test(s)) out += `.${s}`;
    else out += `[${JSON.stringify(String(s))}]`;
  }
  return out;
}

/** Plain words for the file-system error codes a user can meet (Node's `err.code`). */
const WORDS: Record<string, string> = {
  ENOENT: "no such file or folder",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EISDIR: "it is a folder",
  ENOTDIR: "a part of the path is a file, not a folder",
  EEXIST: "it already exists",
  ENOSPC: "no space left on the device",
  EDQUOT: "disk quota exceeded",
  EROFS: "the file system is read-only",
  EMFILE: "too many open files (the limit per process, ulimit -n)",
  ENAMETOOLONG: "the name is too long",
  ENOTEMPTY: "the folder is not empty",
  EBUSY: "it is busy (in use)",
  EXDEV: "it is on another device",
  EIO: "an input/output error",
  ELOOP: "a loop of symbolic links",
  ENXIO: "no such device",
};

/** Whether `err` is a Node file-system error (it carries an `E...` code and a syscall). */
export function isFsError(err: unknown): err is NodeJS.ErrnoException {
  const e = err as NodeJS.ErrnoException | null;
  return typeof e === "object" && e !== null && typeof e.code === "string" && /^E[A-Z]+$/.test(e.code) && typeof e.syscall === "string";
}

/** A file-system error in words, e.g. `permission denied (EACCES)`. */
export function describeFsError(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (typeof code !== "string") return String((err as Error)?.message ?? err);
  return `${WORDS[code] ?? (err as Error).message} (${code})`;
}

/**
 * An error that says the environment ran out of something (never exit 70
 * "a bug"), as a LevelrampError naming what ran out and
 * what to do; `undefined` for any other error. Recognised by code where the
 * error keeps it, else by its words (an error that crossed from a worker
 * thread keeps only its message):
 *
 * - open files — EMFILE (the process's limit, `ulimit -n`), ENFILE (the
 *   system's): exit 2, raise the limit or give fewer workers (remedy
 *   `fewer-workers`);
 * - threads or processes — EAGAIN from a spawn or a thread, a worker that
 *   could not start: exit 2, the process limit (`ulimit -u`) or fewer workers
 *   (`fewer-workers`);
 * - memory — ENOMEM, a WebAssembly instance or an array buffer that could not
 *   be allocated: exit 1 (the work ran into a limit), the memory limit
 *   (`ulimit -v`) or less at once (`fewer-levels`, `fewer-workers`,
 *   `solver-dp`); a worker thread's heap at V8's limit
 *   (ERR_WORKER_OUT_OF_MEMORY, Node ends the worker): exit 1, less at once
 *   (`fewer-levels`) or a higher `--max-old-space-size` (Node's option).
 *
 * The message names the options in the library's words (`workers`,
 * `solver dp`), the remedies the same choices for a front end to name its own.
 *
 * (The command's own heap at V8's limit: {@link commandHeapLimit}.)
 *
 * @param err what a command threw.
 * @param module named at the start of the message.
 */
export function environmentLimit(err: unknown, module: string): LevelrampError | undefined {
  const e = err as (Error & { code?: unknown }) | null;
  const code = typeof e?.code === "string" ? e.code : "";
  const text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  const said = oneLine(text.split("\n")[0]).slice(0, 300);
  if (code === "EMFILE" || code === "ENFILE" || /\bE[MN]FILE\b|too many open files/i.test(text)) {
    const whose = code === "ENFILE" || /\bENFILE\b|file table overflow/i.test(text) ? "the system's table of open files is full" : "the limit of open files per process (ulimit -n) is too low for this run";
    return new LevelrampError(module, `ran out of open files (${said}): ${whose}; raise it (for example ulimit -n 4096) or give fewer workers`, 2, ["fewer-workers"]);
  }
  if (code === "ERR_WORKER_OUT_OF_MEMORY" || /JS heap out of memory/i.test(text)) {
    return new LevelrampError(module, `ran out of memory (${said}): a worker thread's JavaScript heap reached V8's limit (per thread, set from the machine's memory or NODE_OPTIONS=--max-old-space-size); do less at once (fewer levels or chapters), or raise the limit with NODE_OPTIONS=--max-old-space-size=<MB> where the machine has the memory`, 1, ["fewer-levels"]);
  }
  if (code === "ENOMEM" || /\bENOMEM\b|out of memory|Cannot allocate (Wasm )?memory|allocation failed/i.test(text)) {
    return new LevelrampError(module, `ran out of memory (${said}): the process's memory limit (ulimit -v) or the machine's memory is too small for this run; raise it, or do less at once (fewer levels or chapters, one worker; for select, the dp (solver dp) where it applies)`, 1, ["fewer-levels", "fewer-workers", "solver-dp"]);
  }
  if (code === "EAGAIN" || code === "ERR_WORKER_INIT_FAILED" || /\bEAGAIN\b|Resource temporarily unavailable|ERR_WORKER_INIT_FAILED/.test(text)) {
    return new LevelrampError(module, `could not start a thread or a process (${said}): the limit of processes (ulimit -u) or the machine's resources are too low for this run; raise it or give fewer workers`, 2, ["fewer-workers"]);
  }
  return undefined;
}

/**
 * The command's own JavaScript heap at V8's limit (SPEC 2: a limit ends with a
 * message, never an out-of-memory abort): the launcher (bin/levelramp.js) runs
 * the command in a worker thread, which V8 stops there; the launcher prints
 * this, exit 1 (the work met a limit). Less at once (`fewer-levels`) or a
 * higher `--max-old-space-size` (Node's option) helps.
 *
 * @param module named at the start of the message.
 * @param command the command that ran (`select`), named in the message.
 * @param heapLimitBytes V8's heap limit of the thread (`heap_size_limit`), bytes.
 */
export function commandHeapLimit(module: string, command: string, heapLimitBytes: number): LevelrampError {
  const mb = Math.round(heapLimitBytes / 2 ** 20);
  return new LevelrampError(module, `ran out of memory (JavaScript heap out of memory): \`${oneLine(command)}\` reached V8's heap limit (${thousands(mb)} MB here, set from the machine's memory or NODE_OPTIONS=--max-old-space-size) and was stopped (each output is replaced whole or not at all: one it had not written is unchanged); do less at once (fewer levels or chapters), or raise the limit with NODE_OPTIONS=--max-old-space-size=<MB> where the machine has the memory`, 1, ["fewer-levels"]);
}
