import { closeSync, existsSync, linkSync, mkdirSync, openSync, renameSync, rmSync, unlinkSync } from "node:fs";
import { dirname } from "node:path";
import { describeFsError, InputError, isFsError } from "./errors.ts";
import { meetingPoint, startOutputWrite } from "./fault-point.ts";
import { onInterrupt } from "./interrupt/on-interrupt.ts";
import { checkOutputFile, FORCE_WORDS, tempBeside } from "./output-paths.ts";
import { syncFolder, writeDurable } from "./write-file-set.ts";

/**
 * Writes `data` to `path` atomically (SPEC 2): a temp file beside the target
 * (`.<name>.levelramp-tmp-<pid>-<n>.tmp`), every byte written
 * ({@link writeDurable}: partial writes continued, ENOSPC/EDQUOT/EIO an
 * error), fsync, size checked, then rename: a full disk leaves the earlier
 * file whole and the temp file removed. A crash or
 * Ctrl-C leaves either the old file or the new one, never half of either; a
 * temp file is removed on Ctrl-C, and one left by a killed run is removed by
 * the next run that writes the same path. Synchronous from the first byte to
 * the rename (no signal listener runs in between) unless a test's meeting
 * point ({@link meetingPoint}) waits before the claim.
 *
 * @param path target file; its folder is created when missing.
 * @param data file contents (UTF-8 text or bytes).
 * @param options.force overwrite an existing file (default false: the name
 *   is claimed atomically, so a file another run wrote meanwhile is refused).
 * @param options.module the module named in errors (default `io/atomic-write`).
 * @param options.forceOption how the caller asks to overwrite, named in errors (default `force: true`; the CLI's `--force`).
 * @returns a promise that resolves once the file is in place (and flushed to disk).
 * @throws InputError (exit 2, a rejected promise) when `path` exists and `force` is not set, is a
 *   folder, lies under a file or in a folder that cannot be written, or the
 *   file system fails (the path and the reason in words).
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array, options: { force?: boolean; module?: string; forceOption?: string } = {}): Promise<void> {
  const module = options.module ?? "io/atomic-write";
  const forceOption = options.forceOption ?? FORCE_WORDS;
  checkOutputFile(path, { force: options.force, module, forceOption });
  const existed = existsSync(path);
  startOutputWrite();
  const tmp = tempBeside(path, "tmp");
  const undo = onInterrupt(() => rmSync(tmp, { force: true }), { remove: tmp });
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeDurable(tmp, data);
    await meetingPoint("file-claim");
    if (options.force) renameSync(tmp, path);
    else claimName(tmp, path, module, forceOption);
    syncFolder(dirname(path));
  } catch (err) {
    rmSync(tmp, { force: true });
    if (isFsError(err)) throw new InputError(module, `${path}: cannot ${err.syscall}: ${describeFsError(err)}; ${existed ? "the earlier file is unchanged" : "nothing was written"}`);
    throw err;
  } finally {
    undo();
  }
}

/**
 * Puts the written temp file at `path` only if nothing is there (a run
 * without `--force`; several runs started together on one absent `--out`
 * must not all say they wrote it): `link(2)` fails when the name exists, so
 * claiming the name and filling it are one atomic step, and exactly one of
 * the racing runs wins. Where a file system has no hard links, the name is
 * claimed by creating it exclusively (`O_EXCL`) and the temp file renamed
 * over the claim (a reader may see it empty for that moment).
 *
 * @throws InputError (exit 2) `<path> exists; pass <forceOption> to overwrite it` when another run took the name.
 */
function claimName(tmp: string, path: string, module: string, forceOption: string): void {
  const taken = () => new InputError(module, `${path} exists; pass ${forceOption} to overwrite it (another run wrote it while this one worked)`);
  try {
    linkSync(tmp, path);
    unlinkSync(tmp);
    return;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "EEXIST") throw taken();
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EOPNOTSUPP" && code !== "ENOSYS" && code !== "EMLINK") throw err;
  }
  try {
    closeSync(openSync(path, "wx"));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") throw taken();
    throw err;
  }
  try {
    renameSync(tmp, path);
  } catch (err) {
    rmSync(path, { force: true }); // the empty claim is this run's: nothing of it is left
    throw err;
  }
}
