import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { tempDir } from "./temp-dir.ts";

// A game file for the deliberately broken program fixtures/program/broken.mjs
// (one mode per fault, SPEC 10), and the process checks the fault tests make.

const broken = fileURLToPath(new URL("../../fixtures/program/broken.mjs", import.meta.url));

/**
 * A game file (and its models) for `broken.mjs <mode>` in a temp folder: one
 * chapter, one part of `levels` levels (default 2); the plan's settings carry
 * `pad` characters; the program's pid files go to `pids` (`pids-<pid>`).
 */
export function brokenGame(mode: string, options: { command?: string[]; pad?: number; levels?: number; timeoutMs?: number } = {}) {
  const t = tempDir("levelramp-broken-");
  const name = `broken-${mode}`;
  const pids = t.path("pids");
  const levels = options.levels ?? 2;
  t.write("plan.json", { format: "levelramp/plan@1", game: name, chapters: [{ chapter: 1, parts: [{ part: 1, levels, poolPerLevel: 2, generator: { pad: "x".repeat(options.pad ?? 0) } }] }] });
  t.write("ramp.json", { format: "levelramp/ramp@1", metric: "size", points: [[1, 1], [levels, 2]], interpolation: "linear" });
  t.write("selection.json", { format: "levelramp/model@1", metric: "size", constraints: [], objective: { norm: "L1", evenness: 0 } });
  const file = t.write("game.json", { format: "levelramp/game@1", name, command: options.command ?? ["node", broken, mode, name, pids], models: { plan: "plan.json", ramp: "ramp.json", selection: "selection.json" }, timeoutMs: options.timeoutMs ?? 1500 });
  return { ...t, file, pids, out: t.path("out") };
}

/** The pids a `grandchild`/`slow`/`setsid` program wrote: its own and its grandchild's, for each program started. */
export function pidsOf(dir: string): number[] {
  return readdirSync(dir)
    .filter((f) => /^pids-\d+$/.test(f))
    .flatMap((f) => readFileSync(`${dir}/${f}`, "utf8").split(" ").map(Number));
}

/** Whether a process runs (a zombie, dead but not yet reaped, does not). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, "utf8") : "";
  return !/^\d+ \(.*\) Z/.test(stat);
}

/** Waits up to `ms` for every pid to be gone (a killed process is reaped by init a moment later). */
export async function gone(pids: number[], ms = 5000): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) if (!pids.some(alive)) return true;
  return false;
}
