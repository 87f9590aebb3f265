// A child process for the kill tests: writes one output set of five files
// whose contents all name the same run (argv[3]) into the folder argv[2], with
// writeFileSet — the same call build makes. LEVELRAMP_TEST_KILL_AT picks where
// it kills itself (LEVELRAMP_TEST_SIGINT_AT where it gets a Ctrl-C) (see src/io/fault-point.ts).
import { writeFileSet } from "../../src/io/write-file-set.ts";
import { checkOutputFolder } from "../../src/io/output-paths.ts";
import { settleInterrupts } from "../../src/io/interrupt/on-interrupt.ts";

const [dir, run] = process.argv.slice(2);
const names = ["pools.json", "levels.json", "report.txt", "report.json", "report.html"];
for (const note of checkOutputFolder(dir, names, { force: true, module: "test/write-set" })) process.stderr.write(`${note}\n`);
await writeFileSet(dir, names.map((name) => ({ name, data: `${run}\n`.repeat(1000) })), "test/write-set");
// As the CLI does after every command: a Ctrl-C during the set exits 130 here.
await settleInterrupts();
