import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { tempFolder } from "../helpers/temp-dir.ts";

// Adding a built-in game is one folder plus one line. A copy of the package (src/,
// models/, package.json; node_modules linked) gets the tiny game, Hops, as src/hops/ (its back
// end, test/tiny-game/hops.ts as it is but for the path of the contract) and models/hops/ (its
// plan, selection model and ramp), and one line in src/game/registry.ts — nothing else changes.
// The copy's own CLI then builds, verifies, measures, draws and describes Hops as it does the
// shipped games: the help, `schema`, `start` and the worker threads all read the one list.
// The copy's CLI runs in this process (its main, imported from the copy's sources: a module graph
// of its own, registry included); its worker threads load the copy's sources as they would.

const root = fileURLToPath(new URL("../../", import.meta.url));
let copy = "";
let copyMain: typeof import("../../src/cli/main.ts").main;

/** Runs the copy's CLI (its own `main`, from the copy's sources) with captured, colourless streams. */
async function levelramp(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await copyMain(argv, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), color: 0, stderrIsTTY: false });
  return { code, stdout, stderr };
}

beforeAll(async () => {
  copy = tempFolder("levelramp-built-in-game-");
  for (const path of ["src", "models", "package.json", "tsconfig.json"]) cpSync(join(root, path), join(copy, path), { recursive: true });
  symlinkSync(join(root, "node_modules"), join(copy, "node_modules"), "dir");
  // The folder: the game's back end (the contract imported from its new place) ...
  mkdirSync(join(copy, "src/hops"));
  const hops = readFileSync(join(root, "test/tiny-game/hops.ts"), "utf8").replace('"../../src/game/game-backend.ts"', '"../game/game-backend.ts"');
  writeFileSync(join(copy, "src/hops/hops.ts"), hops);
  // ... and its models.
  mkdirSync(join(copy, "models/hops"));
  const part = (p: number, cells: number) => ({ part: p, levels: 3, poolPerLevel: 5, generator: { cells } });
  const models = {
    "plan.json": { format: "levelramp/plan@1", game: "hops", composed: 0, chapters: [{ chapter: 1, rules: [], parts: [part(1, 4), part(2, 4)] }, { chapter: 2, rules: [], parts: [part(1, 9), part(2, 12)] }] },
    "selection.json": { format: "levelramp/model@1", metric: "hops", eligibility: "part", constraints: [{ type: "nonDecreasing", key: "hops" }], objective: { norm: "L1", evenness: 0 } },
    "ramp.json": { format: "levelramp/ramp@1", metric: "hops", points: [[1, 1], [12, 6]], interpolation: "linear" },
  };
  for (const [name, json] of Object.entries(models)) writeFileSync(join(copy, "models/hops", name), JSON.stringify(json, null, 2) + "\n");
  // The one line.
  const registry = join(copy, "src/game/registry.ts");
  const list = readFileSync(registry, "utf8");
  const folder = ["..", "hops", "hops.ts"].join("/"); // the copy's path, not one of this repository (kept from import fixers)
  const line = `  hops: async () => (await import("${folder}")).hopsGame,\n`;
  const withHops = list.replace(/\n};\n/, `\n${line}};\n`);
  expect(withHops.length).toBe(list.length + line.length);
  writeFileSync(registry, withHops);
  copyMain = ((await import(pathToFileURL(join(copy, "src/cli/main.ts")).href)) as typeof import("../../src/cli/main.ts")).main;
}, 60_000);

describe("a built-in game is one folder and one line (the tiny game in the list, in a copy)", () => {
  it("the help, schema and start name it from the list", async () => {
    const help = await levelramp("--help");
    expect(help.code, help.stderr).toBe(0);
    const words = help.stdout.replace(/\s+/g, " "); // as commander wraps it
    expect(words).toContain("build, verify and report Carillon, Apsis and Hops chapters 1–2");
    expect(words).toContain("level, game, carillon-body, apsis-body, hops-body");
    const schema = await levelramp("schema", "hops-body");
    expect(schema.code, schema.stderr).toBe(0);
    expect(JSON.parse(schema.stdout)).toMatchObject({ $id: "levelramp/hops-body", type: "object", required: ["cells"] });
  }, 60_000);

  it("builds it on two worker threads, then verifies, measures and draws its levels", async () => {
    const out = join(copy, "out");
    const built = await levelramp("build", "hops", "--chapters", "1-2", "--seed", "3", "--workers", "2", "--out", out, "--quiet", "--json");
    expect(built.code, built.stderr).toBe(0);
    expect(JSON.parse(built.stdout)).toMatchObject({ game: "hops", levels: 12, threads: 2 });
    const levels = JSON.parse(readFileSync(join(copy, "out/levels.json"), "utf8")) as { game: string; levels: Array<{ number: number; metrics: { hops: number } }> };
    expect(levels.game).toBe("hops");
    expect(levels.levels.map((l) => l.number)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(readFileSync(join(copy, "out/report.html"), "utf8")).toContain('<div class="picture"><img src="data:image/svg+xml;base64,');
    const verified = await levelramp("verify", join(out, "levels.json"), "--json");
    expect(verified.code, verified.stderr).toBe(0);
    expect(JSON.parse(verified.stdout)).toMatchObject({ ok: true, game: "hops", levels: 12 });
    const measured = await levelramp("measure", join(out, "levels.json"), "--level", "12", "--json");
    expect(measured.code, measured.stderr).toBe(0);
    expect(JSON.parse(measured.stdout).hops).toBe(levels.levels[11].metrics.hops);
    const shown = await levelramp("show", join(out, "levels.json"), "--level", "12", "--out", join(copy, "level-12.svg"));
    expect(shown.code, shown.stderr).toBe(0);
    expect(readFileSync(join(copy, "level-12.svg"), "utf8")).toMatch(/^<svg /);
  }, 240_000);
});
