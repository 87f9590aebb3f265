import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { Game } from "../../game/game.ts";
import { BUILT_IN_GAMES } from "../../game/registry.ts";
import { importClosure } from "./import-closure.ts";

/** The package root: three folders up from `src/pipeline/reuse/` and from `dist/pipeline/reuse/`. */
const root = fileURLToPath(new URL("../../../", import.meta.url));
/** Where the build records the hash of the sources it compiled (scripts/build.js; benchmarks check `dist/` is fresh by it). */
export const sourceHashFile = "dist/source-hash.txt";
/** Where the build records the hash of the code a batch runs, per kind of game ({@link batchCodeHashes}; scripts/build.js). */
export const batchCodeFile = "dist/batch-code.json";
/** The kind of game whose code is not levelramp's (an outside game's program, a plug-in): its version names its own code (SPEC 10). */
export const OUTSIDE_GAMES = "outside";

/**
 * The files of `models/<game>/` a build takes as run inputs, not as engine
 * models: each game's plan, selection model and ramp (SPEC 3). The pipeline
 * hands a batch what it needs of them (the part's rules and generator
 * settings, the level's aim, the model's metric), so they are part of a
 * batch's key, not of its generator's ({@link generatorFingerprint}). A test
 * checks that growing a batch of either game reads none of them, and no model
 * file outside its own `models/<game>/`.
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

/** SHA-256 (hex) over files of the package: each one's path (relative to the package root, with `/`) and bytes, in the order given. */
function filesHash(files: readonly string[], packageRoot: string): string {
  const hash = createHash("sha256");
  for (const file of files) hash.update(file).update("\0").update(readFileSync(join(packageRoot, file))).update("\0");
  return hash.digest("hex");
}

/**
 * SHA-256 (hex) over the files of a folder of the package: each file's path
 * (relative to the package root) and bytes, in path order.
 *
 * @param folder e.g. `src` or `models/carillon`, relative to the package root (default: this package's).
 * @param keep which files (paths relative to the package root, with `/`) count; default every file.
 */
export function folderHash(folder: string, packageRoot: string = root, keep: (file: string) => boolean = () => true): string {
  return filesHash(filesUnder(join(packageRoot, folder), packageRoot).filter(keep), packageRoot);
}

/**
 * The modules a batch of a kind of game runs from, in `folder` (`src`, or
 * `dist` compiled): a built-in game's back end (`<folder>/<game>/<game>-backend`,
 * which holds its generator, solver and measures), the game value over a back
 * end (game/game-from-backend) and the batch task itself (the seed
 * derivation, the attempts, the candidate ids: pipeline/workers/pipeline-task).
 * For {@link OUTSIDE_GAMES}, levelramp's client of a program (program/program-game)
 * instead of a back end. SPEC 9; docs/pipeline.md "Pools reused".
 *
 * @param kind a built-in game's name or {@link OUTSIDE_GAMES}.
 * @returns paths relative to the package root, with `/`; whether they exist is not checked here.
 */
export function batchCodeEntries(kind: string, folder: "src" | "dist" = "src"): string[] {
  const ext = folder === "src" ? "ts" : "js";
  const game = kind === OUTSIDE_GAMES ? `${folder}/program/program-game.${ext}` : `${folder}/${kind}/${kind}-backend.${ext}`;
  return [game, `${folder}/game/game-from-backend.${ext}`, `${folder}/pipeline/workers/pipeline-task.${ext}`];
}

/** The installed version of a package (`zod@4.1.5`), or its name alone when its package.json is not where npm puts it. */
function packageVersion(name: string, packageRoot: string): string {
  const file = join(packageRoot, "node_modules", name, "package.json");
  return existsSync(file) ? `${name}@${(JSON.parse(readFileSync(file, "utf8")) as { version: string }).version}` : name;
}

/**
 * SHA-256 (hex) of the code a batch of a kind of game runs: the files of the
 * import closure of its {@link batchCodeEntries} (path and bytes, {@link importClosure})
 * and the installed version of each package they import (a new `seedrandom`
 * could draw other numbers). Nothing outside the closure counts: the CLI, the
 * reports, the selection, the pipeline's plan of rounds, another game.
 *
 * @param kind a built-in game's name or {@link OUTSIDE_GAMES}.
 * @param packageRoot the folder `src/` or `dist/` is in (default: this package's).
 * @param folder `src` (what the build records) or `dist` (a compiled tree without the record).
 * @returns 64 hex digits (SPEC 9).
 * @throws Error when an entry module is missing (a tree that is not levelramp's; {@link importClosure}).
 */
export function batchCodeHash(kind: string, packageRoot: string = root, folder: "src" | "dist" = "src"): string {
  const closure = importClosure(batchCodeEntries(kind, folder), packageRoot);
  const packages = closure.packages.map((p) => packageVersion(p, packageRoot)).join("\n");
  return createHash("sha256").update(filesHash(closure.files, packageRoot)).update("\0").update(packages).digest("hex");
}

/**
 * {@link batchCodeHash} of every built-in game and of {@link OUTSIDE_GAMES}, over `src/`: what `npm run build` records in {@link batchCodeFile} (SPEC 9).
 *
 * @returns kind → 64 hex digits.
 * @throws Error as {@link batchCodeHash}.
 */
export function batchCodeHashes(packageRoot: string = root): Record<string, string> {
  return Object.fromEntries([...Object.keys(BUILT_IN_GAMES), OUTSIDE_GAMES].map((kind) => [kind, batchCodeHash(kind, packageRoot)]));
}

const codeByKind = new Map<string, string>();
let recorded: Record<string, string> | undefined;

/**
 * {@link batchCodeHash} of this levelramp, read once per kind per process:
 * over `src/` when levelramp runs from its sources (tsx, vitest), else (run
 * compiled, as the package ships) the hash of the `src/` the build compiled,
 * as recorded in {@link batchCodeFile} (without that file, the closure in
 * `dist/` itself). So `npx levelramp` and levelramp run from the same sources
 * name a batch alike, and a `dist/` left stale by an edit does not pass as the
 * edited code.
 */
function ownBatchCodeHash(kind: string): string {
  let hash = codeByKind.get(kind);
  if (hash === undefined) {
    const compiled = import.meta.url.endsWith(".js");
    const file = join(root, batchCodeFile);
    if (compiled && recorded === undefined && existsSync(file)) recorded = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
    hash = !compiled ? batchCodeHash(kind) : (recorded?.[kind] ?? batchCodeHash(kind, root, "dist"));
    codeByKind.set(kind, hash);
  }
  return hash;
}

/** The de-duplication thresholds, which Carillon's composer reads to keep its composed levels apart (SPEC 7). */
const DEDUP_THRESHOLDS = "models/dedup/thresholds.json";

/**
 * A built-in game's bundled model files that a batch reads (paths relative
 * to the package root, sorted): the files of `models/<game>/` but its plan,
 * selection model and ramp ({@link RUN_INPUT_FILES}) for `grow`; for
 * `compose`, the ramp too (both composers aim the first levels at the game's
 * bundled ramp.json) and `models/dedup/thresholds.json` (Carillon's composer
 * keeps its levels apart by them). A test records every model file growing a
 * batch and composing open for both games and finds each of them here.
 *
 * @param packageRoot the folder `models/` is in (default: this package's).
 */
export function gameModelFiles(game: string, kind: "grow" | "compose", packageRoot: string = root): string[] {
  const runInput = (name: string) => RUN_INPUT_FILES.has(name) && !(kind === "compose" && name === "ramp.json");
  const own = filesUnder(join(packageRoot, "models", game), packageRoot).filter((file) => !runInput(file.slice(file.lastIndexOf("/") + 1)));
  const shared = kind === "compose" && existsSync(join(packageRoot, DEDUP_THRESHOLDS)) ? [DEDUP_THRESHOLDS] : [];
  return [...own, ...shared].sort();
}

/**
 * SHA-256 (64 hex digits) of a built-in game's {@link gameModelFiles}: each one's path and bytes (SPEC 9). Throws nothing: a game without a models folder hashes no file.
 *
 * @param kind `grow` for batches, `compose` for composed levels and shards.
 * @param packageRoot the folder `models/` is in (default: this package's).
 */
export function gameModelsHash(game: string, kind: "grow" | "compose", packageRoot: string = root): string {
  return filesHash(gameModelFiles(game, kind, packageRoot), packageRoot);
}

const byGame = new Map<string, string>();

/**
 * The generator of a game's candidates (SPEC 9, 10; docs/pipeline.md "Pools
 * reused"): `<game>@<version>+<16 hex>`, the hex the first of a SHA-256 over
 * the code a batch of the game runs ({@link batchCodeHash}: for a built-in
 * game its back end's import closure, for an outside game levelramp's client
 * of it) and, for a built-in game, the bundled models it reads
 * ({@link gameModelFiles}). The version is the game's own: a built-in game's
 * back end declares it, an outside game's program names it in `hello`
 * (`<game>+<16 hex>` for a game that declares none). Pools record it as
 * `grown.generator`, shards as `inputs.generator`: any change to the game's
 * generator, solver, measures or engine models gives another, and a change
 * anywhere else in levelramp (its reports, CLI, selection, another game)
 * does not. Read once per game and kind per process.
 *
 * @param kind `grow` for batches, `compose` for composed levels and shards (which hold both).
 */
export function generatorFingerprint(game: Pick<Game, "name" | "version">, kind: "grow" | "compose"): string {
  const key = `${kind}\0${game.name}\0${game.version ?? ""}`;
  let fingerprint = byGame.get(key);
  if (fingerprint === undefined) {
    const builtIn = Object.hasOwn(BUILT_IN_GAMES, game.name);
    const code = ownBatchCodeHash(builtIn ? game.name : OUTSIDE_GAMES);
    const models = builtIn ? gameModelsHash(game.name, kind) : "";
    const hash = createHash("sha256").update(`${code}\0${models}`).digest("hex");
    fingerprint = `${game.name}${game.version === undefined ? "" : `@${game.version}`}+${hash.slice(0, 16)}`;
    byGame.set(key, fingerprint);
  }
  return fingerprint;
}
