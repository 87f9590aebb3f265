import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../helpers/temp-dir.ts";

// "A limit ends with a clear message, never an out-of-memory kill": a command whose own
// JavaScript heap reached V8's limit ended in Node's fatal "JavaScript heap out of memory"
// abort (SIGABRT, exit 134 in a shell, a page of V8's trace, no levelramp word). The command
// now runs in a worker thread of the launcher (bin/levelramp.js), which V8 stops at the
// limit; the launcher says what ran out and what to do, exit 1, and undoes what the command
// left half-done. The command as a user runs it: the bundled bin over dist/ (npm ci builds it).
const bin = fileURLToPath(new URL("../../bin/levelramp.js", import.meta.url));

/** Runs the bundled command with V8's old space capped at `heapMB` (a small heap: the limit is met in a second, not after gigabytes). */
function run(args: string[], heapMB: number, env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [bin, ...args], { encoding: "utf8", timeout: 60_000, env: { ...process.env, NODE_OPTIONS: `--max-old-space-size=${heapMB}`, ...env } });
}

const heapLine = /^levelramp: cli\/main: ran out of memory \(JavaScript heap out of memory\): `levelramp (select|build)` reached V8's heap limit \([\d,]+ MB here, set from the machine's memory or NODE_OPTIONS=--max-old-space-size\) and was stopped \(each output is replaced whole or not at all: one it had not written is unchanged\); do less at once \(fewer levels or chapters\), or raise the limit with NODE_OPTIONS=--max-old-space-size=<MB> where the machine has the memory; options: select --incremental or build --chapters\n$/;

describe("the command's own heap at V8's limit is named, not a Node abort", () => {
  it("select of a pool too large for the heap: exit 1, one line naming the heap limit and what to do; the earlier --out unchanged, nothing left beside it", () => {
    const t = tempDir();
    // 100,000 rated levels (2.6 MB of CSV) in the generic plan's chapters 1-3, parts 1-4; with a 16 MB old space
    // the command meets the limit while it reads them (the 60-level fixture selects fine under the same cap; under
    // 32 MB the whole select fits since a dp answer makes no candidate objects of a CSV pool).
    const rows = Array.from({ length: 100_000 }, (_, i) => `row-${i},${1 + (i % 3)},${1 + (Math.floor(i / 3) % 4)},${((i * 7919) % 5000) / 1000},${1 + (i % 9)},${1 + (i % 5)}`);
    writeFileSync(t.path("pool.csv"), `id,chapter,part,difficulty,size,depth\n${rows.join("\n")}\n`);
    writeFileSync(t.path("levels.json"), "the earlier file\n");
    const r = run(["select", "--pools", t.path("pool.csv"), "--out", t.path("levels.json"), "--force"], 16);
    expect(r.signal, r.stderr.slice(0, 600)).toBeNull();
    expect(r.status, r.stderr.slice(0, 600)).toBe(1);
    expect(r.stderr).toMatch(heapLine);
    expect(r.stderr).not.toContain("FATAL ERROR");
    expect(readFileSync(t.path("levels.json"), "utf8")).toBe("the earlier file\n");
    expect(readdirSync(t.dir).sort()).toEqual(["levels.json", "pool.csv"]);
  }, 60_000);

  describe("build stopped at the heap limit while it writes its set of five", () => {
    const t = tempDir();
    const out = t.path("sets/out");
    const files = () => Object.fromEntries(readdirSync(out).map((f) => [f, readFileSync(`${out}/${f}`, "utf8")]));
    let first: Record<string, string> = {};
    let second: Record<string, string> = {};
    beforeAll(() => {
      mkdirSync(t.path("sets"));
      // Two sets of chapter 1 (seeds 1 and 2), then only rebuilds from their pools (--reuse: no growing).
      for (const seed of ["2", "1"]) {
        const r = run(["build", "carillon", "--chapters", "1", "--workers", "1", "--seed", seed, "--out", out, "--quiet", "--force", "--no-table"], 256);
        expect(r.status, r.stderr).toBe(0);
        writeFileSync(t.path(`pools-${seed}.json`), readFileSync(`${out}/pools.json`));
        if (seed === "2") second = files();
      }
      first = files();
    }, 120_000);
    const rebuild = (at: string) =>
      run(["build", "carillon", "--chapters", "1", "--workers", "1", "--seed", "2", "--reuse", t.path("pools-2.json"), "--out", out, "--quiet", "--force", "--no-table"], 64, { LEVELRAMP_TEST_FILL_HEAP_AT: at });

    it.each([
      ["set-file-3", "before its third file: the earlier set whole", () => first],
      ["set-rename-2", "between the swap's two renames: the new set, written whole, is finished", () => second],
    ])("%s (%s); no temp folder and no lock left", (at, _what, expected) => {
      const r = rebuild(at);
      expect(r.signal, r.stderr.slice(0, 600)).toBeNull();
      expect(r.status, r.stderr.slice(0, 600)).toBe(1);
      expect(r.stderr).toMatch(heapLine);
      expect(files()).toEqual(expected());
      expect(readdirSync(t.path("sets"))).toEqual(["out"]);
    }, 60_000);

    it("Ctrl-C at the swap reaches the command thread (the main thread passes it on): the set is finished, then exit 130", () => {
      // The set of seed 2 is in place (above); seed 1's is rebuilt, and SIGINT sent to the process between the renames.
      const r = run(["build", "carillon", "--chapters", "1", "--workers", "1", "--seed", "1", "--reuse", t.path("pools-1.json"), "--out", out, "--quiet", "--force", "--no-table"], 256, { LEVELRAMP_TEST_SIGINT_AT: "set-rename-2" });
      expect(r.status, r.stderr).toBe(130);
      expect(files()).toEqual(first);
      expect(readdirSync(t.path("sets"))).toEqual(["out"]);
    }, 60_000);
  });
});
