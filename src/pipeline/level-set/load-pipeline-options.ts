import { join, relative } from "node:path";
import { InputError } from "../../io/errors.ts";
import { defaultWorkers } from "../../io/max-workers.ts";
import { openGame } from "../../game/registry/open-game.ts";
import { PIPELINE_NAMES, type PipelineOptions } from "./pipeline-result.ts";
import type { LevelSetOptions } from "./build-level-set.ts";
import { loadPipelineInputs } from "../inputs/load-pipeline-inputs.ts";
import { parseChapters } from "../inputs/parse-chapters.ts";
import { loadPipelineSettings } from "../inputs/pipeline-settings.ts";
import { readReusablePool } from "../reuse/reusable-pool.ts";
import { readFromSet } from "./kept-chain.ts";

/** What a build or generate run chooses; every member has the CLI's default. */
export interface PipelineChoices {
  /** `"3"` or `"1-4"` ({@link parseChapters}); default every chapter of the plan. */
  chapters?: string;
  /** Default: the seed of the `from` set when there is one, else `models/pipeline/build.json`'s `seed`. */
  seed?: number;
  /** Worker threads for generation (default this machine's cores; never changes an output). */
  workers?: number;
  /** The plan, selection model and ramp files; default the game's own (`models/<game>/plan.json`, `selection.json`, `ramp.json`, or what an outside game's file names). */
  planFile?: string;
  modelFile?: string;
  rampFile?: string;
  /** An earlier run's pools.json to answer unchanged batches from ({@link PipelineOptions.reuse}; docs/pipeline.md "Pools reused"). */
  reuseFile?: string;
  /** With `reuseFile` or `fromFile`: reuse recorded batches whatever their aim ({@link PipelineOptions.keepAims}; docs/pipeline.md "Keeping the recorded aims"). Default false. */
  keepAims?: boolean;
  /**
   * An earlier build's levels file, its pools.json beside it: the chapters
   * before `chapters` are kept from it ({@link PipelineOptions.from}). Needs
   * `chapters`; the run takes the set's seed unless `seed` is given.
   */
  fromFile?: string;
  /**
   * The folder the set will be written to (`writeLevelSet`; default
   * `out/<the game's name>`, build's): report.html's `levelramp select`
   * line, which runs there, names the given plan (as a path from there), the
   * given model (`model.json`, which the page offers) and an outside game's
   * file ({@link LevelSetOptions.selectLine}).
   */
  out?: string;
  /** How the caller names its options in messages ({@link PipelineOptions.names}; default the library's words: these fields' names). */
  names?: Partial<typeof PIPELINE_NAMES>;
  /** Named in the messages of this call's own checks (default `pipeline/options`). */
  module?: string;
  /**
   * Called once the game is open and the model files read, before an
   * earlier set or pool is read: where the CLI checks its outputs (a write
   * an earlier run left half done is mended before the set it held is read).
   */
  beforeReading?: (options: LevelSetOptions) => void;
}

/**
 * The options of a `build` or `generate` run (for {@link buildLevelSet},
 * `buildLevels`, `generatePools`), as the CLI makes them: the game opened
 * (`openGame`: a built-in game's name, or the path of a game file, SPEC 10;
 * close it when the run is done), the pipeline settings, the plan, model and
 * ramp read and checked (SPEC 3), the chapters parsed against the plan, an
 * earlier pool to reuse and an earlier set to continue read (`reuseFile`,
 * `fromFile`), and report.html's select line made for the output folder
 * (`out`).
 *
 * @throws InputError (exit 2) for an unknown game, a bad model file, a chapter the plan lacks,
 *   `fromFile` without `chapters`, a bad earlier set or pool.
 */
export async function loadPipelineOptions(gameName: string, choices: PipelineChoices = {}): Promise<LevelSetOptions> {
  const names = { ...PIPELINE_NAMES, ...choices.names };
  if (choices.fromFile !== undefined && choices.chapters === undefined) {
    throw new InputError(choices.module ?? "pipeline/options", `${names.from} needs ${names.chapters}: the chapters to build again (those before them are kept from the set)`);
  }
  // 1. The game, the settings, the model files, the chapters.
  const game = await openGame(gameName, "pipeline/game");
  try {
    const settings = loadPipelineSettings();
    const inputs = loadPipelineInputs(game.name, { planFile: choices.planFile ?? game.models.plan, modelFile: choices.modelFile ?? game.models.selection, rampFile: choices.rampFile ?? game.models.ramp });
    const chapters = parseChapters(choices.chapters, inputs.plan, inputs.planFile, choices.names);
    // 2. The output folder, and report.html's select line run there: the files given, as seen from there.
    const out = choices.out ?? join("out", game.name);
    const selectLine = { planFile: choices.planFile ? relative(out, choices.planFile) : null, modelFile: choices.modelFile ? "model.json" : null, ...("gameFile" in game.source ? { gameFile: relative(out, gameName) } : {}) };
    const options: LevelSetOptions = { game, ...inputs, chapters, seed: choices.seed ?? settings.seed, workers: choices.workers ?? defaultWorkers(), settings, out, selectLine };
    if (choices.names) options.names = choices.names;
    if (choices.keepAims) options.keepAims = true;
    choices.beforeReading?.(options);
    // 3. An earlier pool to reuse; an earlier set to continue, whose seed is the run's unless one is given
    //    (keepChapters refuses a set of two seeds).
    if (choices.reuseFile !== undefined) options.reuse = await readReusablePool(choices.reuseFile, game);
    if (choices.fromFile !== undefined) {
      options.from = await readFromSet(choices.fromFile, game);
      if (choices.seed === undefined && typeof options.from.levels.seed === "number") options.seed = options.from.levels.seed;
    }
    return options;
  } catch (err) {
    // the caller never holds the game: close it here (an outside game's program ends)
    await game.close();
    throw err;
  }
}
