import { getEnvironmentData, setEnvironmentData } from "node:worker_threads";
import { isCommandThread } from "../io/interrupt/command-thread.ts";
import { onInterrupt } from "../io/interrupt/on-interrupt.ts";
import { endProcessTree, processMarkerPrefix } from "./process-tree.ts";

/** Key of the table in every thread's environment data. */
const GROUPS_KEY = "levelramp/program-groups";

/** Slots of the table: more than the most worker threads (64), each with its own program, plus the main thread's and `game check`'s. */
const SLOTS = 256;

let sweepInstalled = false;

/**
 * The process-wide table of running program groups (SPEC 10: never an
 * orphan): an Int32Array over shared memory, one process-group id per slot
 * (0 = free), which every thread fills when it starts a program and clears
 * when the program is gone. The command's thread (the main thread, or the
 * launcher's command thread: {@link isCommandThread}) makes it and hands it
 * to every worker thread started after it (`setEnvironmentData`), so it can
 * end every program — including those of the pipeline's worker threads — at
 * exit, on Ctrl-C, SIGTERM or SIGHUP; the launcher ends them if the command
 * thread is stopped at its heap limit.
 *
 * In the command's thread the first call also installs that sweep
 * ({@link sweepProgramGroups} on `exit` and through `onInterrupt`).
 */
export function programGroups(): Int32Array {
  let table = getEnvironmentData(GROUPS_KEY) as Int32Array | undefined;
  if (!table) {
    table = new Int32Array(new SharedArrayBuffer(SLOTS * Int32Array.BYTES_PER_ELEMENT));
    setEnvironmentData(GROUPS_KEY, table as unknown as SharedArrayBuffer);
  }
  if (isCommandThread() && !sweepInstalled) {
    sweepInstalled = true;
    process.on("exit", sweepProgramGroups);
    onInterrupt(sweepProgramGroups, { programs: table });
  }
  return table;
}

/** Notes a running program's group in the table (a full table is not an error: the marker sweep still finds it on Linux). */
export function rememberProgramGroup(pid: number): void {
  const table = programGroups();
  for (let i = 0; i < table.length; i++) if (Atomics.compareExchange(table, i, 0, pid) === 0) return;
}

/** Takes an ended program's group out of the table. */
export function forgetProgramGroup(pid: number): void {
  const table = getEnvironmentData(GROUPS_KEY) as Int32Array | undefined;
  if (!table || pid <= 0) return;
  for (let i = 0; i < table.length; i++) if (Atomics.compareExchange(table, i, pid, 0) === pid) return;
}

/**
 * Ends every program of this levelramp process and everything they started,
 * with SIGKILL, synchronously: each group in the table, then (on Linux) every
 * process carrying one of this process's program markers
 * ({@link endProcessTree}).
 */
export function sweepProgramGroups(): void {
  const table = getEnvironmentData(GROUPS_KEY) as Int32Array | undefined;
  if (table) {
    for (let i = 0; i < table.length; i++) {
      const pid = Atomics.exchange(table, i, 0);
      if (pid > 0) endProcessTree(pid, "");
    }
  }
  endProcessTree(0, processMarkerPrefix());
}
