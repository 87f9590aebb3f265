import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

/** What a set of modules runs: their source files and the packages they import. */
export interface ImportClosure {
  /** Every module reached, as paths relative to the package root with `/`, sorted. */
  files: string[];
  /** Every package a reached module imports (`zod`, `seedrandom`, not `node:` built-ins), sorted. */
  packages: string[];
}

/**
 * The import specifiers of a module's text that load code when it runs:
 * `import ... from "x"`, `import "x"`, `export ... from "x"` and `import("x")`
 * with a literal. `import type` and `export type` are left out (TypeScript
 * erases them), as is an `import { type A, type B }` naming types only. A
 * line-anchored scan, not a parser: a specifier quoted inside a string or a
 * comment that reads like an import is taken too, which only widens the
 * closure.
 */
export function runtimeImports(text: string): string[] {
  const out: string[] = [];
  const statement = /^[ \t]*(import|export)(\s+type)?\b([^;"'`]*?)["']([^"']+)["']/gm;
  for (const m of text.matchAll(statement)) {
    const [, keyword, typeOnly, rawClause, specifier] = m;
    const clause = rawClause.trim();
    if (typeOnly !== undefined) continue;
    // `import "x"` loads x; anything else must end `from` (`export const x = "..."` is no import)
    if (!(keyword === "import" && clause === "") && !/(^|\s|\}|\*)from$/.test(clause)) continue;
    const names = /^\{([^}]*)\}\s*from$/.exec(clause);
    if (names && names[1].split(",").every((n) => n.trim() === "" || /^type\s/.test(n.trim())) && names[1].trim() !== "") continue;
    out.push(specifier);
  }
  for (const m of text.matchAll(/(?<![\w$.])import\(\s*["']([^"']+)["']\s*\)/g)) out.push(m[1]);
  return out;
}

/** The package a bare specifier names: `zod`, `@resvg/resvg-js`, `csv-parse` of `csv-parse/sync`. */
function packageOf(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/**
 * The import closure of `entries` (docs/pipeline.md "Pools reused"): every
 * module they load when they run, followed through relative imports (static
 * and literal dynamic ones, {@link runtimeImports}), and the packages those
 * modules import. A relative specifier that names no file is left out (it
 * cannot be loaded from this tree either).
 *
 * @param entries module paths relative to `packageRoot` (e.g. `src/carillon/carillon-backend.ts`).
 * @param packageRoot the folder paths are relative to.
 * @throws Error when an entry does not exist (a bug: the entries are the package's own).
 */
export function importClosure(entries: readonly string[], packageRoot: string): ImportClosure {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const todo = entries.map((e) => resolve(packageRoot, e));
  for (const e of todo) if (!existsSync(e)) throw new Error(`import closure: no module ${e}`);
  while (todo.length > 0) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of runtimeImports(readFileSync(file, "utf8"))) {
      if (specifier.startsWith(".")) {
        const target = join(dirname(file), specifier);
        if (!seen.has(target) && existsSync(target)) todo.push(target);
      } else if (!specifier.startsWith("node:")) {
        packages.add(packageOf(specifier));
      }
    }
  }
  const files = [...seen].map((f) => relative(packageRoot, f).split(sep).join("/")).sort();
  return { files, packages: [...packages].sort() };
}
