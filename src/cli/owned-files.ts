import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { readInputBytes, readTextFile } from "../io/read-text-file.ts";
import type { SetFile } from "../io/write-file-set.ts";

/**
 * A record of the files a writer put into a folder (SPEC 2: outputs are never
 * replaced by surprise): `{ writtenBy, files: { name: "sha256:<hex>" } }` in
 * a JSON file of the folder. A writer that keeps one replaces a file only
 * while it holds the bytes the record names — a file written there since (by
 * another command, by hand) is not its own.
 */
export interface OwnedFilesRecord {
  /** Who wrote the files, e.g. `levelramp start`. */
  writtenBy: string;
  /** Each file's name in the folder and the SHA-256 of its bytes. */
  files: Record<string, string>;
}

/** The SHA-256 of some bytes, as the record names it. */
const sha256 = (bytes: Uint8Array) => `sha256:${createHash("sha256").update(bytes).digest("hex")}`;

/** The SHA-256 of a file's bytes (read through the one door for inputs, without its size bound: a set's pools can be large). */
const digest = (path: string) => sha256(readInputBytes(path, "cli/start", Number.MAX_SAFE_INTEGER));

/** The record in `dir/record` when it is one of `writtenBy`'s (anything else: none). */
function readRecord(dir: string, record: string, writtenBy: string): OwnedFilesRecord | undefined {
  try {
    const value = JSON.parse(readTextFile(join(dir, record), "cli/start")) as Partial<OwnedFilesRecord>;
    return value && value.writtenBy === writtenBy && typeof value.files === "object" && value.files !== null ? (value as OwnedFilesRecord) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Which of `names` are in `dir` but not `writtenBy`'s own: no record
 * `dir/record` of theirs, the file not in it, or its bytes changed since.
 * A name absent from `dir` is nobody's (never listed).
 */
export function filesNotOwned(dir: string, names: readonly string[], record: string, writtenBy: string): string[] {
  const present = names.filter((name) => existsSync(join(dir, name)));
  const own = readRecord(dir, record, writtenBy);
  return present.filter((name) => own?.files[name] === undefined || own.files[name] !== digest(join(dir, name)));
}

/**
 * The record of `files` as `writtenBy`'s, itself a file of the set: each
 * file's name with the SHA-256 of the bytes it is about to be written with.
 * Passed with the files into the one atomic set write (`writeFileSet`), the
 * record and the files it names are replaced together: a run killed at any
 * point leaves the earlier set with its record, or the new set with its own.
 *
 * @param files the set's files (names and bytes) as they will be written.
 * @param record the record's name in the folder (e.g. `.levelramp-start.json`).
 * @returns the record's file: `{ writtenBy, files: { name: "sha256:<hex>" } }`, two-space JSON.
 */
export function ownedFilesRecord(files: readonly SetFile[], record: string, writtenBy: string): SetFile {
  const value: OwnedFilesRecord = { writtenBy, files: Object.fromEntries(files.map((f) => [f.name, sha256(typeof f.data === "string" ? Buffer.from(f.data, "utf8") : f.data)])) };
  return { name: record, data: JSON.stringify(value, null, 2) + "\n" };
}
