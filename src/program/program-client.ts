import { jsonPath, ProgramFault } from "../io/errors.ts";
import { findJsonHazard } from "../io/hostile/find-json-hazard.ts";
import { formatBytes } from "../io/input-limits.ts";
import { ProgramConnection, type ConnectionFault } from "./program-connection.ts";
import type { ProgramGame } from "./read-game-file.ts";
import { OPTIONAL_METHODS, PROTOCOL_VERSION, RESULT_SCHEMAS, resultAgainstRequest, type Method, type MethodResult, type OptionalMethod } from "./wire-results.ts";

/** Characters of a request or an answer quoted in a fault message (SPEC 10: "the request cut to 200 characters"). */
export const QUOTE_CHARACTERS = 200;

/** What a program said of itself in `hello`. */
export interface ProgramInfo {
  name: string;
  version: string;
  /** The optional methods it offers (of key, graph, similar, picture). */
  methods: ReadonlySet<OptionalMethod>;
}

/** Options of a {@link ProgramClient}. */
export interface ProgramClientOptions {
  /** Copy the program's stderr lines to levelramp's stderr, prefixed with the game's name (default true). */
  forwardStderr?: boolean;
}

/** `text` cut to `n` characters, with an ellipsis and the full length when cut. */
export function cut(text: string, n = QUOTE_CHARACTERS): string {
  return text.length <= n ? text : `${text.slice(0, n)}… (${text.length.toLocaleString("en-US")} characters)`;
}

/**
 * A JSON-RPC 2.0 client of one game program over newline-delimited JSON
 * (SPEC 10), asynchronous, over a {@link ProgramConnection}: request ids
 * count from 1; calls are queued, one request on the wire at a time; each
 * takes the next line as its response, which must be JSON, carry the
 * request's id, and hold a `result` that matches the method's schema
 * (`RESULT_SCHEMAS`). `hello` `{protocol: 1}` is the first call (made by the
 * first {@link call}): it must answer with the game file's name and
 * `protocol: 1`. Anything else is a {@link ProgramFault} (exit 2) naming the
 * game file, the method, the request (cut to 200 characters), what came back
 * and the end of the program's stderr; the program's whole tree has then
 * been ended, and every later call rejects with the same fault.
 *
 * Written here rather than taken from npm: the well-kept clients
 * (json-rpc-2.0, vscode-jsonrpc) match responses to requests and leave the
 * transport to the caller — vscode-jsonrpc frames messages with LSP's
 * `Content-Length` headers, json-rpc-2.0 not at all — while what this
 * protocol needs is the transport: lines bounded while read, UTF-8 or
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
      const { name, protocol, version, methods } = got.result;
      if (protocol !== PROTOCOL_VERSION) {
        const said = protocol === undefined ? "gives none" : typeof protocol === "number" ? `says ${protocol}` : `says ${cut(JSON.stringify(protocol), 40)}`;
        this.fail("hello", got.request, got.line, undefined, `expected protocol ${PROTOCOL_VERSION} (the protocol levelramp speaks: "protocol": ${PROTOCOL_VERSION} in hello's answer); the program ${said}`);
      }
      if (name !== this.game.name) {
        this.fail("hello", got.request, got.line, undefined, `expected the name "${this.game.name}" (the game file's name); the program says it is "${name}"`);
      }
      return { name, version, methods: new Set(methods.filter((m): m is OptionalMethod => (OPTIONAL_METHODS as readonly string[]).includes(m))) };
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
    if (!reply.ok) this.fail(method, request, undefined, reply.fault, faultWords(reply.fault, method));
    const line = reply.line;
    let response: unknown;
    try {
      response = JSON.parse(line);
    } catch {
      this.fail(method, request, line, undefined, "the program wrote a line that is not JSON (stdout carries only responses, one JSON object per line; write logs to stderr)");
    }
    // An answer is hostile input like any file (SPEC 2): nesting past 64 or a key __proto__ is refused by its place.
    const hazard = findJsonHazard(response, line);
    if (hazard) this.fail(method, request, line, undefined, `a wrong answer: ${hazard.where.jsonPath ?? `line 1, column ${hazard.where.column}`}: ${hazard.expected}`);
    if (typeof response !== "object" || response === null || Array.isArray(response)) this.fail(method, request, line, undefined, "expected a JSON-RPC response object {jsonrpc, id, result} on the line");
    const r = response as { jsonrpc?: unknown; id?: unknown; result?: unknown; error?: unknown };
    if (r.id !== id) this.fail(method, request, line, undefined, `expected the response to request id ${id}; got ${r.id === undefined ? "no id" : `id ${JSON.stringify(r.id)}`} (answer each request once, in order)`);
    if (r.jsonrpc !== undefined && r.jsonrpc !== "2.0") this.fail(method, request, line, undefined, `expected "jsonrpc": "2.0"; got ${JSON.stringify(r.jsonrpc)}`);
    if (r.error !== undefined) this.fail(method, request, line, undefined, `the program answered with an error: ${errorWords(r.error)}`);
    if (!("result" in r)) this.fail(method, request, line, undefined, "expected a result (or an error) in the response");
    const parsed = RESULT_SCHEMAS[method].safeParse(r.result);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      this.fail(method, request, line, undefined, `a wrong answer: ${jsonPath(["result", ...issue.path])}: ${issue.message}`);
    }
    const against = resultAgainstRequest(method, params, parsed.data);
    if (against) this.fail(method, request, line, undefined, `a wrong answer: ${jsonPath(["result", ...against.path])}: ${against.message}`);
    return { result: parsed.data as MethodResult<M>, request, line };
  }

  /** Ends the program and throws (and keeps) the fault. */
  private fail(method: string, request: string, line: string | undefined, fault: ConnectionFault | undefined, what: string): never {
    this.connection.kill();
    const lines = [`${this.game.file} (${this.game.name}): ${method}: ${what}`, `  request: ${cut(request)}`];
    if (line !== undefined) lines.push(`  came back: ${cut(line)}`);
    else if (fault?.line) lines.push(`  came back (${fault.kind === "too-long" || fault.kind === "utf8" ? "the line's start" : "an unfinished line"}): ${cut(fault.line)}`);
    else if (fault && fault.kind !== "start") lines.push("  came back: nothing");
    const stderr = fault?.stderr.trim();
    if (stderr) lines.push(`  the program's stderr ended with: ${cut(stderr.split("\n").slice(-5).join(" | "), 600)}`);
    this.failed = new ProgramFault("program/wire", lines.join("\n"));
    throw this.failed;
  }
}

/** A connection fault in words. */
function faultWords(fault: ConnectionFault, method: string): string {
  switch (fault.kind) {
    case "start":
      return `the program could not be started: ${fault.error}${fault.code === "ENOENT" ? " (no such program: check command[0] of the game file, and that it is on the PATH)" : ""}`;
    case "exit":
      return `the program exited (${fault.signal ? `signal ${fault.signal}` : `code ${fault.code}`}) before answering ${method}`;
    case "timeout":
      return `no answer within ${fault.timeoutMs} ms (the game file's timeoutMs)`;
    case "too-long":
      return `the program wrote a line longer than ${formatBytes(fault.maxBytes)} (refused once ${formatBytes(fault.maxBytes)} of it had come, without waiting for its end)`;
    case "utf8":
      return `the program wrote a line that is not UTF-8 (byte ${fault.offset.toLocaleString("en-US")} of the line is 0x${fault.byte.toString(16).toUpperCase().padStart(2, "0")}): write every line as UTF-8`;
    case "closed":
      return "the program was closed";
  }
}

/** A JSON-RPC error object in words: `code: message (data)`. */
function errorWords(error: unknown): string {
  if (typeof error !== "object" || error === null) return JSON.stringify(error);
  const e = error as { code?: unknown; message?: unknown; data?: unknown };
  const data = e.data === undefined ? "" : ` (data: ${cut(JSON.stringify(e.data), 200)})`;
  return `${e.code === undefined ? "" : `${String(e.code)}: `}${typeof e.message === "string" ? e.message : JSON.stringify(e.message)}${data}`;
}
