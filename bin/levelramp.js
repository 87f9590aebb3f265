#!/usr/bin/env node
// The levelramp command: runs the CLI as `npm run build` bundled it
// (dist/cli-bundle/levelramp.js: dist/cli/bin.js and what it imports, in a few
// files, so a command starts without resolving a hundred-odd modules; see
// scripts/bundle-cli.js). `npm ci` and `npm install` run the build through the
// `prepare` script.
try {
  await import("../dist/cli-bundle/levelramp.js");
} catch (err) {
  if (err && err.code === "ERR_MODULE_NOT_FOUND" && String(err.message).includes("cli-bundle/levelramp.js")) {
    process.stderr.write("levelramp: the compiled CLI (dist/cli-bundle/levelramp.js) is missing: run `npm run build` (npm ci runs it)\n");
    process.exitCode = 2;
  } else throw err;
}
