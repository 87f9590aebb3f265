import type { Command } from "commander";
import { writeFileAtomic } from "../../io/atomic-write.ts";
import { InputError, NoAnswerError } from "../../io/errors.ts";
import { readJsonFile } from "../../io/read-json-file.ts";
import { readPool } from "../../io/read-pool.ts";
import { levelsSchema } from "../../io/schemas/levels.ts";
import { modelSchema } from "../../io/schemas/model.ts";
import { planSchema } from "../../io/schemas/plan.ts";
import { rampSchema } from "../../io/schemas/ramp.ts";
import { buildProblem, type SelectionInputs } from "../../select/build-problem.ts";
import { parseRanges } from "../../select/keep-ranges.ts";
import { toLevelsFile } from "../../select/levels-file.ts";
import { solveSelection, type SolverChoice } from "../../select/select.ts";
import { solveIncremental } from "../../select/solve-incremental.ts";
import type { CommandContext } from "../cli-io.ts";
import { modelsPath } from "../models-path.ts";

interface SelectOptions {
  pools: string;
  model?: string;
  ramp?: string;
  plan?: string;
  out?: string;
  solver: string;
  keepUntil?: string;
  keep?: string;
  from?: string;
  incremental?: boolean;
  timeLimit: string;
  json?: boolean;
  force?: boolean;
}

/** `levelramp select` (SPEC 2, 6): pick and order levels from pools under the model. */
export function registerSelect(program: Command, ctx: CommandContext): void {
  program
    .command("select")
    .description("pick and order the levels that ship from candidate pools (SPEC 6)")
    .requiredOption("--pools <file>", "pool file (levelramp/pool@1)")
    .option("--model <file>", "selection model (default models/<game>/selection.json)")
    .option("--ramp <file>", "ramp (default models/<game>/ramp.json)")
    .option("--plan <file>", "plan (default models/<game>/plan.json)")
    .option("--out <file>", "levels file to write")
    .option("--solver <name>", "auto | dp | milp | highs", "auto")
    .option("--keep-until <level>", "freeze levels 1..N from --from")
    .option("--keep <ranges>", "freeze level ranges from --from, e.g. 1-40,81-85")
    .option("--from <file>", "earlier levels file for --keep/--keep-until")
    .option("--incremental", "select part by part as the build does")
    .option("--time-limit <seconds>", "wall-clock budget of the MILP solvers (aborts only)", "30")
    .option("--json", "print {objective, optimal, solver, levels} on stdout")
    .option("--force", "overwrite --out if it exists")
    .action(async (o: SelectOptions) => {
      const { io } = ctx;
      if (!["auto", "dp", "milp", "highs"].includes(o.solver)) throw new InputError("cli/select", `--solver expects auto, dp, milp or highs; got "${o.solver}"`);
      const timeLimit = Number(o.timeLimit);
      if (!(timeLimit > 0)) throw new InputError("cli/select", `--time-limit expects seconds > 0; got "${o.timeLimit}"`);
      if (o.keep && o.keepUntil) throw new InputError("cli/select", "give --keep or --keep-until, not both");
      if ((o.keep || o.keepUntil) && !o.from) throw new InputError("cli/select", "--keep and --keep-until need --from <levels.json>");
      if (!o.out && !o.json) throw new InputError("cli/select", "give --out <levels.json> (or --json to print the result)");
      const pool = readPool(o.pools);
      const game = pool.game;
      const modelFile = o.model ?? modelsPath(game, "selection.json");
      const rampFile = o.ramp ?? modelsPath(game, "ramp.json");
      const planFile = o.plan ?? modelsPath(game, "plan.json");
      const model = readJsonFile(modelSchema, modelFile);
      const ramp = readJsonFile(rampSchema, rampFile);
      const plan = readJsonFile(planSchema, planFile);
      const inputs: SelectionInputs = { pool, poolFile: o.pools, plan, planFile, model, modelFile, ramp, rampFile };
      if (o.from && (o.keep || o.keepUntil)) {
        const from = readJsonFile(levelsSchema, o.from);
        const option = o.keep ? `--keep ${o.keep}` : `--keep-until ${o.keepUntil}`;
        const levels = o.keep ? parseRanges(o.keep, "--keep") : parseRanges(`1-${o.keepUntil}`, "--keep-until");
        inputs.keep = { levels, from, fromFile: o.from, option };
      }
      const built = buildProblem(inputs);
      const t0 = performance.now();
      const options = { solver: o.solver as SolverChoice, timeLimitMs: timeLimit * 1000 };
      let selection;
      try {
        selection = o.incremental ? await solveIncremental(built.problem, options) : await solveSelection(built.problem, options);
      } catch (err) {
        if (err instanceof NoAnswerError && o.json) io.stdout(JSON.stringify({ infeasible: true, message: err.message, diagnosis: err.detail }, null, 2) + "\n");
        throw err;
      }
      const ms = performance.now() - t0;
      const file = toLevelsFile({ built, selection, pool, model, ramp });
      if (o.out) writeFileAtomic(o.out, JSON.stringify(file, null, 2) + "\n", { force: o.force });
      if (o.json) {
        const levels = file.levels.map((l) => ({ number: l.number, id: l.id, value: l.metrics[model.metric], target: l.target }));
        io.stdout(JSON.stringify({ objective: file.objective, optimal: file.optimal, solver: selection.solver, levels }, null, 2) + "\n");
      }
      const first = file.levels[0]?.number ?? 0;
      const last = file.levels[file.levels.length - 1]?.number ?? 0;
      io.stderr(
        `select: ${file.levels.length} levels (${first}–${last}) with ${selection.solver} in ${ms.toFixed(0)} ms: ` +
          `objective ${file.objective} (${model.objective.norm}${model.objective.evenness ? ` + evenness ${model.objective.evenness}` : ""}), ` +
          `${file.optimal ? "proven optimal" : "not proven optimal"}${o.out ? ` → ${o.out}` : ""}\n`,
      );
    });
}
