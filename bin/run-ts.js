#!/usr/bin/env node
// Runs a TypeScript entry point (benchmarks, scripts) through tsx's loader.
import { register } from "tsx/esm/api";
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";

register();
const entry = process.argv[2];
if (!entry) {
  process.stderr.write("run-ts: usage: node bin/run-ts.js <file.ts> [args...]\n");
  process.exit(2);
}
await import(pathToFileURL(resolve(entry)).href);
