// Node --import hook for tests: appends every module URL this process loads
// to the file named by RECORD_IMPORTS (one per line), so a test can see what a
// command imported. Hooks run off the main thread, hence the file.
import { register } from "node:module";

register("./record-imports-hooks.mjs", import.meta.url, { data: { file: process.env.RECORD_IMPORTS } });
