import type { Command } from "commander";
import { InputError } from "../../io/errors.ts";
import { SELECT_DEFAULTS, SOLVER_CHOICES } from "../../io/select-defaults.ts";
import { MAX_PLAN_LEVELS, MAX_TIME_LIMIT_SECONDS, MAX_TOLERANCE, MIN_TIME_LIMIT_SECONDS } from "../../io/input-limits.ts";
import { decimalOption, wholeNumberOption } from "../../io/hostile/option-number.ts";
import { checkOutputFile, type RunInput } from "../../io/output-paths.ts";
import type { CommandContext } from "../cli-io.ts";
import { forceOption, jsonOption, modelOption, rampOption, statsOption } from "../options.ts";
import { gameOption, openGameOption } from "../game-option.ts";
import type { CheckedOptions, SelectOptions } from "../select-run.ts";

/** `levelramp select` (SPEC 2, 6): pick and order levels from pools under the model. */
export function registerSelect(program: Command, ctx: CommandContext): void {
  gameOption(program.command("select"))
    .description("pick and order the levels that ship from candidate pools (SPEC 6)")
    .requiredOption("--pools <file>", "pool file (levelramp/pool@1, or a CSV export)")
    .addOption(modelOption())
    .addOption(rampOption("ramp (default models/<game>/ramp.json); a passRate ramp needs --calibration"))
    .option("--calibration <file>", "turn a player ramp (metric passRate) into a ramp of the calibrated metric (SPEC 11); a calibration whose slope interval includes 0 is refused (--force uses it)")
    .option("--plan <file>", "plan (default models/<game>/plan.json; for an order given as --pools, the order's own)")
    .option("--limits <file>", "solver work bounds (default models/select/solver.json)")
    .option("--out <file>", "levels file to write")
    .option("--solver <name>", SOLVER_CHOICES.join(" | "), SELECT_DEFAULTS.solver)
    .option("--keep-until <level>", "freeze levels 1..N from --from")
    .option("--keep <ranges>", "freeze level ranges from --from, e.g. 1-40,81-85")
    .option("--from <file>", "earlier levels file (or an order: a pool with level numbers) for --keep, --keep-until and --min-moves")
    .option("--incremental", "select part by part as the build does")
    .option("--min-moves <tolerance>", "within this much of the optimum (objective units), change the fewest level numbers relative to --from")
    .option("--time-limit <seconds>", "wall-clock budget of the MILP solvers; at the limit the best answer found is kept as feasible", String(SELECT_DEFAULTS.timeLimitSeconds))
    .option("--require-optimal", "exit 1 (and write nothing) unless the answer is proven optimal")
    .addOption(jsonOption("print {status, objective, optimal, solver, levels} on stdout"))
    .addOption(statsOption("with --json: add stats {solveMs, states, classes, candidates, slots}, the command's own times (startMs, readMs, buildMs, writeMs) and the solver's own figures (dp: work, rangeSlots; MILP: solves, variables, rows)"))
    .addOption(forceOption())
    .action(async (o: SelectOptions) => {
      const started = performance.now();
      const outside = await openGameOption(o.game, ctx);
      const gameMs = performance.now() - started;
      const checked = checkOptions(o);
      // The selection's own modules (the file formats, zod, the solvers) load only once the options pass their checks.
      const { runSelect } = await import("../select-run.ts");
      // --stats: startMs is Node and the modules, from the process's start; loading the --game file counts as reading, as it did.
      await runSelect(o, ctx, outside, checked, performance.now() - gameMs);
    });
}

/**
 * Parses and checks the options (each number within its bound, SPEC 2) and the output path, before any
 * file is read and before the selection's modules load: a usage error costs a cold process its start only.
 */
function checkOptions(o: SelectOptions): CheckedOptions {
  const module = "cli/select";
  const solver = SOLVER_CHOICES.find((s) => s === o.solver);
  if (solver === undefined) throw new InputError(module, `--solver expects ${SOLVER_CHOICES.slice(0, -1).join(", ")} or ${SOLVER_CHOICES[SOLVER_CHOICES.length - 1]}; got "${o.solver}"`);
  const timeLimit = decimalOption(module, o.timeLimit, "--time-limit", MIN_TIME_LIMIT_SECONDS, MAX_TIME_LIMIT_SECONDS, "seconds", " (about 11.5 days; Node's timers hold at most 24.8)")!;
  if (o.keep && o.keepUntil) throw new InputError(module, "give --keep or --keep-until, not both");
  if ((o.keep || o.keepUntil) && !o.from) throw new InputError(module, "--keep and --keep-until need --from <levels.json>");
  const tolerance = decimalOption(module, o.minMoves, "--min-moves", 0, MAX_TOLERANCE, "a tolerance in objective units");
  if (tolerance !== undefined && !o.from) throw new InputError(module, "--min-moves needs --from <levels.json> (the release to move least from)");
  if (tolerance !== undefined && o.incremental) throw new InputError(module, "give --min-moves or --incremental, not both");
  if (o.from && !o.keep && !o.keepUntil && tolerance === undefined) throw new InputError(module, "--from is read only with --keep, --keep-until or --min-moves");
  if (!o.out && !o.json) throw new InputError(module, "give --out <levels.json> (or --json to print the result)");
  if (o.stats && !o.json) throw new InputError(module, "--stats goes with --json");
  wholeNumberOption(module, o.keepUntil, "--keep-until", 1, MAX_PLAN_LEVELS, " (levels 1..N are kept)");
  const given: RunInput[] = [
    { what: "--pools", path: o.pools },
    { what: "--model", path: o.model },
    { what: "--ramp", path: o.ramp },
    { what: "--plan", path: o.plan },
    { what: "--from", path: o.from },
    { what: "--limits", path: o.limits },
    { what: "--calibration", path: o.calibration },
  ];
  const outCheck = { force: o.force, forceOption: "--force", module, option: "--out", inputs: given };
  const notes = o.out ? checkOutputFile(o.out, outCheck) : [];
  return { solver, timeLimit, tolerance, notes, outCheck };
}
