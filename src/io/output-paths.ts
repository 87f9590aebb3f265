import { closeSync, lstatSync, openSync, readdirSync, renameSync, rmSync, statSync, unlinkSync, type Stats } from "node:fs";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { describeFsError, InputError } from "./errors.ts";

/** How a command's output path is checked before any work (SPEC 2). */
export interface OutputCheck {
  /** Overwrite what is there (`--force`). */
  force?: boolean;
  /** The module named in errors, e.g. `cli/select`. */
  module: string;
  /** The option that named the path, e.g. `--out` (named in errors). */
  option?: string;
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

/** The temp names levelramp writes beside an output `base`: `.base.levelramp-<kind>-<pid>-<n>[.tmp]`. */
function tempPattern(base: string): RegExp {
  return new RegExp(`^\\.${base.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\.levelramp-(new|old|tmp)-(\\d+)-\\d+(?:\\.tmp)?$`);
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
 * `.<name>.levelramp-<kind>-<pid>-<n>`, with `.tmp` for a file.
 */
export function tempBeside(path: string, kind: "new" | "old" | "tmp"): string {
  serial += 1;
  return join(dirname(path), `.${basename(path)}.levelramp-${kind}-${process.pid}-${serial}${kind === "tmp" ? ".tmp" : ""}`);
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
 * not yet in) is undone, so the old set is back whole.
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

/**
 * Checks that new files can be created in the folder that will hold `path`:
 * the nearest existing folder above it is a folder (not a file) and a probe
 * file can be created and removed there.
 *
 * @throws InputError (exit 2) naming the path and the reason.
 */
function checkWritableAbove(path: string, check: OutputCheck): void {
  let at = dirname(resolve(path));
  let stat = statOrNull(at);
  while (stat === null && dirname(at) !== at) {
    at = dirname(at);
    stat = statOrNull(at);
  }
  const named = check.option ? `${check.option} ${path}` : path;
  if (stat && !stat.isDirectory()) {
    throw new InputError(check.module, `${named}: expected a path in a folder; ${relativeOrAbsolute(at)} is a file, not a folder`);
  }
  const probe = join(at, `.levelramp-probe-${process.pid}-${++serial}`);
  try {
    closeSync(openSync(probe, "wx"));
    unlinkSync(probe);
  } catch (err) {
    throw new InputError(check.module, `${named}: cannot write in ${relativeOrAbsolute(at)}: ${describeFsError(err)}`);
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
  const stat = outputStat(path, named, check.module);
  if (stat?.isDirectory()) throw new InputError(check.module, `${named}: expected a file to write; it is a folder`);
  if (stat && !check.force) throw new InputError(check.module, `${path} exists; pass --force to overwrite it`);
  checkWritableAbove(path, check);
  return cleanStaleOutputs(path);
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
  outputStat(dir, named, check.module);
  const notes = cleanStaleOutputs(resolve(dir));
  const stat = outputStat(dir, named, check.module);
  if (stat && !stat.isDirectory()) throw new InputError(check.module, `${named}: expected a folder to write into; it is a file`);
  const abs = resolve(dir);
  const cwd = process.cwd();
  if (cwd === abs || cwd.startsWith(abs.endsWith(sep) ? abs : abs + sep)) {
    throw new InputError(check.module, `${named}: expected a folder of its own (the outputs replace it as a whole); it is the current folder or holds it`);
  }
  if (stat && !check.force) {
    for (const name of names) if (statOrNull(join(dir, name))) throw new InputError(check.module, `${join(dir, name)} exists; pass --force to overwrite it`);
  }
  checkWritableAbove(abs, check);
  return notes;
}
