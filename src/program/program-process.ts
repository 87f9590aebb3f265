import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from "node:worker_threads";
import { ProgramFault } from "../io/errors.ts";
import { checkResponse, helloProblem } from "./check-response.ts";
import { connectionFaultWords, faultMessage } from "./fault-message.ts";
import { offeredMethods, type ProgramClientOptions, type ProgramInfo } from "./program-client.ts";
import type { ConnectionFault, ConnectionReply } from "./program-connection.ts";
import type { HostReply, HostRequest } from "./program-host.ts";
import { programGroups } from "./program-groups.ts";
import { endProcessTree } from "./process-tree.ts";
import type { ProgramGame } from "./read-game-file.ts";
import { PROTOCOL_VERSION, type Method, type MethodResult, type OptionalMethod } from "./wire-results.ts";

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
 * of docs/protocol.md) — the synchronous twin of {@link ProgramClient}, with
 * the same checks (`checkResponse`, `helloProblem`) and fault messages: a
 * worker thread (`program-host.ts`) holds the program's connection (its
 * process and pipes); each call posts a request line to it and blocks this
 * thread with `Atomics.wait` until the host answers, then takes the answer
 * with `receiveMessageOnPort` — so the game contract stays synchronous for
 * the pipeline, dedup, verify and the rest. A fault is a
 * {@link ProgramFault} (exit 2), kept: every later call throws it.
 *
 * The host thread and the program start with the first call.
 */
export class ProgramProcess {
  readonly game: ProgramGame;
  private readonly options: ProgramClientOptions;
  private worker: Worker | null = null;
  private flag: Int32Array | null = null;
  private port: MessagePort | null = null;
  private seq = 0;
  private nextId = 1;
  private closed = false;
  private failed: ProgramFault | null = null;
  private info: ProgramInfo | null = null;

  constructor(game: ProgramGame, options: ProgramClientOptions = {}) {
    this.game = game;
    this.options = options;
  }

  /**
   * The program's `hello`, asked once: its name (which must be the game
   * file's), version and optional methods.
   *
   * @throws ProgramFault (exit 2) as `ProgramClient.hello`.
   */
  hello(): ProgramInfo {
    if (this.info) return this.info;
    const got = this.exchange("hello", { protocol: PROTOCOL_VERSION });
    const problem = helloProblem(this.game.name, got.result);
    if (problem) this.fail("hello", got.request, got.line, undefined, problem);
    this.info = { name: got.result.name, version: got.result.version, methods: offeredMethods(got.result.methods) };
    return this.info;
  }

  /** Whether the program offers an optional method (asks `hello` first). */
  offers(method: OptionalMethod): boolean {
    return this.hello().methods.has(method);
  }

  /**
   * Calls `method` with `params` (after `hello`) and returns its checked result.
   *
   * @throws ProgramFault (exit 2) on any fault.
   */
  call<M extends Exclude<Method, "hello">>(method: M, params: unknown): MethodResult<M> {
    this.hello();
    return this.exchange(method, params).result;
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

  /** One request and its response, checked. */
  private exchange<M extends Method>(method: M, params: unknown): { result: MethodResult<M>; request: string; line: string } {
    if (this.failed) throw this.failed;
    const id = this.nextId++;
    const request = JSON.stringify({ jsonrpc: "2.0", id, method, params });
    const reply = this.post(request);
    if (!reply.ok) this.fail(method, request, undefined, reply.fault, connectionFaultWords(reply.fault, method));
    const checked = checkResponse(method, id, params, reply.line);
    if (!checked.ok) this.fail(method, request, reply.line, undefined, checked.what);
    return { result: checked.result, request, line: reply.line };
  }

  /** Ends the program and throws (and keeps) the fault. */
  private fail(method: string, request: string, line: string | undefined, fault: ConnectionFault | undefined, what: string): never {
    this.close();
    this.failed = new ProgramFault("program/wire", faultMessage({ file: this.game.file, name: this.game.name }, method, request, line, fault, what));
    throw this.failed;
  }

  /** Posts a request line to the host thread (starting it first) and blocks until its answer. */
  private post(line: string): ConnectionReply {
    if (this.closed) return { ok: false, fault: { kind: "closed", stderr: "" } };
    if (!this.worker) this.start();
    const seq = ++this.seq;
    Atomics.store(this.flag!, 0, 0);
    this.worker!.postMessage({ seq, line } satisfies HostRequest);
    return this.await(seq, this.game.timeoutMs + HOST_GRACE_MS);
  }

  /** Starts the host thread (and through it the program). */
  private start(): void {
    programGroups();
    const flag = new Int32Array(new SharedArrayBuffer(8));
    const { port1, port2 } = new MessageChannel();
    const command = { argv: this.game.argv, cwd: this.game.dir, timeoutMs: this.game.timeoutMs, label: this.game.name, forwardStderr: this.options.forwardStderr ?? true };
    const worker = new Worker(programHostUrl(), { workerData: { command, flag: flag.buffer, replyPort: port2 }, transferList: [port2], stdout: false, stderr: false });
    worker.unref();
    port1.unref();
    // An error of the host thread itself shows as a late answer (see await); the listener keeps it from ending the process.
    worker.on("error", () => {});
    this.worker = worker;
    this.flag = flag;
    this.port = port1;
  }

  /** Blocks until the host's answer to `seq` arrives (older answers are skipped), or `waitMs` pass. */
  private await(seq: number, waitMs: number): ConnectionReply {
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
        return { ok: false, fault: { kind: "host", error: `levelramp's thread that talks to the program did not answer within ${waitMs} ms`, stderr: "" } };
      }
      Atomics.wait(this.flag!, 0, 0, left);
      Atomics.store(this.flag!, 0, 0);
    }
  }

  /** Ends the program's tree now (its pid is in the flag's second slot), and the host thread, without waiting for the host. */
  private kill(): void {
    const pid = Atomics.load(this.flag!, 1);
    if (pid > 0) endProcessTree(pid, "");
    void this.worker?.terminate();
    this.closed = true;
  }
}
