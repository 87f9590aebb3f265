// Piscina worker of the build pipeline (SPEC 9): runs one batch or compose
// task per call with the run's game, which this thread opens once, from the
// source the pool was made with (`workerData.game`: a built-in game's name,
// a game file — its own process of the program, SPEC 10 — or a module's
// export). The package runs its compiled form,
// dist/pipeline/workers/pipeline-worker.js; from the sources (tests,
// benchmarks) pipeline-worker.dev.js loads this file through tsx.
import { workerData } from "node:worker_threads";
import type { Game, GameSource } from "../../game/game.ts";
import { openGame } from "../../game/registry/open-game.ts";
import { runPipelineTask, type PipelineTask } from "./pipeline-task.ts";

let game: Promise<Game> | undefined;

export default function run(task: PipelineTask): ReturnType<typeof runPipelineTask> {
  game ??= openGame((workerData as { game: GameSource }).game, "pipeline/game");
  return runPipelineTask(game, task);
}
