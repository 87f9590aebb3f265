import { isMainThread, parentPort, workerData } from "node:worker_threads";

/**
 * What the command thread may leave behind if V8 stops it at its heap limit,
 * for the launcher to undo (newest first):
 * - `remove`: a temp file or folder to remove; for a set, also `finish`
 *   (the output folder) and `aside` (where its swap puts the old set): a swap
 *   cut between its renames — `aside` there, `finish` missing — is finished
 *   (the new set, written whole before the swap, is renamed in, as Ctrl-C
 *   there finishes it), then `aside` is removed once `finish` is in place;
 * - `unlock`: the output's lock (a symbolic link) this process holds, removed
 *   after everything else (until then no other writer swaps that output);
 * - `terminal`: progress bars to take off the terminal (its cursor and line
 *   wrap given back);
 * - `programs`: the table of outside games' process groups to end
 *   (src/program/program-groups.ts), and every process carrying this
 *   process's program marker.
 */
export type Leftover = { remove: string; finish?: string; aside?: string } | { unlock: string } | { terminal: true } | { programs: Int32Array };

/**
 * The command thread's link to the launcher (bin/levelramp.js, SPEC 2): the
 * launcher runs each command but `--help` and `--version` in a worker thread
 * and waits for it, so that a command whose JavaScript heap reaches V8's limit
 * ends with a message (exit 1) rather than Node's fatal abort. `undefined` on
 * the main thread, in the pipeline's worker threads and wherever the command
 * runs in-process (tests, `npm run dev`).
 */
const launcher = !isMainThread && (workerData as { levelrampCommand?: unknown } | null)?.levelrampCommand === true && parentPort ? parentPort : undefined;

/**
 * Whether this thread runs the command: the main thread, or the launcher's
 * command thread. The process-wide duties — signals, ending outside games'
 * programs at exit — belong to it, not to the pipeline's worker threads.
 */
export function isCommandThread(): boolean {
  return isMainThread || launcher !== undefined;
}

/** Whether the command runs in the launcher's command thread (signals reach it through the launcher). */
export function inLauncherThread(): boolean {
  return launcher !== undefined;
}

/** Tells the launcher the line to print, whole, if the command is stopped at the heap limit. No-op outside the command thread. */
export function tellHeapLimitLine(line: string): void {
  launcher?.postMessage({ heapLimit: line });
}

let leftovers = 0;

/**
 * Tells the launcher what to undo if the command is stopped at the heap limit
 * before the returned function is called (which takes it back). No-op outside
 * the command thread.
 */
export function tellLeftover(leftover: Leftover): () => void {
  if (!launcher) return () => {};
  const id = ++leftovers;
  launcher.postMessage({ leftover: id, ...leftover });
  return () => launcher.postMessage({ done: id });
}

/**
 * Signals through the launcher: from now on it passes SIGINT, SIGTERM and
 * SIGHUP on to `listener` (until then, a signal ends the process as Node's
 * default does). The launcher's messages do not keep the thread alive.
 */
export function receiveSignals(listener: (signal: NodeJS.Signals) => void): void {
  if (!launcher) return;
  launcher.on("message", (m: { signal?: NodeJS.Signals }) => m?.signal && listener(m.signal));
  launcher.unref();
  launcher.postMessage({ interrupts: true });
}

/**
 * Resolves once the launcher has passed on any signal that reached the
 * process before this call (it answers after two passes of its event loop;
 * a signal passed on comes first, on the same port). Resolves at once
 * outside the command thread.
 */
export function signalsPassedOn(): Promise<void> {
  const port = launcher;
  if (!port) return Promise.resolve();
  return new Promise((resolve) => {
    const answer = (m: { settled?: boolean }) => {
      if (m?.settled !== true) return;
      port.off("message", answer);
      port.unref();
      resolve();
    };
    port.on("message", answer);
    port.ref();
    port.postMessage({ settle: true });
  });
}
