import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { bundleChild } from "../helpers/bundle-child.ts";

// "After Ctrl-C the terminal gets its cursor and line wrap back".
// cli-progress hides the cursor (ESC[?25l) and turns line wrap off (ESC[?7l)
// while it draws; killed by SIGINT without a listener, it never turns them back.
// A terminal that goes away (SIGHUP: the window closed, the ssh
// session dropped) and SIGTERM get the same clean-up, with 128 + the signal's number.
describe("Ctrl-C, SIGTERM or SIGHUP while progress bars draw", () => {
  it.each([
    ["SIGINT", 130],
    ["SIGTERM", 143],
    ["SIGHUP", 129],
  ])("%s gives the terminal its cursor and line wrap back, and exits %i (the signal is not ignored)", async (signal, code) => {
    const child = await bundleChild(fileURLToPath(new URL("../helpers/progress-child.ts", import.meta.url)));
    const r = spawnSync(process.execPath, [child, signal as string], { encoding: "utf8", timeout: 20_000 });
    expect(r.status, r.stderr).toBe(code);
    expect(r.stdout).not.toContain("not interrupted");
    const hid = r.stdout.indexOf("\x1b[?25l");
    const wrapOff = r.stdout.indexOf("\x1b[?7l");
    expect(hid).toBeGreaterThanOrEqual(0);
    expect(wrapOff).toBeGreaterThanOrEqual(0);
    expect(r.stdout.lastIndexOf("\x1b[?25h")).toBeGreaterThan(hid);
    expect(r.stdout.lastIndexOf("\x1b[?7h")).toBeGreaterThan(wrapOff);
    expect(r.stdout.endsWith("\n")).toBe(true);
  }, 30_000);
});
