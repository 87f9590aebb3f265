import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Command } from "commander";
import { gameNames } from "../../game/registry/load-game.ts";
import { InputError } from "../../io/errors.ts";
import { filesNotOwned, ownedFilesRecord } from "../owned-files.ts";
import { levelSetFileNames } from "../../pipeline/level-set/build-level-set.ts";
import type { CommandContext } from "../cli-io.ts";
import { chaptersOption, forceOption, workersOption } from "../options.ts";
import { gamesInWords } from "../games-in-words.ts";
import { runBuild } from "./build.ts";

/** The record start keeps in each folder it builds (its files' SHA-256), and its name in it. */
export const START_RECORD = ".levelramp-start.json";
const WRITTEN_BY = "levelramp start";

/**
 * `levelramp start` (what `npm start` runs): the main job on bundled
 * defaults — builds every built-in game (the registry's list) chapters 1–2
 * (seed 1) into `<out>/<game>`, verifies each levels file, and prints each
 * per-chapter ramp deviation table. It replaces only its own builds: each
 * folder keeps a record of the files start wrote there ({@link START_RECORD});
 * a folder holding a set start did not write (a build of yours, a file
 * changed since) is refused before any work, even with `--force` (exit 2,
 * nothing written). Its own earlier builds it replaces with `--force` only.
 * The record is a file of the build's set, written in the same atomic set
 * write as the set's files (build's `extraFiles`): a start killed at any
 * point leaves each folder's set and record from one run.
 */
export function registerStart(program: Command, ctx: CommandContext): void {
  program
    .command("start")
    .description(`the main job on bundled defaults (what npm start runs): build, verify and report ${gamesInWords()} chapters 1–2`)
    .option("--out <dir>", "output folder", "out")
    .addOption(chaptersOption("chapters to build").default("1-2"))
    .addOption(workersOption("worker threads (default: the machine's cores)"))
    .addOption(forceOption("replace start's own earlier builds in --out (npm start passes it; a set start did not write is never replaced)"))
    .action(async (o: { out: string; chapters: string; workers?: string; force?: boolean }) => {
      const t0 = performance.now();
      // Before any work: every folder holds nothing, or start's own earlier build (and then --force).
      const folders = gameNames().map((game) => ({ game, dir: join(o.out, game) }));
      const names = levelSetFileNames();
      const foreign = folders.map(({ dir }) => ({ dir, files: filesNotOwned(dir, names, START_RECORD, WRITTEN_BY) })).filter((f) => f.files.length);
      if (foreign.length) {
        const held = foreign.map(({ dir, files }) => `${dir} holds ${files.join(", ")}`).join("; ");
        const dirs = foreign.map(({ dir }) => dir).join(" and ");
        throw new InputError("cli/start", `${held}, which start did not write (or which changed since: start's record of its files is ${START_RECORD} in each folder); start replaces only its own builds, even with --force: move or delete ${dirs}, or pass --out <another folder>`);
      }
      if (!o.force) {
        // per folder, its levels file, or else a record left without its set (deleted by hand): the set's write would refuse it after the work
        const existing = folders.map(({ dir }) => [join(dir, "levels.json"), join(dir, START_RECORD)].find((f) => existsSync(f))).filter((f) => f !== undefined);
        if (existing.length) throw new InputError("cli/start", `${existing.join(" and ")} exist(s); pass --force to build again over them`);
      }
      const run = async (argv: string[]) => {
        ctx.io.stderr(`$ levelramp ${argv.join(" ")}\n`);
        const code = await ctx.run(argv);
        if (code !== 0) ctx.setExitCode(code as 1 | 2);
        return code === 0;
      };
      for (const { game, dir } of folders) {
        // build, as the line says, with start's record of the set written in the same atomic set write (a failure throws: start stops with build's error)
        const line = ["build", game, "--chapters", o.chapters, "--seed", "1", "--out", dir, ...(o.force ? ["--force"] : []), "--no-table", ...(o.workers ? ["--workers", o.workers] : [])];
        ctx.io.stderr(`$ levelramp ${line.join(" ")}\n`);
        await runBuild(game, { chapters: o.chapters, seed: "1", out: dir, force: o.force, table: false, workers: o.workers }, ctx, (files) => [ownedFilesRecord(files, START_RECORD, WRITTEN_BY)]);
        if (!(await run(["verify", join(dir, "levels.json")]))) return;
      }
      for (const { dir } of folders) if (!(await run(["report", join(dir, "levels.json")]))) return;
      ctx.io.stderr(`start: done in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
    });
}
