import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));
let cached: string | undefined;

/** Every file under `dir`, as paths relative to the package root with `/`, sorted (none when `dir` is absent). */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else if (entry.isFile()) out.push(relative(root, path).split(sep).join("/"));
  }
  return out.sort();
}

/**
 * Which generator made a shard (SPEC 9): `levelramp@<version>+<first 16 hex
 * of a SHA-256 over the package's src/ and models/ files>` (each file's
 * path and bytes, in path order). The package version alone does not move
 * between commits, and any change to a game's code or models can change a
 * candidate, so `merge` takes only shards made by the very same code and
 * models as itself. Read once per process.
 */
export function generatorFingerprint(): string {
  if (cached !== undefined) return cached;
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { name: string; version: string };
  const hash = createHash("sha256");
  for (const file of [...filesUnder(join(root, "src")), ...filesUnder(join(root, "models"))]) {
    hash.update(file).update("\0").update(readFileSync(join(root, file))).update("\0");
  }
  cached = `${pkg.name}@${pkg.version}+${hash.digest("hex").slice(0, 16)}`;
  return cached;
}
