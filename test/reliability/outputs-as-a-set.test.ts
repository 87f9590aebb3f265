import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { lockPath } from "../../src/io/output-lock.ts";
import { cleanStaleOutputs } from "../../src/io/output-paths.ts";
import { bundleChild } from "../helpers/bundle-child.ts";
import { tempDir } from "../helpers/temp-dir.ts";

// SPEC 2: "the files of one run (build's five) are replaced as a set: never a
// mix of two runs". Each run of the child writes five files that all name the
// run; killed (SIGKILL, no clean-up at all) at each point of writeFileSet, the
// folder must hold one run's files whole, and the next run must clean up.
let child = "";
beforeAll(async () => {
  child = await bundleChild(fileURLToPath(new URL("../helpers/write-set-child.ts", import.meta.url)));
});
const names = ["levels.json", "pools.json", "report.html", "report.json", "report.txt"];

function write(dir: string, run: string, killAt?: string, sigintAt?: string): { status: number | null; signal: NodeJS.Signals | null; stderr: string } {
  const env = { ...process.env, LEVELRAMP_TEST_KILL_AT: killAt ?? "", LEVELRAMP_TEST_SIGINT_AT: sigintAt ?? "" };
  const r = spawnSync(process.execPath, [child, dir, run], { env, encoding: "utf8" });
  return { status: r.status, signal: r.signal, stderr: r.stderr };
}

/** Which run each file of the folder names (its first line), by file name; the foreign files too. */
function runsIn(dir: string): Record<string, string> {
  if (!existsSync(dir)) return {};
  return Object.fromEntries(readdirSync(dir).sort().map((f) => [f, readFileSync(join(dir, f), "utf8").split("\n")[0]]));
}

const setOf = (run: string) => ({ ...Object.fromEntries(names.map((n) => [n, run])), "notes.txt": "mine" });
const leftovers = (parent: string) => readdirSync(parent).filter((f) => f.startsWith("."));

describe("outputs as a set (kill test with fault injection)", () => {
  it("killed at every point of the write, the folder holds one run's files whole; the next run cleans up and restores", () => {
    const parent = tempDir().dir;
    const out = join(parent, "out");
    mkdirSync(out);
    writeFileSync(join(out, "notes.txt"), "mine\n"); // a file of the designer's own, not of the set
    expect(write(out, "run-A").status).toBe(0);
    expect(runsIn(out)).toEqual(setOf("run-A"));
    const points = ["set-file-1", "set-file-3", "set-file-5", "set-rename-1", "set-rename-2", "set-cleanup"];
    let last = "run-A";
    const seen: string[] = [];
    for (const [k, point] of points.entries()) {
      const run = `run-B${k}`;
      const r = write(out, run, point);
      expect(r.signal, `${point}: ${r.stderr}`).toBe("SIGKILL");
      expect(leftovers(parent).length, `${point} leaves a temp file or folder to clean`).toBeGreaterThan(0);
      const now = runsIn(out);
      // never a mix: every file of the set from one run
      if (Object.keys(now).length === 0) {
        // cut between the two renames: the old set is aside, whole; the next run puts it back
        expect(point).toBe("set-rename-2");
        const aside = leftovers(parent).find((f) => f.includes("levelramp-old"))!;
        expect(runsIn(join(parent, aside))).toEqual(setOf(last));
        expect(cleanStaleOutputs(out).join("\n")).toMatch(/its previous outputs are back/);
        expect(runsIn(out)).toEqual(setOf(last));
      } else {
        const runs = new Set(names.map((n) => now[n]));
        expect(runs.size, `${point}: ${JSON.stringify(now)}`).toBe(1);
        expect(now).toEqual(setOf([...runs][0]));
        last = [...runs][0];
      }
      seen.push(`${point}→${last}`);
      cleanStaleOutputs(out);
      expect(leftovers(parent)).toEqual([]);
    }
    // killed before the new folder is renamed in, the old set stays; after it, the new set is whole
    expect(seen).toEqual(["set-file-1→run-A", "set-file-3→run-A", "set-file-5→run-A", "set-rename-1→run-A", "set-rename-2→run-A", "set-cleanup→run-B5"]);
    // a killed run's leftovers are cleaned by the next run itself
    expect(write(out, "run-C", "set-rename-1").signal).toBe("SIGKILL");
    const next = write(out, "run-D");
    expect(next.status).toBe(0);
    expect(next.stderr).toMatch(/removed \.out\.levelramp-new-\d+-\d+, left by an earlier run that was stopped while writing/);
    expect(runsIn(out)).toEqual(setOf("run-D"));
    expect(leftovers(parent)).toEqual([]);
  }, 60_000);

  it("Ctrl-C while the set is written finishes the set (never a mix, never ignored), then exits 130", () => {
    const parent = tempDir().dir;
    const out = join(parent, "out");
    expect(write(out, "run-A").status).toBe(0);
    for (const point of ["set-file-2", "set-rename-1", "set-rename-2"]) {
      const run = `run-${point}`;
      const r = write(out, run, undefined, point);
      expect(r.status, `${point}: ${r.stderr}`).toBe(130);
      expect(runsIn(out)).toEqual(Object.fromEntries(names.map((n) => [n, run])));
      expect(leftovers(parent)).toEqual([]);
    }
  }, 60_000);

  it("Ctrl-C while waiting for another writer's lock stops the run there: the earlier set whole, the temp folder removed, exit 130", () => {
    const parent = tempDir().dir;
    const out = join(parent, "out");
    expect(write(out, "run-A").status).toBe(0);
    // This test's process holds the output's lock (alive: never taken for a stale lock); the child meets it
    // after its files are written, with its own Ctrl-C pending. The wait is on a timer, so the signal's
    // listener runs during it (a blocking wait would hold the signal for the lock's 30 s, then fail).
    const lock = lockPath(out);
    symlinkSync(`${hostname()}:${process.pid}`, lock);
    try {
      const r = write(out, "run-B", undefined, "set-claim");
      expect(r.status, r.stderr).toBe(130);
    } finally {
      unlinkSync(lock);
    }
    expect(runsIn(out)).toEqual(Object.fromEntries(names.map((n) => [n, "run-A"])));
    expect(leftovers(parent)).toEqual([]);
  }, 60_000);
});
