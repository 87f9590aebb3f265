import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from "node:worker_threads";
import { ProgramFault } from "../io/errors.ts";
import type { ProgramClientOptions, ProgramInfo } from "./program-client.ts";
import type { HostReply, HostRequest } from "./program-host.ts";
import { programGroups } from "./program-groups.ts";
import { endProcessTree } from "./process-tree.ts";
import type { ProgramGame } from "./read-game-file.ts";
import type { Method, MethodResult, OptionalMethod } from "./wire-results.ts";

/** Extra time past the program's timeout that the calling thread waits for its host thread before it gives up on the host itself. */
const HOST_GRACE_MS = 5000;

/**
 * The host thread's entry: the compiled `program-host.js` beside this file
 * when levelramp runs compiled, `program-host.dev.js` (registers tsx, then
 * loads `program-host.ts`) when it runs from its TypeScript sources.
 */
function programHostUrl(): URL {
  return new URL(import.meta.url.endsWith(".js") ? "./program-host.js" : "./program-host.dev.js", import.meta.url);
}

/**
 * One running game program, called synchronously (SPEC 10; the sync bridge
 * of docs/protocol.md): a worker thread (`program-host.ts`) runs the
 * program's asynchronous client (`ProgramClient`, which owns the process and
 * its pipes); {@link call} posts a call to it and blocks this thread with
 * `Atomics.wait` until the host answers, then takes the answer with
 * `receiveMessageOnPort` — so the game contract stays synchronous for the
 * pipeline, dedup, verify and the rest. A fault comes back as the client's
 * {@link ProgramFault}, rebuilt here, and is kept: every later call throws it.
 *
 * The host thread and the program start with the first call.
 */
export class ProgramProcess {
  private readonly game: ProgramGame;
  private readonly options: ProgramClientOptions;
  private worker: Worker | null = null;
  private flag: Int32Array | null = null;
  private port: MessagePort | null = null;
  private seq = 0;
  private closed = false;
  private failed: ProgramFault | null = null;
  private info: ProgramInfo | null = null;

  constructor(game: ProgramGame, options: ProgramClientOptions = {}) {
    this.game = game;
    this.options = options;
  }

  /**
   * The program's `hello`, asked once.
   *
   * @throws ProgramFault (exit 2) as `ProgramClient.hello`.
   */
  hello(): ProgramInfo {
    if (this.info) return this.info;
    const got = this.exchange({ seq: 0, hello: true }) as { name: string; version: string; methods: OptionalMethod[] };
    this.info = { name: got.name, version: got.version, methods: new Set(got.methods) };
    return this.info;
  }

  /** Whether the program offers an optional method (asks `hello` first). */
  offers(method: OptionalMethod): boolean {
    return this.hello().methods.has(method);
  }

  /**
   * Calls `method` with `params` and returns its checked result.
   *
   * @throws ProgramFault (exit 2) on any fault.
   */
  call<M extends Exclude<Method, "hello">>(method: M, params: unknown): MethodResult<M> {
    this.hello();
    return this.exchange({ seq: 0, method, params }) as MethodResult<M>;
  }

  /** Ends the program (its whole tree) and the host thread; waits for the host at most a second. Safe to call twice. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (!this.worker) return;
    const seq = ++this.seq;
    Atomics.store(this.flag!, 0, 0);
    this.worker.postMessage({ seq, close: true } satisfies HostRequest);
    this.await(seq, 1000);
  }

  /** Starts the host thread (and through it the program). */
  private start(): void {
    programGroups();
    const flag = new Int32Array(new SharedArrayBuffer(8));
    const { port1, port2 } = new MessageChannel();
    const worker = new Worker(programHostUrl(), {
      workerData: { game: this.game, forwardStderr: this.options.forwardStderr ?? true, flag: flag.buffer, replyPort: port2 },
      transferList: [port2],
      stdout: false,
      stderr: false,
    });
    worker.unref();
    port1.unref();
    // An error of the host thread itself shows as a late answer (see await); the listener keeps it from ending the process.
    worker.on("error", () => {});
    this.worker = worker;
    this.flag = flag;
    this.port = port1;
  }

  /** Posts a request and blocks until its answer; a fault is thrown and kept. */
  private exchange(request: HostRequest): unknown {
    if (this.failed) throw this.failed;
    if (this.closed) throw new ProgramFault("program/wire", `${this.game.file} (${this.game.name}): the program was closed`);
    if (!this.worker) this.start();
    const seq = ++this.seq;
    Atomics.store(this.flag!, 0, 0);
    this.worker!.postMessage({ ...request, seq });
    const reply = this.await(seq, this.game.timeoutMs + HOST_GRACE_MS);
    if (reply.ok) return reply.result;
    this.failed = new ProgramFault("program/wire", reply.fault);
    throw this.failed;
  }

  /** Blocks until the host's answer to `seq` arrives (older answers are skipped), or `waitMs` pass. */
  private await(seq: number, waitMs: number): HostReply {
    const deadline = performance.now() + waitMs;
    for (;;) {
      const got = receiveMessageOnPort(this.port!);
      if (got) {
        const message = got.message as HostReply;
        if (message.seq === seq) return message;
        continue;
      }
      const left = deadline - performance.now();
      if (left <= 0) {
        this.kill();
        return { seq, ok: false, fault: `${this.game.file} (${this.game.name}): levelramp's thread that talks to the program did not answer within ${waitMs} ms` };
      }
      Atomics.wait(this.flag!, 0, 0, left);
      Atomics.store(this.flag!, 0, 0);
    }
  }

  /** Ends the program's process group now (its pid is in the flag's second slot), and the host thread, without waiting for the host. */
  private kill(): void {
    const pid = Atomics.load(this.flag!, 1);
    if (pid > 0) endProcessTree(pid, "");
    void this.worker?.terminate();
    this.closed = true;
  }
}
