import { readFileSync, statSync } from "node:fs";
import { describeFsError, InputError } from "./errors.ts";
import { MAX_INPUT_BYTES, formatBytes } from "./input-limits.ts";

/**
 * Reads a UTF-8 text input (SPEC 2, 3): refused before reading when it is not
 * a file or is larger than `maxBytes`; a UTF-8 byte-order mark is dropped.
 * Text that is not UTF-8 is refused, never read with replacement characters
 * (a Latin-1 `é` in an id would otherwise change the id silently): a UTF-16
 * file (its byte-order mark, or NUL bytes) and the first byte that is not
 * UTF-8 are named with their line and column.
 *
 * @param file path as the user gave it (named in every message).
 * @param module the module named in errors, e.g. `io/read`.
 * @param maxBytes largest size read (default {@link MAX_INPUT_BYTES}, 64 MiB).
 * @throws InputError (exit 2): missing, a folder, too large, unreadable (permission, ...), or not UTF-8.
 */
export function readTextFile(file: string, module: string, maxBytes = MAX_INPUT_BYTES): string {
  let bytes: Buffer;
  try {
    const stat = statSync(file);
    if (stat.isDirectory()) throw new InputError(module, "expected a file; it is a folder", { file });
    if (stat.size > maxBytes) {
      throw new InputError(module, `expected a file of at most ${formatBytes(maxBytes)}; it has ${formatBytes(stat.size)} (SPEC 2 input limits)`, { file });
    }
    bytes = readFileSync(file);
  } catch (err) {
    if (err instanceof InputError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw new InputError(module, code === "ENOENT" ? "expected a file; it does not exist" : `cannot read it: ${describeFsError(err)}`, { file });
  }
  const text = decodeUtf8(bytes, file, module);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

const strict = new TextDecoder("utf-8", { fatal: true });
const SAVE_AS = "save it as UTF-8";

/** `bytes` as UTF-8 text, or an InputError naming the line and column of the first byte that is not. */
function decodeUtf8(bytes: Buffer, file: string, module: string): string {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw new InputError(module, `expected UTF-8 text; it is UTF-16 (it starts with the byte-order mark ${bytes[0].toString(16).toUpperCase()} ${bytes[1].toString(16).toUpperCase()}): ${SAVE_AS}`, { file });
  }
  let lossy: string;
  let bad = -1;
  try {
    lossy = strict.decode(bytes);
  } catch {
    lossy = bytes.toString("utf8");
    bad = firstReplacement(bytes, lossy);
  }
  const nul = lossy.indexOf("\0");
  if (bad < 0 && nul < 0) return lossy;
  const at = bad >= 0 && (nul < 0 || bad < nul) ? bad : nul;
  const before = lossy.slice(0, at);
  const line = before.split("\n").length;
  const column = at - before.lastIndexOf("\n");
  const byte = bytes[Buffer.byteLength(before)];
  const what = at === nul ? `a NUL byte (UTF-16 text, or not text at all?): ${SAVE_AS}` : `byte 0x${byte.toString(16).toUpperCase().padStart(2, "0")} is not UTF-8 (Latin-1 or Windows-1252 text?): ${SAVE_AS}`;
  throw new InputError(module, `line ${line}, column ${column}: expected UTF-8 text; ${what}`, { file });
}

/** The index in `lossy` of the first replacement character that stands for bytes that are not UTF-8 (not a U+FFFD the file holds). */
function firstReplacement(bytes: Buffer, lossy: string): number {
  for (let k = lossy.indexOf("\uFFFD"); k >= 0; k = lossy.indexOf("\uFFFD", k + 1)) {
    const at = Buffer.byteLength(lossy.slice(0, k));
    if (!(bytes[at] === 0xef && bytes[at + 1] === 0xbf && bytes[at + 2] === 0xbd)) return k;
  }
  return -1;
}
