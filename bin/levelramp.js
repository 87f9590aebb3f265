#!/usr/bin/env node
// The levelramp command. Each command but help and the version runs in a worker
// thread, the command thread (bin/levelramp-command.cjs: the bundled CLI with
// its V8 code cache), which this main thread starts and waits for: when the
// command's JavaScript heap reaches V8's limit, V8 stops that thread and this
// one says so in one line, exit 1, instead of Node's fatal "JavaScript heap out
// of memory" abort; it also passes signals on and undoes what the stopped
// command left half-done (superviseCommand). The thread costs a cold command
// about 40-50 ms of CPU (docs/reliability.md). `npm ci` and
// `npm install` build dist/ through the `prepare` script.
import { existsSync, renameSync, rmSync, writeSync } from "node:fs";
import { createRequire } from "node:module";
import { SHARE_ENV, Worker } from "node:worker_threads";

/** `levelramp`, `--help`, `--version`, `help [command]`: text only, run on the main thread at once (no command thread to start). */
function helpOnly(argv) {
  return argv.length === 0 || ["--help", "-h", "--version", "-V", "help"].includes(argv[0]);
}

/** The signals the command handles (src/io/interrupt/on-interrupt.ts): the main thread receives them and passes them on. */
const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"];

/**
 * Runs the command in a worker thread — the command thread — and waits for it, so that a
 * command whose JavaScript heap reaches V8's limit ends with a levelramp message, exit 1,
 * instead of Node's fatal "JavaScript heap out of memory" abort: V8 stops a worker thread
 * at the limit (ERR_WORKER_OUT_OF_MEMORY) and this thread, whose own heap holds almost
 * nothing, is still there to say so. The thread's limit is the one the main thread would
 * have had (set from the machine's memory, or NODE_OPTIONS=--max-old-space-size).
 *
 * What the command thread tells this one (src/io/interrupt/command-thread.ts):
 * - `heapLimit`: the line to print if the command reaches the heap limit (its words are
 *   the CLI's; a bundle that does not say it gets the line below);
 * - `leftover`/`done`: what to undo if the command is stopped now — a temp file or folder
 *   to remove (a set whose swap was cut between its renames is finished), progress bars
 *   to take off the terminal, outside games' programs to end, and last the output locks
 *   it held; undone newest first;
 * - `interrupts`: the command handles SIGINT, SIGTERM and SIGHUP from now on. Until then a
 *   signal ends the process as Node's default does (this thread's listener steps aside
 *   and sends it again); after, it is passed on, and the command's own listener runs its
 *   clean-ups and exits 130, 143 or 129 (`settle`: the command asks to be told a signal
 *   that came during its last synchronous step before it exits).
 * SIGWINCH (a terminal resized) is passed on for the command's terminal streams.
 * The thread's exit code is the process's.
 */
function superviseCommand(argv) {
  const worker = new Worker(new URL("./levelramp-command.cjs", import.meta.url), { argv, env: SHARE_ENV, workerData: { levelrampCommand: true } });
  let heapLine = "";
  let handles = false;
  let outOfMemory = false;
  const leftovers = new Map();
  const onSignal = (signal) => {
    if (handles) return void worker.postMessage({ signal });
    for (const s of SIGNALS) process.removeListener(s, onSignal);
    process.kill(process.pid, signal);
  };
  for (const s of SIGNALS) process.on(s, onSignal);
  // A terminal resized: the command's terminal streams read their size again (progress bars keep to the width).
  process.on("SIGWINCH", () => worker.postMessage({ resize: true }));
  worker.on("message", (m) => {
    if (typeof m?.heapLimit === "string") heapLine = m.heapLimit;
    else if (m?.leftover !== undefined) leftovers.set(m.leftover, m);
    else if (m?.done !== undefined) leftovers.delete(m.done);
    else if (m?.interrupts === true) handles = true;
    // Two passes of the event loop: a signal that came meanwhile is read (first) and passed on (second) before the answer.
    else if (m?.settle === true) setImmediate(() => setImmediate(() => worker.postMessage({ settled: true })));
  });
  worker.on("error", (err) => {
    if (err?.code === "ERR_WORKER_OUT_OF_MEMORY") outOfMemory = true;
    else writeAll(2, `${err?.stack ?? err}\n`);
  });
  worker.on("exit", (code) => {
    if (outOfMemory) {
      // Newest first; the output locks last, once the outputs they guard are whole.
      const list = [...leftovers.values()].reverse();
      undoLeftovers([...list.filter((l) => l.unlock === undefined), ...list.filter((l) => l.unlock !== undefined)]).finally(() => {
        writeAll(2, heapLine || heapLimitLine(argv));
        process.exit(1);
      });
      return;
    }
    process.exit(code);
  });
}

/** The line for a command that reached the heap limit, when the command did not give its own (a bundle that does not). */
function heapLimitLine(argv) {
  const mb = Math.round(v8HeapLimit() / 2 ** 20);
  return `levelramp: ran out of memory (JavaScript heap out of memory): \`levelramp ${argv[0] ?? ""}\` reached V8's heap limit (${mb} MB, set from the machine's memory or NODE_OPTIONS=--max-old-space-size); do less at once, or raise the limit with NODE_OPTIONS=--max-old-space-size=<MB> where the machine has the memory\n`;
}

function v8HeapLimit() {
  return createRequire(import.meta.url)("node:v8").getHeapStatistics().heap_size_limit;
}

/**
 * Undoes what a command stopped at the heap limit left: removes its temp files and folders
 * (a set's temp folder whose swap was cut between the renames — the old set aside, the
 * new one whole — is renamed in: the set is finished, as Ctrl-C there finishes it), gives
 * the terminal its cursor and line wrap back, and ends outside games' programs (their
 * process groups, then, through dist/, every process carrying this process's marker).
 */
async function undoLeftovers(list) {
  for (const l of list) {
    try {
      // A set's swap cut between its renames (the old set aside, the output folder missing): the new set, whole, goes in.
      if (typeof l.aside === "string" && existsSync(l.aside) && !existsSync(l.finish)) renameSync(existsSync(l.remove) ? l.remove : l.aside, l.finish);
      if (typeof l.remove === "string") rmSync(l.remove, { recursive: true, force: true });
      if (typeof l.unlock === "string") rmSync(l.unlock, { force: true });
      if (typeof l.aside === "string" && existsSync(l.finish)) rmSync(l.aside, { recursive: true, force: true });
      if (l.terminal === true) writeAll(2, "\x1b[?25h\x1b[?7h\n");
      if (l.programs instanceof Int32Array) await endPrograms(l.programs);
    } catch {
      // one that fails must not keep the others from running
    }
  }
}

async function endPrograms(table) {
  let tree;
  try {
    tree = await import("../dist/program/process-tree.js");
  } catch {
    tree = { endProcessTree: (group) => group > 0 && process.kill(-group, "SIGKILL"), processMarkerPrefix: () => "" };
  }
  for (let i = 0; i < table.length; i++) {
    const pid = Atomics.exchange(table, i, 0);
    if (pid > 0) tree.endProcessTree(pid, "");
  }
  tree.endProcessTree(0, tree.processMarkerPrefix());
}

/** Writes all of `text` to a file descriptor (a pipe the command thread made non-blocking may take it in parts). */
function writeAll(fd, text) {
  const bytes = Buffer.from(text);
  for (let at = 0, tries = 0; at < bytes.length && tries < 1000; ) {
    try {
      at += writeSync(fd, bytes, at);
    } catch (err) {
      if (err?.code !== "EAGAIN") return;
      tries += 1;
    }
  }
}

// The command: on this thread when it only prints help or the version, else in the command thread.
const argv = process.argv.slice(2);
if (helpOnly(argv)) createRequire(import.meta.url)("./levelramp-command.cjs").runCommand();
else superviseCommand(argv);
