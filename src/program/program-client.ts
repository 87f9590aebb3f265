import type { z } from "zod";
import { jsonPath, ProgramFault } from "../io/errors.ts";
import { findJsonHazard } from "../io/hostile/find-json-hazard.ts";
import { ProgramProcess, type HostFault } from "./program-process.ts";
import type { ProgramGame } from "./read-game-file.ts";
import { helloResultSchema, OPTIONAL_METHODS, type OptionalMethod } from "./wire-results.ts";

/** The protocol version levelramp speaks (`hello` params `{protocol: 1}`). */
export const PROTOCOL_VERSION = 1;

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
 * (SPEC 10): request ids count from 1; each call writes one request line and
 * takes the next line as its response, which must be JSON, carry the
 * request's id, and hold a `result` that matches the method's schema. `hello`
 * `{protocol: 1}` is the first call (made by the first {@link call}) and must
 * answer with the game file's name. Anything else is a {@link ProgramFault}
 * (exit 2) naming the game file, the method, the request (cut to 200
 * characters), what came back and the end of the program's stderr; the
 * program's whole process group has then been ended, and every later call
 * throws the same fault.
 */
export class ProgramClient {
  readonly game: ProgramGame;
  private readonly process: ProgramProcess;
  private nextId = 1;
  private info: ProgramInfo | null = null;
  private failed: ProgramFault | null = null;

  constructor(game: ProgramGame, options: ProgramClientOptions = {}) {
    this.game = game;
    this.process = new ProgramProcess({ argv: game.argv, cwd: game.dir, timeoutMs: game.timeoutMs, label: game.name, forwardStderr: options.forwardStderr });
  }

  /**
   * The program's `hello` (asked once, when first needed): its name (which
   * must be the game file's), version and optional methods.
   *
   * @throws ProgramFault (exit 2) on any fault, or a name other than the game file's.
   */
  hello(): ProgramInfo {
    if (this.info) return this.info;
    const got = this.exchange("hello", { protocol: PROTOCOL_VERSION }, helloResultSchema);
    if (got.result.name !== this.game.name) {
      this.fail("hello", got.request, got.line, undefined, `expected the name "${this.game.name}" (the game file's name); the program says it is "${got.result.name}"`);
    }
    const methods = new Set(got.result.methods.filter((m): m is OptionalMethod => (OPTIONAL_METHODS as readonly string[]).includes(m)));
    this.info = { name: got.result.name, version: got.result.version, methods };
    return this.info;
  }

  /** Whether the program offers an optional method (says `hello` first). */
  offers(method: OptionalMethod): boolean {
    return this.hello().methods.has(method);
  }

  /**
   * Calls `method` with `params` and returns its result checked by `schema`.
   *
   * @throws ProgramFault (exit 2) on any fault.
   */
  call<S extends z.ZodType>(method: string, params: unknown, schema: S): z.output<S> {
    this.hello();
    return this.exchange(method, params, schema).result;
  }

  /** Ends the program (its whole process group). */
  close(): void {
    this.process.close();
  }

  /** One request and its response, checked. */
  private exchange<S extends z.ZodType>(method: string, params: unknown, schema: S): { result: z.output<S>; request: string; line: string } {
    if (this.failed) throw this.failed;
    const id = this.nextId++;
    const request = JSON.stringify({ jsonrpc: "2.0", id, method, params });
    const reply = this.process.exchange(request);
    if (!reply.ok) this.fail(method, request, undefined, reply.fault, hostFaultWords(reply.fault, method));
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
    const parsed = schema.safeParse(r.result);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      this.fail(method, request, line, undefined, `a wrong answer: ${jsonPath(["result", ...issue.path])}: ${issue.message}`);
    }
    return { result: parsed.data, request, line };
  }

  /** Ends the program and throws (and keeps) the fault. */
  private fail(method: string, request: string, line: string | undefined, fault: HostFault | undefined, what: string): never {
    this.process.close();
    const lines = [`${this.game.file} (${this.game.name}): ${method}: ${what}`, `  request: ${cut(request)}`];
    if (line !== undefined) lines.push(`  came back: ${cut(line)}`);
    else if (fault?.line) lines.push(`  came back (an unfinished line): ${cut(fault.line)}`);
    else if (fault && fault.kind !== "start") lines.push("  came back: nothing");
    const stderr = fault?.stderr.trim();
    if (stderr) lines.push(`  the program's stderr ended with: ${cut(stderr.split("\n").slice(-5).join(" | "), 600)}`);
    this.failed = new ProgramFault("program/wire", lines.join("\n"));
    throw this.failed;
  }
}

/** A host fault in words. */
function hostFaultWords(fault: HostFault, method: string): string {
  switch (fault.kind) {
    case "start":
      return `the program could not be started: ${fault.error ?? "unknown error"}${fault.code === "ENOENT" ? " (no such program: check command[0] of the game file, and that it is on the PATH)" : ""}`;
    case "exit":
      return `the program exited (${fault.signal ? `signal ${fault.signal}` : `code ${fault.code}`}) before answering ${method}`;
    case "timeout":
      return `no answer within ${fault.timeoutMs} ms (the game file's timeoutMs)`;
    case "too-long":
      return `the program wrote a line longer than 64 MiB`;
    case "host":
      return fault.error ?? "levelramp's program host failed";
  }
}

/** A JSON-RPC error object in words: `code: message (data)`. */
function errorWords(error: unknown): string {
  if (typeof error !== "object" || error === null) return JSON.stringify(error);
  const e = error as { code?: unknown; message?: unknown; data?: unknown };
  const data = e.data === undefined ? "" : ` (data: ${cut(JSON.stringify(e.data), 200)})`;
  return `${e.code === undefined ? "" : `${String(e.code)}: `}${typeof e.message === "string" ? e.message : JSON.stringify(e.message)}${data}`;
}
