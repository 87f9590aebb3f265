import { join, relative } from "node:path";
import type { Command } from "commander";
import { gameModelFiles } from "../../game/game-model-files.ts";
import { gameNames, loadGame } from "../../game/registry/load-game.ts";
import { InputError, NoAnswerError } from "../../io/errors.ts";
import { checkOutputFolder } from "../../io/output-paths.ts";
import type { Plan } from "../../io/schemas/plan.ts";
import { writeFileSet } from "../../io/write-file-set.ts";
import { buildLevels, generatePools, type PipelineOptions, type PipelineResult } from "../../pipeline/build/build-levels.ts";
import { buildReportFiles, statsLines } from "../../pipeline/build/build-report.ts";
import { loadPipelineInputs } from "../../pipeline/inputs/load-pipeline-inputs.ts";
import { parseChapters } from "../../pipeline/inputs/parse-chapters.ts";
import { loadPipelineSettings } from "../../pipeline/inputs/pipeline-settings.ts";
import { commandProgressBars } from "../progress-bars.ts";
import { verifyLevels } from "../../pipeline/verify/verify-levels.ts";
import { deviationReport } from "../../report/deviation-report.ts";
import { deviationTable } from "../../report/deviation-table.ts";
import { poolCoverage } from "../../report/pool-coverage.ts";
import { findBreaks } from "../../select/rules/find-breaks.ts";
import { describeStatus, levelsStatus } from "../../select/problem/levels-file.ts";
import type { CommandContext } from "../cli-io.ts";
import { chaptersOption, forceOption, jsonOption, modelFiles, modelOption, parseWorkers, planOption, quietOption, rampOption, seedOption, statsOption, wholeNumber, workersOption } from "../options.ts";
import { gameOption, useGameFile } from "../game-option.ts";

/** Options shared by `build` and `generate`. */
export interface PipelineCliOptions {
  chapters?: string;
  seed?: string;
  workers?: string;
  out?: string;
  plan?: string;
  model?: string;
  ramp?: string;
  stats?: boolean;
  quiet?: boolean;
  force?: boolean;
  json?: boolean;
}

/** Adds the options `build` and `generate` share. */
export function pipelineOptions(cmd: Command): Command {
  return cmd
    .argument("<game>", `${gameNames().join(" | ")}, or the path of a game file (docs/protocol.md)`)
    .addOption(chaptersOption())
    .addOption(seedOption())
    .addOption(workersOption())
    .addOption(planOption())
    .addOption(modelOption())
    .addOption(rampOption())
    .addOption(statsOption())
    .addOption(quietOption())
    .addOption(forceOption("overwrite existing outputs"))
    .addOption(jsonOption("print a machine-readable summary on stdout (instead of the table and --stats text)"));
}

/**
 * Runs `build` or `generate` from parsed options: reads the inputs, checks
 * the outputs before any work (`checkOutputs`, see {@link readPipelineOptions}),
 * draws progress bars, verifies built levels (exit 1 listing failures) and
 * prints the summary.
 */
export async function runPipelineCommand(gameName: string, o: PipelineCliOptions, ctx: CommandContext, select: boolean, checkOutputs: () => string[]): Promise<PipelineResult & { plan: Plan }> {
  const { io } = ctx;
  const module = select ? "cli/build" : "cli/generate";
  const options = await readPipelineOptions(gameName, o, module, checkOutputs, (note) => io.stderr(`levelramp: ${note}\n`));
  const { game, chapters, seed, workers } = options;
  const bars = commandProgressBars(io, o.quiet);
  const t0 = performance.now();
  let result: PipelineResult;
  try {
    result = select ? await buildLevels({ ...options, events: bars }) : await generatePools({ ...options, events: bars });
    if (result.levels) {
      const verified = verifyLevels(result.levels, { events: bars });
      if (!verified.ok) {
        throw new NoAnswerError(module, `the built levels fail verification:\n${verified.failures.map((f) => `  level ${f.level} (${f.id}): ${f.reason}: ${f.message}`).join("\n")}`, verified);
      }
    }
  } finally {
    bars.stop();
  }
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  if (!o.quiet) {
    const n = result.pool.candidates.length;
    io.stderr(`${select ? "build" : "generate"}: ${game} ${describeChapters(chapters)}, seed ${seed}, ${workers} worker(s): ${n} pool entries, ${result.stats.grown} grown` + (result.levels ? `, ${result.levels.levels.length} levels, objective ${result.levels.objective} (${describeStatus(result.levels)})` : "") + ` in ${seconds} s\n`);
  }
  return { ...result, plan: options.plan };
}

/** The `--stats` figures as printed on stdout (two-space indented lines; see {@link statsLines}). */
export function statsText(...args: Parameters<typeof statsLines>): string {
  return statsLines(...args).map((l) => (l ? `  ${l}\n` : "\n")).join("");
}

/** `chapter 3` or `chapters 1–4`. */
export function describeChapters(chapters: readonly number[]): string {
  return chapters.length === 1 ? `chapter ${chapters[0]}` : `chapters ${chapters[0]}–${chapters[chapters.length - 1]}`;
}

/**
 * The options of a `build` or `generate` run from parsed CLI options: the
 * game, the model files (defaults from `models/<game>/`), chapters, seed,
 * workers and pipeline settings; then, before any work, `checkOutputs`
 * (exists without --force, a folder for a file or a file for a folder,
 * under a file, not writable), whose notes on what a killed earlier run left
 * go to `note`.
 *
 * The game is loaded first (the registry's `loadGame`: a built-in game's name).
 *
 * @throws InputError (exit 2) for any bad option, file or output path.
 */
export async function readPipelineOptions(gameName: string, o: PipelineCliOptions, module: string, checkOutputs: () => string[], note: (line: string) => void = () => {}): Promise<PipelineOptions> {
  const game = (await loadGame(gameName, "pipeline/game")).game;
  const settings = loadPipelineSettings();
  const seed = wholeNumber(module, o.seed, "--seed", 0) ?? settings.seed;
  const workers = parseWorkers(module, o.workers);
  const inputs = loadPipelineInputs(game, modelFiles(game, o));
  const chapters = parseChapters(o.chapters, inputs.plan, inputs.planFile);
  for (const line of checkOutputs()) note(line);
  return { game, ...inputs, chapters, seed, workers, settings };
}

/** Report files every build writes (checked against --force before any work). */
const buildReportWriterFiles = ["report.txt", "report.json", "report.html"];

/**
 * `levelramp build` (SPEC 2, 6, 9): compose, grow, de-duplicate, select part
 * by part, verify, then write pools, levels and reports into the output
 * folder as one set ({@link writeFileSet}: never a mix of two runs).
 */
export function registerBuild(program: Command, ctx: CommandContext): void {
  pipelineOptions(program.command("build").description("build a game's level set: pools, levels, reports (SPEC 1 job 1)"))
    .option("--out <dir>", "output folder (default out/<game>)")
    .option("--no-table", "do not print the deviation table (it is in report.txt)")
    .action(async (gameName: string, o: PipelineCliOptions & { table: boolean }) => {
      const dir = o.out ?? join("out", (await loadGame(gameName, "pipeline/game")).game);
      const files = { pools: join(dir, "pools.json"), levels: join(dir, "levels.json") };
      const names = ["pools.json", "levels.json", ...buildReportWriterFiles];
      const result = await runPipelineCommand(gameName, o, ctx, true, () => checkOutputFolder(dir, names, { force: o.force, module: "cli/build", option: "--out" }));
      const levels = result.levels!;
      // report.html's `levelramp select` line runs in the output folder, beside pools.json.
      const gameFile = gameModelFiles(levels.game) ? relative(dir, gameName) : undefined;
      const editor = { plan: result.plan, planFile: o.plan ? relative(dir, o.plan) : null, modelFile: o.model ? "model.json" : null, ...(gameFile ? { gameFile } : {}) };
      const reports = await buildReportFiles({ levels, pool: result.pool, stats: result.stats, chainStart: result.chainStart, editor });
      const set = [
        { name: "pools.json", data: JSON.stringify(result.pool, null, 2) + "\n" },
        { name: "levels.json", data: JSON.stringify(levels, null, 2) + "\n" },
        ...reports.map((r) => ({ name: r.name, data: r.text })),
      ];
      writeFileSet(dir, set, "cli/build");
      if (!o.quiet) ctx.io.stderr(`→ ${[files.pools, files.levels, ...reports.map((r) => join(dir, r.name))].join(", ")}\n`);
      // The result on stdout (README "Commands"): the JSON, or the deviation table and the --stats figures.
      if (!o.json && o.table) {
        const breaks = findBreaks(levels.levels, levels.model.constraints);
        ctx.io.stdout(deviationTable([deviationReport(levels, undefined, "embedded", breaks, poolCoverage(levels, result.pool))], breaks, ctx.io.color));
      }
      if (!o.json && o.stats) ctx.io.stdout(statsText(result.stats, true, levels));
      if (o.json) {
        ctx.io.stdout(JSON.stringify({ game: levels.game, seed: levels.seed, chainStart: result.chainStart, objective: levels.objective, status: levelsStatus(levels), optimal: levels.optimal, levels: levels.levels.length, out: dir, threads: result.threads, stats: result.stats }, null, 2) + "\n");
      }
    });
}
