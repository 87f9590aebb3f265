import { ProgramFault } from "../io/errors.ts";
import { checkResponse, helloProblem } from "./check-response.ts";
import { connectionFaultWords, faultMessage } from "./fault-message.ts";
import { ProgramConnection, type ConnectionFault } from "./program-connection.ts";
import type { ProgramGame } from "./read-program-game.ts";
import { OPTIONAL_METHODS, PROTOCOL_VERSION, type Method, type MethodResult, type OptionalMethod } from "./wire-results.ts";

/** What a program said of itself in `hello`. */
export interface ProgramInfo {
  name: string;
  version: string;
  /** The optional methods it offers (of key, graph, similar, similarMany, picture). */
  methods: ReadonlySet<OptionalMethod>;
}

/** Options of a {@link ProgramClient}. */
export interface ProgramClientOptions {
  /** Copy the program's stderr lines to levelramp's stderr, prefixed with the game's name (default true). */
  forwardStderr?: boolean;
}

/** The optional methods a `hello` answer lists (names it does not know are ignored). */
export function offeredMethods(methods: readonly string[]): Set<OptionalMethod> {
  return new Set(methods.filter((m): m is OptionalMethod => (OPTIONAL_METHODS as readonly string[]).includes(m)));
}

/**
 * A JSON-RPC 2.0 client of one game program over newline-delimited JSON
 * (SPEC 10), asynchronous, over a {@link ProgramConnection}: request ids
 * count from 1; calls are queued, one request on the wire at a time; each
 * takes the next line as its response, checked by {@link checkResponse}
 * (JSON, the request's id, a `result` that matches the method's schema).
 * `hello` `{protocol: 1}` is the first call (made by the first {@link call}):
 * it must answer with the game file's name and `protocol: 1`. Anything else
 * is a {@link ProgramFault} (exit 2) naming the game file, the method, the
 * request (cut to 200 characters), what came back and the end of the
 * program's stderr; the program's whole tree has then been ended, and every
 * later call rejects with the same fault.
 *
 * Written here rather than taken from npm: the well-kept clients
 * (json-rpc-2.0, vscode-jsonrpc) match responses to requests and leave the
 * framing to the caller — vscode-jsonrpc frames messages with LSP's
 * `Content-Length` headers, json-rpc-2.0 not at all — while what this
 * protocol needs checked is the framing: lines bounded while read, UTF-8 or
 * refused, a timeout per call, a process tree ended on any fault.
 */
export class ProgramClient {
  readonly game: ProgramGame;
  private readonly connection: ProgramConnection;
  private nextId = 1;
  private info: Promise<ProgramInfo> | null = null;
  private failed: ProgramFault | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(game: ProgramGame, options: ProgramClientOptions = {}) {
    this.game = game;
    this.connection = new ProgramConnection({ argv: game.argv, cwd: game.dir, timeoutMs: game.timeoutMs, label: game.name, forwardStderr: options.forwardStderr });
  }

  /**
   * The program's `hello` (asked once, when first needed): its name (which
   * must be the game file's), version and optional methods.
   *
   * @throws ProgramFault (exit 2) on any fault, a name other than the game
   *   file's, or a protocol other than {@link PROTOCOL_VERSION}.
   */
  hello(): Promise<ProgramInfo> {
    this.info ??= this.enqueue(async () => {
      const got = await this.exchange("hello", { protocol: PROTOCOL_VERSION });
      const problem = helloProblem(this.game.name, got.result);
      if (problem) this.fail("hello", got.request, got.line, undefined, problem);
      return { name: got.result.name, version: got.result.version, methods: offeredMethods(got.result.methods) };
    });
    return this.info;
  }

  /** The program's pid (its process group's id) once it runs; 0 before. */
  get pid(): number {
    return this.connection.pid;
  }

  /** Whether the program offers an optional method (asks `hello` first). */
  async offers(method: OptionalMethod): Promise<boolean> {
    return (await this.hello()).methods.has(method);
  }

  /**
   * Calls `method` with `params` (after `hello`) and resolves with its result,
   * checked by the method's schema.
   *
   * @throws ProgramFault (exit 2) on any fault.
   */
  async call<M extends Exclude<Method, "hello">>(method: M, params: unknown): Promise<MethodResult<M>> {
    await this.hello();
    return this.enqueue(async () => (await this.exchange(method, params)).result);
  }

  /** Ends the program (its whole tree) and waits until it is reaped (at most half a second). */
  close(): Promise<void> {
    return this.connection.close();
  }

  /** Ends the program's whole tree now, synchronously. */
  kill(): void {
    this.connection.kill();
  }

  /** Runs `work` after every call queued before it (one request on the wire at a time). */
  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => {});
    return run;
  }

  /** One request and its response, checked. */
  private async exchange<M extends Method>(method: M, params: unknown): Promise<{ result: MethodResult<M>; request: string; line: string }> {
    if (this.failed) throw this.failed;
    const id = this.nextId++;
    const request = JSON.stringify({ jsonrpc: "2.0", id, method, params });
    const reply = await this.connection.exchange(request);
    if (!reply.ok) this.fail(method, request, undefined, reply.fault, connectionFaultWords(reply.fault, method));
    const checked = checkResponse(method, id, params, reply.line);
    if (!checked.ok) this.fail(method, request, reply.line, undefined, checked.what);
    return { result: checked.result, request, line: reply.line };
  }

  /** Ends the program and throws (and keeps) the fault. */
  private fail(method: string, request: string, line: string | undefined, fault: ConnectionFault | undefined, what: string): never {
    this.connection.kill();
    this.failed = new ProgramFault("program/wire", faultMessage({ file: this.game.file, name: this.game.name }, method, request, line, fault, what));
    throw this.failed;
  }
}
