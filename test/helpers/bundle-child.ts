import { mkdirSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const cache = fileURLToPath(new URL("../../node_modules/.cache/levelramp-test-children/", import.meta.url));

/**
 * A child-process script for the spawning tests, bundled once by esbuild into
 * plain JavaScript (packages stay imports, resolved from the repository's
 * node_modules): `node child.mjs` starts in a fraction of `node --import tsx
 * child.ts`, which compiles the sources again in every child. The kill test
 * spawns nine children, and on a loaded machine tsx alone took it past its
 * timeout.
 *
 * @param entry absolute path of the child's `.ts` file.
 * @returns absolute path of the bundled `.mjs` file.
 */
export async function bundleChild(entry: string): Promise<string> {
  mkdirSync(cache, { recursive: true });
  const outfile = join(cache, `${basename(entry, ".ts")}-${process.pid}.mjs`);
  await build({ entryPoints: [entry], bundle: true, platform: "node", format: "esm", target: "node20", packages: "external", outfile, logLevel: "warning" });
  return outfile;
}
