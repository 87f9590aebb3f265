// The command's own bundle (a step of `npm run build`, after tsc wrote dist/):
// dist/cli-bundle/levelramp.js, which bin/levelramp.js loads, is dist/cli/bin.js
// and everything it imports as a few ESM files (esbuild, code splitting), so a
// cold `levelramp select` reads a handful of files instead of a hundred-odd
// modules of dist/ and node_modules/ (each resolved, read and compiled apart).
// A command's modules stay in their own chunks, loaded when that command runs.
//
// - Each module keeps its own location: `import.meta.url` in a dist/ file becomes
//   that file's URL, so what a module finds beside it (package.json, models/,
//   fonts/, the worker threads' entries in dist/, dist/editor/) is found as from
//   dist/, and the worker threads (piscina's pipeline worker, the LP solver, an
//   outside game's host) still run the tsc output in dist/.
// - Only the packages the start-up of every command runs are taken in (BUNDLED);
//   the others (native addons, WebAssembly, worker files, vega, ...) are imported
//   from node_modules/ as before, when a command needs them.
// dist/ itself stays as tsc wrote it: the library's exports and the workers.
import { readFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";

/** Packages compiled into the bundle: what `levelramp --version`, `--help` and `select` import. */
const BUNDLED = new Set(["commander", "zod", "jsonc-parser"]);

/**
 * zod's `z` imported by name is a namespace object used as a value, which keeps
 * every zod module in the bundle (its locales, JSON Schema import, ...: 750 KB
 * to compile at each start); imported as `import * as z`, the same object's
 * members are what esbuild keeps (210 KB). The sources keep zod's own form.
 */
const ZOD_BY_NAME = /^import \{ z \} from "zod";$/gm;

/** The bundle's folder and its entry, relative to the package root. */
export const CLI_BUNDLE_DIR = "dist/cli-bundle";
export const CLI_BUNDLE_ENTRY = `${CLI_BUNDLE_DIR}/levelramp.js`;

/**
 * Bundles `dist/cli/bin.js` into {@link CLI_BUNDLE_DIR} (esbuild, a dev dependency).
 * @param {string} root the package root (dist/ already compiled)
 * @returns {Promise<{ files: number, bytes: number }>} what it wrote
 */
export async function bundleCli(root) {
  const { build } = await import("esbuild");
  const outdir = join(root, CLI_BUNDLE_DIR);
  const result = await build({
    absWorkingDir: root,
    entryPoints: { levelramp: "dist/cli/bin.js" },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    // jsonc-parser's "main" is a UMD build that requires its parts at run time; its "module" is plain ESM.
    mainFields: ["module", "main"],
    outdir,
    chunkNames: "chunk-[hash]",
    metafile: true,
    logLevel: "warning",
    // A CommonJS package inside an ESM bundle (commander) requires Node's built-ins: give each chunk a require().
    banner: { js: 'import { createRequire as __levelrampRequire } from "node:module";\nconst require = __levelrampRequire(import.meta.url);' },
    plugins: [
      {
        name: "levelramp-cli",
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => {
            if (args.kind === "entry-point" || args.path.startsWith("node:")) return undefined;
            const name = args.path.startsWith("@") ? args.path.split("/").slice(0, 2).join("/") : args.path.split("/")[0];
            return BUNDLED.has(name) ? undefined : { path: args.path, external: true };
          });
          // A module's import.meta.url: its own file in dist/, whichever chunk it lands in.
          b.onLoad({ filter: /[\\/]dist[\\/].*\.js$/ }, async (args) => {
            const text = (await readFile(args.path, "utf8")).replace(ZOD_BY_NAME, 'import * as z from "zod";');
            const own = `new URL(${JSON.stringify(relative(outdir, args.path).split("\\").join("/"))}, import.meta.url).href`;
            return { contents: text.replaceAll("import.meta.url", own), loader: "js", resolveDir: dirname(args.path) };
          });
        },
      },
    ],
  });
  const outputs = Object.values(result.metafile.outputs);
  return { files: outputs.length, bytes: outputs.reduce((s, o) => s + o.bytes, 0) };
}
