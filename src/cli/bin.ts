// The `levelramp` command's entry (SPEC 2): runs the command line on this
// process's arguments. The package's bin (bin/levelramp.js) loads its compiled
// form, dist/cli/bin.js; `npm run dev -- <command>` runs this file from source.
import v8 from "node:v8";
import { inLauncherThread, tellHeapLimitLine } from "../io/interrupt/command-thread.ts";
import { commandHeapLimit } from "../io/errors.ts";
import { terminalText } from "../io/hostile/terminal-text.ts";
import { settleInterrupts } from "../io/interrupt/on-interrupt.ts";
import { processIo } from "./cli-io.ts";
import { main, reportError } from "./main.ts";
import { remedyFlags } from "./remedy-flags.ts";

const argv = process.argv.slice(2);
// Run by the launcher in its command thread (bin/levelramp.js): what it prints if V8 stops this thread at its heap limit.
if (inLauncherThread()) {
  const command = `levelramp ${argv.find((a) => !a.startsWith("-")) ?? ""}`.trim();
  tellHeapLimitLine(terminalText(`levelramp: ${remedyFlags(commandHeapLimit("cli/main", command, v8.getHeapStatistics().heap_size_limit))}\n`));
}
// An error that escapes every await (a worker's, a stream's) still ends in one
// line and exit code 70 (or 2 for a file-system error), never a stack trace.
const last = (err: unknown) => {
  process.exitCode = reportError(err, argv, processIo());
  process.exit();
};
process.on("uncaughtException", last);
process.on("unhandledRejection", last);
// A reader that stops early (`levelramp select --json | head -1`) closes the pipe: what is left of
// the output goes nowhere, and the command still ends as it would (its files written, its exit code).
for (const stream of [process.stdout, process.stderr]) stream.on("error", (err: NodeJS.ErrnoException) => (err.code === "EPIPE" ? undefined : last(err)));

/** Resolves once what was written to `stream` before has been handed to the system (or the stream is gone). */
const flushed = (stream: NodeJS.WriteStream) => new Promise<void>((resolve) => stream.write("", () => resolve()));

// No top-level await: the command's bundle is one CommonJS script (scripts/bundle-cli.js).
const run = async () => {
  process.exitCode = await main(argv);
  // A Ctrl-C that landed in the last synchronous step (the outputs swapped in) ends in 130, not 0.
  await settleInterrupts();
  // The command is done: exit now. Left to end by itself, Node waits for the code V8 is still
  // optimising on background threads (the dp's functions; up to 40 ms of a 100-level select, none
  // with --no-opt), which nothing will run.
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  process.exit();
};
run().catch(last);
