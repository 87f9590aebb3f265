import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it, vi } from "vitest";
import { START_RECORD } from "../../src/cli/commands/start.ts";
import { runCli } from "../helpers/run-cli.ts";
import { tempFolder } from "../helpers/temp-dir.ts";

// start (npm start: start --force) replaces only what start itself wrote: each folder it builds keeps a
// record of its files' SHA-256; a build of the reader's there, or a file changed since, is refused before any
// work, even with --force (exit 2, nothing written, the folder named with how to proceed). The record is one
// of the set's files, written in the same atomic set write: start killed at any point leaves it true.

vi.setConfig({ testTimeout: 180_000 });

const start = (out: string) => runCli(["start", "--chapters", "1", "--workers", "1", "--out", out, "--force"]);
/** Every file under `dir` (names, sorted) with its bytes. */
const snapshot = (dir: string) => Object.fromEntries(readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => [join(e.parentPath, e.name), readFileSync(join(e.parentPath, e.name), "utf8")]));

describe("start replaces only its own builds", () => {
  it("refuses a folder holding a set without start's record before any work", async () => {
    const out = tempFolder();
    // a set of the reader's with no record (an earlier build, a copy): nothing written, apsis's folder not made
    mkdirSync(join(out, "carillon"));
    writeFileSync(join(out, "carillon", "levels.json"), "{}\n");
    const r = await start(out);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`cli/start: ${join(out, "carillon")} holds levels.json, which start did not write`);
    expect(r.stderr).not.toContain("$ levelramp build");
    expect(readdirSync(out)).toEqual(["carillon"]);
    expect(readdirSync(join(out, "carillon"))).toEqual(["levels.json"]);
  });

  it("without --force, refuses a record left without its set before any work (its set deleted by hand)", async () => {
    const out = tempFolder();
    mkdirSync(join(out, "apsis"), { recursive: true });
    writeFileSync(join(out, "apsis", START_RECORD), JSON.stringify({ writtenBy: "levelramp start", files: {} }));
    const r = await runCli(["start", "--chapters", "1", "--workers", "1", "--out", out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`cli/start: ${join(out, "apsis", START_RECORD)} exist(s); pass --force to build again over them`);
    expect(r.stderr).not.toContain("$ levelramp build");
    expect(readdirSync(out)).toEqual(["apsis"]);
  });

  it("runs twice in a row with --force (as npm start does); refuses, even with --force, a build of the reader's in its folder and a file changed since", async () => {
    const out = tempFolder();
    const first = await start(out);
    expect(first.code, first.stderr).toBe(0);
    const record = JSON.parse(readFileSync(join(out, "carillon", START_RECORD), "utf8")) as { writtenBy: string; files: Record<string, string> };
    expect(record.writtenBy).toBe("levelramp start");
    expect(Object.keys(record.files)).toEqual(["pools.json", "levels.json", "report.txt", "report.json", "report.html"]);
    // its own builds: replaced with --force only
    const plain = await runCli(["start", "--chapters", "1", "--workers", "1", "--out", out]);
    expect(plain.code).toBe(2);
    expect(plain.stderr).toContain(`${join(out, "carillon", "levels.json")} and ${join(out, "apsis", "levels.json")} exist(s); pass --force to build again over them`);
    const again = await start(out);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe(first.stdout);

    // the reader builds into start's folder (build's default out/<game> is start's), and adds notes to apsis's report.txt
    const built = await runCli(["build", "carillon", "--chapters", "1", "--seed", "2", "--workers", "1", "--out", join(out, "carillon"), "--force", "--quiet", "--no-table"]);
    expect(built.code, built.stderr).toBe(0);
    const report = join(out, "apsis", "report.txt");
    writeFileSync(report, readFileSync(report, "utf8") + "my notes\n");
    const before = snapshot(out);
    const refused = await start(out);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`cli/start: ${join(out, "carillon")} holds pools.json, levels.json, report.txt, report.json, report.html; ${join(out, "apsis")} holds report.txt, which start did not write (or which changed since`);
    expect(refused.stderr).toContain(`even with --force: move or delete ${join(out, "carillon")} and ${join(out, "apsis")}, or pass --out <another folder>`);
    expect(refused.stderr).not.toContain("$ levelramp build");
    expect(snapshot(out)).toEqual(before);
  });

  it("killed just after a build's set is swapped in, leaves the record of that set: the next start runs (and twice in a row)", async () => {
    const out = tempFolder();
    expect((await start(out)).code).toBe(0);
    // start again on other chapters (another set), killed (SIGKILL, no clean-up) as soon as carillon's new set is in place
    const bin = fileURLToPath(new URL("../../src/cli/bin.ts", import.meta.url));
    const argv = ["--import", "tsx", bin, "start", "--chapters", "2", "--workers", "1", "--out", out, "--force"];
    const killed = spawnSync(process.execPath, argv, { env: { ...process.env, LEVELRAMP_TEST_KILL_AT: "set-cleanup" }, encoding: "utf8" });
    expect(killed.signal, killed.stderr).toBe("SIGKILL");
    const carillon = join(out, "carillon");
    const levels = JSON.parse(readFileSync(join(carillon, "levels.json"), "utf8")) as { levels: Array<{ chapter: number }> };
    expect(new Set(levels.levels.map((l) => l.chapter))).toEqual(new Set([2])); // the new set is the one in place
    // the record in the folder is that set's: every file's SHA-256 as it is on disk
    const record = JSON.parse(readFileSync(join(carillon, START_RECORD), "utf8")) as { files: Record<string, string> };
    const sha = (name: string) => `sha256:${createHash("sha256").update(readFileSync(join(carillon, name))).digest("hex")}`;
    expect(record.files).toEqual(Object.fromEntries(Object.keys(record.files).map((name) => [name, sha(name)])));
    expect(Object.keys(record.files)).toEqual(["pools.json", "levels.json", "report.txt", "report.json", "report.html"]);
    for (let k = 0; k < 2; k++) {
      const next = await runCli(["start", "--chapters", "2", "--workers", "1", "--out", out, "--force"]);
      expect(next.code, next.stderr).toBe(0);
    }
  });
});
