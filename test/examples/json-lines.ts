import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

// A tiny JSON-RPC 2.0 client of the examples' own (it does not use levelramp's), to
// test the example games as programs (SPEC 10): every request goes in as one line,
// stdin is closed, and the program must answer line by line and exit by itself.

/** The folder of an example game (`examples/<name>`). */
export const exampleDir = (name: string): string => fileURLToPath(new URL(`../../examples/${name}/`, import.meta.url));

export interface Session {
  /** Each stdout line, parsed (a line that is not JSON fails the session). */
  responses: any[];
  /** The exit code (null when killed by a signal). */
  code: number | null;
  stderr: string;
}

/** Runs `argv` in `cwd`, writes each of `lines` (strings as they are, anything else as JSON) and closes stdin. */
export function runLines(cwd: string, argv: string[], lines: unknown[]): Promise<Session> {
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0]!, argv.slice(1), { cwd, stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (out += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (err += d));
    child.on("error", reject);
    child.on("close", (code) => {
      try {
        const responses = out.split("\n").filter((l, i, all) => i < all.length - 1 || l !== "").map((l) => JSON.parse(l));
        if (!out.endsWith("\n") && out !== "") throw new Error("the last stdout line has no newline");
        resolve({ responses, code, stderr: err });
      } catch (e) {
        reject(new Error(`${argv.join(" ")}: stdout is not JSON lines (${(e as Error).message}):\n${out.slice(0, 500)}`));
      }
    });
    child.stdin.end(lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l)) + "\n").join(""));
  });
}

/** A JSON-RPC request object with params. */
export const request = (id: number | string, method: string, params: unknown) => ({ jsonrpc: "2.0", id, method, params });

/** Calls `method` once per params entry in one session; returns the results in order (throws on an error response). */
export async function callAll(cwd: string, argv: string[], method: string, params: unknown[]): Promise<any[]> {
  const session = await runLines(cwd, argv, params.map((p, i) => request(i, method, p)));
  return session.responses.map((r, i) => {
    if (r.id !== i || r.error) throw new Error(`${method} #${i}: ${JSON.stringify(r).slice(0, 300)}`);
    return r.result;
  });
}
