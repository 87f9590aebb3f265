import { readFileSync } from "node:fs";
import type { z } from "zod";
import { InputError, jsonPath } from "./errors.ts";

/**
 * Reads and parses a JSON file, with errors that name the file.
 *
 * @throws InputError (exit 2) when the file is missing or unreadable, or is not JSON
 *   (the message gives the line and column of the syntax error).
 */
export function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new InputError("io/read", code === "ENOENT" ? "expected a file; it does not exist" : `cannot read it (${code})`, { file });
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    const message = (err as Error).message;
    const at = /position (\d+)/.exec(message);
    let where = "";
    if (at || /end of JSON input/.test(message)) {
      const pos = at ? Number(at[1]) : text.length;
      const before = text.slice(0, pos).split("\n");
      where = ` (line ${before.length}, column ${before[before.length - 1].length + 1})`;
    }
    throw new InputError("io/read", `expected JSON${where}: ${message}`, { file });
  }
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
