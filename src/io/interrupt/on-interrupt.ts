import { inLauncherThread, receiveSignals, signalsPassedOn, tellLeftover, type Leftover } from "./command-thread.ts";

/**
 * What runs when the user presses Ctrl-C (SIGINT), the process gets SIGTERM,
 * or its terminal goes away (SIGHUP: the window closed, the ssh session
 * dropped) (SPEC 2): the registered clean-ups, newest first (a progress bar
 * gives the terminal its cursor and line wrap back, a half-written output set
 * is removed, an outside game's programs are ended), then the process exits
 * 128 + the signal's number: 130 (SIGINT), 143 (SIGTERM), 129 (SIGHUP).
 *
 * The listener is installed on the first registration and kept: Node runs a
 * signal's listener only between synchronous steps, so a signal that arrives
 * while a set of outputs is being swapped in (a synchronous step) is handled
 * right after the swap — the set is finished, never half done — and removing
 * the listener then would lose the signal (the user's Ctrl-C ignored).
 *
 * In the launcher's command thread (bin/levelramp.js) the signals reach the
 * process's main thread, which passes them on ({@link receiveSignals}); each
 * clean-up that leaves something on disk or on the terminal is also told to
 * the launcher ({@link Leftover}), which undoes it if V8 stops the thread at
 * its heap limit (no clean-up of the thread can run then).
 */
const cleanups: Array<() => void> = [];
/** The signals handled, and the exit code of each (128 + its number). */
const EXIT_CODES: Partial<Record<NodeJS.Signals, number>> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };
let installed = false;

function onSignal(signal: NodeJS.Signals): void {
  while (cleanups.length > 0) {
    const cleanup = cleanups.pop()!;
    try {
      cleanup();
    } catch {
      // a clean-up that fails must not keep the others from running
    }
  }
  process.exit(EXIT_CODES[signal] ?? 143);
}

/**
 * Registers `cleanup` to run if the process is interrupted before the
 * returned function is called (which unregisters it without running it).
 *
 * @param leftover what `cleanup` undoes, as data, for the launcher to undo
 *   if the command thread is stopped at its heap limit (see {@link Leftover}).
 */
export function onInterrupt(cleanup: () => void, leftover?: Leftover): () => void {
  if (!installed) {
    installed = true;
    if (inLauncherThread()) receiveSignals(onSignal);
    else for (const signal of Object.keys(EXIT_CODES) as NodeJS.Signals[]) process.on(signal, onSignal);
  }
  cleanups.push(cleanup);
  const untell = leftover ? tellLeftover(leftover) : () => {};
  return () => {
    const i = cleanups.lastIndexOf(cleanup);
    if (i >= 0) cleanups.splice(i, 1);
    untell();
  };
}

/**
 * Gives a signal that arrived during a synchronous step (a set of outputs
 * being written and swapped in) its turn: two passes of the event loop (the
 * first reads libuv's signal pipe, the second runs Node's listener, which
 * exits 130 or 143; one pass is not enough, measured on Node 20). Without
 * it a process whose last step was synchronous ends with exit 0 and the
 * user's Ctrl-C is lost. In the launcher's command thread it also waits
 * for the launcher to pass on a signal it received meanwhile. Resolves when
 * no signal was pending.
 */
export async function settleInterrupts(): Promise<void> {
  for (let pass = 0; pass < 2; pass++) await new Promise((resolve) => setImmediate(resolve));
  // In the command thread the signal comes from the launcher, once it has read it (on its own thread).
  if (installed) await signalsPassedOn();
}
