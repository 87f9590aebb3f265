import { closeSync, copyFileSync, fstatSync, fsyncSync, linkSync, lstatSync, mkdirSync, openSync, readdirSync, readlinkSync, renameSync, rmSync, statSync, symlinkSync, writeSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describeFsError, InputError, isFsError } from "./errors.ts";
import { countWritten, faultPoint, fsyncFault, meetingPoint, startOutputWrite, writeFault, type DiskFault } from "./fault-point.ts";
import { onInterrupt } from "./interrupt/on-interrupt.ts";
import { withOutputLock } from "./output-lock.ts";
import { FORCE_WORDS, tempBeside } from "./output-paths.ts";

/** One file of an output set: its name in the folder and its contents. */
export interface SetFile {
  name: string;
  data: string | Uint8Array;
}

/** A file-system error as Node raises it (code, syscall, path), for a fault the write itself finds. */
function diskError(fault: DiskFault, path: string, detail: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${fault.code}: ${detail}, ${fault.syscall} '${path}'`), { code: fault.code, syscall: fault.syscall, path });
}

/**
 * Writes `data` to a new file and flushes it to disk (SPEC 2: a full disk
 * never costs a good file). Every byte is written: `writeSync` may write
 * fewer bytes than asked (a nearly full disk, a quota), so the loop goes on
 * from the byte count it returns until all are written, and a write that
 * makes no progress is an error; ENOSPC, EDQUOT and EIO from `write` or
 * `fsync` end the write with that error. After the fsync the file's size is
 * checked against the data's: a short file is never taken for a whole one.
 * Fault injection: {@link writeFault} (`LEVELRAMP_TEST_WRITE_FAULT`).
 *
 * @param path a file that must not exist yet (opened with `wx`).
 * @throws the file-system error (code, syscall, path): the caller removes the partial file and names its own path.
 */
export function writeDurable(path: string, data: string | Uint8Array): void {
  const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : data;
  const fd = openSync(path, "wx");
  try {
    let at = 0;
    while (at < bytes.length) {
      const { allow, fault } = writeFault(bytes.length - at);
      if (fault) throw diskError(fault, path, "injected fault");
      const n = writeSync(fd, bytes, at, allow);
      if (!(n > 0)) throw diskError({ code: "EIO", syscall: "write" }, path, `the write made no progress at byte ${at} of ${bytes.length}`);
      countWritten(n);
      at += n;
    }
    const fault = fsyncFault();
    if (fault) throw diskError(fault, path, "injected fault");
    fsyncSync(fd);
    const size = fstatSync(fd).size;
    if (size !== bytes.length) throw diskError({ code: "EIO", syscall: "write" }, path, `the file holds ${size} of its ${bytes.length} bytes after the write`);
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
 * puts the old folder back ({@link cleanStaleOutputs}). Writing the files,
 * taking the output's lock, the swap and releasing the lock are one
 * synchronous stretch, so Ctrl-C during it is handled after it: the set is
 * finished, then the process exits 130. The promise waits on a timer only
 * while another writer holds the lock (and at a test's meeting point,
 * {@link meetingPoint}); Ctrl-C during that wait removes the temp folder and
 * exits 130 with the earlier set untouched — the old set or the new one,
 * never a mix.
 *
 * Test fault points ({@link faultPoint}): `set-file-<k>` before the k-th
 * file, `set-rename-1` before the old folder is renamed aside, `set-rename-2`
 * before the new one is renamed in, `set-cleanup` before the old one is removed.
 *
 * The swap — carrying the folder's other entries over, the renames — runs
 * under the output's lock ({@link withOutputLock}): writers of one folder
 * swap one at a time. With `options.force: false` (a run without `--force`)
 * the set's names are looked for again under the lock, and one that is there
 * now (another run's set, swapped in since the check before the work)
 * refuses the write: of several runs started together on a folder without
 * the set, exactly one writes it, and the others exit 2 "exists".
 *
 * @param dir the output folder (created with its parents when missing).
 * @param files the set, by name (plain names, no folders).
 * @param module named in errors.
 * @param options.forceOption how the caller asks to overwrite, named in errors (default `force: true`; the CLI's `--force`).
 * @param options.force replace a set that is there (default true: the caller checked the folder); false: refuse at the swap when any of the set's names is there.
 * @returns a promise that resolves once the set is in place (and flushed to disk).
 * @throws InputError (exit 2, a rejected promise) for a file-system error, naming the path and the reason, or (without `force`) a file of the set that exists; nothing of the new set is left.
 */
export async function writeFileSet(dir: string, files: readonly SetFile[], module: string, options: { force?: boolean; forceOption?: string } = {}): Promise<void> {
  const target = resolve(dir);
  startOutputWrite();
  mkdirSync(dirname(target), { recursive: true });
  const fresh = tempBeside(target, "new");
  const aside = tempBeside(target, "old");
  const undo = onInterrupt(() => rmSync(fresh, { recursive: true, force: true }), { remove: fresh, finish: target, aside });
  // The output the failing step stands for: a message names the user's path, never a temp name.
  let doing = dir;
  try {
    mkdirSync(fresh);
    files.forEach((f, k) => {
      faultPoint(`set-file-${k + 1}`);
      doing = join(dir, f.name);
      writeDurable(join(fresh, f.name), f.data);
    });
    doing = dir;
    await meetingPoint("set-claim");
    // The swap, one writer at a time: synchronous once the lock is taken (withOutputLock), so no signal listener runs inside it.
    await withOutputLock(target, module, () => swapIn(dir, target, fresh, aside, files, options.force ?? true, module, options.forceOption));
  } catch (err) {
    rmSync(fresh, { recursive: true, force: true });
    if (isFsError(err)) throw new InputError(module, `${doing}: cannot ${err.syscall} while writing the outputs: ${describeFsError(err)}; nothing was replaced (the earlier outputs in ${dir}, if any, are unchanged)`);
    throw err;
  } finally {
    undo();
  }
}

/**
 * The swap of {@link writeFileSet}, under the output's lock: without `force`,
 * a file of the set already there refuses it; the folder's other entries are
 * carried over; then the old folder goes aside and the new one comes in.
 */
function swapIn(dir: string, target: string, fresh: string, aside: string, files: readonly SetFile[], force: boolean, module: string, forceOption = FORCE_WORDS): void {
  const exists = statOrNull(target);
  if (exists && !force) {
    const there = files.find((f) => lstatOrNull(join(target, f.name)) !== null);
    if (there) throw new InputError(module, `${join(dir, there.name)} exists; pass ${forceOption} to overwrite it (another run wrote it while this one worked)`);
  }
  if (exists) carryOver(target, fresh, new Set(files.map((f) => f.name)));
  syncFolder(fresh);
  if (exists) {
    faultPoint("set-rename-1");
    renameSync(target, aside);
    faultPoint("set-rename-2");
    try {
      renameSync(fresh, target);
    } catch (err) {
      renameSync(aside, target); // the old set back in place before the error is told
      throw err;
    }
    syncFolder(dirname(target));
    faultPoint("set-cleanup");
    removeQuietly(aside); // left behind, the next run removes it (cleanStaleOutputs)
  } else {
    faultPoint("set-rename-2");
    renameSync(fresh, target);
    syncFolder(dirname(target));
  }
}

function lstatOrNull(path: string) {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}

function statOrNull(path: string) {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

function removeQuietly(path: string): void {
  try {
    rmSync(path, { recursive: true, force: true });
  } catch {
    // the set is in place; what is left of the old one is cleaned by the next run
  }
}

/**
 * Entries of `from` not in `skip` go into `to` too, folders recreated entry
 * by entry: hard links for everything that is not a folder (files, links,
 * named pipes, sockets: nothing is read or copied), copies of files and links
 * where hard links fail.
 */
function carryOver(from: string, to: string, skip?: ReadonlySet<string>): void {
  for (const name of readdirSync(from)) {
    if (skip?.has(name)) continue;
    const src = join(from, name);
    const dst = join(to, name);
    const stat = lstatSync(src);
    if (stat.isDirectory()) {
      mkdirSync(dst, { mode: stat.mode & 0o7777 });
      carryOver(src, dst);
      continue;
    }
    try {
      linkSync(src, dst);
    } catch (err) {
      // another device or no hard links: copy a file or a link; anything else cannot be carried
      if (stat.isSymbolicLink()) symlinkSync(readlinkSync(src), dst);
      else if (stat.isFile()) copyFileSync(src, dst);
      else throw err;
    }
  }
}
