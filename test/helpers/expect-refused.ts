import { existsSync } from "node:fs";
import { expect } from "vitest";
import { InputError } from "../../src/io/errors.ts";
import { runCli, type CliRun } from "./run-cli.ts";

/**
 * Runs a command line that must be refused as bad input (SPEC 2): exit 2, one
 * line starting `levelramp: ` holding every one of `parts`, no stack trace,
 * and nothing written to `out` when given.
 */
export async function expectRefused(argv: string[], parts: Array<string | RegExp>, out?: string): Promise<CliRun> {
  const r = await runCli(argv);
  expect(r.code, r.stderr).toBe(2);
  const line = r.stderr
    .trimEnd()
    .split("\n")
    .find((l) => l.startsWith("levelramp: "));
  expect(line, r.stderr).toBeDefined();
  for (const p of parts) {
    if (typeof p === "string") expect(line).toContain(p);
    else expect(line).toMatch(p);
  }
  expect(r.stderr).not.toMatch(/\n\s+at /);
  if (out) expect(existsSync(out), `${out} was written`).toBe(false);
  return r;
}

/** The InputError `fn` throws, in-process (the test fails when it throws nothing, or something else). */
export function refusal(fn: () => unknown): InputError {
  try {
    fn();
  } catch (err) {
    if (err instanceof InputError) return err;
    throw err;
  }
  throw new Error("expected an InputError; nothing was thrown");
}
