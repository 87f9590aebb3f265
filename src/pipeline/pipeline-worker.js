// Piscina worker of the build pipeline (SPEC 9): registers tsx so the thread
// can load the TypeScript sources, then runs one batch or compose task per call
// (importing the task's game first when it was registered at run time).
import { register } from "tsx/esm/api";

register();
const { runWorkerTask } = await import("./pipeline-task.ts");

export default function run(task) {
  return runWorkerTask(task);
}
