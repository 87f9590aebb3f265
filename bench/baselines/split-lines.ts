// The line splitter levelramp's program host used before the line reader of
// src/program/line-reader.ts (its baseline): each stdout chunk decoded
// to a string, appended to the unfinished line and the whole split again —
// quadratic in a line's chunks — with the 64 MiB limit checked after the
// split, in characters. Kept only to time the two side by side (bench/protocol).

/** The earlier splitter: feed it chunks of text; it returns the lines completed, or "too-long" once the unfinished line passes `maxCharacters`. */
export class SplitLines {
  private partial = "";
  constructor(private readonly maxCharacters: number) {}

  push(text: string): string[] | "too-long" {
    const parts = (this.partial + text).split("\n");
    this.partial = parts.pop()!;
    if (this.partial.length > this.maxCharacters) return "too-long";
    return parts.map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line));
  }
}
