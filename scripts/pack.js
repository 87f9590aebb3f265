// `npm run pack [-- --pack-destination DIR]`: the tarball a user installs (README "Installing levelramp
// in another project"). It builds the package (`npm run build`), stages exactly the files `npm pack`
// would pack (package.json's `files`, README.md, package.json), drops the install-time scripts from
// the staged package.json and packs the staged folder. Why: the repository's `prepare` builds dist/
// on `npm ci`; in a tarball that already holds dist/ it has nothing to do — npm never runs it for a
// tarball — yet npm 11 lists it as an install script "not yet covered by allowScripts" on every
// install. The shipped package.json has no install script, so installing runs nothing and npm has
// nothing to ask. Prints the tarball's path on stdout (its name and size on stderr).
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const at = process.argv.indexOf("--pack-destination");
const destination = resolve(at >= 0 ? process.argv[at + 1] : process.cwd());
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

/** The scripts npm runs when a package is installed (`prepare` for a git, folder or tarball source). */
const INSTALL_SCRIPTS = ["preinstall", "install", "postinstall", "preprepare", "prepare", "postprepare"];

// 1. Build: dist/, fonts/, schemas/ from the sources.
execFileSync(process.execPath, [join(root, "scripts/build.js")], { cwd: root, stdio: ["ignore", "inherit", "inherit"] });

// 2. What `npm pack` packs, without running any script again.
const listed = JSON.parse(execFileSync(npm, ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: root, encoding: "utf8" }))[0];
const stage = mkdtempSync(join(tmpdir(), "levelramp-pack-"));
for (const { path } of listed.files) {
  mkdirSync(dirname(join(stage, path)), { recursive: true });
  cpSync(join(root, path), join(stage, path));
}

// 3. The shipped package.json: the repository's, without install-time scripts.
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
for (const name of INSTALL_SCRIPTS) delete manifest.scripts?.[name];
writeFileSync(join(stage, "package.json"), JSON.stringify(manifest, null, 2) + "\n");

// 4. Pack the staged folder.
mkdirSync(destination, { recursive: true });
const packed = JSON.parse(execFileSync(npm, ["pack", stage, "--json", "--ignore-scripts", "--pack-destination", destination], { cwd: root, encoding: "utf8" }))[0];
rmSync(stage, { recursive: true, force: true });
const tarball = join(destination, packed.filename);
process.stderr.write(`pack: ${packed.filename}: ${packed.files.length} files, ${(packed.size / 1024).toFixed(0)} KiB packed; its package.json has no install script\n`);
process.stdout.write(`${tarball}\n`);
