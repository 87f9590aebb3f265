import { fileURLToPath } from "node:url";

/**
 * Path of a bundled model file, `models/<game>/<file>` in the package (SPEC 3
 * defaults: `selection.json`, `ramp.json`, `plan.json`, ...), whatever the
 * working directory.
 */
export function modelsPath(game: string, file: string): string {
  return fileURLToPath(new URL(`../../models/${game}/${file}`, import.meta.url));
}
