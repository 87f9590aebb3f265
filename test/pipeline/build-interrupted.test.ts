import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { tempFolder } from "../helpers/temp-dir.ts";

// SPEC 2: a crash or Ctrl-C leaves no half file — the build writes its outputs only once everything is done.
describe("levelramp build interrupted", () => {
  it("leaves no output at all when stopped by SIGINT while growing", async () => {
    // the CLI from its sources (through tsx), so the test runs the code as it is, built or not
    const bin = fileURLToPath(new URL("../../src/cli/bin.ts", import.meta.url));
    const dir = join(tempFolder(), "out");
    const child = spawn(process.execPath, ["--import", "tsx", bin, "build", "apsis", "--chapters", "1-4", "--workers", "2", "--out", dir, "--quiet"], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    // stop it once generation has surely started (the whole run takes well over ten seconds)
    await new Promise((r) => setTimeout(r, 4000));
    const stillRunning = child.exitCode === null;
    child.kill("SIGINT");
    const code = await new Promise<number | null>((r) => child.on("close", (c, signal) => r(c ?? (signal ? 130 : null))));
    expect(stillRunning, `the build ended before it could be interrupted: ${stderr}`).toBe(true);
    expect(code).not.toBe(0);
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
  }, 30_000);
});
