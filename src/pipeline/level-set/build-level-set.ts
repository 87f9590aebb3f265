import { join } from "node:path";
import type { Game } from "../../game/game.ts";
import { canonicalJson } from "../../io/canonical-json.ts";
import { NoAnswerError } from "../../io/errors.ts";
import { checkOutputFolder, type RunInput } from "../../io/output-paths.ts";
import type { LevelsFile } from "../../io/schemas/levels.ts";
import type { Pool } from "../../io/schemas/pool.ts";
import { writeFileSet, type SetFile } from "../../io/write-file-set.ts";
import { verifyLevels, type VerifyResult } from "../verify/verify-levels.ts";
import { buildLevels } from "./build-levels.ts";
import { buildDeviation, buildReportFiles, buildReportWriters, type BuildDeviation, type BuildReportWriter, type ReportFile } from "./build-report.ts";
import type { PipelineOptions, PipelineResult } from "./pipeline-result.ts";

/** What {@link buildLevelSet} reads: a build's options, and how its reports name things. */
export interface LevelSetOptions extends PipelineOptions {
  /** The folder the set is to be written to, which `selectLine` was made for (`loadPipelineOptions`' `out`). */
  out?: string;
  /**
   * How report.html's `levelramp select` command line names the plan, the
   * selection model and (for an outside game) the game file, as paths from
   * the output folder (the line runs there, beside pools.json); `null`: the
   * game's default. Default: both `null`, no game file (`loadPipelineOptions`
   * makes it for its `out`).
   */
  selectLine?: { planFile: string | null; modelFile: string | null; gameFile?: string };
  /** The report writers (default {@link buildReportWriters}). */
  writers?: readonly BuildReportWriter[];
}

/** A built, verified and reported level set: what `levelramp build` writes into its folder. */
export interface LevelSet extends Omit<PipelineResult, "levels"> {
  /** The game the set was built with (its `summarizeLevels` sums the levels up for `--stats`). */
  game: Game;
  levels: LevelsFile;
  pool: Pool;
  /** The verification of `levels` (always `ok`: a set that fails is never returned). */
  verify: VerifyResult;
  /** The deviation from the ramp, computed once (report.txt, report.json and `build`'s table). */
  deviation: BuildDeviation;
  /** The report files, in writer order. */
  reports: ReportFile[];
  /** The whole set as written: pools.json, levels.json, then the reports. */
  files: SetFile[];
}

/** The names of a level set's files, in the order they are written: pools.json, levels.json, then each writer's files. */
export function levelSetFileNames(writers: readonly BuildReportWriter[] = buildReportWriters): string[] {
  return ["pools.json", "levels.json", ...writers.flatMap((w) => w.files)];
}

/**
 * The `build` job whole (SPEC 1 job 1, 2, 6): {@link buildLevels} (grow,
 * de-duplicate, select part by part), then verify the levels
 * ({@link verifyLevels}, progress through `options.events`), then the ramp
 * deviation once and the report files (report.txt, report.json, report.html
 * by default), then the file set `levelramp build` writes — byte for byte the
 * CLI's for the same options. Write it with {@link writeLevelSet}.
 *
 * @throws NoAnswerError (exit 1) listing every level that fails verification
 *   (its `detail` is the {@link VerifyResult}), and what {@link buildLevels} throws.
 */
export async function buildLevelSet(options: LevelSetOptions): Promise<LevelSet> {
  // 1. Grow, de-duplicate and select.
  const result = await buildLevels(options);
  const levels = result.levels!;
  // 2. Verify the levels again, as `levelramp verify` would: a set that fails is not returned
  //    (kept levels that passed the same checks at the start, unchanged, get the repeat check only).
  const verify = await verifyLevels(levels, { game: options.game, events: options.events, checked: keptChecked(levels, result, options.from) });
  if (!verify.ok) {
    throw new NoAnswerError("pipeline/build", ["the built levels fail verification:", ...verify.failures.map((f) => `  level ${f.level} (${f.id}): ${f.reason}: ${f.message}`)], verify);
  }
  // 3. The deviation from the ramp, once; the reports from it.
  const deviation = buildDeviation(levels, result.pool);
  const selectLine = options.selectLine ?? { planFile: null, modelFile: null };
  const editor = { plan: options.plan, ...selectLine };
  const reports = await buildReportFiles({ game: options.game, levels, pool: result.pool, deviation, stats: result.stats, chainStart: result.chainStart, editor }, options.writers);
  // 4. The file set, in levelSetFileNames order.
  const files: SetFile[] = [
    { name: "pools.json", data: JSON.stringify(result.pool, null, 2) + "\n" },
    { name: "levels.json", data: JSON.stringify(levels, null, 2) + "\n" },
    ...reports.map((r) => ({ name: r.name, data: r.text })),
  ];
  return { ...result, game: options.game, levels, verify, deviation, reports, files };
}

/**
 * The level numbers `build --from` checked against the game's rules at the
 * start (the levels of the chapters it kept) whose body, solution, metrics,
 * rules and concepts in the built set are the ones it checked.
 */
function keptChecked(levels: LevelsFile, result: PipelineResult, from: LevelSetOptions["from"]): Set<number> | undefined {
  if (!from || !result.kept) return undefined;
  const chapters = new Set(result.kept.chapters);
  const what = (l: LevelsFile["levels"][number]) => canonicalJson({ id: l.id, level: l.level, solution: l.solution, metrics: l.metrics, rules: l.rules ?? [], concepts: l.concepts ?? [] });
  const before = new Map(from.levels.levels.map((l) => [l.number, what(l)]));
  return new Set(levels.levels.filter((l) => chapters.has(l.chapter) && before.get(l.number) === what(l)).map((l) => l.number));
}

/** How {@link writeLevelSet} and {@link checkLevelSetFolder} treat an output folder. */
export interface LevelSetWrite {
  /** Overwrite a set that is there (default false: its files are refused). */
  force?: boolean;
  /** Named in errors (default `pipeline/write`). */
  module?: string;
  /** The option that named the folder, named in errors (e.g. `--out`). */
  option?: string;
  /** How the caller asks to overwrite, named in errors (default `force: true`; the CLI's `--force`). */
  forceOption?: string;
  /** The writers whose files the set holds (default {@link buildReportWriters}). */
  writers?: readonly BuildReportWriter[];
  /** The run's input files: the folder may hold none of them (never written over, even with `force`). */
  inputs?: RunInput[];
  /**
   * {@link writeLevelSet} only: files written in the same atomic set write,
   * after the level set's own, by names not among them (e.g. a record of the set's files, as
   * `levelramp start` keeps one): replaced together with the set, never one
   * without the other. Default none: the level set alone.
   */
  extraFiles?: readonly SetFile[];
}

/**
 * Checks a level set's output folder before any work (`checkOutputFolder`:
 * not a file, not the current folder, none of the set's files there without
 * `force`, its parent writable) and cleans what a killed earlier run left
 * beside it.
 *
 * @returns sentences on what was cleaned or restored.
 * @throws InputError (exit 2) naming the path and what was expected.
 */
export function checkLevelSetFolder(dir: string, how: LevelSetWrite = {}): string[] {
  return checkOutputFolder(dir, levelSetFileNames(how.writers), { force: how.force, module: how.module ?? "pipeline/write", option: how.option, forceOption: how.forceOption, inputs: how.inputs });
}

/**
 * Writes a level set into `dir` as one set (SPEC 2: `writeFileSet`, a sibling
 * temp folder swapped in, never a mix of two runs), after checking the folder
 * ({@link checkLevelSetFolder}). Other files in `dir` are kept. `how.extraFiles`
 * go into the same set write, after the level set's files (checked as they are).
 *
 * @returns (a promise of) the paths written (in set order, the extra files last) and sentences on what a killed earlier run left that was cleaned.
 * @throws InputError (exit 2, a rejected promise): the folder check, or a file-system error while writing (the earlier set unchanged).
 */
export async function writeLevelSet(dir: string, set: Pick<LevelSet, "files">, how: LevelSetWrite = {}): Promise<{ paths: string[]; notes: string[] }> {
  const files = [...set.files, ...(how.extraFiles ?? [])];
  const notes = checkOutputFolder(dir, files.map((f) => f.name), { force: how.force, module: how.module ?? "pipeline/write", option: how.option, forceOption: how.forceOption });
  await writeFileSet(dir, files, how.module ?? "pipeline/write", { force: how.force ?? false, forceOption: how.forceOption });
  return { paths: files.map((f) => join(dir, f.name)), notes };
}
