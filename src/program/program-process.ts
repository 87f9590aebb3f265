import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from "node:worker_threads";
import { killGroup, programGroups } from "./program-groups.ts";

/** Why the program gave no line (from program-host.js): what happened, and the tail of its stderr. */
export interface HostFault {
  /** `start`: it could not be started; `exit`: it exited; `timeout`: no line within the timeout; `too-long`: a line past 64 MiB; `host`: the host thread itself failed. */
  kind: "start" | "exit" | "timeout" | "too-long" | "host";
  /** The start error's message (`start`, `host`). */
  error?: string;
  /** Exit code or signal (`exit`). */
  code?: number | string | null;
  signal?: string | null;
  /** The timeout in ms (`timeout`). */
  timeoutMs?: number;
  /** Characters of an unfinished line (`too-long`). */
  length?: number;
  /** What the program had written of an unfinished line (its first 400 characters). */
  line?: string;
  /** The last 4,000 characters of the program's stderr. */
  stderr: string;
}

/** The answer to one request line: the program's response line, or a fault. */
export type HostReply = { ok: true; line: string } | { ok: false; fault: HostFault };

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

/** Extra time past the program's timeout that the calling thread waits for its host thread before it gives up on the host itself. */
const HOST_GRACE_MS = 5000;

/**
 * One running game program, called synchronously (SPEC 10; the sync bridge
 * of docs/protocol.md): a worker thread (`program-host.js`) owns the
 * program's process and pipes; {@link exchange} posts a request line to it
 * and blocks this thread with `Atomics.wait` until the host answers, then
 * takes the answer with `receiveMessageOnPort` — so the game contract stays
 * synchronous for the pipeline, dedup, verify and the rest. The program
 * runs in its own process group, which the host ends on any fault and
 * {@link close} ends; the group is also in the process-wide table that the
 * main thread sweeps at exit and on signals (program-groups.ts).
 *
 * The program is started when the first line is exchanged.
 */
export class ProgramProcess {
  private readonly command: ProgramCommand;
  private worker: Worker | null = null;
  private flag: Int32Array | null = null;
  private port: MessagePort | null = null;
  private seq = 0;
  private closed = false;

  constructor(command: ProgramCommand) {
    this.command = command;
  }

  /** Starts the host thread (and through it the program). */
  private start(): void {
    programGroups();
    const flag = new Int32Array(new SharedArrayBuffer(8));
    const { port1, port2 } = new MessageChannel();
    const worker = new Worker(new URL("./program-host.js", import.meta.url), {
      workerData: { command: [...this.command.argv], cwd: this.command.cwd, timeoutMs: this.command.timeoutMs, flag: flag.buffer, replyPort: port2, label: this.command.label, forwardStderr: this.command.forwardStderr ?? true },
      transferList: [port2],
      stdout: false,
      stderr: false,
    });
    worker.unref();
    port1.unref();
    // An error of the host thread itself shows as a late answer (see exchange); the listener keeps it from ending the process.
    worker.on("error", () => {});
    this.worker = worker;
    this.flag = flag;
    this.port = port1;
  }

  /**
   * Sends one request line (no newline) and returns the program's next
   * stdout line, or the fault that came instead (the host has then ended the
   * program's group). Blocks this thread for at most the timeout plus 5 s.
   */
  exchange(line: string): HostReply {
    if (this.closed) return { ok: false, fault: { kind: "host", error: "the program was closed", stderr: "" } };
    if (!this.worker) this.start();
    const seq = ++this.seq;
    Atomics.store(this.flag!, 0, 0);
    this.worker!.postMessage({ seq, line });
    return this.await(seq, this.command.timeoutMs + HOST_GRACE_MS);
  }

  /** Blocks until the host's answer to `seq` arrives (older answers are skipped), or `waitMs` pass. */
  private await(seq: number, waitMs: number): HostReply {
    const deadline = performance.now() + waitMs;
    for (;;) {
      const got = receiveMessageOnPort(this.port!);
      if (got) {
        const message = got.message as ({ seq: number } & HostReply) | { seq: number; closed: true };
        if (message.seq !== seq) continue;
        if ("closed" in message) return { ok: true, line: "" };
        return message.ok ? { ok: true, line: message.line } : { ok: false, fault: message.fault };
      }
      const left = deadline - performance.now();
      if (left <= 0) {
        this.kill();
        return { ok: false, fault: { kind: "host", error: `levelramp's thread that talks to the program did not answer within ${waitMs} ms`, stderr: "" } };
      }
      Atomics.wait(this.flag!, 0, 0, left);
      Atomics.store(this.flag!, 0, 0);
    }
  }

  /** Ends the program's process group now (its pid is in the flag's second slot), and the host thread, without waiting for the host. */
  private kill(): void {
    const pid = Atomics.load(this.flag!, 1);
    if (pid > 0) killGroup(pid);
    void this.worker?.terminate();
    this.closed = true;
  }

  /**
   * Ends the program (its whole process group) and the host thread; waits
   * for the host at most a second. Safe to call twice.
   */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (!this.worker) return;
    const seq = ++this.seq;
    Atomics.store(this.flag!, 0, 0);
    this.worker.postMessage({ seq, close: true });
    this.await(seq, 1000);
  }
}
