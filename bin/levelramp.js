#!/usr/bin/env node
// The levelramp command: runs the CLI as `npm run build` bundled it,
// dist/cli-bundle/levelramp.cjs (dist/cli/bin.js and what it imports, one
// CommonJS file; scripts/bundle-cli.js), with the V8 code cache the build wrote
// beside it, so a cold command compiles almost nothing. `npm ci` and
// `npm install` run the build through the `prepare` script.
//
// The cache is only a speed-up: V8 refuses one made by another Node version or
// with other V8 flags (`cachedDataRejected`) and compiles the script as usual.
// LEVELRAMP_DEBUG=1 says on stderr whether the cache was used.
// LEVELRAMP_WRITE_CODE_CACHE=1 (the build's own runs) writes what V8 compiled
// in this run, on top of the cache it read, at exit.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

const file = fileURLToPath(new URL("../dist/cli-bundle/levelramp.cjs", import.meta.url));
const dir = dirname(file);
let source;
try {
  source = readFileSync(file, "utf8");
} catch (err) {
  if (err?.code !== "ENOENT") throw err;
  process.stderr.write("levelramp: the compiled CLI (dist/cli-bundle/levelramp.cjs) is missing: run `npm run build` (npm ci runs it)\n");
  process.exitCode = 2;
}
if (source !== undefined) run(source);

/**
 * Runs the bundle's text as Node runs a CommonJS module, through vm.Script with the
 * code cache; the script's import() of a package (vega, highs, ...) or of an outside
 * game's module is this module's (`__levelrampImport`, scripts/bundle-cli.js).
 */
function run(source) {
  const tag = /^\/\/ levelramp-bundle ([0-9a-f]{16})\n/.exec(source)?.[1];
  const cacheFile = tag && join(dir, `levelramp.${tag}.v8-cache`);
  let cachedData;
  try {
    if (cacheFile) cachedData = readFileSync(cacheFile);
  } catch {
    // no cache: V8 compiles as it runs
  }
  const wrapped = `(function (exports, require, module, __filename, __dirname, __levelrampImport) {${source}\n})`;
  const script = new vm.Script(wrapped, { filename: file, cachedData });
  if (process.env.LEVELRAMP_WRITE_CODE_CACHE === "1" && cacheFile) {
    process.on("exit", () => {
      writeFileSync(`${cacheFile}.tmp`, script.createCachedData());
      renameSync(`${cacheFile}.tmp`, cacheFile);
    });
  }
  if (process.env.LEVELRAMP_DEBUG === "1") {
    const state = cachedData === undefined ? "none" : script.cachedDataRejected ? "rejected by V8, compiled afresh" : "used";
    process.stderr.write(`levelramp: code cache ${cacheFile ? join("dist/cli-bundle", `levelramp.${tag}.v8-cache`) : "(untagged bundle)"}: ${state}\n`);
  }
  const module = { exports: {} };
  const outsideImport = (specifier) => import(specifier);
  script.runInThisContext()(module.exports, createRequire(file), module, file, dir, outsideImport);
}
