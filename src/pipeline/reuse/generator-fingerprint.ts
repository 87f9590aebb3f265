import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** The package root: two folders up from `src/pipeline/` and from `dist/pipeline/`. */
const root = fileURLToPath(new URL("../../../", import.meta.url));
/** Where the build records the hash of the sources it compiled (scripts/build.js). */
export const sourceHashFile = "dist/source-hash.txt";
let cached: string | undefined;
let cachedGrow: string | undefined;
let cachedSource: string | undefined;

/**
 * The files of `models/` a build takes as run inputs, not as engine models:
 * each game's plan, selection model and ramp (SPEC 3). The pipeline hands a
 * batch what it needs of them (the part's rules and generator settings, the
 * level's aim, the model's metric), so they are part of a batch's key, not of
 * the generator's ({@link growFingerprint}). A test checks that growing a
 * batch of either game reads none of them.
 */
export const RUN_INPUT_FILES: ReadonlySet<string> = new Set(["plan.json", "selection.json", "ramp.json"]);

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
 * @param keep which files (paths relative to the package root, with `/`) count; default every file.
 */
export function folderHash(folder: string, packageRoot: string = root, keep: (file: string) => boolean = () => true): string {
  const hash = createHash("sha256");
  for (const file of filesUnder(join(packageRoot, folder), packageRoot)) {
    if (keep(file)) hash.update(file).update("\0").update(readFileSync(join(packageRoot, file))).update("\0");
  }
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
  cached ??= fingerprint(folderHash("models"));
  return cached;
}

/**
 * Which generator grows a batch (SPEC 9; docs/pipeline.md "Pools reused"):
 * as {@link generatorFingerprint}, but over `models/` without the run input
 * files ({@link RUN_INPUT_FILES}: every game's plan.json, selection.json and
 * ramp.json), which a batch does not read — the pipeline hands it what it
 * needs of them, and that is part of the batch's own key. So a designer
 * editing `models/<game>/plan.json` or `ramp.json` in place keeps the
 * batches those edits do not touch. (Composing reads the game's bundled
 * ramp.json, so composed levels are keyed by {@link generatorFingerprint}.)
 * Read once per process.
 */
export function growFingerprint(): string {
  cachedGrow ??= fingerprint(engineModelsHash());
  return cachedGrow;
}

/** {@link folderHash} of `models/` without the run input files ({@link RUN_INPUT_FILES}). */
export function engineModelsHash(packageRoot: string = root): string {
  return folderHash("models", packageRoot, (file) => !RUN_INPUT_FILES.has(file.slice(file.lastIndexOf("/") + 1)));
}

/** `levelramp@<version>+<16 hex>` over the sources' hash and `models` (a folder hash). */
function fingerprint(models: string): string {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { name: string; version: string };
  if (cachedSource === undefined) {
    const compiled = import.meta.url.endsWith(".js");
    const recorded = join(root, sourceHashFile);
    cachedSource = !compiled ? folderHash("src") : existsSync(recorded) ? readFileSync(recorded, "utf8").trim() : folderHash("dist");
  }
  const hash = createHash("sha256").update(`${cachedSource}\0${models}`).digest("hex");
  return `${pkg.name}@${pkg.version}+${hash.slice(0, 16)}`;
}
