// Worker thread that owns one game program (SPEC 10): it starts the program
// in its own process group, writes each request line to its stdin, reads its
// stdout line by line, times each call out, and ends the whole group on any
// fault. The thread that calls the game (program-process.ts) posts a request
// and blocks with Atomics.wait on `flag`; this thread posts the answer on
// `replyPort`, then sets the flag and wakes it (the technique of synckit).
// Plain JavaScript with Node built-ins only, so it runs as it is from src/ and
// from dist/ (the build copies it).
import { spawn } from "node:child_process";
import { writeSync } from "node:fs";
import { getEnvironmentData, parentPort, workerData } from "node:worker_threads";

/** Key of the process-wide table of running program groups (program-groups.ts keeps the same key). */
const GROUPS_KEY = "levelramp/program-groups";
/** The longest line a program may write (64 MiB, the input limit of every file). */
const MAX_LINE = 64 * 1024 * 1024;
/** How much of the program's stderr is kept for fault messages. */
const STDERR_TAIL = 4000;
/** How long after the program exits its last output is awaited before the exit is the answer. */
const EXIT_GRACE_MS = 1000;

const { command, cwd, timeoutMs, flag: flagBuffer, replyPort, label, forwardStderr } = workerData;
const flag = new Int32Array(flagBuffer);
const groups = getEnvironmentData(GROUPS_KEY);

let child = null;
let slot = -1;
let startError = null;
let exited = null;
let stdoutClosed = false;
let exitFinal = false;
let pending = null;
let timer = null;
const lines = [];
let partial = "";
let stderrTail = "";
let stderrPartial = "";

/** Sends one answer to the calling thread and wakes it. */
function reply(message) {
  replyPort.postMessage(message);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
}

/** Ends the program's whole process group (the program and every process it started). */
function killGroup() {
  if (!child || !child.pid) return;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    // the group is gone already
  }
}

/** Notes the group in the process-wide table, so the main thread can end it at exit or on a signal. */
function remember(pid) {
  if (!groups) return;
  for (let i = 0; i < groups.length; i++) {
    if (Atomics.compareExchange(groups, i, 0, pid) === 0) {
      slot = i;
      return;
    }
  }
}

function forget() {
  if (groups && slot >= 0) Atomics.compareExchange(groups, slot, child.pid, 0);
  slot = -1;
}

function fault(kind, detail = {}) {
  return { kind, ...detail, stderr: stderrTail + stderrPartial };
}

/** Answers the pending request when there is something to answer with. */
function settle() {
  if (!pending) return;
  let message = null;
  if (lines.length > 0) message = { seq: pending.seq, ok: true, line: lines.shift() };
  else if (startError) message = { seq: pending.seq, ok: false, fault: fault("start", { error: `${startError.message}`, code: startError.code }) };
  else if (partial.length > MAX_LINE) {
    killGroup();
    message = { seq: pending.seq, ok: false, fault: fault("too-long", { length: partial.length, line: partial.slice(0, 400) }) };
  } else if (exited && (stdoutClosed || exitFinal)) message = { seq: pending.seq, ok: false, fault: fault("exit", { code: exited.code, signal: exited.signal, line: partial.slice(0, 400) }) };
  if (!message) return;
  clearTimeout(timer);
  pending = null;
  reply(message);
}

function onStdout(text) {
  const parts = (partial + text).split("\n");
  partial = parts.pop();
  for (const line of parts) lines.push(line.endsWith("\r") ? line.slice(0, -1) : line);
  settle();
}

// The control characters src/io/hostile/terminal-text.ts escapes (this file runs as
// plain JavaScript from src/ and dist/, so it keeps its own copy): a
// program's stderr line reaches the terminal with `ESC [2J` shown, not run.
const CONTROL = /[\x00-\x08\x0B-\x1F\x7F-\x9F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g;
/** A program's stderr line as the terminal may show it: every control character but a tab as a `\u` escape. */
const terminalText = (line) => line.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`);

function onStderr(text) {
  const parts = (stderrPartial + text).split("\n");
  stderrPartial = parts.pop().slice(-STDERR_TAIL);
  for (const line of parts) {
    if (forwardStderr) {
      try {
        writeSync(2, `${label}: ${terminalText(line.replace(/\r$/, ""))}\n`);
      } catch {
        // levelramp's own stderr is gone: nothing to forward to
      }
    }
    stderrTail = (stderrTail + line + "\n").slice(-STDERR_TAIL);
  }
}

function start() {
  try {
    child = spawn(command[0], command.slice(1), { cwd, detached: true, stdio: ["pipe", "pipe", "pipe"], windowsHide: true });
  } catch (err) {
    startError = err;
    return;
  }
  child.on("error", (err) => {
    if (!child.pid) startError ??= err;
    settle();
  });
  if (!child.pid) return;
  remember(child.pid);
  Atomics.store(flag, 1, child.pid);
  child.stdin.on("error", () => {}); // a program that exited: its exit is the answer
  child.stdout.setEncoding("utf8");
  child.stderr.setEncoding("utf8");
  child.stdout.on("data", onStdout);
  child.stderr.on("data", onStderr);
  child.stdout.on("close", () => {
    stdoutClosed = true;
    settle();
  });
  child.on("exit", (code, signal) => {
    exited = { code, signal };
    // Whatever the program started ends with it; its last lines may still be in the pipe.
    killGroup();
    forget();
    setTimeout(() => {
      exitFinal = true;
      settle();
    }, EXIT_GRACE_MS).unref();
    settle();
  });
}

parentPort.on("message", (request) => {
  if (request.close) {
    killGroup();
    try {
      child?.stdin.destroy();
    } catch {
      // already closed
    }
    // Answer once the program is reaped (a thread that ends first leaves a zombie behind), at most half a second later.
    const done = () => {
      forget();
      reply({ seq: request.seq, ok: true, closed: true });
      process.exit(0);
    };
    if (!child?.pid || exited || child.exitCode !== null || child.signalCode !== null) return done();
    child.once("exit", done);
    setTimeout(done, 500).unref();
    return;
  }
  pending = { seq: request.seq };
  timer = setTimeout(() => {
    if (!pending) return;
    killGroup();
    const seq = pending.seq;
    pending = null;
    reply({ seq, ok: false, fault: fault("timeout", { timeoutMs, line: partial.slice(0, 400) }) });
  }, timeoutMs);
  if (child && child.pid && !exited && !startError) {
    try {
      child.stdin.write(request.line + "\n");
    } catch {
      // the exit (or its error) answers
    }
  }
  settle();
});

start();
