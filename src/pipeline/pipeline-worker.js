// Piscina worker of the build pipeline (SPEC 9): registers tsx so the thread
// can load the TypeScript sources, then runs one batch or compose task per call.
import { register } from "tsx/esm/api";

register();
const { runPipelineTask } = await import("./pipeline-task.ts");

export default function run(task) {
  return runPipelineTask(task);
}
