import { closeSync, cpSync, fsyncSync, linkSync, lstatSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync, writeSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describeFsError, InputError, isFsError } from "./errors.ts";
import { faultPoint } from "./fault-point.ts";
import { onInterrupt } from "./on-interrupt.ts";
import { tempBeside } from "./output-paths.ts";

/** One file of an output set: its name in the folder and its contents. */
export interface SetFile {
  name: string;
  data: string | Uint8Array;
}

/** Writes `data` to a new file and flushes it to disk. */
export function writeDurable(path: string, data: string | Uint8Array): void {
  const fd = openSync(path, "wx");
  try {
    writeSync(fd, typeof data === "string" ? Buffer.from(data, "utf8") : data);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Flushes a folder's entries (new names, renames) to disk; a no-op where folders cannot be opened (Windows). */
export function syncFolder(path: string): void {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch {
    return;
  }
  try {
    fsyncSync(fd);
  } catch {
    // some file systems refuse fsync on folders; the renames are still atomic
  } finally {
    closeSync(fd);
  }
}

/**
 * Replaces the files of one run as a set (SPEC 2: "the files of one run are
 * replaced as a set: never a mix of two runs"). The files are written and
 * flushed into a sibling temp folder `.<dir>.levelramp-new-<pid>-<n>`; entries
 * of `dir` that are not part of the set are carried over (hard links, or
 * copies); then the old folder is renamed aside and the new one renamed in,
 * and the old one removed. A reader sees the old set or the new one, never
 * a mix: killed while writing, the old folder is untouched (the temp folder
 * is cleaned by the next run); killed between the two renames, the next run
 * puts the old folder back ({@link cleanStaleOutputs}). The swap is one
 * synchronous step, so Ctrl-C during it is handled after it: the set is
 * finished, then the process exits 130; Ctrl-C while the files are being
 * written removes the temp folder.
 *
 * Test fault points ({@link faultPoint}): `set-file-<k>` before the k-th
 * file, `set-rename-1` before the old folder is renamed aside, `set-rename-2`
 * before the new one is renamed in, `set-cleanup` before the old one is removed.
 *
 * @param dir the output folder (created with its parents when missing).
 * @param files the set, by name (plain names, no folders).
 * @param module named in errors.
 * @throws InputError (exit 2) for a file-system error, naming the path and the reason; nothing of the new set is left.
 */
export function writeFileSet(dir: string, files: readonly SetFile[], module: string): void {
  const target = resolve(dir);
  mkdirSync(dirname(target), { recursive: true });
  const fresh = tempBeside(target, "new");
  const undo = onInterrupt(() => rmSync(fresh, { recursive: true, force: true }));
  try {
    mkdirSync(fresh);
    files.forEach((f, k) => {
      faultPoint(`set-file-${k + 1}`);
      writeDurable(join(fresh, f.name), f.data);
    });
    const exists = statOrNull(target);
    if (exists) carryOver(target, fresh, new Set(files.map((f) => f.name)));
    syncFolder(fresh);
    // The swap: synchronous from here to the end, so no signal listener runs inside it.
    if (exists) {
      const aside = tempBeside(target, "old");
      faultPoint("set-rename-1");
      renameSync(target, aside);
      faultPoint("set-rename-2");
      renameSync(fresh, target);
      syncFolder(dirname(target));
      faultPoint("set-cleanup");
      rmSync(aside, { recursive: true, force: true });
    } else {
      faultPoint("set-rename-2");
      renameSync(fresh, target);
      syncFolder(dirname(target));
    }
  } catch (err) {
    rmSync(fresh, { recursive: true, force: true });
    if (isFsError(err)) throw new InputError(module, `${err.path ?? dir}: cannot ${err.syscall} while writing the outputs: ${describeFsError(err)}; the earlier outputs are unchanged`);
    throw err;
  } finally {
    undo();
  }
}

function statOrNull(path: string) {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

/** Entries of `from` not in `skip` go into `to` too: hard links where possible, copies otherwise. */
function carryOver(from: string, to: string, skip: ReadonlySet<string>): void {
  for (const name of readdirSync(from)) {
    if (skip.has(name)) continue;
    const src = join(from, name);
    const dst = join(to, name);
    if (lstatSync(src).isFile()) {
      try {
        linkSync(src, dst);
        continue;
      } catch {
        // another device or no hard links: copy
      }
    }
    cpSync(src, dst, { recursive: true, verbatimSymlinks: true });
  }
}
