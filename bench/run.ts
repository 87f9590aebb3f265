// `npm run bench [-- name ...]`: runs every bench/*.bench.ts suite (or the named ones),
// prints a table and writes bench/results/<suite>.json.
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { runSuite, writeResults, type BenchSuite } from "./harness.ts";

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => wanted.length === 0 || wanted.includes(f.replace(/\.bench\.ts$/, "")))
  .sort();
for (const f of files) {
  const mod = (await import(pathToFileURL(join(here, f)).href)) as { suite: BenchSuite };
  const rows = await runSuite(mod.suite);
  const summary = mod.suite.summary?.(rows);
  if (summary) process.stdout.write(summary);
  writeResults(join(here, "results"), mod.suite.name, rows, summary);
}
