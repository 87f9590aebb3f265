import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { InputError } from "./errors.ts";

const pending = new Set<string>();
let hooked = false;

function removePending(): void {
  for (const tmp of pending) rmSync(tmp, { force: true });
  pending.clear();
}

function hookSignals(): void {
  if (hooked) return;
  hooked = true;
  process.on("exit", removePending);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      removePending();
      process.exit(130);
    });
  }
}

/**
 * Writes `data` to `path` atomically (SPEC 2): a temp file beside the target,
 * fsync, then rename. A crash or Ctrl-C leaves either the old file or the new
 * one, never half of either; a temp file still pending at exit is removed.
 *
 * @param path target file; its folder is created when missing.
 * @param data file contents (UTF-8 text or bytes).
 * @param options.force overwrite an existing file (default false).
 * @throws InputError (exit 2) when `path` exists and `force` is not set.
 */
export function writeFileAtomic(path: string, data: string | Uint8Array, options: { force?: boolean } = {}): void {
  if (!options.force && existsSync(path)) {
    throw new InputError("io/atomic-write", `${path} exists; pass --force to overwrite it`);
  }
  hookSignals();
  mkdirSync(dirname(path), { recursive: true });
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${Math.floor(performance.now() * 1000)}.tmp`);
  pending.add(tmp);
  try {
    const fd = openSync(tmp, "w");
    try {
      writeSync(fd, typeof data === "string" ? Buffer.from(data, "utf8") : data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path);
  } finally {
    rmSync(tmp, { force: true });
    pending.delete(tmp);
  }
}
