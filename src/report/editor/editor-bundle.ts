import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { solverLimits } from "../../select/problem/solver-limits.ts";

// Paths are found from this module's URL; dist/ mirrors src/, so they are the
// same whether it runs from src/report/editor/ or dist/report/editor/.
const path = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
const ENTRY = path("../../../src/report/editor/editor-entry.ts");
const BUNDLE = path("../../../dist/editor/levelramp-editor.js");
/** Modules the page cannot run, and what stands in for them in the bundle. */
const SUBSTITUTES = new Map([[path("../../../src/select/problem/solver-limits.ts"), path("../../../src/report/editor/browser-solver-limits.ts")]]);
/** Packages the bundle may take in (none: the select core and the report pieces are plain TypeScript). */
const ALLOWED_PACKAGES: ReadonlySet<string> = new Set();

/** The page's script and the source files it was made from. */
export interface EditorBundle {
  code: string;
  /** Every file in the bundle, relative to the package root. */
  inputs: string[];
}

/**
 * Compiles the ramp editor's page script (src/report/editor/editor-entry.ts)
 * for the browser with esbuild (a dev dependency): one minified IIFE, no
 * Node API, no package (a bare import is an error), the select core's
 * solver-limits module replaced by the limits it would read (models/select/solver.json,
 * validated now). `npm run build` writes it to dist/editor/levelramp-editor.js.
 *
 * @throws Error `report/editor-bundle: ...` when esbuild fails (e.g. an
 *   import of a Node module or a package) or the script could close its `<script>` element.
 */
export async function buildEditorBundle(): Promise<EditorBundle> {
  const esbuild = await import("esbuild");
  const root = path("../../../");
  const result = await esbuild.build({
    entryPoints: [ENTRY],
    bundle: true,
    write: false,
    format: "iife",
    platform: "browser",
    target: "es2020",
    minify: true,
    legalComments: "none",
    charset: "utf8",
    metafile: true,
    logLevel: "silent",
    define: { LEVELRAMP_SOLVER_LIMITS: JSON.stringify(solverLimits()) },
    plugins: [
      {
        name: "levelramp-browser",
        setup(build) {
          build.onResolve({ filter: /.*/ }, (args) => {
            if (args.kind === "entry-point") return undefined;
            if (!args.path.startsWith(".")) {
              const name = args.path.startsWith("@") ? args.path.split("/").slice(0, 2).join("/") : args.path.split("/")[0];
              if (ALLOWED_PACKAGES.has(name)) return undefined;
              return { errors: [{ text: `the page script may not import "${args.path}" (from ${args.importer.slice(root.length)}): no Node API and no package in the browser bundle` }] };
            }
            const target = resolve(args.resolveDir, args.path);
            const substitute = SUBSTITUTES.get(target);
            return substitute ? { path: substitute } : undefined;
          });
        },
      },
    ],
  }).catch((err: unknown) => {
    throw new Error(`report/editor-bundle: esbuild failed: ${err instanceof Error ? err.message : String(err)}`);
  });
  const code = result.outputFiles[0].text;
  if (/<\/script|<!--/i.test(code)) throw new Error("report/editor-bundle: the script holds `</script` or `<!--`, which would end its <script> element in the page");
  return { code, inputs: Object.keys(result.metafile.inputs).sort() };
}

let cached: Promise<string> | undefined;

/**
 * The page script the report inlines: from the sources (built with
 * {@link buildEditorBundle} on first use, once per process) when this module
 * runs from src/ (tsx, tests), else the file `npm run build` wrote.
 *
 * @throws Error `report/editor-bundle: ...` when the built file is missing.
 */
export function editorBundle(): Promise<string> {
  cached ??= import.meta.url.endsWith(".ts")
    ? buildEditorBundle().then((b) => b.code)
    : Promise.resolve().then(() => {
        if (!existsSync(BUNDLE)) throw new Error(`report/editor-bundle: ${BUNDLE} is missing: run npm run build (npm ci runs it)`);
        return readFileSync(BUNDLE, "utf8");
      });
  return cached;
}
