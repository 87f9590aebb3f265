import { defaultWorkers } from "../../io/max-workers.ts";
import { openGame } from "../../game/registry/open-game.ts";
import type { PipelineOptions } from "./pipeline-result.ts";
import { loadPipelineInputs } from "../inputs/load-pipeline-inputs.ts";
import { parseChapters } from "../inputs/parse-chapters.ts";
import { loadPipelineSettings } from "../inputs/pipeline-settings.ts";

/** What a build or generate run chooses; every member has the CLI's default. */
export interface PipelineChoices {
  /** `"3"` or `"1-4"` ({@link parseChapters}); default every chapter of the plan. */
  chapters?: string;
  /** Default: `models/pipeline/build.json`'s `seed`. */
  seed?: number;
  /** Worker threads for generation (default this machine's cores; never changes an output). */
  workers?: number;
  /** The plan, selection model and ramp files; default the game's own (`models/<game>/plan.json`, `selection.json`, `ramp.json`, or what an outside game's file names). */
  planFile?: string;
  modelFile?: string;
  rampFile?: string;
}

/**
 * The options of a `build` or `generate` run (for {@link buildLevelSet},
 * `buildLevels`, `generatePools`), as the CLI makes them: the game opened
 * (`openGame`: a built-in game's name, or the path of a game file, SPEC 10;
 * close it when the run is done), the pipeline settings, the plan, model and
 * ramp read and checked (SPEC 3), the chapters parsed against the plan.
 *
 * @throws InputError (exit 2) for an unknown game, a bad model file or a chapter the plan lacks.
 */
export async function loadPipelineOptions(gameName: string, choices: PipelineChoices = {}): Promise<PipelineOptions> {
  const game = await openGame(gameName, "pipeline/game");
  const settings = loadPipelineSettings();
  const inputs = loadPipelineInputs(game.name, { planFile: choices.planFile ?? game.models.plan, modelFile: choices.modelFile ?? game.models.selection, rampFile: choices.rampFile ?? game.models.ramp });
  const chapters = parseChapters(choices.chapters, inputs.plan, inputs.planFile);
  return { game, ...inputs, chapters, seed: choices.seed ?? settings.seed, workers: choices.workers ?? defaultWorkers(), settings };
}
