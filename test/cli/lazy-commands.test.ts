import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Command, Help } from "commander";
import { describe, expect, it } from "vitest";
import { COMMANDS, packageVersion } from "../../src/cli/main.ts";
import { fixture, runCli } from "../helpers/run-cli.ts";
import { tempFolder } from "../helpers/temp-dir.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** Runs the CLI from source in a new process and returns every module URL it loaded (relative to the repository). */
function importsOf(argv: string[]): { code: number | null; stdout: string; loaded: string[] } {
  const file = join(tempFolder("levelramp-imports-"), "imports.txt");
  const r = spawnSync(process.execPath, ["--import", "tsx", "--import", "./test/helpers/record-imports.mjs", "src/cli/bin.ts", ...argv], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, RECORD_IMPORTS: file },
  });
  const loaded = readFileSync(file, "utf8")
    .split("\n")
    .filter((u) => u.startsWith("file:"))
    .map((u) => fileURLToPath(u).slice(root.length));
  return { code: r.status, stdout: r.stdout, loaded };
}

const heavy = ["node_modules/vega/", "node_modules/vega-lite/", "node_modules/highs/", "node_modules/@resvg/", "node_modules/playwright-core/", "node_modules/piscina/"];

describe("the command table (src/cli/main.ts)", () => {
  it("lists each command as its module registers it: the same usage and description", async () => {
    for (const [name, entry] of Object.entries(COMMANDS)) {
      const program = new Command("levelramp");
      (await entry.load())(program, { io: { stdout: () => {}, stderr: () => {}, color: 0, stderrIsTTY: false }, setExitCode: () => {}, run: async () => 0, closeAtEnd: () => {} });
      const cmd = program.commands.find((c) => c.name() === name);
      expect(cmd, name).toBeDefined();
      expect(new Help().subcommandTerm(cmd!), name).toBe(`${name} ${entry.usage}`.trimEnd());
      expect(cmd!.description(), name).toBe(entry.summary);
    }
  }, 60_000);

  it("prints the same listing whichever command is loaded, and the version with -V / --version", async () => {
    const help = await runCli(["--help"]);
    expect(help.code).toBe(0);
    for (const [name, entry] of Object.entries(COMMANDS)) expect(help.stdout).toContain(`${name} ${entry.usage}`.trimEnd());
    const version = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version as string;
    expect(packageVersion()).toBe(version);
    for (const flag of ["-V", "--version"]) expect(await runCli([flag])).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
    const selectHelp = await runCli(["help", "select"]);
    expect(selectHelp.code).toBe(0);
    expect(selectHelp.stdout).toContain("--pools <file>");
  });
});

describe("each command loads only what it needs (SPEC 2: the CLI starts at once)", () => {
  it("--help loads no command module and no heavy library", () => {
    const r = importsOf(["--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("select [options]");
    // The help names the built-in games from the registry's one list, which imports none of them.
    // main prints every error through remedy-flags.ts (a table of options, no import of its own).
    expect(r.loaded.filter((f) => f.startsWith("src/")).sort()).toEqual(["src/cli/bin.ts", "src/cli/cli-io.ts", "src/cli/games-in-words.ts", "src/cli/main.ts", "src/cli/remedy-flags.ts", "src/game/registry.ts", "src/io/errors.ts", "src/io/hostile/terminal-text.ts", "src/io/interrupt/command-thread.ts", "src/io/interrupt/on-interrupt.ts", "src/io/thousands.ts"]);
    expect(r.loaded.filter((f) => f.includes("node_modules/zod/") || heavy.some((h) => f.includes(h)))).toEqual([]);
  }, 60_000);

  it("select loads its own module and its job only: no other command, game, build pipeline, vega, HiGHS, resvg or piscina", () => {
    const r = importsOf(["select", "--pools", fixture("pools/generic-3x4x20.json"), "--json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).levels).toHaveLength(60);
    const src = r.loaded.filter((f) => f.startsWith("src/"));
    expect(src).toContain("src/cli/commands/select.ts");
    expect(src.filter((f) => f.startsWith("src/cli/commands/") && f !== "src/cli/commands/select.ts")).toEqual([]);
    expect(src).toContain("src/pipeline/selection/select-levels.ts");
    expect(src.filter((f) => /^src\/(carillon|apsis|pipeline|report|render|dedup)\//.test(f) && f !== "src/pipeline/selection/select-levels.ts")).toEqual([]);
    expect(r.loaded.filter((f) => heavy.some((h) => f.includes(h)))).toEqual([]);
  }, 60_000);

  it("a usage error of select loads none of the selection: its run, the schemas, zod, the problem and the solvers load once the options pass", () => {
    const r = importsOf(["select", "--pools", fixture("pools/generic-3x4x20.json"), "--stats"]);
    expect(r.code).toBe(2);
    expect(r.loaded).toContain("src/cli/commands/select.ts");
    expect(r.loaded.filter((f) => f === "src/cli/select-run.ts" || /^src\/(select|calibrate|io\/schemas)\//.test(f) || f.includes("node_modules/zod/"))).toEqual([]);
    expect(importsOf(["select", "--pools", fixture("pools/generic-3x4x20.json"), "--json"]).loaded).toContain("src/cli/select-run.ts");
  }, 60_000);

  it("a file of one game loads that game only (the registry's loaders run on first use)", () => {
    const r = importsOf(["measure", fixture("apsis/key-and-lock.json"), "--json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).arrows).toBe(3);
    const src = r.loaded.filter((f) => f.startsWith("src/"));
    expect(src).toContain("src/apsis/apsis-backend.ts");
    expect(src.filter((f) => f.startsWith("src/carillon/"))).toEqual([]);
  }, 60_000);
});
