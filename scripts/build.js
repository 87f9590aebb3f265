// `npm run build` (and `prepare`, so `npm ci` and `npm pack` run it): makes what
// the package ships besides models/ —
//   dist/     src/ compiled by tsc (JavaScript + .d.ts; relative `.ts` imports
//             rewritten to `.js`), the worker threads' entries included,
//             dist/cli-bundle/: the command as bin/levelramp.js runs it, dist/cli/bin.js
//             bundled by esbuild in one CommonJS file, and V8's code cache of it,
//             written last by running the command on the fixtures (scripts/bundle-cli.js),
//             source-hash.txt (the hash of src/ the compiled code was built from) and
//             batch-code.json (per game, the hash of the src/ a batch runs, which pools and shards name),
//             and dist/editor/levelramp-editor.js: the ramp editor's page script
//             (the select core compiled for the browser by esbuild, which
//             `report --pools --format html` inlines);
//   fonts/    the bundled font (Roboto regular and bold + its OFL licence),
//             copied from the dev dependency @expo-google-fonts/roboto;
//   schemas/  the JSON Schema of every file format (what `levelramp schema` prints).
// It starts from empty folders, so nothing stale ships. It does not type-check
// (tsc --noCheck): `npm run typecheck` does, and CI runs it.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleCli, writeCodeCache } from "./bundle-cli.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const require = createRequire(import.meta.url);

for (const dir of ["dist", "fonts", "schemas"]) rmSync(join(root, dir), { recursive: true, force: true });

execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", "tsconfig.build.json", "--noCheck"], { cwd: root, stdio: "inherit" });

await bundleCli(root);

const { buildEditorBundle } = await import("../dist/report/editor/editor-bundle.js");
const editor = await buildEditorBundle();
mkdirSync(join(root, "dist", "editor"));
writeFileSync(join(root, "dist", "editor", "levelramp-editor.js"), editor.code);

const fontPackage = dirname(require.resolve("@expo-google-fonts/roboto/package.json"));
mkdirSync(join(root, "fonts"));
for (const [from, to] of [
  ["400Regular/Roboto_400Regular.ttf", "Roboto_400Regular.ttf"],
  ["700Bold/Roboto_700Bold.ttf", "Roboto_700Bold.ttf"],
  ["LICENSE_FONT", "OFL.txt"],
]) {
  copyFileSync(join(fontPackage, from), join(root, "fonts", to));
}

// The hash of the sources just compiled (the benchmarks check dist/ is fresh by it), and of the code a
// batch of each kind of game runs, over src/: the compiled generator names a game's batches by it, so
// pools and shards made by `npx levelramp` and by levelramp run from src/ (tsx, vitest) agree when the
// sources do (SPEC 9; docs/pipeline.md "Pools reused").
const { batchCodeFile, batchCodeHashes, folderHash, sourceHashFile } = await import("../dist/pipeline/reuse/generator-fingerprint.js");
writeFileSync(join(root, sourceHashFile), folderHash("src", root) + "\n");
writeFileSync(join(root, batchCodeFile), JSON.stringify(batchCodeHashes(root), null, 2) + "\n");

// Every format by the registry's names: the game-free ones and each built-in game's body (loading that game).
const { formatJsonSchema } = await import("../dist/io/schemas/format-schemas.js");
const { formatNames, formatSchema } = await import("../dist/game/registry/game-formats.js");
mkdirSync(join(root, "schemas"));
for (const name of formatNames()) {
  writeFileSync(join(root, "schemas", `${name}.schema.json`), JSON.stringify(formatJsonSchema(name, await formatSchema(name)), null, 2) + "\n");
}

// Last, when everything the command reads is in place: V8's code cache of the command's bundle.
writeCodeCache(root);
