import { readdirSync, readFileSync } from "node:fs";
import { threadId } from "node:worker_threads";

/**
 * The environment variable levelramp gives each program it starts (SPEC 10):
 * `<levelramp's pid>:<thread>:<number>`. Every process the program starts
 * inherits it unless it replaces its environment, so on Linux levelramp finds
 * the program's whole tree by it — also a process that left the program's
 * process group or session (`setsid`, a daemon's double fork).
 */
export const PROGRAM_MARKER = "LEVELRAMP_PROGRAM";

let started = 0;

/** A new marker value for a program this thread starts (unique in this levelramp process). */
export function newProgramMarker(): string {
  return `${process.pid}:${threadId}:${++started}`;
}

/** What {@link endProcessTree} looks for to end one program's tree: its marker, whole. */
export function exactMarker(marker: string): string {
  return `${marker}\0`;
}

/** What {@link endProcessTree} looks for to end every program of this levelramp process: its pid and a colon. */
export function processMarkerPrefix(): string {
  return `${process.pid}:`;
}

/** Passes over `/proc` at most: a process that forks while the sweep kills is found by the next pass. */
const PASSES = 3;

/**
 * Ends a program and everything it started, with SIGKILL, synchronously:
 * - its process group (`-pid`): the program and every process that stayed
 *   in the group (everywhere);
 * - on Linux also every process whose environment carries a marker that
 *   starts with `markerPrefix` ({@link exactMarker} of one program's marker:
 *   that program's tree; {@link processMarkerPrefix}: the trees of every
 *   program of this levelramp process), wherever it moved, and the
 *   descendants of such processes (one that replaced its environment but is
 *   still their child or grandchild).
 * Not ended: a process that left the group and replaced its environment
 * (`env -i`, a daemon that resets it) and is no longer the child of one that
 * carries the marker, or — on systems without `/proc` — any process that
 * left the group.
 *
 * @param group the process-group id (the program's pid), or 0 for none.
 * @param markerPrefix {@link exactMarker} or {@link processMarkerPrefix}; `""` for the group alone.
 */
export function endProcessTree(group: number, markerPrefix: string): void {
  if (group > 0) killQuietly(-group);
  if (markerPrefix === "" || process.platform !== "linux") return;
  const needle = Buffer.from(`${PROGRAM_MARKER}=${markerPrefix}`);
  const self = process.pid;
  for (let pass = 0; pass < PASSES; pass++) {
    const marked = markedProcesses(needle, self);
    if (marked.length === 0) return;
    for (const pid of marked) killQuietly(pid);
  }
}

/** Pids of the processes carrying the marker, and of their children; never levelramp itself. */
function markedProcesses(needle: Buffer, self: number): number[] {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return [];
  }
  const marked = new Set<number>();
  const parents = new Map<number, number>();
  for (const entry of entries) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid <= 1 || pid === self) continue;
    const environ = readOr(`/proc/${pid}/environ`);
    if (environ && holdsMarker(environ, needle)) marked.add(pid);
    const stat = readOr(`/proc/${pid}/stat`)?.toString("latin1");
    // `pid (comm) state ppid ...`: comm may hold spaces and parentheses, so the fields start after the last ')'.
    const ppid = stat ? Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) : NaN;
    if (Number.isInteger(ppid)) parents.set(pid, ppid);
  }
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of parents) if (!marked.has(pid) && marked.has(ppid)) (marked.add(pid), (grew = true));
  }
  return [...marked];
}

/** Whether an environment block (`NAME=value\0...`) has a variable starting with `needle` (a name, `=`, a value's start). */
function holdsMarker(environ: Buffer, needle: Buffer): boolean {
  for (let at = environ.indexOf(needle); at >= 0; at = environ.indexOf(needle, at + 1)) if (at === 0 || environ[at - 1] === 0) return true;
  return false;
}

function readOr(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined; // gone, or not ours to read
  }
}

/** SIGKILL to a process (or, negative, a group); one that is gone already is no error. */
function killQuietly(pid: number): void {
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // gone already (ESRCH) or not ours (EPERM)
  }
}
