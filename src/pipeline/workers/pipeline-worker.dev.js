// The pipeline worker when levelramp runs from its TypeScript sources (vitest,
// benchmarks): registers tsx in this thread, then loads pipeline-worker.ts.
// Not part of the package: the package's worker is the compiled
// dist/pipeline/workers/pipeline-worker.js (see task-runner.ts).
import { register } from "tsx/esm/api";

register();
const { default: run } = await import("./pipeline-worker.ts");

export default run;
