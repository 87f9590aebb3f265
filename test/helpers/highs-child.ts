// A child process for the environment-limit test: the selection of
// select --solver highs (read the generic fixture pool and the generic models,
// build the problem, solve with HiGHS) and its error through the command's one
// error path (reportError), bundled by bundleChild so it starts as plain
// JavaScript — the test runs it under `ulimit -v`, which tsx does not start under.
import { fileURLToPath } from "node:url";
import { reportError } from "../../src/cli/main.ts";
import { processIo } from "../../src/cli/cli-io.ts";
import { readJsonFile } from "../../src/io/read-json-file.ts";
import { readPool } from "../../src/io/read-pool.ts";
import { modelSchema } from "../../src/io/schemas/model.ts";
import { planSchema } from "../../src/io/schemas/plan.ts";
import { rampSchema } from "../../src/io/schemas/ramp.ts";
import { buildProblem } from "../../src/select/problem/build-problem.ts";
import { solveSelection } from "../../src/select/solve/solve-selection.ts";

const [root] = process.argv.slice(2);
const at = (path: string) => fileURLToPath(new URL(path, `file://${root}/`));
const files = { poolFile: at("fixtures/pools/generic-3x4x20.json"), modelFile: at("models/generic/selection.json"), rampFile: at("models/generic/ramp.json"), planFile: at("models/generic/plan.json") };
try {
  const { problem } = buildProblem({ ...files, pool: readPool(files.poolFile), model: readJsonFile(modelSchema, files.modelFile), ramp: readJsonFile(rampSchema, files.rampFile), plan: readJsonFile(planSchema, files.planFile) });
  const selection = await solveSelection(problem, { solver: "highs" });
  process.stdout.write(`${selection.solver} ${selection.status}\n`);
} catch (err) {
  process.exitCode = reportError(err, ["select", "--solver", "highs"], processIo());
}
