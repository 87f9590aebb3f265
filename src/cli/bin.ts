// The `levelramp` command's entry (SPEC 2): runs the command line on this
// process's arguments. The package's bin (bin/levelramp.js) loads its compiled
// form, dist/cli/bin.js; `npm run dev -- <command>` runs this file from source.
import { main } from "./main.ts";

process.exitCode = await main(process.argv.slice(2));
