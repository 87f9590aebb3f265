import { readFileSync, statSync } from "node:fs";
import { describeFsError, InputError } from "./errors.ts";
import { MAX_INPUT_BYTES, formatBytes } from "./input-limits.ts";

/**
 * Reads a UTF-8 text input (SPEC 2, 3): refused before reading when it is not
 * a file or is larger than `maxBytes`; a UTF-8 byte-order mark is dropped.
 *
 * @param file path as the user gave it (named in every message).
 * @param module the module named in errors, e.g. `io/read`.
 * @param maxBytes largest size read (default {@link MAX_INPUT_BYTES}, 64 MiB).
 * @throws InputError (exit 2): missing, a folder, too large, or unreadable (permission, ...).
 */
export function readTextFile(file: string, module: string, maxBytes = MAX_INPUT_BYTES): string {
  let text: string;
  try {
    const stat = statSync(file);
    if (stat.isDirectory()) throw new InputError(module, "expected a file; it is a folder", { file });
    if (stat.size > maxBytes) {
      throw new InputError(module, `expected a file of at most ${formatBytes(maxBytes)}; it has ${formatBytes(stat.size)} (SPEC 2 input limits)`, { file });
    }
    text = readFileSync(file, "utf8");
  } catch (err) {
    if (err instanceof InputError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw new InputError(module, code === "ENOENT" ? "expected a file; it does not exist" : `cannot read it: ${describeFsError(err)}`, { file });
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
