// A child process for the race test on `--out`: does what a command
// does with its output — checks it before the work, then writes it without
// --force — for one file (argv[2] "file": writeFileAtomic, as select, report,
// generate... write) or a set of five in a folder (argv[2] "set": writeLevelSet,
// as build writes). argv[3] is the path, argv[4] the run's name (the contents).
// LEVELRAMP_TEST_BARRIER_AT / LEVELRAMP_TEST_BARRIER make the racing children
// meet just before they claim the name (src/io/fault-point.ts). Errors end as
// the CLI ends them (reportError: one line, exit 2 for bad input).
import { reportError } from "../../src/cli/main.ts";
import { processIo } from "../../src/cli/cli-io.ts";
import { writeFileAtomic } from "../../src/io/atomic-write.ts";
import { checkOutputFile } from "../../src/io/output-paths.ts";
import { checkLevelSetFolder, writeLevelSet } from "../../src/pipeline/level-set/build-level-set.ts";

const [kind, path, run] = process.argv.slice(2);
const names = ["pools.json", "levels.json", "report.txt", "report.json", "report.html"];
try {
  if (kind === "set") {
    const how = { module: "cli/build", option: "--out", forceOption: "--force" };
    checkLevelSetFolder(path, how);
    await writeLevelSet(path, { files: names.map((name) => ({ name, data: `${run}\n` })) }, how);
  } else {
    checkOutputFile(path, { module: "cli/select", option: "--out", forceOption: "--force" });
    await writeFileAtomic(path, `${run}\n`, { module: "cli/select", forceOption: "--force" });
  }
  process.stderr.write(`wrote ${path}\n`);
} catch (err) {
  process.exitCode = reportError(err, process.argv.slice(2), processIo());
}
