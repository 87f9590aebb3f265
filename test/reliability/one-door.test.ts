import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Hostile input classes 1 and 2 in general: the guarantees hold for every command
// because every file levelramp writes goes through one door (writeDurable in
// src/io/write-file-set.ts: every byte, fsync, size checked, renamed into place)
// and every input it reads through another (readInputBytes in
// src/io/read-text-file.ts: regular files only, never blocking, bounded). A new
// writeFileSync or readFileSync elsewhere in src/ would bypass them; this test
// names it. The few reads of levelramp's own files are listed with why.

const root = fileURLToPath(new URL("../../", import.meta.url));

/** Every .ts and .js file under src/. */
function sources(dir = join(root, "src")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : /\.(ts|js)$/.test(e.name) ? [join(dir, e.name)] : []));
}

const WRITES = /\b(writeFileSync|writeFile|appendFileSync|appendFile|createWriteStream|writeSync|writev|writevSync|copyFileSync|truncateSync)\s*\(/;
const READS = /\b(readFileSync|readFile|createReadStream|readSync|openSync)\s*\(/;

/** Files that may read with their own calls, and why: none reads a user's input. */
const OWN_READS: Record<string, string> = {
  "src/io/read-text-file.ts": "the one door for inputs",
  "src/cli/main.ts": "the package's own package.json (--version)",
  "src/pipeline/reuse/generator-fingerprint.ts": "levelramp's own source files, models and installed packages' package.json (a game's generator fingerprint)",
  "src/pipeline/reuse/import-closure.ts": "levelramp's own source files (the import closure a game's generator fingerprint covers)",
  "src/report/editor/editor-bundle.ts": "the page script levelramp built (dist/editor)",
  "src/io/write-file-set.ts": "opens its own temp files to write and check them",
  "src/io/output-paths.ts": "creates an empty probe file beside an output (openSync \"wx\") to learn, before the work, that it can be written",
  "src/io/atomic-write.ts": "claims an output's name by creating it empty (openSync \"wx\") where the file system has no hard links, then renames the written temp file over it",
  "src/program/process-tree.ts": "/proc: the environment and parent of each process, to find and end a game program's whole tree",
};
/** Files that may write with their own calls, and why. */
const OWN_WRITES: Record<string, string> = {
  "src/io/write-file-set.ts": "the one door for outputs (writeDurable)",
  "src/program/program-connection.ts": "a game program's stderr lines to levelramp's stderr (fd 2), escaped",
};

describe("one door in, one door out (classes 1, 2)", () => {
  it("no file in src/ writes or reads files with its own calls, but those listed with why", () => {
    const strays: string[] = [];
    for (const file of sources()) {
      const name = relative(root, file).split("\\").join("/");
      const code = readFileSync(file, "utf8")
        .split("\n")
        .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line))
        .join("\n");
      if (WRITES.test(code) && !(name in OWN_WRITES)) strays.push(`${name} writes (${WRITES.exec(code)![1]})`);
      if (READS.test(code) && !(name in OWN_READS)) strays.push(`${name} reads (${READS.exec(code)![1]})`);
    }
    expect(strays).toEqual([]);
  });
});
