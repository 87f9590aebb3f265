import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { writeSync } from "node:fs";
import { MAX_INPUT_BYTES } from "../io/input-limits.ts";
import { terminalText } from "../io/hostile/terminal-text.ts";
import { LineReader, type LineFault } from "./line-reader.ts";
import { endProcessTree, exactMarker, newProgramMarker, PROGRAM_MARKER } from "./process-tree.ts";
import { forgetProgramGroup, rememberProgramGroup } from "./program-groups.ts";

/** How a program is started (SPEC 10). */
export interface ProgramCommand {
  /** argv; `argv[0]` is looked up on the PATH as a shell would, relative to `cwd` when it holds a slash. */
  argv: readonly string[];
  /** The folder it runs in (the game file's folder). */
  cwd: string;
  /** The most one request may take, in ms. */
  timeoutMs: number;
  /** Prefix of the program's stderr lines, which go to levelramp's stderr (e.g. the game's name). */
  label: string;
  /** Whether the program's stderr lines are copied to levelramp's stderr (default true); the last 4,000 characters are kept for fault messages either way. */
  forwardStderr?: boolean;
}

/** Why the program gave no line: what happened, and the tail of its stderr. */
export type ConnectionFault = (
  | { kind: "start"; /** The start error's message. */ error: string; code?: string }
  | { kind: "exit"; code: number | null; signal: string | null }
  | { kind: "timeout"; timeoutMs: number }
  | { kind: "closed" }
  | LineFault
) & {
  /** What the program had written of an unfinished line (its first 400 bytes), if anything. */
  line?: string;
  /** The last 4,000 characters of the program's stderr. */
  stderr: string;
};

/** A fault as the connection makes it, before the unfinished line and the stderr tail are added. */
type FaultWhat = ConnectionFault extends infer F ? (F extends unknown ? Omit<F, "stderr" | "line"> : never) : never;

/** The answer to one request line: the program's response line, or a fault. */
export type ConnectionReply = { ok: true; line: string } | { ok: false; fault: ConnectionFault };

/** The longest line a program may write: 64 MiB, the input limit of every file (SPEC 2). */
export const MAX_LINE_BYTES = MAX_INPUT_BYTES;
/** How much of the program's stderr is kept for fault messages. */
const STDERR_TAIL = 4000;
/** How long after the program exits its last output is awaited before the exit is the answer. */
const EXIT_GRACE_MS = 1000;
/** How long {@link ProgramConnection.close} waits for the ended program to be reaped. */
const CLOSE_WAIT_MS = 500;

/**
 * One running game program and its pipes (SPEC 10's wire), asynchronous:
 * {@link exchange} writes a request line to its stdin and resolves with the
 * next line of its stdout ({@link LineReader}: 64 MiB at most, enforced
 * while reading; UTF-8 or refused), or with the fault that came instead —
 * it could not start, it exited, it passed `timeoutMs`, its line was too
 * long or not UTF-8. The program runs in a process group of its own, with
 * the variable `LEVELRAMP_PROGRAM` set to a marker of its own; any fault and
 * {@link close} end its whole tree ({@link endProcessTree}: the group, and on
 * Linux every process carrying the marker), and the group is noted in the
 * process-wide table that is swept at exit and on a signal
 * (program-groups.ts). The program starts with the first exchange; calls
 * must not overlap (the client queues them).
 */
export class ProgramConnection {
  private readonly command: ProgramCommand;
  private readonly marker = newProgramMarker();
  private readonly reader = new LineReader(MAX_LINE_BYTES);
  private child: ChildProcessWithoutNullStreams | null = null;
  private startError: { error: string; code?: string } | null = null;
  private exited: { code: number | null; signal: string | null } | null = null;
  private exitFinal = false;
  private stdoutClosed = false;
  private closed = false;
  private readonly lines: string[] = [];
  private pending: { resolve: (reply: ConnectionReply) => void; timer: NodeJS.Timeout } | null = null;
  private stderrTail = "";
  private stderrPartial = "";

  constructor(command: ProgramCommand) {
    this.command = command;
  }

  /** The program's pid (its process group's id), once started; 0 before or when it could not start. */
  get pid(): number {
    return this.child?.pid ?? 0;
  }

  /**
   * Sends one request line (no newline) and resolves with the program's next
   * stdout line or the fault that came instead (the program's tree has then
   * been ended). Never rejects.
   */
  exchange(line: string): Promise<ConnectionReply> {
    if (this.closed) return Promise.resolve({ ok: false, fault: this.fault({ kind: "closed" }) });
    if (!this.child && !this.startError) this.start();
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.answer(this.fault({ kind: "timeout", timeoutMs: this.command.timeoutMs })), this.command.timeoutMs);
      this.pending = { resolve, timer };
      if (this.child?.pid && !this.exited) {
        try {
          this.child.stdin.write(line + "\n");
        } catch {
          // the exit (or its error) answers
        }
      }
      this.settle();
    });
  }

  /** Ends the program's whole tree now, synchronously (a fault, a signal); a pending exchange gets a `closed` fault. */
  kill(): void {
    this.endTree();
    if (this.pending) this.answer(this.fault({ kind: "closed" }));
  }

  /** Ends the program's whole tree; no later exchange starts it again. */
  private endTree(): void {
    this.closed = true;
    if (!this.child?.pid) return;
    endProcessTree(this.child.pid, exactMarker(this.marker));
    forgetProgramGroup(this.child.pid);
  }

  /**
   * Closes the program's stdin, ends its whole tree and waits (at most half a
   * second) until the program is reaped, so no zombie is left. Safe to call twice.
   */
  async close(): Promise<void> {
    const child = this.child;
    try {
      child?.stdin.destroy();
    } catch {
      // already closed
    }
    this.kill();
    if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, CLOSE_WAIT_MS);
      timer.unref();
      child.once("exit", () => (clearTimeout(timer), resolve()));
    });
  }

  /** Starts the program in its own process group, with its marker. */
  private start(): void {
    let child: ChildProcessWithoutNullStreams;
    try {
      child = spawn(this.command.argv[0], this.command.argv.slice(1), {
        cwd: this.command.cwd,
        detached: true,
        stdio: ["pipe", "pipe", "pipe"],
        windowsHide: true,
        env: { ...process.env, [PROGRAM_MARKER]: this.marker },
      });
    } catch (err) {
      this.startError = { error: (err as Error).message };
      return;
    }
    this.child = child;
    child.on("error", (err: NodeJS.ErrnoException) => {
      if (!child.pid) this.startError ??= { error: err.message, code: err.code };
      this.settle();
    });
    if (!child.pid) return;
    rememberProgramGroup(child.pid);
    child.stdin.on("error", () => {}); // a program that exited: its exit is the answer
    child.stdout.on("data", (chunk: Buffer) => {
      for (const line of this.reader.push(chunk)) this.lines.push(line);
      if (this.reader.fault) {
        // Nothing more is read or kept: the program is ended as soon as its line is refused.
        child.stdout.destroy();
        this.endTree();
      }
      this.settle();
    });
    child.stderr.on("data", (chunk: Buffer) => this.onStderr(chunk.toString("utf8")));
    child.stdout.on("close", () => {
      this.stdoutClosed = true;
      this.settle();
    });
    child.on("exit", (code, signal) => {
      this.exited = { code, signal };
      // Whatever the program started ends with it; its last lines may still be in the pipe.
      endProcessTree(child.pid!, exactMarker(this.marker));
      forgetProgramGroup(child.pid!);
      setTimeout(() => {
        this.exitFinal = true;
        this.settle();
      }, EXIT_GRACE_MS).unref();
      this.settle();
    });
  }

  /** Answers the pending exchange when there is something to answer with. */
  private settle(): void {
    if (!this.pending) return;
    if (this.lines.length > 0) return this.resolve({ ok: true, line: this.lines.shift()! });
    if (this.reader.fault) return this.answer(this.fault(this.reader.fault));
    if (this.startError) return this.answer(this.fault({ kind: "start", ...this.startError }));
    if (this.exited && (this.stdoutClosed || this.exitFinal)) return this.answer(this.fault({ kind: "exit", ...this.exited }));
  }

  /** Answers the pending exchange with a fault, ending the program's tree first. */
  private answer(fault: ConnectionFault): void {
    if (!this.pending) return;
    this.endTree();
    this.resolve({ ok: false, fault });
  }

  private resolve(reply: ConnectionReply): void {
    const pending = this.pending!;
    this.pending = null;
    clearTimeout(pending.timer);
    pending.resolve(reply);
  }

  /** A fault with the line that came (a refused line's start, or an unfinished one) and the tail of stderr. */
  private fault(what: FaultWhat): ConnectionFault {
    const line = "head" in what ? what.head : this.reader.unfinished();
    return { ...what, ...(line ? { line } : {}), stderr: this.stderrTail + this.stderrPartial } as ConnectionFault;
  }

  /** Copies the program's complete stderr lines to levelramp's stderr (escaped) and keeps the tail. */
  private onStderr(text: string): void {
    const parts = (this.stderrPartial + text).split("\n");
    this.stderrPartial = parts.pop()!.slice(-STDERR_TAIL);
    for (const line of parts) {
      if (this.command.forwardStderr ?? true) {
        try {
          writeSync(2, `${this.command.label}: ${terminalText(line.replace(/\r$/, ""))}\n`);
        } catch {
          // levelramp's own stderr is gone: nothing to forward to
        }
      }
      this.stderrTail = (this.stderrTail + line + "\n").slice(-STDERR_TAIL);
    }
  }
}
