// `npm run check-package` (a step of .ci/run): the package as a user gets it.
// Packs it (`npm run pack`: builds it, then packs it with no install-time
// script in its package.json), checks what the tarball holds, installs it into
// an empty project in a temp folder (its dependencies from the npm registry,
// or npm's cache when it already holds them) — nothing runs at install and npm
// prints no allowScripts warning — and there: imports it (the game-free root
// and each game's subpath, levelramp/carillon and levelramp/apsis) from plain
// Node as ESM and with require() from CommonJS,
// runs docs/library.md's first example and compares its output, type-checks a
// consumer file against the shipped .d.ts, and runs the installed bin
// (--version, its code cache used, --help, schema, select, show --out x.png, report --format html,
// the ramp editor page, a two-worker build, an outside game's program: game
// check, a two-worker build, verify). Exits 1 naming the first check that fails.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const require = createRequire(import.meta.url);
const version = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version;
const tmp = mkdtempSync(join(tmpdir(), "levelramp-package-"));
const project = join(tmp, "consumer");
const t0 = performance.now();

function fail(message) {
  process.stderr.write(`check-package: ${message}\n(kept ${tmp} to look at)\n`);
  process.exit(1);
}

/** Runs a command; returns stdout, or fails with its stderr. */
function run(what, cmd, args, options = {}) {
  const t = performance.now();
  const r = spawnSync(cmd, args, { cwd: project, encoding: "utf8", maxBuffer: 64 << 20, ...options });
  if (r.status !== (options.status ?? 0)) fail(`${what}: exit ${r.status}${r.error ? ` (${r.error.message})` : ""}\n${r.stderr}${r.stdout}`);
  process.stderr.write(`check-package: ${what}: ok (${((performance.now() - t) / 1000).toFixed(1)} s)\n`);
  return r.stdout;
}

function expect(what, ok, detail = "") {
  if (!ok) fail(`${what}${detail ? `: ${detail}` : ""}`);
}

// 1. Pack as README's install section says (`npm run pack` builds dist/, fonts/, schemas/ first) and check the file list.
const tarball = run("npm run pack (scripts/pack.js)", process.execPath, [join(root, "scripts/pack.js"), "--pack-destination", tmp], { cwd: root }).trim();
const packed = { filename: basename(tarball), size: statSync(tarball).size };
const files = run("list the tarball", "tar", ["-tzf", tarball], { cwd: tmp })
  .split("\n")
  .filter((f) => f.startsWith("package/") && !f.endsWith("/"))
  .map((f) => f.slice("package/".length));
for (const f of [
  "package.json",
  "README.md",
  "bin/levelramp.js",
  "bin/levelramp-command.cjs",
  "dist/index.js",
  "dist/index.d.ts",
  "dist/cli/bin.js",
  "dist/cli-bundle/levelramp.cjs",
  "dist/pipeline/workers/pipeline-worker.js",
  "dist/select/milp/lp-solver-worker.js",
  "dist/editor/levelramp-editor.js",
  "fonts/Roboto_400Regular.ttf",
  "fonts/Roboto_700Bold.ttf",
  "fonts/OFL.txt",
  "schemas/pool.schema.json",
  "schemas/game.schema.json",
  "models/generic/selection.json",
  "models/carillon/plan.json",
]) {
  expect(`the tarball holds ${f}`, files.includes(f));
}
expect("the tarball holds the command's V8 code cache (dist/cli-bundle/levelramp.<hash>.v8-cache)", files.some((f) => /^dist\/cli-bundle\/levelramp\.[0-9a-f]{16}\.v8-cache$/.test(f)));
const stray = files.filter((f) => /^(src|test|bench|fixtures|docs|scripts|\.ci)\//.test(f) || (f.endsWith(".ts") && !f.endsWith(".d.ts")) || f.endsWith(".dev.js"));
expect("the tarball holds only what a user needs", stray.length === 0, stray.slice(0, 5).join(", "));
const shipped = JSON.parse(run("read the tarball's package.json", "tar", ["-xzOf", tarball, "package/package.json"], { cwd: tmp }));
const installScripts = ["preinstall", "install", "postinstall", "preprepare", "prepare", "postprepare"].filter((s) => shipped.scripts?.[s]);
expect("the shipped package.json has no install-time script (nothing runs at install; npm 11 asks no allowScripts)", installScripts.length === 0, installScripts.join(", "));
process.stderr.write(`check-package: ${packed.filename}: ${files.length} files, ${(packed.size / 1024).toFixed(0)} KiB packed\n`);

// 2. An empty project (CommonJS by default: no "type") that installs the tarball.
cpSync(join(root, "fixtures/pools/generic-3x4x20.json"), join(tmp, "pool.json"));
cpSync(join(root, "fixtures/apsis/key-and-lock.json"), join(tmp, "sky.json"));
// A small problem for the MILP solvers (5 slots): chapter 1 part 1 of the generic pool.
const pool = JSON.parse(readFileSync(join(tmp, "pool.json"), "utf8"));
writeFileSync(join(tmp, "pool-small.json"), JSON.stringify({ ...pool, candidates: pool.candidates.filter((c) => c.chapter === 1 && c.part === 1) }));
writeFileSync(join(tmp, "plan-small.json"), JSON.stringify({ format: "levelramp/plan@1", game: "generic", composed: 0, chapters: [{ chapter: 1, rules: [], parts: [{ part: 1, levels: 5 }] }] }));
mkdirSync(project);
writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", version: "1.0.0", private: true }, null, 2) + "\n");
const install = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball], { cwd: project, encoding: "utf8" });
expect("npm install the tarball", install.status === 0, `exit ${install.status}\n${install.stderr}`);
expect("npm install the tarball: no install script to allow", !/allowScripts|install-scripts/.test(install.stderr + install.stdout), install.stderr);
process.stderr.write("check-package: npm install the tarball: ok, no install script\n");
const installed = JSON.parse(readFileSync(join(project, "node_modules/levelramp/package.json"), "utf8"));
expect("installed levelramp's version", installed.version === version, installed.version);
for (const dev of ["tsx", "esbuild", "typescript", "vitest", "playwright-core", "@expo-google-fonts/roboto"]) {
  expect(`a dev dependency (${dev}) is not installed with the package`, !existsSync(join(project, "node_modules", dev)));
}

// 3. Plain Node: ESM import (timed), a subpath, require() from CommonJS, docs/library.md's first example.
const esm = run("import from ESM", process.execPath, [
  "--input-type=module",
  "-e",
  'const t = performance.now(); const m = await import("levelramp"); const ms = performance.now() - t; const c = await import("levelramp/carillon"); const a = await import("levelramp/apsis"); console.log(JSON.stringify({ ms, n: Object.keys(m).length, select: typeof m.solveSelection, games: m.gameNames(), loaded: (await m.openGame("carillon")).name === c.carillonBackend.game, subpath: typeof (await import("levelramp/select")).solveDp, carillon: c.carillonBackend.solve(c.carillonBodySchema.parse({ width: 640, height: 900, dots: [{ x: 100, y: 100, size: "normal", note: 0 }] })).measure.goal, apsis: typeof a.apsisBackend.grade, rootHasNoGame: !("carillonBackend" in m) && !("apsisBackend" in m) }));',
]);
const imported = JSON.parse(esm);
expect("import('levelramp') gives the library", imported.select === "function" && imported.games.join(",") === "carillon,apsis", esm);
expect("the package root exports no game", imported.rootHasNoGame, esm);
expect("import('levelramp/carillon') gives Carillon's API, the game openGame opens", imported.loaded === true && imported.carillon === 1, esm);
expect("import('levelramp/select') gives the selection layer's own API (a subpath)", imported.subpath === "function", esm);
expect("import('levelramp/apsis') gives Apsis's API", imported.apsis === "function", esm);
process.stderr.write(`check-package: import("levelramp"): ${imported.n} exports in ${imported.ms.toFixed(0)} ms\n`);
const [major, minor] = process.versions.node.split(".").map(Number);
const requireEsm = (major === 20 && minor >= 19) || (major === 22 && minor >= 12) || major >= 23;
writeFileSync(join(project, "use.cjs"), 'const lr = require("levelramp");\nconst { apsisBackend } = require("levelramp/apsis");\nconsole.log(typeof lr.readPool, lr.gameNames().join(","), apsisBackend.game);\n');
if (requireEsm) {
  const out = run("require from CommonJS", process.execPath, ["use.cjs"]);
  expect("require('levelramp') and require('levelramp/apsis') give the library", out.trim() === "function carillon,apsis apsis", out);
} else {
  process.stderr.write(`check-package: require from CommonJS: skipped (Node ${process.versions.node} has no require(esm); use import())\n`);
}
const library = readFileSync(join(root, "docs/library.md"), "utf8");
const example = /```js\n([\s\S]*?)```/.exec(library)?.[1];
const shown = /```text\n([\s\S]*?)```/.exec(library)?.[1];
expect("docs/library.md has a js example and its output", example !== undefined && shown !== undefined);
writeFileSync(join(project, "pick-levels.mjs"), example);
const printed = run("docs/library.md's first example", process.execPath, ["pick-levels.mjs"]);
expect("docs/library.md's first example prints what the page shows", printed === shown, `printed:\n${printed}the page shows:\n${shown}`);

// 4. The .d.ts: a consumer file type-checks, and a wrong call is an error (so the types are not `any`).
writeFileSync(
  join(project, "tsconfig.json"),
  JSON.stringify({ compilerOptions: { module: "nodenext", moduleResolution: "nodenext", target: "es2022", strict: true, noEmit: true, skipLibCheck: false, types: ["node"], typeRoots: [join(root, "node_modules/@types")] }, files: ["consumer.mts"] }, null, 2),
);
writeFileSync(
  join(project, "consumer.mts"),
  `import { openGame, readGamePool, type Game, type Pool } from "levelramp";
import { apsisBackend, type ApsisBody } from "levelramp/apsis";
import { carillonBackend, type CarillonBody } from "levelramp/carillon";
const pool: Pool = (await readGamePool("../pool.json")).value;
const game: Game = await openGame(pool.game);
const field: CarillonBody = carillonBackend.bodySchema.parse({});
const body: ApsisBody = apsisBackend.bodySchema.parse({});
const metrics: Record<string, number> = apsisBackend.grade(body);
// @ts-expect-error readGamePool takes a file name
void readGamePool(42);
// @ts-expect-error a Carillon body is not an Apsis body
const mixed: ApsisBody = field;
// @ts-expect-error a pool's game is a name
const wrong: number = pool.game;
export { game, metrics, wrong, mixed };
`,
);
run("type-check a consumer against the .d.ts", process.execPath, [require.resolve("typescript/bin/tsc"), "-p", "tsconfig.json"]);

// 5. The installed bin.
const bin = join(project, "node_modules/.bin/levelramp");
expect("levelramp --version", run("levelramp --version", bin, ["--version"]).trim() === version);
const cacheSays = spawnSync(bin, ["--version"], { cwd: project, encoding: "utf8", env: { ...process.env, LEVELRAMP_DEBUG: "1" } }).stderr;
expect("the installed command runs from its code cache (Node and flags as when it was packed)", /code cache \S+: used/.test(cacheSays), cacheSays);
expect("levelramp --help lists select", run("levelramp --help", bin, ["--help"]).includes("select [options]"));
const schema = run("levelramp schema pool", bin, ["schema", "pool"]);
expect("levelramp schema pool is the shipped schemas/pool.schema.json", schema === readFileSync(join(project, "node_modules/levelramp/schemas/pool.schema.json"), "utf8"));
const selected = JSON.parse(run("levelramp select (bundled generic models)", bin, ["select", "--pools", "../pool.json", "--json"]));
expect("select answers 60 levels, proven optimal", selected.levels.length === 60 && selected.optimal === true);
const small = ["select", "--pools", "../pool-small.json", "--plan", "../plan-small.json"];
run("levelramp select --solver milp (javascript-lp-solver's worker thread)", bin, [...small, "--solver", "milp", "--out", "levels.json"]);
const highs = JSON.parse(run("levelramp select --solver highs (HiGHS, WebAssembly)", bin, [...small, "--solver", "highs", "--json"]));
const dp = JSON.parse(run("levelramp select --solver dp", bin, [...small, "--solver", "dp", "--json"]));
expect("milp, highs and dp agree", JSON.parse(readFileSync(join(project, "levels.json"), "utf8")).objective === dp.objective && highs.objective === dp.objective);
run("levelramp show --out sky.png (resvg, bundled font)", bin, ["show", "../sky.json", "--out", "sky.png", "--solution"]);
expect("sky.png is a PNG", readFileSync(join(project, "sky.png")).subarray(1, 4).toString() === "PNG");
const html = run("levelramp report --format html (vega)", bin, ["report", "levels.json", "--format", "html"]);
expect("the HTML report has its plots", html.includes("<svg") && html.includes("</html>"));
const editor = run("levelramp report --pools --format html (the ramp editor, its bundled page script)", bin, ["report", "levels.json", "--pools", "../pool-small.json", "--plan", "../plan-small.json", "--format", "html"]);
expect("the editor page holds its data and script", editor.includes('id="levelramp-editor-data"') && editor.includes("setRamp"));
run("levelramp build apsis --chapters 1 --workers 2 (piscina workers)", bin, ["build", "apsis", "--chapters", "1", "--workers", "2", "--out", "out", "--quiet"]);
run("levelramp verify", bin, ["verify", "out/levels.json", "--quiet"]);
expect("a build's report.html is a ramp editor", readFileSync(join(project, "out/report.html"), "utf8").includes('id="levelramp-editor-data"'));
// An outside game (SPEC 10): the test program of fixtures/program/, its program host thread shipped in dist/.
cpSync(join(root, "fixtures/program"), join(tmp, "program"), { recursive: true });
run("levelramp game check (an outside game's program)", bin, ["game", "check", "../program/hops-game.json"]);
run("levelramp build <game file> --workers 2 (a program per worker thread)", bin, ["build", "../program/hops-game.json", "--workers", "2", "--out", "out-hops", "--quiet"]);
run("levelramp verify --game", bin, ["verify", "out-hops/levels.json", "--game", "../program/hops-game.json", "--quiet"]);

rmSync(tmp, { recursive: true, force: true });
process.stderr.write(`check-package: all checks pass (${((performance.now() - t0) / 1000).toFixed(0)} s)\n`);
