// The `levelramp` command's entry (SPEC 2): runs the command line on this
// process's arguments. The package's bin (bin/levelramp.js) loads its compiled
// form, dist/cli/bin.js; `npm run dev -- <command>` runs this file from source.
import { settleInterrupts } from "../io/on-interrupt.ts";
import { processIo } from "./cli-io.ts";
import { main, reportError } from "./main.ts";

const argv = process.argv.slice(2);
// An error that escapes every await (a worker's, a stream's) still ends in one
// line and exit code 70 (or 2 for a file-system error), never a stack trace.
const last = (err: unknown) => {
  process.exitCode = reportError(err, argv, processIo());
  process.exit();
};
process.on("uncaughtException", last);
process.on("unhandledRejection", last);

// No top-level await: the command's bundle is one CommonJS script (scripts/bundle-cli.js).
const run = async () => {
  process.exitCode = await main(argv);
  // A Ctrl-C that landed in the last synchronous step (the outputs swapped in) ends in 130, not 0.
  await settleInterrupts();
};
run().catch(last);
