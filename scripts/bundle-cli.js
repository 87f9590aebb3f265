// The command's own bundle (a step of `npm run build`, after tsc wrote dist/):
// dist/cli-bundle/levelramp.cjs, which bin/levelramp.js runs, is dist/cli/bin.js
// and everything it imports in one CommonJS file, with V8's code cache of a
// few commands' runs beside it. A cold `levelramp select` then reads two files
// and compiles almost nothing, instead of resolving, reading and compiling a
// hundred-odd modules of dist/ and node_modules/.
//
// - One script, not ESM chunks: Node 20 can hand V8 a code cache only for a
//   script (vm.Script's cachedData), not for an ES module. Each module of the
//   bundle still runs its top level only when it is first imported (esbuild's
//   lazy module wrappers), so a command pays for its own modules only.
// - Each module keeps its own location: `import.meta.url` in a dist/ file becomes
//   that file's URL, so what a module finds beside it (package.json, models/,
//   fonts/, the worker threads' entries in dist/, dist/editor/) is found as from
//   dist/, and the worker threads (piscina's pipeline worker, the LP solver, an
//   outside game's host) still run the tsc output in dist/.
// - Only the packages the start-up of every command runs are taken in (BUNDLED),
//   and chalk, which is ESM only (a CommonJS bundle requires its imports); the
//   others (native addons, WebAssembly, worker files, vega, ...) are loaded from
//   node_modules/ as before, when a command needs them.
// - The code cache (writeCodeCache) is what V8 compiled while the bundled
//   command ran some real commands on the repository's fixtures. V8 checks it
//   against its own version and flags and the script's length only, so
//   bin/levelramp.js checks the rest before use: the bundle against the
//   CRC-32 on its first line (whose hash also names the cache file, so a
//   cache never outlives its bundle) and its end line, and the cache against
//   the CRC-32 in its header; on any mismatch it compiles afresh (a bundle
//   cut short does not run). Both files are written to a temp name and
//   renamed into place.
// dist/ itself stays as tsc wrote it: the library's exports and the workers.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import zlib from "node:zlib";
import { dirname, join, relative } from "node:path";

/** Packages compiled into the bundle: what `levelramp --version`, `--help` and `select` import, and chalk (ESM only). */
const BUNDLED = new Set(["commander", "zod", "jsonc-parser", "chalk"]);

/**
 * zod's `z` imported by name is a namespace object used as a value, which keeps
 * every zod module in the bundle (its locales, JSON Schema import, ...: 750 KB
 * to compile at each start); imported as `import * as z`, the same object's
 * members are what esbuild keeps (210 KB). The sources keep zod's own form.
 */
const ZOD_BY_NAME = /^import \{ z \} from "zod";$/gm;

/**
 * An `import(` that is not of a relative path (a package, or a URL computed at run time).
 * The bundle's own modules are bundled; what stays an import() is done by bin/levelramp.js,
 * which hands the script its `__levelrampImport`: V8 loses a script's dynamic-import host
 * (vm.Script's importModuleDynamically) in functions it takes from a code cache, and
 * Node 20 gives one only from 20.12 on, as an experimental feature with a warning.
 */
const OUTSIDE_IMPORT = /(?<![\w$.])import\((?!\s*["'`]\.)/g;

/** CRC-32 (zlib's), as bin/levelramp.js computes it to check the bundle: zlib's own where Node has it (≥ 20.15), else by table. */
function crc32(data) {
  if (typeof zlib.crc32 === "function") return zlib.crc32(data) >>> 0;
  let c = -1;
  for (let i = 0; i < data.length; i++) {
    c ^= data[i];
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ -1) >>> 0;
}

/** The bundle's folder and its file, relative to the package root. */
export const CLI_BUNDLE_DIR = "dist/cli-bundle";
export const CLI_BUNDLE_FILE = `${CLI_BUNDLE_DIR}/levelramp.cjs`;

/** The bundle's first line: `// levelramp-bundle <16 hex digits of the SHA-256 of the rest> <8 hex digits of its CRC-32>` (what bin/levelramp.js reads and checks). */
const TAG_LINE = "// levelramp-bundle ";
/** The bundle's last line: a bundle without it was cut short, and bin/levelramp.js does not run it. */
const END_LINE = "// levelramp-bundle-end\n";

/**
 * The code cache's file for a bundle's source. bin/levelramp.js, which ships without scripts/,
 * reads the same tag and name itself; check-package checks that the installed command finds
 * and uses the cache, so the two cannot drift apart unnoticed.
 * @param {string} source the bundle's text
 * @returns {string | undefined} `levelramp.<hash>.v8-cache`, or undefined for a source without its tag line
 */
export function codeCacheName(source) {
  const tag = source.startsWith(TAG_LINE) ? source.slice(TAG_LINE.length, TAG_LINE.length + 16) : "";
  return /^[0-9a-f]{16}$/.test(tag) ? `levelramp.${tag}.v8-cache` : undefined;
}

/**
 * Bundles `dist/cli/bin.js` into {@link CLI_BUNDLE_FILE} (esbuild, a dev dependency),
 * its first line tagged with its hash.
 * @param {string} root the package root (dist/ already compiled)
 * @returns {Promise<{ file: string, bytes: number }>} what it wrote
 */
export async function bundleCli(root) {
  const { build } = await import("esbuild");
  const outdir = join(root, CLI_BUNDLE_DIR);
  const result = await build({
    absWorkingDir: root,
    entryPoints: { levelramp: "dist/cli/bin.js" },
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    // jsonc-parser's "main" is a UMD build that requires its parts at run time; its "module" is plain ESM.
    mainFields: ["module", "main"],
    outdir,
    outExtension: { ".js": ".cjs" },
    write: false,
    logLevel: "warning",
    plugins: [
      {
        name: "levelramp-cli",
        setup(b) {
          b.onResolve({ filter: /^[^./#]/ }, (args) => {
            if (args.kind === "entry-point" || args.path.startsWith("node:")) return undefined;
            const name = args.path.startsWith("@") ? args.path.split("/").slice(0, 2).join("/") : args.path.split("/")[0];
            return BUNDLED.has(name) ? undefined : { path: args.path, external: true };
          });
          // A module's import.meta.url: its own file in dist/ (found from the bundle's __dirname).
          // Its import() of a package or a computed URL: the launcher's (see OUTSIDE_IMPORT).
          b.onLoad({ filter: /[\\/]dist[\\/].*\.js$/ }, async (args) => {
            const text = (await readFile(args.path, "utf8")).replace(ZOD_BY_NAME, 'import * as z from "zod";');
            const rel = JSON.stringify(relative(outdir, args.path).split("\\").join("/"));
            const own = `require("node:url").pathToFileURL(require("node:path").join(__dirname, ${rel})).href`;
            const contents = text.replaceAll("import.meta.url", own).replace(OUTSIDE_IMPORT, "__levelrampImport(");
            return { contents, loader: "js", resolveDir: dirname(args.path) };
          });
        },
      },
    ],
  });
  const [out] = result.outputFiles;
  const left = out.text.match(/(?<![\w$.])import\(/g);
  if (left) throw new Error(`bundle-cli: ${left.length} import() left in the bundle; a CommonJS script run from a code cache cannot import (see OUTSIDE_IMPORT)`);
  // Tagged first (its hash, which names the cache; the CRC-32 of all that follows, which bin/levelramp.js checks), ended last (a bundle cut short lacks it).
  const body = Buffer.from(`${out.text.endsWith("\n") ? out.text : `${out.text}\n`}${END_LINE}`);
  const hash = createHash("sha256").update(body).digest("hex").slice(0, 16);
  const sum = crc32(body).toString(16).padStart(8, "0");
  const text = `${TAG_LINE}${hash} ${sum}\n${body}`;
  const file = join(root, CLI_BUNDLE_FILE);
  mkdirSync(outdir, { recursive: true });
  // Written whole, then renamed into place: a build stopped half-way leaves the earlier bundle or none, never half of one.
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, file);
  return { file, bytes: Buffer.byteLength(text) };
}

/** The runs whose compiled functions go into the code cache: `select` of the sudoku walkthrough (CSV), of a JSON pool, `--help`. */
const WARM_RUNS = (out) => [
  ["select", "--pools", "fixtures/sudoku/sudoku-1000.csv", "--model", "fixtures/sudoku/model.json", "--plan", "fixtures/sudoku/plan-100.json", "--ramp", "fixtures/sudoku/ramp-100.json", "--out", join(out, "a.json"), "--stats", "--json"],
  ["select", "--pools", "fixtures/pools/generic-3x4x20.json", "--out", join(out, "b.json")],
  ["--help"],
];

/**
 * Writes the bundle's V8 code cache beside it: runs bin/levelramp.js on {@link WARM_RUNS}
 * in turn with `LEVELRAMP_WRITE_CODE_CACHE=1`, each run starting from the cache the last
 * one wrote (so the cache holds what all of them compiled). Runs where the repository's
 * fixtures are (a build from a clone or for a pack); elsewhere, or when a run fails, it writes
 * nothing and says so on stderr (the build goes on: the cache is only a speed-up).
 * @param {string} root the package root (the bundle already written)
 * @returns {{ file: string, bytes: number } | undefined} the cache written, or undefined (none)
 */
export function writeCodeCache(root) {
  const dir = join(root, CLI_BUNDLE_DIR);
  for (const f of readdirSync(dir)) if (f.endsWith(".v8-cache") || f.endsWith(".tmp")) rmSync(join(dir, f));
  if (!existsSync(join(root, "fixtures/sudoku/sudoku-1000.csv"))) {
    process.stdout.write("build: no fixtures here, so no code cache for the command (it compiles as it runs)\n");
    return undefined;
  }
  const out = mkdtempSync(join(tmpdir(), "levelramp-warm-"));
  const file = join(dir, codeCacheName(readFileSync(join(root, CLI_BUNDLE_FILE), "utf8")));
  try {
    for (const args of WARM_RUNS(out)) {
      execFileSync(process.execPath, [join(root, "bin/levelramp.js"), ...args], {
        cwd: root,
        stdio: ["ignore", "ignore", "pipe"],
        env: { ...process.env, LEVELRAMP_WRITE_CODE_CACHE: "1" },
      });
    }
    return { file, bytes: readFileSync(file).length };
  } catch (err) {
    // Only a speed-up: the command works without it (and check-package says when it is missing).
    for (const f of readdirSync(dir)) if (f.endsWith(".v8-cache") || f.endsWith(".tmp")) rmSync(join(dir, f));
    process.stderr.write(`build: no code cache for the command, which compiles as it runs: ${String(err.stderr || err.message).trim()}\n`);
    return undefined;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
