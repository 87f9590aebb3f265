import { closeSync, lstatSync, openSync, readdirSync, renameSync, rmSync, statSync, unlinkSync, type Stats } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { describeFsError, InputError } from "./errors.ts";
import { removeStaleLock } from "./output-lock.ts";

/** How a command's output path is checked before any work (SPEC 2). */
export interface OutputCheck {
  /** Overwrite what is there (`--force`). */
  force?: boolean;
  /** The module named in errors, e.g. `cli/select`. */
  module: string;
  /** The option that named the path, e.g. `--out` (named in errors). */
  option?: string;
  /** How the caller asks to overwrite, named in errors: default {@link FORCE_WORDS} (the library's option); the CLI passes `--force`. */
  forceOption?: string;
  /**
   * The run's input files, each with the option (or words) that named it, e.g.
   * `{ what: "--pools", path: "pool.json" }`: an output that is one of them is
   * refused, even with `force` (see {@link checkNotAnInput}).
   */
  inputs?: ReadonlyArray<RunInput>;
}

/** The library's words for asking to overwrite ({@link OutputCheck.forceOption}). */
export const FORCE_WORDS = "force: true";

/** One input file of a run: the option or words that named it, and its path. */
export interface RunInput {
  what: string;
  path: string | undefined;
}

const statOrNull = (path: string): Stats | null => {
  try {
    return statSync(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return null;
    throw err;
  }
};

/** Longest file name (bytes) most file systems take (NAME_MAX on Linux and macOS). */
const NAME_MAX = 255;
/**
 * node:crypto, loaded the first time a long name is hashed ({@link tempStem}):
 * every command that writes imports this module, and loading crypto would
 * cost each cold start about 3 ms for names that are almost never that long.
 */
const builtin = createRequire(import.meta.url);

/** Longest stem a temp name keeps of the output's name: room for `.levelramp-<kind>-<pid>-<n>.tmp` within {@link NAME_MAX}. */
const STEM_MAX = 200;

/**
 * The part of an output's name its temp names start with: the name itself
 * when the temp names fit in {@link NAME_MAX} bytes; for a longer (legal)
 * name, its first bytes and `~` and 8 hex of its SHA-256, so a temp name
 * always fits and still says whose it is (the same stem for the same name,
 * so a later run finds what a killed one left).
 */
function tempStem(base: string): string {
  if (Buffer.byteLength(base) <= STEM_MAX) return base;
  let head = base.slice(0, STEM_MAX - 12);
  while (Buffer.byteLength(head) > STEM_MAX - 12) head = head.slice(0, -1);
  if (/[\uD800-\uDBFF]$/.test(head)) head = head.slice(0, -1);
  return `${head}~${(builtin("node:crypto") as typeof import("node:crypto")).createHash("sha256").update(base).digest("hex").slice(0, 8)}`;
}

/** The temp names levelramp writes beside an output `base`: `.<stem>.levelramp-<kind>-<pid>-<n>[.tmp]`. */
function tempPattern(base: string): RegExp {
  return new RegExp(`^\\.${tempStem(base).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\.levelramp-(new|old|tmp)-(\\d+)-\\d+(?:\\.tmp)?$`);
}

/**
 * What is at an output path, before any work: `null` when nothing is there
 * yet. A symbolic link, a device, a pipe or a socket is refused: outputs are
 * replaced by renaming a new file onto the path, which would replace the link
 * or the device itself rather than write through it (as root, `--out
 * /dev/null` would remove /dev/null).
 *
 * @throws InputError (exit 2) naming the path and what is there.
 */
function outputStat(path: string, named: string, module: string): Stats | null {
  let link: Stats | null;
  try {
    link = lstatSync(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return null;
    throw new InputError(module, `${named}: cannot look at it: ${describeFsError(err)}`);
  }
  if (link.isSymbolicLink()) {
    throw new InputError(module, `${named}: expected a path levelramp can replace; it is a symbolic link (the outputs are renamed into place, which would replace the link, not write through it): give the path it points to`);
  }
  const kind = link.isFile() || link.isDirectory() ? null : link.isCharacterDevice() || link.isBlockDevice() ? "a device" : link.isFIFO() ? "a named pipe" : link.isSocket() ? "a socket" : "not a file";
  if (kind) throw new InputError(module, `${named}: expected a file or a folder; it is ${kind} (the outputs are renamed into place, which would remove it)`);
  return link;
}

let serial = 0;

/**
 * A fresh temp name beside `path` (same folder, so a rename swaps it in):
 * `.<name>.levelramp-<kind>-<pid>-<n>`, with `.tmp` for a file; for a name
 * so long that this would pass 255 bytes, the name is shortened in the temp
 * name (never the user's own name): its first bytes, `~` and a hash.
 */
export function tempBeside(path: string, kind: "new" | "old" | "tmp"): string {
  serial += 1;
  return join(dirname(path), `.${tempStem(basename(path))}.levelramp-${kind}-${process.pid}-${serial}${kind === "tmp" ? ".tmp" : ""}`);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Cleans what an earlier run that was killed while writing `path` left beside
 * it (SPEC 2): temp files and folders of runs no longer alive are removed; a
 * set swap cut between its two renames (the old folder put aside, the new one
 * not yet in) is undone, so the old set is back whole; the lock such a swap
 * held ({@link removeStaleLock}) is removed.
 *
 * @returns one sentence per thing cleaned, for the command to print.
 */
export function cleanStaleOutputs(path: string): string[] {
  const folder = dirname(path);
  const pattern = tempPattern(basename(path));
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  const notes: string[] = [];
  if (removeStaleLock(path)) notes.push(`${path}: removed the lock of an earlier run that was stopped while replacing it`);
  for (const name of names.sort()) {
    const m = pattern.exec(name);
    if (!m || alive(Number(m[2]))) continue;
    const stale = join(folder, name);
    if (m[1] === "old" && statOrNull(path) === null) {
      renameSync(stale, path);
      notes.push(`${path}: an earlier run was stopped while replacing it; its previous outputs are back`);
    } else {
      rmSync(stale, { recursive: true, force: true });
      notes.push(`${path}: removed ${name}, left by an earlier run that was stopped while writing`);
    }
  }
  return notes;
}

/** lstat, or null when nothing is there. */
function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return null;
    throw err;
  }
}

/**
 * Checks that the output can be written where it goes, before any work: the
 * nearest existing folder above it is a folder (not a file, not a symbolic
 * link that leads nowhere: the folders below it could never be made) and a
 * file can be created there — when the output's own folder exists, the probe
 * is the very temp name the write will use, so a name too long for the file
 * system is found now, not after the work.
 *
 * @param kind the temp name's kind: `tmp` beside a file, `new` beside a folder.
 * @throws InputError (exit 2) naming the user's path and the reason.
 */
function checkWritableAbove(path: string, check: OutputCheck, kind: "tmp" | "new"): void {
  const named = check.option ? `${check.option} ${path}` : path;
  const home = dirname(resolve(path));
  let at = home;
  for (;;) {
    const link = lstatOrNull(at);
    if (link?.isSymbolicLink() && statOrNull(at) === null) {
      throw new InputError(check.module, `${named}: expected a path through folders that exist or can be made; ${relativeOrAbsolute(at)} is a symbolic link to a path that does not exist`);
    }
    if (link || dirname(at) === at) break;
    at = dirname(at);
  }
  const stat = statOrNull(at);
  if (stat && !stat.isDirectory()) {
    throw new InputError(check.module, `${named}: expected a path in a folder; ${relativeOrAbsolute(at)} is a file, not a folder`);
  }
  const probe = at === home ? tempBeside(resolve(path), kind) : join(at, `.levelramp-probe-${process.pid}-${++serial}`);
  try {
    closeSync(openSync(probe, "wx"));
    unlinkSync(probe);
  } catch (err) {
    throw new InputError(check.module, `${named}: cannot write in ${relativeOrAbsolute(at)}: ${describeFsError(err)}`);
  }
}

/** stat, or null for anything that cannot be looked at. */
function statQuiet(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

/**
 * Refuses an output that is one of the run's inputs (SPEC 2: an output never
 * replaces an input of the same run, even with `--force`: `select --pools
 * p.json --out p.json` would lose the pool): the same path, or the same file
 * reached another way (a link, `./`, another name of the same file).
 *
 * @param path the output file (or one file of an output set).
 * @param check its check; `check.inputs` lists the inputs.
 * @throws InputError (exit 2) naming the output and the input it would replace.
 */
export function checkNotAnInput(path: string, check: OutputCheck): void {
  const named = check.option ? `${check.option} ${path}` : path;
  const out = statQuiet(path);
  const abs = resolve(path);
  for (const input of check.inputs ?? []) {
    if (input.path === undefined) continue;
    const other = out ? statQuiet(input.path) : null;
    const same = resolve(input.path) === abs || (out !== null && other !== null && out.dev === other.dev && out.ino === other.ino);
    if (same) {
      throw new InputError(check.module, `${named}: expected an output other than the run's inputs; it is ${input.what} ${input.path} (levelramp never writes over an input of the same run, even with ${check.forceOption ?? FORCE_WORDS})`);
    }
  }
}

function relativeOrAbsolute(path: string): string {
  const r = relative(process.cwd(), path);
  return r === "" ? "." : r.startsWith("..") ? path : r;
}

/**
 * Checks a file output before any work is done (SPEC 2): not a folder, not
 * an existing file without `force`, inside a folder that can be written (or
 * created). Cleans what a killed earlier run left beside it.
 *
 * @returns sentences on what was cleaned (see {@link cleanStaleOutputs}).
 * @throws InputError (exit 2) naming the path and what was expected.
 */
export function checkOutputFile(path: string, check: OutputCheck): string[] {
  const named = check.option ? `${check.option} ${path}` : path;
  checkName(path, named, check.module);
  if (/[\\/]$/.test(path)) throw new InputError(check.module, `${named}: expected a file name; it ends in "${path.slice(-1)}" (a folder)`);
  const stat = outputStat(path, named, check.module);
  if (stat?.isDirectory()) throw new InputError(check.module, `${named}: expected a file to write; it is a folder`);
  checkNotAnInput(path, check);
  if (stat && !check.force) throw new InputError(check.module, `${path} exists; pass ${check.forceOption ?? FORCE_WORDS} to overwrite it`);
  checkWritableAbove(path, check, "tmp");
  return cleanStaleOutputs(path);
}

/** An output path that is empty, or whose last name is longer than file systems take, refused in words. */
function checkName(path: string, named: string, module: string): void {
  if (path.trim() === "") throw new InputError(module, `${named || "the output path"}: expected a path; it is empty`);
  const name = basename(path);
  if (Buffer.byteLength(name) > NAME_MAX) {
    throw new InputError(module, `${named}: expected a file name of at most ${NAME_MAX} bytes (what file systems take); "${name.slice(0, 20)}…" has ${Buffer.byteLength(name)}`);
  }
}

/**
 * Checks an output folder that a command replaces as a set (SPEC 2, build's
 * five files) before any work: not a file, not the current folder or one
 * above it (the set is swapped in as a folder), none of `names` there
 * without `force`, and its parent can be written. Cleans (or restores) what
 * a killed earlier run left beside it.
 *
 * @returns sentences on what was cleaned or restored.
 * @throws InputError (exit 2) naming the path and what was expected.
 */
export function checkOutputFolder(dir: string, names: readonly string[], check: OutputCheck): string[] {
  const named = check.option ? `${check.option} ${dir}` : dir;
  checkName(dir.replace(/[\\/]+$/, "") || dir, named, check.module);
  outputStat(dir, named, check.module);
  const notes = cleanStaleOutputs(resolve(dir));
  const stat = outputStat(dir, named, check.module);
  if (stat && !stat.isDirectory()) throw new InputError(check.module, `${named}: expected a folder to write into; it is a file`);
  const abs = resolve(dir);
  const cwd = process.cwd();
  if (cwd === abs || cwd.startsWith(abs.endsWith(sep) ? abs : abs + sep)) {
    throw new InputError(check.module, `${named}: expected a folder of its own (the outputs replace it as a whole); it is the current folder or holds it`);
  }
  for (const name of names) checkNotAnInput(join(dir, name), check);
  if (stat && !check.force) {
    for (const name of names) if (statOrNull(join(dir, name))) throw new InputError(check.module, `${join(dir, name)} exists; pass ${check.forceOption ?? FORCE_WORDS} to overwrite it`);
  }
  checkWritableAbove(abs, check, "new");
  return notes;
}
