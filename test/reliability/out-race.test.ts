import { spawn } from "node:child_process";
import { lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { lockPath, removeStaleLock, withOutputLock } from "../../src/io/output-lock.ts";
import { bundleChild } from "../helpers/bundle-child.ts";
import { tempDir } from "../helpers/temp-dir.ts";

// 4 selects started together on an absent --out: in 4 of 10 rounds
// 2–4 of them exited 0, each saying it wrote the file. Without --force a run
// claims the name atomically (link(2) for a file; the set swapped in under the
// output's lock, its names looked for again): exactly one wins, the others
// exit 2 "exists". The children meet at a barrier just before the claim, so
// the race is run every time, not by luck.
let child = "";
beforeAll(async () => {
  child = await bundleChild(fileURLToPath(new URL("../helpers/race-out-child.ts", import.meta.url)));
});

interface Finish {
  run: string;
  code: number | null;
  stderr: string;
}

/** Starts `n` children together on `path` (kind "file" or "set"); they meet at the claim; how each ended. */
async function race(kind: "file" | "set", path: string, n: number, meet: string): Promise<Finish[]> {
  mkdirSync(meet);
  const env = { ...process.env, LEVELRAMP_TEST_BARRIER_AT: kind === "file" ? "file-claim" : "set-claim", LEVELRAMP_TEST_BARRIER: `${meet}:${n}` };
  return Promise.all(
    Array.from({ length: n }, (_, k) => {
      const run = `run-${k + 1}`;
      const p = spawn(process.execPath, [child, kind, path, run], { env });
      let stderr = "";
      p.stderr.on("data", (d: Buffer) => (stderr += d));
      return new Promise<Finish>((resolve) => p.on("close", (code) => resolve({ run, code, stderr })));
    }),
  );
}

describe("the race on --out without --force", { timeout: 60_000 }, () => {
  it("4 writers started together on an absent file: exactly one exits 0, the rest exit 2 exists; the file is the winner's", async () => {
    const t = tempDir();
    const out = t.path("levels.json");
    const ends = await race("file", out, 4, t.path("meet"));
    const won = ends.filter((e) => e.code === 0);
    expect(won.length, JSON.stringify(ends)).toBe(1);
    for (const e of ends.filter((e) => e.code !== 0)) {
      expect(e.code, e.stderr).toBe(2);
      expect(e.stderr).toBe(`levelramp: cli/select: ${out} exists; pass --force to overwrite it (another run wrote it while this one worked)\n`);
    }
    expect(readFileSync(out, "utf8")).toBe(`${won[0].run}\n`);
    expect(readdirSync(t.dir).sort()).toEqual(["levels.json", "meet"]); // no temp file left
  });

  it("4 builds started together on an absent folder: exactly one writes its set of five, the rest exit 2 exists", async () => {
    const t = tempDir();
    const out = t.path("out");
    const ends = await race("set", out, 4, t.path("meet"));
    const won = ends.filter((e) => e.code === 0);
    expect(won.length, JSON.stringify(ends)).toBe(1);
    for (const e of ends.filter((e) => e.code !== 0)) {
      expect(e.code, e.stderr).toBe(2);
      expect(e.stderr).toMatch(/^levelramp: cli\/build: .*\/out\/pools\.json exists; pass --force to overwrite it/);
    }
    const names = readdirSync(out).sort();
    expect(names).toEqual(["levels.json", "pools.json", "report.html", "report.json", "report.txt"]);
    for (const name of names) expect(readFileSync(join(out, name), "utf8")).toBe(`${won[0].run}\n`); // one run's set, whole
    expect(readdirSync(t.dir).sort()).toEqual(["meet", "out"]); // no temp folder, no lock left
  });

  it("4 builds started together on a folder of the designer's own files without the set: one set, the designer's files kept", async () => {
    const t = tempDir();
    const out = t.path("out");
    mkdirSync(out);
    writeFileSync(join(out, "notes.txt"), "mine\n");
    const ends = await race("set", out, 4, t.path("meet"));
    expect(ends.filter((e) => e.code === 0).length, JSON.stringify(ends)).toBe(1);
    expect(ends.filter((e) => e.code === 2).length).toBe(3);
    expect(readdirSync(out).sort()).toEqual(["levels.json", "notes.txt", "pools.json", "report.html", "report.json", "report.txt"]);
    expect(readFileSync(join(out, "notes.txt"), "utf8")).toBe("mine\n");
    expect(readdirSync(t.dir).sort()).toEqual(["meet", "out"]);
  });
});

/** Whether anything is at `path` (a dangling link too). */
const there = (path: string) => {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
};

describe("the output's lock", () => {
  it("a lock left by a killed process of this host is removed; one of another host, or of a live process, is kept", async () => {
    const t = tempDir();
    const out = t.path("out");
    const lock = lockPath(out);
    const gone = spawn(process.execPath, ["-e", ""]);
    const dead = await new Promise<number>((resolve) => gone.on("close", () => resolve(gone.pid!)));
    symlinkSync(`${hostname()}:${dead}`, lock);
    expect(removeStaleLock(out)).toBe(true);
    expect(there(lock)).toBe(false);
    for (const who of [`${hostname()}:${process.pid}`, `another-host.example:${dead}`]) {
      symlinkSync(who, lock);
      expect(removeStaleLock(out)).toBe(false);
      expect(readlinkSync(lock)).toBe(who);
      unlinkSync(lock);
    }
    // taken for the swap and given back after it
    expect(await withOutputLock(out, "test", () => readlinkSync(lock))).toBe(`${hostname()}:${process.pid}`);
    expect(readdirSync(t.dir)).toEqual([]);
  });

  it("a writer waits for a live holder without blocking the process: the holder's own timer releases the lock, then the swap runs", async () => {
    const t = tempDir();
    const out = t.path("out");
    const lock = lockPath(out);
    symlinkSync(`${hostname()}:${process.pid}`, lock); // held by a live process (this one): waited for, never removed
    let released = false;
    setTimeout(() => {
      unlinkSync(lock);
      released = true;
    }, 20);
    // A blocking wait would keep the timer from firing: 30 s, then "another levelramp has been writing it".
    expect(await withOutputLock(out, "test", () => released && readlinkSync(lock))).toBe(`${hostname()}:${process.pid}`);
    expect(readdirSync(t.dir)).toEqual([]);
  });
});
