import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { brokenGame, gone, pidsOf } from "../helpers/broken-game.ts";
import { runCli } from "../helpers/run-cli.ts";

// Programs you need not trust (SPEC 10): each case drives the CLI
// with fixtures/program/broken.mjs in the mode of the case, and failed before
// the asynchronous client (src/program/program-client.ts and its connection).

const root = fileURLToPath(new URL("../../", import.meta.url));
const bin = fileURLToPath(new URL("../../src/cli/bin.ts", import.meta.url));

/** `build <game file> --workers 1` of a broken program's game, quiet. */
const build = (g: ReturnType<typeof brokenGame>) => runCli(["build", g.file, "--workers", "1", "--out", g.out, "--quiet"]);

describe("a program you need not trust", () => {
  it("a 200 MB response line is refused once 64 MiB of it came, the program ended before it wrote the rest (was: read whole, 82–125 s, 0.7–1.35 GB)", async () => {
    const g = brokenGame("huge-line", { timeoutMs: 60_000 });
    const r = await build(g);
    expect(r.code).toBe(2);
    expect(r.stderr.split("\n")[0]).toBe(`levelramp: program/wire: ${g.file} (broken-huge-line): generate: the program wrote a line longer than 64 MiB (refused once 64 MiB of it had come, without waiting for its end)`);
    expect(r.stderr).toMatch(/\n {2}came back \(the line's start\): \{"jsonrpc":"2\.0","id":2,"result":\{"level":\{"pad":"x+… \(400 characters\)\n/);
    expect(existsSync(`${g.pids}-done`)).toBe(false);
    expect(existsSync(g.out)).toBe(false);
  }, 120_000);

  it("invalid UTF-8 in a response is refused with exit 2 naming the method and the byte (was: replaced by U+FFFD and stored in pools and levels)", async () => {
    const g = brokenGame("bad-utf8");
    const r = await build(g);
    expect(r.code).toBe(2);
    expect(r.stderr.split("\n")[0]).toBe(`levelramp: program/wire: ${g.file} (broken-bad-utf8): generate: the program wrote a line that is not UTF-8 (byte 57 of the line is 0xFF): write every line as UTF-8`);
    expect(existsSync(g.out)).toBe(false);
  }, 120_000);

  it("a program's error message with line breaks stays on the fault's one line, escaped (was: embedded raw, so a break before two spaces printed a detail line of its own: \"the program's stderr ended with: nothing, all good\" forged)", async () => {
    const g = brokenGame("error-lines");
    const r = await build(g);
    expect(r.code).toBe(2);
    const lines = r.stderr.split("\n");
    expect(lines[0]).toBe(`levelramp: program/wire: ${g.file} (broken-error-lines): generate: the program answered with an error: -32000: out of cheese\\u000A  the program's stderr ended with: nothing, all good\\u000D\\u000Alevelramp: build: all good`);
    expect(lines.filter((l) => l.startsWith("levelramp"))).toHaveLength(1);
    expect(lines.filter((l) => l.startsWith("  the program's stderr"))).toEqual([]);
    expect(existsSync(g.out)).toBe(false);
  }, 120_000);

  it("SIGTERM while levelramp waits on a hung key call (2 workers) ends it and every program at once, not when the call times out (was: 57 s; the call's timeout here is 10 minutes, the test's budget 150 s)", async () => {
    const g = brokenGame("hung-key", { levels: 4, timeoutMs: 600_000 });
    const cli = spawn(process.execPath, ["--import", "tsx", bin, "build", g.file, "--workers", "2", "--out", g.out, "--quiet"], { cwd: root, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    cli.stderr.on("data", (d) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => cli.on("exit", (code) => resolve(code)));
    // The pool's de-duplication (levelramp's main thread) has asked the key the program never answers.
    for (const end = Date.now() + 100_000; Date.now() < end && !existsSync(`${g.pids}-key`); ) await new Promise((r) => setTimeout(r, 100));
    expect(existsSync(`${g.pids}-key`), stderr).toBe(true);
    const pids = pidsOf(g.dir);
    expect(pids.length).toBeGreaterThanOrEqual(2);
    cli.kill("SIGTERM");
    expect(await exited).toBe(143);
    expect(await gone(pids)).toBe(true);
    expect(existsSync(g.out)).toBe(false);
  }, 150_000);

  it("hello answering another protocol is refused with exit 2 naming both numbers (was: protocol 99 accepted)", async () => {
    const g = brokenGame("protocol-2");
    const r = await build(g);
    expect(r.code).toBe(2);
    expect(r.stderr.split("\n")[0]).toBe(`levelramp: program/wire: ${g.file} (broken-protocol-2): hello: expected protocol 1 (the protocol levelramp speaks: "protocol": 1 in hello's answer); the program says 2`);
    expect(existsSync(g.out)).toBe(false);
  }, 120_000);

  it("hello answering no protocol is refused the same way (SPEC 10: hello's answer says protocol 1)", async () => {
    const g = brokenGame("no-protocol");
    const r = await build(g);
    expect(r.code).toBe(2);
    expect(r.stderr.split("\n")[0]).toMatch(/\(broken-no-protocol\): hello: expected protocol 1 \(.*\); the program gives none$/);
  }, 120_000);

  it("a grandchild that left the program's process group and session (setsid) is ended when the build is done (was: it survived the build)", async () => {
    const g = brokenGame("setsid");
    // A process of its own: levelramp ends its programs' trees when it exits.
    const r = spawnSync(process.execPath, ["--import", "tsx", bin, "build", g.file, "--workers", "2", "--out", g.out, "--quiet"], { cwd: root, encoding: "utf8", timeout: 120_000 });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const pids = pidsOf(g.dir);
    expect(pids.length).toBeGreaterThanOrEqual(2);
    expect(await gone(pids)).toBe(true);
  }, 120_000);
});
