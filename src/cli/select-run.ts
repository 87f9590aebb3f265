// The run of `levelramp select` (src/cli/commands/select.ts) once its options passed their checks:
// read the files, call selectLevels (the job), write, print. A module of its own so that a usage error, or
// `select --help`, loads none of it (the file formats' schemas and zod, the problem, the solvers).
import { writeFileAtomic } from "../io/atomic-write.ts";
import { NoAnswerError } from "../io/errors.ts";
import { checkNotAnInput, type OutputCheck } from "../io/output-paths.ts";
import { readCsvPoolLevels } from "../io/order/csv-pool-levels.ts";
import { readJsonFile } from "../io/read-json-file.ts";
import type { Game } from "../game/game.ts";
import type { LevelsFile } from "../io/schemas/levels.ts";
import { modelSchema } from "../io/schemas/model.ts";
import { rampSchema } from "../io/schemas/ramp.ts";
import { readCalibration } from "../calibrate/read-calibration.ts";
import { describeStatus } from "../select/problem/levels-file.ts";
import type { Selection } from "../select/problem/selection-problem.ts";
import { solverLimits } from "../select/problem/solver-limits.ts";
import { SelectionNoAnswer, type SolverChoice } from "../select/solve/solve-selection.ts";
import { selectLevels, selectionPlan, selectionRamp, type SelectedLevels, type SelectLevelsInputs, type SelectLevelsOptions } from "../pipeline/selection/select-levels.ts";
import type { CommandContext } from "./cli-io.ts";
import { modelFiles } from "./options.ts";
import { oneLine } from "../io/hostile/terminal-text.ts";
import { remedyFlags } from "./remedy-flags.ts";

/** The options of `levelramp select`, as commander parses them. */
export interface SelectOptions {
  pools: string;
  model?: string;
  ramp?: string;
  calibration?: string;
  plan?: string;
  out?: string;
  solver: string;
  keepUntil?: string;
  keep?: string;
  from?: string;
  incremental?: boolean;
  minMoves?: string;
  timeLimit: string;
  limits?: string;
  requireOptimal?: boolean;
  json?: boolean;
  stats?: boolean;
  force?: boolean;
  game?: string;
}

/** What the option checks give the run: the solver and numbers parsed, the notes about the output path, its check. */
export interface CheckedOptions {
  solver: SolverChoice;
  /** `--time-limit`, seconds. */
  timeLimit: number;
  tolerance: number | undefined;
  notes: string[];
  outCheck: OutputCheck;
}

/**
 * Runs `levelramp select` on options that passed their checks: reads the files, calls
 * {@link selectLevels}, writes `--out`, prints `--json` and the summary. `outside`: the game of `--game`;
 * `startMs`: the time (performance.now()) the command's modules were loaded by, for `--stats`.
 */
export async function runSelect(o: SelectOptions, ctx: CommandContext, outside: Game | undefined, checked: CheckedOptions, startMs: number): Promise<void> {
  const { io } = ctx;
  const { solver, timeLimit, tolerance, notes } = checked;
  // --stats times: start (Node and the modules, from the process's start), read, build, solve, write.
  const times = { startMs, readMs: 0, buildMs: 0, solveMs: 0, writeMs: 0 };
  const { inputs, from } = await readInputs(o, outside, checked);
  times.readMs = performance.now() - times.startMs;
  for (const note of notes) io.stderr(`levelramp: ${oneLine(note)}\n`);
  const options: SelectLevelsOptions = {
    solver,
    timeLimitSeconds: timeLimit,
    limits: solverLimits(o.limits),
    incremental: o.incremental === true,
    names: CLI_NAMES,
    ...(tolerance !== undefined && from ? { minMoves: { from, tolerance } } : {}),
  };
  let selected: SelectedLevels;
  try {
    selected = await selectLevels(inputs, options);
  } catch (err) {
    if (err instanceof SelectionNoAnswer && o.json) {
      const infeasible = err.status === "infeasible" ? { infeasible: true } : {};
      io.stdout(JSON.stringify({ status: err.status, ...infeasible, message: remedyFlags(err), diagnosis: err.detail, limit: err.limit, remedies: err.remedies }, null, 2) + "\n");
    } else if (err instanceof NoAnswerError && o.json) io.stdout(JSON.stringify({ status: "infeasible", infeasible: true, message: remedyFlags(err), diagnosis: err.detail }, null, 2) + "\n");
    throw err;
  }
  const { file, selection, moves } = selected;
  times.buildMs = selected.times.buildMs;
  const ms = (times.solveMs = selected.times.solveMs);
  const tw = performance.now();
  const refused = o.requireOptimal && selection.status !== "optimal";
  if (o.out && !refused) await writeFileAtomic(o.out, JSON.stringify(file, null, 2) + "\n", { force: o.force, forceOption: "--force", module: "cli/select" });
  times.writeMs = performance.now() - tw;
  if (o.json) io.stdout(JSON.stringify(jsonAnswer(file, selection, moves, o.stats ? times : undefined), null, 2) + "\n");
  io.stderr(summary(o, selected, ms));
  if (refused) throw new NoAnswerError("select", `not proven optimal (${describeStatus(file)}) and --require-optimal was given; nothing written`);
}

/**
 * Reads the files (the options were checked: {@link CheckedOptions}).
 * What only some runs need is loaded by them: a JSON pool's schemas and its game (a CSV pool
 * is read without them), the levels file's for --from, the --keep ranges. `outside`: the game of
 * --game, whose model and ramp a generic pool (an order of its levels) defaults to.
 */
async function readInputs(o: SelectOptions, outside: Game | undefined, checked: CheckedOptions): Promise<{ inputs: SelectLevelsInputs; from?: LevelsFile }> {
  const { outCheck } = checked;
  const { value: read, game } = o.pools.toLowerCase().endsWith(".csv") ? { value: readCsvPoolLevels(o.pools), game: undefined } : await (await import("../game/registry/read-game-file.ts")).readGamePoolLevels(o.pools, outside);
  const { pool } = read;
  const files = modelFiles(game ?? pool.game, o);
  // A generic pool exported from an outside game (--game; an order of its levels, say) carries the metrics
  // its solve returns: the game's selection model and ramp are its defaults (its plan is a plan of game pools).
  const { modelFile, rampFile } = pool.game === "generic" && outside ? modelFiles(outside, o) : files;
  // the game's default files are inputs too, known once the pool names its game
  if (o.out) checkNotAnInput(o.out, { ...outCheck, inputs: [{ what: "the model", path: modelFile }, { what: "the ramp", path: rampFile }, { what: "the plan", path: files.planFile }] });
  const model = readJsonFile(modelSchema, modelFile);
  // A player ramp turned through --calibration (SPEC 11); the ramp --from's order takes its targets from.
  const given = readJsonFile(rampSchema, rampFile);
  const calibration = o.calibration ? { calibration: readCalibration(o.calibration), calibrationFile: o.calibration } : {};
  const { ramp, notes } = selectionRamp({ ramp: given, rampFile, ...calibration }, { force: o.force === true, names: CLI_NAMES });
  checked.notes.push(...notes);
  // The plan: --plan, else an order's own, else the game's (read only then).
  const { plan, planFile } = selectionPlan({ pool, poolFile: o.pools, poolLevels: read.levels, ...(o.plan ? { planFile: o.plan } : {}), defaultPlanFile: files.planFile }, "cli/select");
  const inputs: SelectLevelsInputs = {
    pool,
    poolFile: o.pools,
    ...(game ? { game } : {}),
    plan,
    planFile,
    model,
    modelFile,
    ramp,
    rampFile,
  };
  // --from: a levels file, or an order read as one.
  const from = o.from ? (await (await import("../pipeline/inputs/read-levels-input.ts")).readLevelsInput(o.from, { ramp: ramp, model, plan, planFile, module: "cli/select", game: outside })).levels : undefined;
  if (from && o.from && (o.keep || o.keepUntil)) {
    const { parseRanges } = await import("../select/problem/keep-ranges.ts");
    const option = o.keep ? `--keep ${o.keep}` : `--keep-until ${o.keepUntil}`;
    const levels = o.keep ? parseRanges(o.keep, "--keep") : parseRanges(`1-${o.keepUntil}`, "--keep-until");
    inputs.keep = { levels, from, fromFile: o.from, option };
  }
  return { inputs, ...(from ? { from } : {}) };
}

/** The flags select's messages name (selectLevels's own words name its options). */
const CLI_NAMES = { module: "cli/select", calibration: "--calibration", giveCalibration: "--calibration <calibration.json>", force: "--force", minMoves: "--min-moves" };

/** The `--json` answer: status first, then the objective and what is known about it. */
function jsonAnswer(file: LevelsFile, selection: Selection, moves: { moves: number; plainMoves: number } | undefined, times: Record<string, number> | undefined) {
  const metric = file.model.metric;
  const levels = file.levels.map((l) => ({ number: l.number, id: l.id, value: l.metrics[metric], target: l.target }));
  const known = { bound: file.bound, gap: file.gap, optimum: file.optimum, tolerance: file.tolerance, note: file.note };
  const tenth = (x: number) => Math.round(x * 10) / 10;
  // The solver's own counters (and its solveMs, when it keeps one) come after the command's times.
  const stats =
    times === undefined
      ? undefined
      : { solveMs: tenth(times.solveMs), states: 0, classes: 0, candidates: 0, slots: file.levels.length, ...selection.stats, startMs: tenth(times.startMs), readMs: tenth(times.readMs), buildMs: tenth(times.buildMs), writeMs: tenth(times.writeMs) };
  return { status: file.status, objective: file.objective, optimal: file.optimal, ...known, solver: selection.solver, ...moves, ...(stats ? { stats } : {}), levels };
}

/** The stderr lines: what was selected, with which solver, how long, and the status. */
function summary(o: SelectOptions, selected: SelectedLevels, ms: number): string {
  const { file, selection, moves, inputs } = selected;
  const { model } = inputs;
  let versusBuild = "";
  if (selected.versusBuild) {
    const { differ, objective } = selected.versusBuild;
    const gain = objective - file.objective;
    versusBuild =
      differ === 0
        ? `select: the same levels as the build that grew ${o.pools}\n`
        : `select: ${differ} level numbers differ from the build that grew ${o.pools}; objective ${file.objective} against the build's ${objective}` +
          (gain > 1e-9 ? ` (${gain.toFixed(6)} better, ${((100 * gain) / Math.max(objective, 1e-12)).toFixed(1)}%)` : "") +
          "\n";
  }
  const kept = inputs.keep ? `select: kept ${inputs.keep.levels.length} level(s) from ${o.from} (${inputs.keep.option})\n` : "";
  const first = file.levels[0]?.number ?? 0;
  const last = file.levels[file.levels.length - 1]?.number ?? 0;
  const norm = `${model.objective.norm}${model.objective.evenness ? ` + evenness ${model.objective.evenness}` : ""}`;
  return (
    `select: ${file.levels.length} levels (${first}–${last}) with ${selection.solver} in ${ms.toFixed(0)} ms: objective ${file.objective} (${norm}), ` +
    `${describeStatus(file)}${o.out && !(o.requireOptimal && selection.status !== "optimal") ? ` → ${o.out}` : ""}\n` +
    (moves ? `select: ${moves.moves} level numbers hold another level than in ${o.from} (the plain optimum would change ${moves.plainMoves})\n` : "") +
    versusBuild +
    kept
  );
}
