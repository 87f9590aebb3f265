import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ISOLATED } from "../../vitest.config.ts";

// vitest.config.ts: every test file but those of ISOLATED shares its worker with the files before
// it (isolate: false). A file that registers a game (itself, or by running an outside game's file
// through the CLI), replaces a module or sets the environment would change what later files see:
// such a file must be listed in ISOLATED. This test reads each shared file for those calls.

const root = fileURLToPath(new URL("../../", import.meta.url));

/** A glob of ISOLATED (`**` any folders, `*` any name part) as a regular expression over paths from the root. */
const globRegExp = (glob: string) => new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*\*\//g, "\0").replace(/\*/g, "[^/]*").replace(/\0/g, "(?:.*/)?")}$`);
const isolated = ISOLATED.map(globRegExp);

/** Every test file under test/, relative to the root. */
function testFiles(dir = join(root, "test")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? testFiles(join(dir, e.name)) : e.name.endsWith(".test.ts") ? [relative(root, join(dir, e.name))] : []));
}

/** What a shared file must not do, each with the words of the failure. */
const CHANGES: Array<[RegExp, string]> = [
  [/\bregisterGame\(/, "registers a game"],
  [/game\.json\b|levelramp\/game@1/, "runs an outside game (the CLI registers it)"],
  [/\bvi\.(do)?mock\(|\bvi\.stub(Env|Global)\(/, "replaces a module or a global"],
  [/process\.env\.\w+\s*=[^=]|process\.env\[[^\]]+\]\s*=[^=]/, "sets the environment"],
];

/** Shared files that name a game file only as text (a recipe's command line they read), and run no game. */
const NAMES_A_GAME_FILE_ONLY: Record<string, string> = {
  "test/pipeline/shard-recipes.test.ts": "checks the outside game's Slurm recipe in docs/pipeline.md as text, under a recording npx",
};

/** Shared files that set a variable for a test and delete it after each (in afterEach, too): nothing stays set. */
const RESTORES_ENV = ["test/reliability/full-disk.test.ts"];

describe("files that share their worker leave nothing behind (vitest.config.ts)", () => {
  it("reads the globs as vitest does: the isolated files exist, and the rest share", () => {
    const files = testFiles();
    const alone = files.filter((f) => isolated.some((r) => r.test(f)));
    expect(alone).toContain("test/program/faults.test.ts");
    expect(alone).toContain("test/select/highs-abort.test.ts");
    expect(alone).not.toContain("test/architecture/shared-workers.test.ts");
    // each plain path of ISOLATED names a file that exists
    for (const glob of ISOLATED.filter((g) => !g.includes("*"))) expect(files, glob).toContain(glob);
  });

  it("no shared file registers a game, runs an outside game, mocks a module or sets the environment", () => {
    const found: string[] = [];
    for (const file of testFiles().filter((f) => !isolated.some((r) => r.test(f)))) {
      const text = readFileSync(join(root, file), "utf8");
      for (const [pattern, what] of CHANGES) {
        if (what === "sets the environment" && RESTORES_ENV.includes(file) && /afterEach\([^]*?delete process\.env/.test(text)) continue;
        if (what.startsWith("runs an outside game") && file in NAMES_A_GAME_FILE_ONLY && !/runCli\(|bin\.ts/.test(text)) continue;
        if (pattern.test(text)) found.push(`${file} ${what}: list it in ISOLATED`);
      }
    }
    expect(found).toEqual([]);
  });
});
