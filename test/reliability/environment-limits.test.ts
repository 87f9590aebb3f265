import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { reportError } from "../../src/cli/main.ts";
import { environmentLimit } from "../../src/io/errors.ts";
import { bundleChild } from "../helpers/bundle-child.ts";
import { tempDir } from "../helpers/temp-dir.ts";

// Environment limits ended in exit 70 "a bug in levelramp": `ulimit
// -n 32` with `build --workers 2` (EMFILE), `ulimit -v 1000000` with
// `--solver highs` (WebAssembly out of memory). Each now says what ran out
// and what to do: open files exit 2, memory exit 1 (the work met a limit).
const root = fileURLToPath(new URL("../../", import.meta.url));

/** What the command's one error path prints and returns for `err`. */
function reported(err: unknown): { code: number; stderr: string } {
  let stderr = "";
  const code = reportError(err, ["build", "carillon"], { stdout: () => {}, stderr: (t) => void (stderr += t), color: 0, stderrIsTTY: false });
  return { code, stderr };
}

describe("environment limits are named, not a bug", () => {
  let highsChild = "";
  beforeAll(async () => {
    highsChild = await bundleChild(fileURLToPath(new URL("../helpers/highs-child.ts", import.meta.url)));
  });

  it("ulimit -v 1500000 with --solver highs: exit 1, HiGHS could not start for memory, what to do (at 1000000 Node itself aborts at times, before levelramp runs)", () => {
    const r = spawnSync("bash", ["-c", `ulimit -v 1500000 && exec "${process.execPath}" "${highsChild}" "${root}"`], { encoding: "utf8", timeout: 60_000 });
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/^levelramp: select\/highs: HiGHS \(WebAssembly\) could not start: out of memory \(RangeError: WebAssembly\.instantiate\(\): Out of memory[^\n]*ulimit -v[^\n]*--solver dp/);
    expect(r.stderr.trimEnd().split("\n")).toHaveLength(1);
  }, 60_000);

  it("ulimit -n 32 with build --workers 2: exit 2, open files ran out, raise ulimit -n or fewer workers", () => {
    const t = tempDir();
    // The command as a user runs it (bin/levelramp.js over dist/, which `npm ci` builds): under tsx the
    // worker threads compile the sources through an esbuild service of their own, and that service, not
    // levelramp, may be the first to meet the limit (tsx then fails with its own TransformError).
    const bin = fileURLToPath(new URL("../../bin/levelramp.js", import.meta.url));
    const command = [process.execPath, bin, "build", "carillon", "--chapters", "1", "--workers", "2", "--seed", "1", "--out", t.path("out"), "--quiet"].map((a) => `'${a}'`).join(" ");
    const r = spawnSync("bash", ["-c", `ulimit -n 32 && exec ${command}`], { encoding: "utf8", timeout: 120_000 });
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/^levelramp: [a-z/]+: ran out of open files \([^\n]*EMFILE[^\n]*\): the limit of open files per process \(ulimit -n\) is too low for this run; raise it \(for example ulimit -n 4096\) or give fewer workers; options: --workers <n>\n$/);
  }, 120_000);

  it("what ran out, as the errors come (a worker's message without its code, a code, an allocation): named, with its exit code", () => {
    const worker = reported(new Error("EMFILE: too many open files, open '/x/model.js'"));
    expect(worker).toEqual({ code: 2, stderr: "levelramp: cli/main: ran out of open files (Error: EMFILE: too many open files, open '/x/model.js'): the limit of open files per process (ulimit -n) is too low for this run; raise it (for example ulimit -n 4096) or give fewer workers; options: --workers <n>\n" });
    const system = reported(Object.assign(new Error("ENFILE: file table overflow, open 'a'"), { code: "ENFILE", syscall: "open" }));
    expect(system.code).toBe(2);
    expect(system.stderr).toContain("the system's table of open files is full");
    const memory = reported(new RangeError("Array buffer allocation failed"));
    expect(memory.code).toBe(1);
    expect(memory.stderr).toMatch(/^levelramp: cli\/main: ran out of memory \(RangeError: Array buffer allocation failed\): the process's memory limit \(ulimit -v\)/);
    expect(memory.stderr).toMatch(/do less at once \(fewer levels or chapters, one worker; for select, the dp \(solver dp\) where it applies\); options: select --incremental or build --chapters, --workers <n>, --solver dp\n$/);
    // what piscina rejects a task with when Node ends its worker at the heap limit (checked with a worker filling its heap)
    const heap = reported(Object.assign(new Error("Worker terminated due to reaching memory limit: JS heap out of memory"), { code: "ERR_WORKER_OUT_OF_MEMORY" }));
    expect(heap.code).toBe(1);
    expect(heap.stderr).toMatch(/^levelramp: cli\/main: ran out of memory \(Error: Worker terminated due to reaching memory limit: JS heap out of memory\): a worker thread's JavaScript heap reached V8's limit \(per thread, [^\n]*raise the limit with NODE_OPTIONS=--max-old-space-size=<MB> where the machine has the memory; options: select --incremental or build --chapters\n$/);
    expect(heap.stderr).not.toContain("ulimit -v");
    const thread = reported(Object.assign(new Error("Worker initialization failure: EAGAIN"), { code: "ERR_WORKER_INIT_FAILED" }));
    expect(thread.code).toBe(2);
    expect(thread.stderr).toContain("could not start a thread or a process");
    expect(thread.stderr).toMatch(/raise it or give fewer workers; options: --workers <n>\n$/);
    // anything else is still a bug
    expect(reported(new TypeError("x is not a function")).code).toBe(70);
  });

  it("the library's words name its options (workers, solver dp), the remedies the choices; the CLI adds its flags", () => {
    const cases: Array<[Error, string[]]> = [
      [new Error("EMFILE: too many open files, open 'a'"), ["fewer-workers"]],
      [new RangeError("Array buffer allocation failed"), ["fewer-levels", "fewer-workers", "solver-dp"]],
      [Object.assign(new Error("Worker terminated due to reaching memory limit: JS heap out of memory"), { code: "ERR_WORKER_OUT_OF_MEMORY" }), ["fewer-levels"]],
      [Object.assign(new Error("Worker initialization failure: EAGAIN"), { code: "ERR_WORKER_INIT_FAILED" }), ["fewer-workers"]],
    ];
    for (const [err, remedies] of cases) {
      const limit = environmentLimit(err, "pipeline")!;
      // NODE_OPTIONS=--max-old-space-size is Node's option, not levelramp's: the only flag a library message may name here.
      expect(limit.message.replaceAll("--max-old-space-size", "")).not.toMatch(/--[a-z]/);
      expect(limit.remedies).toEqual(remedies);
    }
  });
});
