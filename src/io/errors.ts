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

  constructor(module: string, message: string, exitCode: 1 | 2) {
    super(`${module}: ${message}`);
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

  constructor(module: string, expected: string, where: { file?: string; jsonPath?: string } = {}) {
    const place = [where.file, where.jsonPath].filter(Boolean).join(" at ");
    super(module, place ? `${place}: ${expected}` : expected, 2);
    this.name = "InputError";
    this.file = where.file;
    this.jsonPath = where.jsonPath;
    this.expected = expected;
  }
}

/** The work ran and the answer is "no" (exit code 1): infeasible, a failed check, a limit passed. */
export class NoAnswerError extends LevelrampError {
  /** Structured detail for `--json` output (diagnosis, failing levels...). */
  readonly detail: unknown;

  constructor(module: string, message: string, detail?: unknown) {
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
  constructor(module: string, message: string) {
    super(module, message, 2);
    this.name = "ProgramFault";
  }
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
