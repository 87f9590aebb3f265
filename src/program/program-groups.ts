import { getEnvironmentData, isMainThread, setEnvironmentData } from "node:worker_threads";
import { onInterrupt } from "../io/on-interrupt.ts";

/** Key of the table in every thread's environment data (program-host.js reads the same key). */
const GROUPS_KEY = "levelramp/program-groups";

/** Slots of the table: more than the most worker threads (64), each with its own program, plus the main thread's and `game check`'s. */
const SLOTS = 256;

let sweepInstalled = false;

/**
 * The process-wide table of running program groups (SPEC 10: never an
 * orphan): an Int32Array over shared memory, one process-group id per slot
 * (0 = free), which every program host thread fills when it starts a
 * program and clears when the program is gone. The main thread makes it and
 * hands it to every worker thread started after it (`setEnvironmentData`), so
 * the main thread can end every program — including those of the pipeline's
 * worker threads — at exit, on Ctrl-C, SIGTERM or SIGHUP.
 *
 * In the main thread the first call also installs that sweep
 * ({@link sweepProgramGroups} on `exit` and through `onInterrupt`).
 */
export function programGroups(): Int32Array {
  let table = getEnvironmentData(GROUPS_KEY) as Int32Array | undefined;
  if (!table) {
    table = new Int32Array(new SharedArrayBuffer(SLOTS * Int32Array.BYTES_PER_ELEMENT));
    setEnvironmentData(GROUPS_KEY, table as unknown as SharedArrayBuffer);
  }
  if (isMainThread && !sweepInstalled) {
    sweepInstalled = true;
    process.on("exit", sweepProgramGroups);
    onInterrupt(sweepProgramGroups);
  }
  return table;
}

/**
 * Ends every program group in the table with SIGKILL (the programs and every
 * process they started), synchronously; groups already gone are skipped.
 */
export function sweepProgramGroups(): void {
  const table = getEnvironmentData(GROUPS_KEY) as Int32Array | undefined;
  if (!table) return;
  for (let i = 0; i < table.length; i++) {
    const pid = Atomics.exchange(table, i, 0);
    if (pid > 0) killGroup(pid);
  }
}

/** Sends SIGKILL to process group `pid`; a group that is gone already is no error. */
export function killGroup(pid: number): void {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // gone already (ESRCH)
  }
}
