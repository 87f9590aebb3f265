import { linkSync, readlinkSync, renameSync, symlinkSync, unlinkSync } from "node:fs";
import { hostname } from "node:os";
import { basename, dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { tellLeftover } from "./interrupt/command-thread.ts";
import { describeFsError, InputError } from "./errors.ts";

let serial = 0;

/** How long a writer waits for another one's swap (a swap holds the lock for milliseconds). */
const WAIT_MS = 30_000;

/** The lock beside an output folder: `.<name>.levelramp-lock`, a symbolic link whose target names the holder: `<host>:<pid>`. */
export function lockPath(target: string): string {
  return join(dirname(target), `.${basename(target)}.levelramp-lock`);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** This process as a lock names it: `<host>:<pid>` (a folder shared over the network may be written from several hosts). */
const me = () => `${hostname()}:${process.pid}`;

/** Who holds a lock (`<host>:<pid>`), or null when there is no lock. */
function holder(lock: string): string | null {
  try {
    return readlinkSync(lock);
  } catch {
    return null;
  }
}

/** Whether a lock's holder may still be at work: a process of this host that is alive, or any process of another host (which cannot be asked). */
function holderAlive(who: string): boolean {
  const m = /^(.*):(\d+)$/.exec(who);
  if (!m || m[1] !== hostname()) return m !== null;
  return alive(Number(m[2]));
}

/**
 * Removes the lock beside `target` when the process it names is gone (killed
 * inside its swap: SIGKILL, a power cut) — a process of this host; a lock of
 * another host is left (its process cannot be asked), and a writer that
 * meets it waits, then names it. The lock is first renamed to a name
 * of this process, so of two processes that find the same stale lock only one
 * removes it; if what was renamed turns out to be a live process's fresh
 * lock, it is linked back (unless a third process took the name meanwhile).
 *
 * @returns whether a stale lock was removed.
 */
export function removeStaleLock(target: string): boolean {
  const lock = lockPath(target);
  const who = holder(lock);
  if (who === null || holderAlive(who)) return false;
  const aside = `${lock}-${process.pid}-${++serial}`;
  try {
    renameSync(lock, aside);
  } catch {
    return false; // another process moved it first
  }
  const moved = holder(aside);
  const live = moved !== null && moved !== who && holderAlive(moved);
  if (live) {
    try {
      linkSync(aside, lock); // a link to the link itself (link(2) does not follow it): the live lock back
    } catch {
      // a third process holds the name now
    }
  }
  unlinkSync(aside);
  return !live;
}

/**
 * Runs `swap` while holding the lock beside `target` (SPEC 2: outputs as a
 * set; two runs racing on one `--out`): writers of the same output
 * folder swap one at a time, so a run that must not replace a set (no
 * `--force`) sees the set another run swapped in a moment before and is
 * refused, instead of both saying they wrote it. The lock is a symbolic link
 * made with `symlink(2)`, which fails when the name exists: taking it is one
 * atomic step. A lock left by a killed process is removed
 * ({@link removeStaleLock}); a live holder is waited for (a swap takes
 * milliseconds), at most 30 s, polling every 2 ms on a timer (the process
 * goes on meanwhile: a Ctrl-C while waiting runs its clean-ups and exits,
 * before anything was swapped). On a file system that has no symbolic links
 * (FAT, some network shares) the swap runs without the lock: two runs racing
 * there can still both write (the one that swaps last wins).
 *
 * Taking the lock, `swap` and releasing the lock are one synchronous stretch
 * (`swap` must be synchronous: a promise it returned would outlive the lock):
 * no signal listener runs while the lock is held, so a Ctrl-C never leaves a swap half done or a lock behind; only
 * the waiting for another holder is asynchronous.
 *
 * @param swap the synchronous swap; its result is the promise's.
 * @throws InputError (exit 2) when another live process holds the lock for 30 s, or the lock cannot be made.
 */
export async function withOutputLock<T>(target: string, module: string, swap: () => T): Promise<T> {
  const lock = lockPath(target);
  const end = Date.now() + WAIT_MS;
  for (;;) {
    try {
      symlinkSync(me(), lock);
      break;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      // A file system without symbolic links (FAT, some network shares): the swap runs unlocked, as before locks.
      if (code === "EPERM" || code === "ENOTSUP" || code === "EOPNOTSUPP" || code === "ENOSYS") return swap();
      if (code !== "EEXIST") throw new InputError(module, `${target}: cannot take the output's lock ${lock}: ${describeFsError(err)}`);
    }
    if (removeStaleLock(target)) continue;
    if (Date.now() > end) {
      throw new InputError(module, `${target}: another levelramp (${holder(lock) ?? "?"}, host:pid) has been writing it for ${WAIT_MS / 1000} s; if no levelramp is running, remove ${lock}`);
    }
    await sleep(2);
  }
  // From the symlink above to the unlink below: no await (see above).
  const untell = tellLeftover({ unlock: lock });
  try {
    return swap();
  } finally {
    try {
      unlinkSync(lock);
    } catch {
      // already gone: nothing to release
    }
    untell();
  }
}
