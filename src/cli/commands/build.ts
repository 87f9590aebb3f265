import type { Command } from "commander";
import type { Game } from "../../game/game.ts";
import { gameNames } from "../../game/registry/load-game.ts";
import { buildLevelSet, checkLevelSetFolder, writeLevelSet, type LevelSetOptions, type LevelSetWrite } from "../../pipeline/level-set/build-level-set.ts";
import { stoppedRunReuse, type PipelineResult } from "../../pipeline/level-set/build-levels.ts";
import { statsLines } from "../../pipeline/level-set/build-report.ts";
import { loadPipelineOptions } from "../../pipeline/level-set/load-pipeline-options.ts";
import { reuseLines } from "../../pipeline/reuse/reuse-lines.ts";
import { reuseTotals } from "../../pipeline/reuse/reuse-runner.ts";
import { REUSE_FLAGS } from "../remedy-flags.ts";
import type { RunInput } from "../../io/output-paths.ts";
import type { SetFile } from "../../io/write-file-set.ts";
import { commandProgressBars } from "../progress-bars.ts";
import { deviationTable } from "../../report/deviation-table.ts";
import { describeStatus, levelsStatus } from "../../select/problem/levels-file.ts";
import type { CommandContext } from "../cli-io.ts";
import { chaptersOption, forceOption, jsonOption, modelFiles, modelOption, parseWorkers, planOption, quietOption, rampOption, seedOption, statsOption, wholeNumber, workersOption } from "../options.ts";
import { oneLine } from "../../io/hostile/terminal-text.ts";

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
  reuse?: string;
  /** build only: reuse recorded batches whatever their aim (docs/pipeline.md "Keeping the recorded aims"). */
  keepAims?: boolean;
  /** build only: the levels file of an earlier build whose chapters before --chapters are kept. */
  from?: string;
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
    .option("--reuse <pools.json>", "answer every batch whose inputs did not change from this earlier pool instead of growing it (the output is the same bytes; docs/pipeline.md \"Pools reused\")")
    .addOption(statsOption())
    .addOption(quietOption())
    .addOption(forceOption("overwrite existing outputs"))
    .addOption(jsonOption("print a machine-readable summary on stdout (instead of the table and --stats text)"));
}

/**
 * Runs `build` or `generate` from parsed options: reads the inputs, checks
 * the outputs before any work (`checkOutputs`, see {@link readPipelineOptions}),
 * draws progress bars while `run` works and prints the summary line.
 */
export async function runPipelineCommand<R extends PipelineResult>(gameName: string, o: PipelineCliOptions, ctx: CommandContext, job: "build" | "generate", run: (options: LevelSetOptions) => Promise<R>, checkOutputs: (options: LevelSetOptions) => string[]): Promise<R> {
  const { io } = ctx;
  const options = await readPipelineOptions(gameName, o, `cli/${job}`, ctx, checkOutputs, (note) => io.stderr(`levelramp: ${oneLine(note)}\n`), job === "build" ? o.out : undefined);
  const { game, chapters, seed, workers } = options;
  const bars = commandProgressBars(io, o.quiet);
  const t0 = performance.now();
  let result: R;
  try {
    result = await run({ ...options, events: bars });
  } catch (err) {
    bars.stop();
    // stopped without an answer: what it had reused and grown, before the error's own line
    const reuse = stoppedRunReuse(err);
    if (!o.quiet && reuse) for (const line of reuseLines(reuse, "grown", job === "build" ? "--keep-aims" : undefined, REUSE_FLAGS)) io.stderr(`${oneLine(line)}\n`);
    throw err;
  }
  bars.stop();
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  if (!o.quiet && result.reuse) for (const line of reuseLines(result.reuse, "grown", job === "build" ? "--keep-aims" : undefined, REUSE_FLAGS)) io.stderr(`${oneLine(line)}\n`);
  if (!o.quiet) {
    const n = result.pool.candidates.length;
    // With an earlier pool, the pool's candidates were grown partly by the run that made it: say which, as the reuse line does.
    const batches = result.reuse && !result.reuse.refusal ? reuseTotals(result.reuse) : undefined;
    const candidates = batches ? `${result.stats.grown} candidates (${batches.reused} of ${batches.reused + batches.grown} batches reused, ${batches.grown} grown here)` : `${result.stats.grown} grown`;
    io.stderr(`${job}: ${game.name} ${describeChapters(chapters)}, seed ${seed}, ${workers} worker(s): ${n} pool entries, ${candidates}` + (result.levels ? `, ${result.levels.levels.length} levels, objective ${result.levels.objective} (${describeStatus(result.levels)})` : "") + ` in ${seconds} s\n`);
  }
  return result;
}

/** The `--stats` figures as printed on stdout (two-space indented lines; see {@link statsLines}). */
export function statsText(...args: Parameters<typeof statsLines>): string {
  return statsLines(...args).map((l) => (l ? `  ${oneLine(l)}\n` : "\n")).join("");
}

/** `chapter 3` or `chapters 1–4`. */
export function describeChapters(chapters: readonly number[]): string {
  return chapters.length === 1 ? `chapter ${chapters[0]}` : `chapters ${chapters[0]}–${chapters[chapters.length - 1]}`;
}

/**
 * The options of a `build` or `generate` run from parsed CLI options: the
 * game, the model files (defaults: the game's own), chapters, seed,
 * workers and pipeline settings; then, before any work, `checkOutputs`
 * (exists without --force, a folder for a file or a file for a folder,
 * under a file, not writable), whose notes on what a killed earlier run left
 * go to `note`. `setFolder`: build's `--out` (the set's folder).
 *
 * `--seed` and `--workers` are parsed first, then the library's
 * `loadPipelineOptions` opens the game (a built-in game's name or a game
 * file; closed when the command ends), reads the model files, calls
 * `checkOutputs`, then reads `--reuse` and `--from` (whose set's seed is the
 * run's unless `--seed` is given); build's output folder and report.html's
 * select line are its too (`--out`, default `out/<game>`).
 *
 * @throws InputError (exit 2) for any bad option, file or output path.
 */
export async function readPipelineOptions(gameName: string, o: PipelineCliOptions, module: string, ctx: Pick<CommandContext, "closeAtEnd">, checkOutputs: (options: LevelSetOptions) => string[], note: (line: string) => void = () => {}, setFolder?: string): Promise<LevelSetOptions> {
  const seed = wholeNumber(module, o.seed, "--seed", 0);
  const workers = parseWorkers(module, o.workers);
  const names = { from: "--from", reuse: "--reuse", keepAims: "--keep-aims", chapters: "--chapters", setSeed: "leave out --seed" };
  const choices = { chapters: o.chapters, seed, workers, planFile: o.plan, modelFile: o.model, rampFile: o.ramp, reuseFile: o.reuse, keepAims: o.keepAims, fromFile: o.from, names, module };
  const options = await loadPipelineOptions(gameName, { ...choices, out: setFolder, beforeReading: (opened) => checkOutputs(opened).forEach(note) });
  ctx.closeAtEnd(options.game);
  return options;
}

/** The input files of a `build` or `generate` run (the game's own where no option names one): an output is never one of them. */
export function pipelineInputs(game: Game, o: PipelineCliOptions): RunInput[] {
  const files = modelFiles(game, o);
  return [
    { what: o.plan ? "--plan" : "the plan", path: files.planFile },
    { what: o.model ? "--model" : "the model", path: files.modelFile },
    { what: o.ramp ? "--ramp" : "the ramp", path: files.rampFile },
  ];
}

/** build's own options, beside those it shares with `generate`. */
export interface BuildCliOptions extends PipelineCliOptions {
  /** false: no deviation table on stdout (`--no-table`; commander's default true). */
  table: boolean;
}

/**
 * `levelramp build` (SPEC 2, 6, 9): the library's {@link buildLevelSet}
 * (compose, grow, de-duplicate, select part by part, verify, report), written
 * into the output folder as one set ({@link writeLevelSet}: never a mix of
 * two runs); then the deviation table, `--stats` or `--json` on stdout.
 */
export function registerBuild(program: Command, ctx: CommandContext): void {
  pipelineOptions(program.command("build").description("build a game's level set: pools, levels, reports (SPEC 1 job 1)"))
    .option("--out <dir>", "output folder (default out/<game>)")
    .option("--from <levels.json>", "keep the chapters before --chapters from this earlier set (checked against the current rules first; its pools.json beside it), build the rest as a whole build would (docs/pipeline.md \"Rebuilding from a chapter\")")
    .option("--keep-aims", "with --reuse or --from: reuse every recorded batch whose part's generator inputs did not change as grown, whatever its aim, so a ramp- or model-only change grows no batch again for its aim (only rounds the chain needs); the set may then differ from a whole build's (docs/pipeline.md \"Keeping the recorded aims\")")
    .option("--no-table", "do not print the deviation table (it is in report.txt)")
    .action((gameName: string, o: BuildCliOptions) => runBuild(gameName, o, ctx));
}

/**
 * What `levelramp build` does with its parsed options (see {@link registerBuild});
 * `extraFiles` (start's record of the set) go into the same atomic set write
 * as the set's files (`LevelSetWrite.extraFiles`), made from them.
 *
 * @param extraFiles the files to write with the set, given its files' names and bytes (default: none).
 * @throws InputError (exit 2) for bad options or outputs, and what {@link buildLevelSet} throws.
 */
export async function runBuild(gameName: string, o: BuildCliOptions, ctx: CommandContext, extraFiles?: (files: readonly SetFile[]) => SetFile[]): Promise<void> {
  // The output folder (--out, else the library's default out/<the game's name>) and how it is written, known once the game is open.
  let dir = "";
  let how: LevelSetWrite = {};
  const outputs = (options: LevelSetOptions) => {
    dir = options.out!;
    how = { force: o.force, forceOption: "--force", module: "cli/build", option: "--out", inputs: pipelineInputs(options.game, o) };
    return checkLevelSetFolder(dir, how);
  };
  const set = await runPipelineCommand(gameName, o, ctx, "build", buildLevelSet, outputs);
  const { paths, notes } = await writeLevelSet(dir, set, { ...how, extraFiles: extraFiles?.(set.files) });
  for (const note of notes) ctx.io.stderr(`levelramp: ${oneLine(note)}\n`);
  if (!o.quiet) ctx.io.stderr(`→ ${paths.join(", ")}\n`);
  // The result on stdout (docs/cli.md "Where output goes"): the JSON, or the deviation table and the --stats figures.
  const { levels } = set;
  if (!o.json && o.table) ctx.io.stdout(deviationTable([set.deviation.report], set.deviation.breaks, ctx.io.color));
  if (!o.json && o.stats) ctx.io.stdout(statsText(set.stats, true, levels, set.game));
  if (o.json) {
    ctx.io.stdout(JSON.stringify({ game: levels.game, seed: levels.seed, chainStart: set.chainStart, objective: levels.objective, status: levelsStatus(levels), optimal: levels.optimal, levels: levels.levels.length, out: dir, threads: set.threads, stats: set.stats, ...(set.kept ? { kept: set.kept } : {}), ...(set.reuse ? { reuse: set.reuse } : {}) }, null, 2) + "\n");
  }
}
