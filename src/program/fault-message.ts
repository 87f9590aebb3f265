import { formatBytes } from "../io/input-limits.ts";
import type { ConnectionFault } from "./program-connection.ts";

/** Characters of a request or an answer quoted in a fault message (SPEC 10: "the request cut to 200 characters"). */
export const QUOTE_CHARACTERS = 200;

/** `text` cut to `n` characters, with an ellipsis and the full length when cut. */
export function cut(text: string, n = QUOTE_CHARACTERS): string {
  return text.length <= n ? text : `${text.slice(0, n)}… (${text.length.toLocaleString("en-US")} characters)`;
}

/**
 * The message of a program fault (SPEC 10: exit 2): the game file and game,
 * the method and what went wrong on the first line; then the request (cut to
 * 200 characters), what came back (the line, the start of a refused or
 * unfinished line, or nothing) and the last lines of the program's stderr.
 *
 * @param what what went wrong, in words (a response check's, or {@link connectionFaultWords}).
 */
export function faultMessage(where: { file: string; name: string }, method: string, request: string, line: string | undefined, fault: ConnectionFault | undefined, what: string): string {
  const lines = [`${where.file} (${where.name}): ${method}: ${what}`, `  request: ${cut(request)}`];
  if (line !== undefined) lines.push(`  came back: ${cut(line)}`);
  else if (fault?.line) lines.push(`  came back (${fault.kind === "too-long" || fault.kind === "utf8" ? "the line's start" : "an unfinished line"}): ${cut(fault.line)}`);
  else if (fault && fault.kind !== "start") lines.push("  came back: nothing");
  const stderr = fault?.stderr.trim();
  if (stderr) lines.push(`  the program's stderr ended with: ${cut(stderr.split("\n").slice(-5).join(" | "), 600)}`);
  return lines.join("\n");
}

/** A connection fault in words, for the first line of {@link faultMessage}. */
export function connectionFaultWords(fault: ConnectionFault, method: string): string {
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
