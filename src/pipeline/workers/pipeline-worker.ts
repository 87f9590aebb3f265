// Piscina worker of the build pipeline (SPEC 9): runs one batch or compose
// task per call (importing the task's game first when it was registered at run
// time). The package runs its compiled form, dist/pipeline/workers/pipeline-worker.js;
// from the sources (tests, benchmarks) pipeline-worker.dev.js loads this file
// through tsx.
import { runWorkerTask, type PipelineTask } from "./pipeline-task.ts";

export default function run(task: PipelineTask): ReturnType<typeof runWorkerTask> {
  return runWorkerTask(task);
}
