import { describe, expect, it } from "vitest";
import { exampleDir, request, runLines } from "./json-lines.ts";

// Both example games speak the wire of SPEC 10 the same way: one response line per
// request, in order, with the request's id; JSON-RPC 2.0 error objects for what they
// cannot answer; nothing for a notification or a blank line; exit 0 at end of stdin.

const games = [
  { name: "lights-out", argv: ["python3", "main.py"], optional: ["key", "graph", "similar", "similarMany", "picture"], level: { width: 3, height: 3, rows: ["#..", "##.", "#.."] } },
  { name: "rush-hour", argv: [process.execPath, "main.mjs"], optional: ["key", "similar", "picture"], level: { rows: ["......", "...B..", "AA.B..", "......", "......", "......"] } },
];

describe.each(games)("examples/$name on the wire", ({ name, argv, optional, level }) => {
  it("answers in order with the same ids, errors as JSON-RPC error objects, and exits 0 at end of stdin", async () => {
    const session = await runLines(exampleDir(name), argv, [
      request(1, "hello", { protocol: 1 }),
      request("two", "solve", { level }),
      request(3, "no-such-method", {}),
      request(4, "solve", {}),
      request(5, "solve", { level: { rows: 7 } }),
      "this is not JSON",
      "",
      { jsonrpc: "2.0", method: "hello", params: { protocol: 1 } }, // a notification: no answer
      { jsonrpc: "1.0", id: 6, method: "hello" },
      request(7, "hello", { protocol: 2 }),
      request(8, "key", { level }),
    ]);
    const r = session.responses;
    expect(session.code).toBe(0);
    expect(session.stderr).toBe("");
    expect(r.map((x) => x.id)).toEqual([1, "two", 3, 4, 5, null, 6, 7, 8]);
    expect(r.every((x) => x.jsonrpc === "2.0")).toBe(true);
    expect(r[0].result).toEqual({ name, version: "1.0.0", protocol: 1, methods: optional });
    expect(r[1].result.status).toBe("solved");
    expect(r[1].result.metrics).toBeTypeOf("object");
    expect(r.slice(2).map((x) => x.error?.code)).toEqual([-32601, -32602, -32602, -32700, -32600, -32602, undefined]);
    expect(r[3].error.message).toMatch(/params\.level: missing/);
    expect(r[4].error.message).toMatch(/^params\.level/);
    expect(r[8].result.key).toBeTypeOf("string");
  }, 30_000);

  it("answers a request before the next one is sent (line by line, flushed)", async () => {
    const { spawn } = await import("node:child_process");
    const child = spawn(argv[0]!, argv.slice(1), { cwd: exampleDir(name), stdio: ["pipe", "pipe", "inherit"] });
    const lines: string[] = [];
    let buffer = "";
    const next = () =>
      new Promise<any>((resolve) => {
        const take = () => {
          const nl = buffer.indexOf("\n");
          if (nl < 0) return false;
          resolve(JSON.parse(buffer.slice(0, nl)));
          buffer = buffer.slice(nl + 1);
          return true;
        };
        if (!take()) child.stdout.once("data", function onData(d: Buffer) {
          buffer += d.toString("utf8");
          if (!take()) child.stdout.once("data", onData);
        });
      });
    for (const [id, method, params] of [[1, "hello", { protocol: 1 }], [2, "solve", { level }], [3, "key", { level }]] as const) {
      child.stdin.write(JSON.stringify(request(id, method, params)) + "\n"); // stdin stays open
      const response = await next();
      lines.push(response.id);
    }
    child.stdin.end();
    const code = await new Promise((resolve) => child.on("close", resolve));
    expect(lines).toEqual([1, 2, 3]);
    expect(code).toBe(0);
  }, 30_000);
});
