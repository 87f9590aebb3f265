import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { describeFsError, InputError, isFsError } from "./errors.ts";
import { startOutputWrite } from "./fault-point.ts";
import { onInterrupt } from "./on-interrupt.ts";
import { checkOutputFile, tempBeside } from "./output-paths.ts";
import { syncFolder, writeDurable } from "./write-file-set.ts";

/**
 * Writes `data` to `path` atomically (SPEC 2): a temp file beside the target
 * (`.<name>.levelramp-tmp-<pid>-<n>.tmp`), every byte written
 * ({@link writeDurable}: partial writes continued, ENOSPC/EDQUOT/EIO an
 * error), fsync, size checked, then rename: a full disk leaves the earlier
 * file whole and the temp file removed. A crash or
 * Ctrl-C leaves either the old file or the new one, never half of either; a
 * temp file is removed on Ctrl-C, and one left by a killed run is removed by
 * the next run that writes the same path.
 *
 * @param path target file; its folder is created when missing.
 * @param data file contents (UTF-8 text or bytes).
 * @param options.force overwrite an existing file (default false).
 * @param options.module the module named in errors (default `io/atomic-write`).
 * @throws InputError (exit 2) when `path` exists and `force` is not set, is a
 *   folder, lies under a file or in a folder that cannot be written, or the
 *   file system fails (the path and the reason in words).
 */
export function writeFileAtomic(path: string, data: string | Uint8Array, options: { force?: boolean; module?: string } = {}): void {
  const module = options.module ?? "io/atomic-write";
  checkOutputFile(path, { force: options.force, module });
  const existed = existsSync(path);
  startOutputWrite();
  const tmp = tempBeside(path, "tmp");
  const undo = onInterrupt(() => rmSync(tmp, { force: true }));
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeDurable(tmp, data);
    renameSync(tmp, path);
    syncFolder(dirname(path));
  } catch (err) {
    rmSync(tmp, { force: true });
    if (isFsError(err)) throw new InputError(module, `${path}: cannot ${err.syscall}: ${describeFsError(err)}; ${existed ? "the earlier file is unchanged" : "nothing was written"}`);
    throw err;
  } finally {
    undo();
  }
}
