import { jsonPath } from "../io/errors.ts";
import { findJsonHazard } from "../io/hostile/find-json-hazard.ts";
import { oneLine } from "../io/hostile/terminal-text.ts";
import { cut } from "./fault-message.ts";
import { PROTOCOL_VERSION, RESULT_SCHEMAS, resultAgainstRequest, type HelloResult, type Method, type MethodResult } from "./wire-results.ts";

/**
 * Checks one response line of a game program (SPEC 10) against the request it
 * answers: JSON (hostile input like any file: nesting past 64 and a key
 * `__proto__` refused by their place), a JSON-RPC response object with the
 * request's id, `"jsonrpc": "2.0"` when present, no `error`, and a `result`
 * that matches the method's schema and the request (`resultAgainstRequest`).
 *
 * @returns the checked result, or what is wrong, in words for the fault message.
 */
export function checkResponse<M extends Method>(method: M, id: number, params: unknown, line: string): { ok: true; result: MethodResult<M> } | { ok: false; what: string } {
  let response: unknown;
  try {
    response = JSON.parse(line);
  } catch {
    return { ok: false, what: "the program wrote a line that is not JSON (stdout carries only responses, one JSON object per line; write logs to stderr)" };
  }
  const hazard = findJsonHazard(response, line);
  if (hazard) return { ok: false, what: `a wrong answer: ${hazard.where.jsonPath ?? `line 1, column ${hazard.where.column}`}: ${hazard.expected}` };
  if (typeof response !== "object" || response === null || Array.isArray(response)) return { ok: false, what: "expected a JSON-RPC response object {jsonrpc, id, result} on the line" };
  const r = response as { jsonrpc?: unknown; id?: unknown; result?: unknown; error?: unknown };
  if (r.id !== id) return { ok: false, what: `expected the response to request id ${id}; got ${r.id === undefined ? "no id" : `id ${JSON.stringify(r.id)}`} (answer each request once, in order)` };
  if (r.jsonrpc !== undefined && r.jsonrpc !== "2.0") return { ok: false, what: `expected "jsonrpc": "2.0"; got ${JSON.stringify(r.jsonrpc)}` };
  if (r.error !== undefined) return { ok: false, what: `the program answered with an error: ${errorWords(r.error)}` };
  if (!("result" in r)) return { ok: false, what: "expected a result (or an error) in the response" };
  const parsed = RESULT_SCHEMAS[method].safeParse(r.result);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, what: `a wrong answer: ${jsonPath(["result", ...issue.path])}: ${issue.message}` };
  }
  const against = resultAgainstRequest(method, params, parsed.data);
  if (against) return { ok: false, what: `a wrong answer: ${jsonPath(["result", ...against.path])}: ${against.message}` };
  return { ok: true, result: parsed.data as MethodResult<M> };
}

/**
 * A JSON-RPC error object in words, on one line: `code: message (data)`. The
 * message is the program's own text: its line breaks are shown as escapes
 * (`oneLine`) and it is cut to 200 characters, so a program cannot print a
 * line of its own (a forged `levelramp: ...` line) through a fault message.
 */
function errorWords(error: unknown): string {
  if (typeof error !== "object" || error === null) return cut(JSON.stringify(error) ?? "undefined");
  const e = error as { code?: unknown; message?: unknown; data?: unknown };
  const data = e.data === undefined ? "" : ` (data: ${cut(JSON.stringify(e.data), 200)})`;
  const code = typeof e.code === "number" ? `${e.code}: ` : e.code === undefined ? "" : `${cut(JSON.stringify(e.code), 40)}: `;
  return `${oneLine(code)}${oneLine(cut(typeof e.message === "string" ? e.message : (JSON.stringify(e.message) ?? "no message")))}${data}`;
}

/**
 * What is wrong with a checked `hello` answer for the game file named
 * `name`: a protocol other than {@link PROTOCOL_VERSION} (both numbers
 * said), or another name; null when it is right.
 */
export function helloProblem(name: string, hello: HelloResult): string | null {
  const { protocol } = hello;
  if (protocol !== PROTOCOL_VERSION) {
    const said = protocol === undefined ? "gives none" : typeof protocol === "number" ? `says ${protocol}` : `says ${cut(JSON.stringify(protocol), 40)}`;
    return `expected protocol ${PROTOCOL_VERSION} (the protocol levelramp speaks: "protocol": ${PROTOCOL_VERSION} in hello's answer); the program ${said}`;
  }
  if (hello.name !== name) return `expected the name "${name}" (the game file's name); the program says it is ${cut(JSON.stringify(hello.name), 80)}`;
  return null;
}
