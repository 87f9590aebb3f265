import { firstInvalidUtf8 } from "../io/hostile/first-invalid-utf8.ts";

/** Bytes of a faulty line kept to quote in a message. */
const HEAD_BYTES = 400;

/**
 * Why a {@link LineReader} stopped: a line past its limit (refused as soon as
 * the limit is passed, before the line ends), or a line that is not UTF-8.
 */
export type LineFault =
  | { kind: "too-long"; /** The limit, in bytes. */ maxBytes: number; /** The line's first bytes, decoded for a message. */ head: string }
  | { kind: "utf8"; /** Offset in the line of the first byte that is not UTF-8. */ offset: number; /** That byte. */ byte: number; head: string };

/**
 * Splits a byte stream into lines (SPEC 10's wire: newline-delimited UTF-8,
 * a `\r` before the `\n` ignored) in time linear in the bytes and memory
 * bounded by the limit: each chunk is scanned once for newlines, an
 * unfinished line is kept as the chunks that hold it (joined and decoded
 * once, when its newline comes), and a line that passes `maxBytes` stops
 * the reader at once — nothing more is kept, whatever the program still
 * writes. A line that is not well-formed UTF-8 stops it too: it is refused,
 * never decoded with replacement characters. After a fault {@link push}
 * returns no more lines.
 */
export class LineReader {
  /** The fault that stopped the reader, if any. */
  fault: LineFault | null = null;
  private readonly maxBytes: number;
  private parts: Buffer[] = [];
  private bytes = 0;

  /** @param maxBytes the longest line allowed, in bytes (its `\n` not counted). */
  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  /** Takes the next chunk of the stream and returns the lines it completes, in order (empty once a fault stopped the reader). */
  push(chunk: Buffer): string[] {
    const lines: string[] = [];
    for (let start = 0; !this.fault && start <= chunk.length; ) {
      const newline = chunk.indexOf(10, start);
      const end = newline < 0 ? chunk.length : newline;
      if (this.bytes + (end - start) > this.maxBytes) {
        this.stop({ kind: "too-long", maxBytes: this.maxBytes, head: headOf([...this.parts, chunk.subarray(start, end)]) });
        break;
      }
      if (newline < 0) {
        if (end > start) (this.parts.push(chunk.subarray(start)), (this.bytes += end - start));
        break;
      }
      const line = this.take(chunk.subarray(start, newline));
      if (line !== null) lines.push(line);
      start = newline + 1;
    }
    return lines;
  }

  /** The start of the unfinished line (for a message when the stream ends or stalls in it). */
  unfinished(): string {
    return headOf(this.parts);
  }

  /** Joins the kept chunks with the line's last piece and decodes it; null (and a fault) when it is not UTF-8. */
  private take(last: Buffer): string | null {
    const joined = this.parts.length === 0 ? last : Buffer.concat([...this.parts, last], this.bytes + last.length);
    this.parts = [];
    this.bytes = 0;
    const line = joined.length > 0 && joined[joined.length - 1] === 13 ? joined.subarray(0, -1) : joined;
    const offset = firstInvalidUtf8(line);
    if (offset >= 0) {
      this.stop({ kind: "utf8", offset, byte: line[offset], head: headOf([line]) });
      return null;
    }
    return line.toString("utf8");
  }

  private stop(fault: LineFault): void {
    this.fault = fault;
    this.parts = [];
    this.bytes = 0;
  }
}

/** The first {@link HEAD_BYTES} bytes of some chunks, decoded for a message (a byte that is not UTF-8 shows as U+FFFD). */
function headOf(parts: readonly Buffer[]): string {
  const head: Buffer[] = [];
  let left = HEAD_BYTES;
  for (const p of parts) {
    if (left <= 0) break;
    head.push(p.subarray(0, left));
    left -= p.length;
  }
  return Buffer.concat(head).toString("utf8");
}
