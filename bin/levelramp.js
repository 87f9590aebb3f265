#!/usr/bin/env node
// The levelramp command: runs the compiled CLI in dist/, which `npm run build`
// writes (`npm ci` and `npm install` run it through the `prepare` script).
try {
  await import("../dist/cli/bin.js");
} catch (err) {
  if (err && err.code === "ERR_MODULE_NOT_FOUND" && String(err.message).includes("bin.js")) {
    process.stderr.write("levelramp: the compiled CLI (dist/cli/bin.js) is missing: run `npm run build` (npm ci runs it)\n");
    process.exitCode = 2;
  } else throw err;
}
