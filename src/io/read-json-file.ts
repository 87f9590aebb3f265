import { parse as parseTolerant, printParseErrorCode, type ParseError } from "jsonc-parser";
import type { z } from "zod";
import { InputError, jsonPath } from "./errors.ts";
import { findJsonHazard, nestingPastLimit, TOO_DEEP } from "./hostile/find-json-hazard.ts";
import { readTextFile } from "./read-text-file.ts";

/**
 * Reads and parses a JSON file, with errors that name the file. A UTF-8
 * byte-order mark is dropped; the read is bounded and never blocks
 * ({@link readTextFile}: regular files of at most 64 MiB).
 *
 * @throws InputError (exit 2) when the file is missing, not a regular file,
 *   too large or unreadable, or is not JSON levelramp keeps (see
 *   {@link parseJsonText}).
 */
export function readJson(file: string): unknown {
  return parseJsonText(readTextFile(file, "io/read"), "io/read", file);
}

/**
 * Parses JSON text from outside (a file, a game program's answer) the way
 * every input is parsed (SPEC 2): the first syntax error named by line and
 * column, what was expected and what is there, on one line (`NaN`,
 * `Infinity`, trailing commas and comments are not JSON); arrays and objects
 * nested deeper than 64 and any key `__proto__` refused
 * ({@link findJsonHazard}). Use it for any JSON a user or another program
 * hands levelramp, then look keys up as own properties (`src/io/hostile/own-key.ts`).
 *
 * @param text the JSON text.
 * @param module the module named in errors, e.g. `io/read`.
 * @param source what the text is, named in every message: the file, or e.g. `the game program's answer to measure`.
 * @throws InputError (exit 2) naming `source` and the line and column or JSON path.
 */
export function parseJsonText(text: string, module: string, source: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new InputError(module, describeJsonError(text, (err as Error).message), { file: source });
  }
  const hazard = findJsonHazard(value, text);
  if (hazard) {
    const { line, column, jsonPath: path } = hazard.where;
    throw new InputError(module, line === undefined ? hazard.expected : `expected JSON (line ${line}, column ${column}): ${hazard.expected}`, { file: source, jsonPath: path });
  }
  return value;
}

/** Line and column (1-based) of a character offset. */
function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split("\n");
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

const WHY: Partial<Record<string, string>> = {
  InvalidSymbol: "expected a JSON value",
  ValueExpected: "expected a value",
  PropertyNameExpected: "expected a double-quoted property name",
  CommaExpected: "expected a comma",
  ColonExpected: "expected a colon",
  CloseBraceExpected: "expected }",
  CloseBracketExpected: "expected ]",
  EndOfFileExpected: "expected the end of the file",
  InvalidCommentToken: "expected no comment (JSON has none)",
  UnexpectedEndOfComment: "expected no comment (JSON has none)",
  UnexpectedEndOfString: "expected the string to end with a quote on its line",
  UnexpectedEndOfNumber: "expected a digit",
  InvalidUnicode: "expected a \\uXXXX escape",
  InvalidEscapeCharacter: "expected an escape of \\\" \\\\ / b f n r t or u",
  InvalidCharacter: "expected no control character inside a string",
};

/**
 * The first JSON syntax error of `text` in one line: where (line, column),
 * what was expected and what is there. jsonc-parser (which reports every
 * error with its offset) locates it; Node's own message is the fallback.
 */
export function describeJsonError(text: string, nodeMessage: string): string {
  // The tolerant parser recurses once per nesting level: past the limit, name where it is passed instead.
  const deep = nestingPastLimit(text);
  if (deep >= 0) {
    const { line, column } = lineColumn(text, deep);
    return `expected JSON (line ${line}, column ${column}): ${TOO_DEEP}`;
  }
  const errors: ParseError[] = [];
  parseTolerant(text, errors, { allowTrailingComma: false, disallowComments: true, allowEmptyContent: false });
  const first = errors[0];
  if (!first) return `expected JSON: ${nodeMessage.replace(/\s+/g, " ")}`;
  const { line, column } = lineColumn(text, first.offset);
  const found = text.slice(first.offset).match(/^(?:[A-Za-z_$+\-][\w$.+\-]*|\S)/)?.[0];
  const code = printParseErrorCode(first.error);
  const trailing = (code === "ValueExpected" || code === "PropertyNameExpected") && /,\s*$/.test(text.slice(0, first.offset)) && /^[\]}]/.test(text.slice(first.offset).trimStart());
  const what = trailing ? "expected no comma before the closing bracket (JSON has no trailing commas)" : (WHY[code] ?? `expected JSON (${code})`);
  const there = found === undefined ? "the end of the file" : JSON.stringify(found.length > 20 ? `${found.slice(0, 20)}…` : found);
  const extra = found !== undefined && /^-?(NaN|Infinity)$/.test(found) ? " (JSON has no NaN or Infinity: write a finite number)" : "";
  return `expected JSON (line ${line}, column ${column}): ${what}; found ${there}${extra}`;
}

/**
 * Checks a value against a zod schema; the first problem becomes an InputError
 * naming the file, the JSON path and what was expected.
 *
 * @throws InputError (exit 2) when the value does not match.
 */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, file: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const more = result.error.issues.length > 1 ? ` (and ${result.error.issues.length - 1} more problem(s))` : "";
  throw new InputError("io/read", `${issue.message}${more}`, { file, jsonPath: jsonPath(issue.path) });
}

/**
 * Reads a JSON file and validates it with `schema` (SPEC 3 formats).
 *
 * @throws InputError (exit 2): missing file, bad JSON, or a value that does not match.
 */
export function readJsonFile<S extends z.ZodType>(schema: S, file: string): z.output<S> {
  return parseWith(schema, readJson(file), file);
}
