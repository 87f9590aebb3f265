import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** The package root: two folders up from `src/pipeline/` and from `dist/pipeline/`. */
const root = fileURLToPath(new URL("../../../", import.meta.url));
/** Where the build records the hash of the sources it compiled (scripts/build.js). */
export const sourceHashFile = "dist/source-hash.txt";
let cached: string | undefined;

/** Every file under `dir`, as paths relative to `base` with `/`, sorted (none when `dir` is absent). */
function filesUnder(dir: string, base: string): string[] {
  const out: string[] = [];
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path, base));
    else if (entry.isFile()) out.push(relative(base, path).split(sep).join("/"));
  }
  return out.sort();
}

/**
 * SHA-256 (hex) over the files of a folder of the package: each file's path
 * (relative to the package root) and bytes, in path order.
 *
 * @param folder e.g. `src` or `models`, relative to the package root (default: this package's).
 */
export function folderHash(folder: string, packageRoot: string = root): string {
  const hash = createHash("sha256");
  for (const file of filesUnder(join(packageRoot, folder), packageRoot)) hash.update(file).update("\0").update(readFileSync(join(packageRoot, file))).update("\0");
  return hash.digest("hex");
}

/**
 * Which generator made a shard (SPEC 9): `levelramp@<version>+<first 16 hex
 * of a SHA-256 over the hash of the package's sources and of its models/>`.
 * The sources are `src/`: hashed now when levelramp runs from them (tsx,
 * vitest), or, when it runs compiled (`dist/`, as the package ships), the
 * hash of the `src/` the build compiled, which the build records in
 * {@link sourceHashFile} (without that file, the hash of `dist/` itself).
 * The package version alone does not move between commits, and any change
 * to a game's code or models can change a candidate, so `merge` takes only
 * shards made by the very same code and models as itself. Read once per
 * process.
 */
export function generatorFingerprint(): string {
  if (cached !== undefined) return cached;
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { name: string; version: string };
  const compiled = import.meta.url.endsWith(".js");
  const recorded = join(root, sourceHashFile);
  const source = !compiled ? folderHash("src") : existsSync(recorded) ? readFileSync(recorded, "utf8").trim() : folderHash("dist");
  const hash = createHash("sha256").update(`${source}\0${folderHash("models")}`).digest("hex");
  cached = `${pkg.name}@${pkg.version}+${hash.slice(0, 16)}`;
  return cached;
}
