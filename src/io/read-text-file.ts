import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from "node:fs";
import { describeFsError, InputError } from "./errors.ts";
import { MAX_INPUT_BYTES, formatBytes } from "./input-limits.ts";

/**
 * Reads a UTF-8 text input (SPEC 2, 3): refused when it is not a regular
 * file or holds more than `maxBytes`; a UTF-8 byte-order mark is dropped.
 * Text that is not UTF-8 is refused, never read with replacement characters
 * (a Latin-1 `é` in an id would otherwise change the id silently): a UTF-16
 * file (its byte-order mark, or NUL bytes) and the first byte that is not
 * UTF-8 are named with their line and column. See {@link readInputBytes} for
 * how the read is bounded and never blocks.
 *
 * @param file path as the user gave it (named in every message).
 * @param module the module named in errors, e.g. `io/read`.
 * @param maxBytes largest size read (default {@link MAX_INPUT_BYTES}, 64 MiB).
 * @throws InputError (exit 2): missing, a folder, a device, a pipe or a socket, too large, unreadable (permission, ...), or not UTF-8.
 */
export function readTextFile(file: string, module: string, maxBytes = MAX_INPUT_BYTES): string {
  const bytes = readInputBytes(file, module, maxBytes);
  const text = decodeUtf8(bytes, file, module);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** What a path that is not a regular file is, in words (`a folder`, `a device`, `a named pipe`, ...). */
export function describeFileKind(stat: Stats): string {
  if (stat.isFile()) return "a file";
  if (stat.isDirectory()) return "a folder";
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return "a device";
  if (stat.isFIFO()) return "a named pipe";
  if (stat.isSocket()) return "a socket";
  return "not a regular file";
}

const CHUNK = 1 << 20;

/**
 * The bytes of an input file, read without ever blocking or reading without
 * bound (SPEC 2 input limits). The file is opened non-blocking (a named pipe
 * with no writer would otherwise wait forever at `open`) and checked with
 * `fstat` on the open descriptor (no race with a rename): anything but a
 * regular file — a folder, a device such as `/dev/zero` (whose size reads 0),
 * a named pipe, a socket — is refused before a byte is read. The size `fstat`
 * reports is only a first check: the read itself stops as soon as the bytes
 * actually read pass `maxBytes` (a file in `/proc` reports 0 bytes; a file can
 * grow while it is read).
 *
 * @param file path as the user gave it (named in every message).
 * @param module the module named in errors.
 * @param maxBytes most bytes accepted (default {@link MAX_INPUT_BYTES}).
 * @throws InputError (exit 2) naming the file: missing, not a regular file, too large, unreadable.
 */
export function readInputBytes(file: string, module: string, maxBytes = MAX_INPUT_BYTES): Buffer {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new InputError(module, code === "ENOENT" ? "expected a file; it does not exist" : code === "EISDIR" ? "expected a file; it is a folder" : `cannot read it: ${describeFsError(err)}`, { file });
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) {
      const kind = describeFileKind(stat);
      const why = stat.isDirectory() ? "" : " (levelramp reads its inputs from regular files only: a device or a pipe may never end, or never answer; save it to a file first)";
      throw new InputError(module, `expected a file; it is ${kind}${why}`, { file });
    }
    const tooLarge = (size: string) => new InputError(module, `expected a file of at most ${formatBytes(maxBytes)}; it has ${size} (SPEC 2 input limits)`, { file });
    if (stat.size > maxBytes) throw tooLarge(formatBytes(stat.size));
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(CHUNK, maxBytes + 1 - total));
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(n === chunk.length ? chunk : chunk.subarray(0, n));
      total += n;
      if (total > maxBytes) throw tooLarge(`more than that (${formatBytes(total)} read so far)`);
    }
    return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total);
  } catch (err) {
    if (err instanceof InputError) throw err;
    throw new InputError(module, `cannot read it: ${describeFsError(err)}`, { file });
  } finally {
    closeSync(fd);
  }
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
