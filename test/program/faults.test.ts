import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.ts";
import { alive, brokenGame, gone, pidsOf } from "../helpers/broken-game.ts";

// SPEC 10 faults, driven through the CLI with a deliberately broken program
// (fixtures/program/broken.mjs, one mode per fault): exit 2 naming the game
// file, the method, the request (cut to 200 characters) and what came back;
// nothing written; every process of the game ended.

const root = fileURLToPath(new URL("../../", import.meta.url));

describe("a broken program stops the command with exit 2, clearly, leaving nothing behind (SPEC 10)", () => {
  const cases: Array<{ mode: string; command?: (dir: string) => string[]; pad?: number; method: string; says: RegExp; cameBack?: RegExp }> = [
    { mode: "no-start", command: () => ["./no-such-program"], method: "hello", says: /could not be started: spawn \.\/no-such-program ENOENT \(no such program/ },
    { mode: "silent-hello", method: "hello", says: /no answer within 1500 ms \(the game file's timeoutMs\)/, cameBack: /came back: nothing/ },
    { mode: "bad-hello", method: "hello", says: /a wrong answer: \$\.result\.version: /, cameBack: /came back: \{"jsonrpc":"2\.0","id":1,"result":\{"name":"broken-bad-hello","protocol":1,"methods":\[\]\}\}/ },
    { mode: "wrong-name", method: "hello", says: /expected the name "broken-wrong-name" \(the game file's name\); the program says it is "someone-else"/ },
    { mode: "not-json", method: "generate", says: /the program wrote a line that is not JSON/, cameBack: /came back: Traceback \(most recent call last\): oops/ },
    { mode: "wrong-id", method: "generate", says: /expected the response to request id 2; got id 9/ },
    { mode: "error", pad: 300, method: "generate", says: /the program answered with an error: -32000: out of cheese \(data: \{"hint":"more cheese"\}\)/ },
    { mode: "exits", method: "generate", says: /the program exited \(code 3\) before answering generate/, cameBack: /the program's stderr ended with: broken: giving up on generate/ },
    { mode: "timeout", method: "generate", says: /no answer within 1500 ms/ },
    { mode: "bad-level", method: "generate", says: /a wrong answer: \$\.result\.level\.n: expected a finite number within ±1e9/ },
    { mode: "bad-concepts", method: "solve", says: /a wrong answer: \$\.result\.concepts\[1\]: expected distinct concept names; "jump" is also \[0\]/ },
  ];
  for (const c of cases) {
    it(`${c.mode}: names the game file, ${c.method}, the request and what came back`, async () => {
      const g = brokenGame(c.mode, { command: c.command?.(root), pad: c.pad });
      const r = await runCli(["build", g.file, "--workers", "1", "--out", g.out, "--quiet"]);
      expect(r.code).toBe(2);
      const first = r.stderr.split("\n")[0];
      expect(first).toContain(`levelramp: program/wire: ${g.file} (broken-${c.mode}): ${c.method}: `);
      expect(first).toMatch(c.says);
      const request = /\n {2}request: (.*)/.exec(r.stderr)![1];
      expect(request).toMatch(new RegExp(`^\\{"jsonrpc":"2\\.0","id":${{ hello: "1", generate: "2" }[c.method] ?? "\\d+"},"method":"${c.method}","params":\\{`));
      if (c.pad) expect(request).toMatch(/^.{200}… \(\d{3} characters\)$/);
      if (c.cameBack) expect(r.stderr).toMatch(c.cameBack);
      expect(existsSync(g.out)).toBe(false);
    }, 120_000);
  }

  it("a fault on one worker thread while another still works: exit 2 with the fault, not an internal error", async () => {
    const g = brokenGame("one-fails", { levels: 12 });
    const r = await runCli(["build", g.file, "--workers", "2", "--out", g.out, "--quiet"]);
    expect(r.stderr).toMatch(/^levelramp: program\/wire: .*generate: the program wrote a line that is not JSON/);
    expect(r.code).toBe(2);
    expect(existsSync(g.out)).toBe(false);
  }, 120_000);

  it("ends every process the program started when it faults (a grandchild included)", async () => {
    const g = brokenGame("grandchild");
    const r = await runCli(["build", g.file, "--workers", "1", "--out", g.out, "--quiet"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/generate: no answer within 1500 ms/);
    const pids = pidsOf(g.dir);
    expect(pids).toHaveLength(2);
    expect(await gone(pids)).toBe(true);
  }, 120_000);

  it("ends every program group, those of worker threads too, when levelramp gets SIGTERM", async () => {
    const g = brokenGame("slow");
    const cli = spawn(process.execPath, ["--import", "tsx", fileURLToPath(new URL("../../src/cli/bin.ts", import.meta.url)), "build", g.file, "--workers", "2", "--out", g.out, "--quiet"], { cwd: root, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    cli.stderr.on("data", (d) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => cli.on("exit", (code) => resolve(code)));
    // The main thread's program and at least one worker thread's are running (each wrote its pids).
    for (const end = Date.now() + 150_000; Date.now() < end && pidsOf(g.dir).length < 4; ) await new Promise((r) => setTimeout(r, 100));
    const pids = pidsOf(g.dir);
    expect(pids.length, stderr).toBeGreaterThanOrEqual(4);
    expect(pids.every(alive)).toBe(true);
    cli.kill("SIGTERM");
    expect(await exited).toBe(143);
    expect(await gone(pids)).toBe(true);
    expect(existsSync(g.out)).toBe(false);
  }, 200_000);
});
