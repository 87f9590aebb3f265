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
import { dpApplies } from "../../select/solve-dp.ts";
import { countMoves, solveDpMinMovesBranching } from "../../select/solve-dp-min-moves.ts";
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
  minMoves?: string;
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
    .option("--min-moves <tolerance>", "within this much of the optimum (objective units), change the fewest level numbers relative to --from")
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
      const tolerance = o.minMoves === undefined ? undefined : Number(o.minMoves);
      if (tolerance !== undefined && !(tolerance >= 0)) throw new InputError("cli/select", `--min-moves expects a tolerance ≥ 0 in objective units; got "${o.minMoves}"`);
      if (tolerance !== undefined && !o.from) throw new InputError("cli/select", "--min-moves needs --from <levels.json> (the release to move least from)");
      if (tolerance !== undefined && o.incremental) throw new InputError("cli/select", "give --min-moves or --incremental, not both");
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
      const from = o.from ? readJsonFile(levelsSchema, o.from) : undefined;
      if (from && o.from && (o.keep || o.keepUntil)) {
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
      let moves: { moves: number; plainMoves: number } | undefined;
      if (tolerance !== undefined && from) {
        const byNumber = new Map(from.levels.map((l) => [l.number, l.id]));
        const reference = { ids: built.problem.slots.map((s) => byNumber.get(s.number)) };
        if (!dpApplies(built.problem)) throw new InputError("cli/select", "--min-moves needs a chain-shaped model (a maxRun key that is also a nonDecreasing key; SPEC 6)");
        const plainMoves = countMoves(built.problem, reference, selection.picks);
        const r = solveDpMinMovesBranching(built.problem, reference, selection.objective + tolerance);
        if (!("selection" in r)) throw new NoAnswerError("cli/select", "internal: no sequence within the tolerance, though the optimum is one");
        selection = { ...r.selection, optimal: selection.optimal, solver: `${selection.solver}+min-moves` };
        moves = { moves: r.selection.stats.moves, plainMoves };
      }
      const ms = performance.now() - t0;
      const file = toLevelsFile({ built, selection, pool, model, ramp });
      if (o.out) writeFileAtomic(o.out, JSON.stringify(file, null, 2) + "\n", { force: o.force });
      if (o.json) {
        const levels = file.levels.map((l) => ({ number: l.number, id: l.id, value: l.metrics[model.metric], target: l.target }));
        io.stdout(JSON.stringify({ objective: file.objective, optimal: file.optimal, solver: selection.solver, ...moves, levels }, null, 2) + "\n");
      }
      let versusBuild = "";
      if (pool.build && !inputs.keep && tolerance === undefined) {
        const theirs = new Map(pool.build.levels.map((l) => [l.number, l.id]));
        const differ = file.levels.filter((l) => theirs.get(l.number) !== l.id).length;
        const gain = pool.build.objective - file.objective;
        versusBuild =
          differ === 0
            ? `select: the same levels as the build that grew ${o.pools}\n`
            : `select: ${differ} level numbers differ from the build that grew ${o.pools}; objective ${file.objective} against the build's ${pool.build.objective}` +
              (gain > 1e-9 ? ` (${gain.toFixed(6)} better, ${((100 * gain) / Math.max(pool.build.objective, 1e-12)).toFixed(1)}%)` : "") +
              "\n";
      }
      const first = file.levels[0]?.number ?? 0;
      const last = file.levels[file.levels.length - 1]?.number ?? 0;
      io.stderr(
        `select: ${file.levels.length} levels (${first}–${last}) with ${selection.solver} in ${ms.toFixed(0)} ms: ` +
          `objective ${file.objective} (${model.objective.norm}${model.objective.evenness ? ` + evenness ${model.objective.evenness}` : ""}), ` +
          `${file.optimal ? "proven optimal" : "not proven optimal"}${o.out ? ` → ${o.out}` : ""}\n` +
          (moves ? `select: ${moves.moves} level numbers hold another level than in ${o.from} (the plain optimum would change ${moves.plainMoves})\n` : "") +
          versusBuild,
      );
    });
}
