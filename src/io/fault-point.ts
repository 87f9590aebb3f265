import { mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * A named point where a test can stop the process on purpose (fault
 * injection, SPEC 2 outputs-as-a-set): when the environment variable
 * `LEVELRAMP_TEST_KILL_AT` equals `name` (e.g. `set-rename-2`), the process
 * kills itself with SIGKILL there — no clean-up, no exit handler, as a power
 * cut or `kill -9` would; when `LEVELRAMP_TEST_SIGINT_AT` equals `name`, it
 * sends itself SIGINT there, as a Ctrl-C at that moment would; when
 * `LEVELRAMP_TEST_FILL_HEAP_AT` equals `name`, it fills the thread's heap
 * there until V8 stops the thread, as a command at its heap limit would be
 * stopped ({@link fillHeap}). Unset (always, outside tests), it does nothing. Synchronous: it may stand inside a swap
 * that must not let a signal listener in.
 */
export function faultPoint(name: string): void {
  if (process.env.LEVELRAMP_TEST_KILL_AT === name) process.kill(process.pid, "SIGKILL");
  if (process.env.LEVELRAMP_TEST_SIGINT_AT === name) process.kill(process.pid, "SIGINT");
  if (process.env.LEVELRAMP_TEST_FILL_HEAP_AT === name) fillHeap();
}

/**
 * Allocates until V8 stops the thread at its heap limit (a test of the
 * command thread's end there: run it under bin/levelramp.js, whose command
 * thread V8 stops; on a main thread Node aborts the process).
 */
function fillHeap(): never {
  const held: number[][] = [];
  for (;;) held.push(new Array(1 << 20).fill(held.length));
}

/**
 * A meeting point for racing processes (a test of the race on `--out`), then
 * the {@link faultPoint} of the same name: with `LEVELRAMP_TEST_BARRIER_AT` =
 * `name` and `LEVELRAMP_TEST_BARRIER` = `<folder>:<count>`, each process makes
 * an entry named by its pid in the folder and waits (polling every 2 ms on a
 * timer, at most 60 s) until `count` have, so they all leave the point
 * together — the window a race needs, every time rather than by luck. Unset
 * (always, outside tests), it resolves at once: nothing waits on a timer, so a
 * caller that awaits it stays in one synchronous stretch (no signal listener
 * runs in between).
 */
export async function meetingPoint(name: string): Promise<void> {
  const m = process.env.LEVELRAMP_TEST_BARRIER_AT === name ? /^(.*):(\d+)$/.exec(process.env.LEVELRAMP_TEST_BARRIER ?? "") : null;
  if (m) {
    const [, folder, count] = m;
    mkdirSync(join(folder, String(process.pid)));
    for (const end = Date.now() + 60_000; Date.now() < end && readdirSync(folder).length < Number(count); ) await sleep(2);
  }
  faultPoint(name);
}

/** A disk fault {@link writeFault} plays: the error a system call raises. */
export interface DiskFault {
  code: "ENOSPC" | "EDQUOT" | "EIO";
  syscall: "write" | "fsync";
}

let bytesWritten = 0;

/**
 * Fault injection for the durable writes (SPEC 2: a full disk never costs a
 * good file), set by the environment variable `LEVELRAMP_TEST_WRITE_FAULT`
 * (unset outside tests: every write goes through as asked):
 *
 * - `short:N` — every write call writes at most N bytes, as a write to a
 *   nearly full disk or a pipe may (the byte count `writeSync` returns);
 * - `enospc:N`, `edquot:N`, `eio:N` — the write that would take the
 *   output's bytes (one file, or all files of a set: counted from
 *   {@link startOutputWrite}) past N writes up to N, and the next write call
 *   fails with ENOSPC (no space left), EDQUOT (quota) or EIO;
 * - `eio:fsync` (or `enospc:fsync`...) — the first fsync fails so.
 *
 * @param want bytes the caller is about to write in one call.
 * @returns how many bytes this call may write (0: it must fail with `fault`).
 */
export function writeFault(want: number): { allow: number; fault?: DiskFault } {
  const spec = process.env.LEVELRAMP_TEST_WRITE_FAULT;
  if (!spec) return { allow: want };
  const m = /^(short|enospc|edquot|eio):(\d+|fsync)$/i.exec(spec);
  if (!m) return { allow: want };
  const kind = m[1].toLowerCase();
  if (kind === "short") return { allow: Math.max(1, Math.min(want, Number(m[2]) || 1)) };
  if (m[2].toLowerCase() === "fsync") return { allow: want };
  const room = Number(m[2]) - bytesWritten;
  const code = kind.toUpperCase() as DiskFault["code"];
  if (room <= 0) return { allow: 0, fault: { code, syscall: "write" } };
  return { allow: Math.min(want, room) };
}

/** Starts counting an output's bytes again (a file, or a set of files) for `LEVELRAMP_TEST_WRITE_FAULT=enospc:N`. */
export function startOutputWrite(): void {
  bytesWritten = 0;
}

/** Counts bytes a durable write wrote (for `LEVELRAMP_TEST_WRITE_FAULT=enospc:N`). */
export function countWritten(bytes: number): void {
  bytesWritten += bytes;
}

/** The fault the next fsync meets under `LEVELRAMP_TEST_WRITE_FAULT=<code>:fsync`, or null. */
export function fsyncFault(): DiskFault | null {
  const m = /^(enospc|edquot|eio):fsync$/i.exec(process.env.LEVELRAMP_TEST_WRITE_FAULT ?? "");
  return m ? { code: m[1].toUpperCase() as DiskFault["code"], syscall: "fsync" } : null;
}
