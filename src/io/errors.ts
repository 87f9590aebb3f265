import { oneLine } from "./hostile/terminal-text.ts";

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
   * @param message one line, or the lines of a longer message (the first, then
   *   its indented details). A line break inside a line — from an id, a CSV
   *   cell, a program's words — is shown as `\u000A` ({@link oneLine}), so
   *   outside text can never print a line of its own.
   */
  constructor(module: string, message: MessageLines, exitCode: 1 | 2) {
    super(`${module}: ${messageText(message)}`);
    this.name = "LevelrampError";
    this.module = module;
    this.exitCode = exitCode;
  }
}

/**
 * Bad input (exit code 2): names the file, the JSON path (`$.candidates[3].id`)
 * and what was expected.
 */
export class InputError extends LevelrampError {
  readonly file: string | undefined;
  readonly jsonPath: string | undefined;
  readonly expected: string;

  constructor(module: string, expected: MessageLines, where: { file?: string; jsonPath?: string } = {}) {
    const place = [where.file, where.jsonPath].filter(Boolean).join(" at ");
    const [first, ...more] = typeof expected === "string" ? [expected] : expected;
    super(module, [place ? `${place}: ${first}` : first, ...more], 2);
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

  constructor(module: string, message: MessageLines, detail?: unknown) {
    super(module, message, 1);
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
  EMFILE: "too many open files",
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
