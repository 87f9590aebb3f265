// The run of `levelramp select` (src/cli/commands/select.ts) once its options passed their checks:
// read the files, build, solve, write, print. A module of its own so that a usage error, or
// `select --help`, loads none of it (the file formats' schemas and zod, the problem, the solvers).
import { writeFileAtomic } from "../io/atomic-write.ts";
import { InputError, NoAnswerError } from "../io/errors.ts";
import { checkNotAnInput, type OutputCheck } from "../io/output-paths.ts";
import { readCsvPoolLevels } from "../io/order/csv-pool-levels.ts";
import { checkOrder } from "../io/order/order.ts";
import { orderPlan } from "../select/problem/order-levels.ts";
import { readJsonFile } from "../io/read-json-file.ts";
import type { Game } from "../game/game.ts";
import type { LevelsFile } from "../io/schemas/levels.ts";
import { modelSchema } from "../io/schemas/model.ts";
import { planSchema } from "../io/schemas/plan.ts";
import { rampSchema, type Ramp } from "../io/schemas/ramp.ts";
import { metricRampOfPassRamp, PASS_RATE, weakSlope } from "../calibrate/pass-ramp.ts";
import { readCalibration } from "../calibrate/read-calibration.ts";
import { buildProblem, type BuiltProblem, type SelectionInputs } from "../select/problem/build-problem.ts";
import { describeStatus, toLevelsFile } from "../select/problem/levels-file.ts";
import type { Selection } from "../select/problem/selection-problem.ts";
import { solverLimits } from "../select/problem/solver-limits.ts";
import { SelectionNoAnswer, solveSelection, type SolverChoice } from "../select/solve/solve-selection.ts";
import { dpRefusal } from "../select/dp/dp-runs.ts";
import type { CommandContext } from "./cli-io.ts";
import { modelFiles } from "./options.ts";
import { oneLine } from "../io/hostile/terminal-text.ts";

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

/** What the option checks give the run: the numbers parsed, the notes about the output path, its check. */
export interface CheckedOptions {
  timeLimit: number;
  tolerance: number | undefined;
  notes: string[];
  outCheck: OutputCheck;
}

/**
 * Runs `levelramp select` on options that passed their checks: reads the files, builds the problem,
 * solves, writes `--out`, prints `--json` and the summary. `outside`: the game of `--game`;
 * `startMs`: the time (performance.now()) the command's modules were loaded by, for `--stats`.
 */
export async function runSelect(o: SelectOptions, ctx: CommandContext, outside: Game | undefined, checked: CheckedOptions, startMs: number): Promise<void> {
  const { io } = ctx;
  const { timeLimit, tolerance, notes } = checked;
  // --stats times: start (Node and the modules, from the process's start), read, build, solve, write.
  const times = { startMs, readMs: 0, buildMs: 0, solveMs: 0, writeMs: 0 };
  const { inputs, from, game } = await readInputs(o, outside, checked);
  times.readMs = performance.now() - times.startMs;
  for (const note of notes) io.stderr(`levelramp: ${oneLine(note)}\n`);
  if (game) {
    // A game pool's bodies must be levels of their game (the game's wellFormed rules; reading the pool opened the game).
    const { checkPoolBodies } = await import("../game/check-level-body.ts");
    checkPoolBodies(game, inputs.pool.candidates, o.pools, "cli/select");
    // The game's own concepts (SPEC 12) may be named by its model before any candidate carries one.
    if (game.conceptNames) inputs.knownConcepts = new Set(game.conceptNames);
  }
  const tb = performance.now();
  const built = buildProblem(inputs);
  const t0 = performance.now();
  times.buildMs = t0 - tb;
  const options = { solver: o.solver as SolverChoice, timeLimitMs: timeLimit * 1000, limits: solverLimits(o.limits) };
  let selection: Selection;
  try {
    selection = o.incremental ? await (await import("../select/solve/solve-incremental.ts")).solveIncremental(built.problem, options) : await solveSelection(built.problem, options);
  } catch (err) {
    if (err instanceof SelectionNoAnswer && o.json) {
      const infeasible = err.status === "infeasible" ? { infeasible: true } : {};
      io.stdout(JSON.stringify({ status: err.status, ...infeasible, message: err.message, diagnosis: err.detail, limit: err.limit }, null, 2) + "\n");
    } else if (err instanceof NoAnswerError && o.json) io.stdout(JSON.stringify({ status: "infeasible", infeasible: true, message: err.message, diagnosis: err.detail }, null, 2) + "\n");
    throw err;
  }
  let moves: { moves: number; plainMoves: number } | undefined;
  if (tolerance !== undefined && from) ({ selection, moves } = await fewestMoves(built, from, selection, tolerance));
  const ms = performance.now() - t0;
  times.solveMs = ms;
  const file = toLevelsFile({ built, selection, pool: inputs.pool, model: inputs.model, ramp: inputs.ramp });
  const refused = o.requireOptimal && selection.status !== "optimal";
  if (o.out && !refused) writeFileAtomic(o.out, JSON.stringify(file, null, 2) + "\n", { force: o.force, module: "cli/select" });
  times.writeMs = performance.now() - t0 - ms;
  if (o.json) io.stdout(JSON.stringify(jsonAnswer(file, selection, moves, o.stats ? times : undefined), null, 2) + "\n");
  io.stderr(summary(o, inputs, file, selection, ms, moves));
  if (refused) throw new NoAnswerError("select", `not proven optimal (${describeStatus(file)}) and --require-optimal was given; nothing written`);
}

/**
 * Reads the files (the options were checked: {@link CheckedOptions}).
 * What only some runs need is loaded by them: a JSON pool's schemas and its game (a CSV pool
 * is read without them), the levels file's for --from, the --keep ranges. `outside`: the game of
 * --game, whose model and ramp a generic pool (an order of its levels) defaults to.
 */
async function readInputs(o: SelectOptions, outside: Game | undefined, checked: CheckedOptions) {
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
  const ramp = playerRamp(readJsonFile(rampSchema, rampFile), rampFile, o.calibration, o.force === true, checked.notes);
  // An order (a pool whose candidates carry level numbers, SPEC 3) ships its own plan: select over it by default.
  const order = read.levels.some((l) => l !== undefined) ? checkOrder(o.pools, read, {}) : undefined;
  const planFile = o.plan ?? (order ? o.pools : files.planFile);
  const plan = o.plan || !order ? readJsonFile(planSchema, planFile) : orderPlan(order);
  const inputs: SelectionInputs = { pool, poolFile: o.pools, plan, planFile, model, modelFile, ramp, rampFile };
  // --from: a levels file, or an order read as one.
  const from = o.from ? (await (await import("../pipeline/inputs/read-levels-input.ts")).readLevelsInput(o.from, { ramp, model, plan, planFile, module: "cli/select", game: outside })).levels : undefined;
  if (from && o.from && (o.keep || o.keepUntil)) {
    const { parseRanges } = await import("../select/problem/keep-ranges.ts");
    const option = o.keep ? `--keep ${o.keep}` : `--keep-until ${o.keepUntil}`;
    const levels = o.keep ? parseRanges(o.keep, "--keep") : parseRanges(`1-${o.keepUntil}`, "--keep-until");
    inputs.keep = { levels, from, fromFile: o.from, option };
  }
  return { inputs, from, game };
}

/**
 * The ramp to select against: a passRate ramp turned through `--calibration` (SPEC 11), else the ramp itself.
 * A calibration whose slope interval includes 0 or points the wrong way is refused (`weakSlope`); `--force` uses
 * one whose b is still positive, with a note.
 */
function playerRamp(ramp: Ramp, rampFile: string, calibrationFile: string | undefined, force: boolean, notes: string[]): Ramp {
  if (ramp.metric === PASS_RATE && !calibrationFile) {
    throw new InputError("cli/select", `the ramp is drawn in ${PASS_RATE} (a player ramp): give --calibration <calibration.json> to turn it into a ramp of the measured metric (SPEC 11)`, { file: rampFile, jsonPath: "$.metric" });
  }
  if (!calibrationFile) return ramp;
  if (ramp.metric !== PASS_RATE) {
    throw new InputError("cli/select", `--calibration turns a ramp of metric "${PASS_RATE}"; this ramp is about "${ramp.metric}" (drop --calibration, or draw the ramp in pass rates)`, { file: rampFile, jsonPath: "$.metric" });
  }
  const calibration = readCalibration(calibrationFile);
  const weak = weakSlope(calibration);
  if (weak && !(force && calibration.params.b.value > 0)) {
    const how = calibration.params.b.value > 0 ? "give --force to select with it anyway" : "no falling pass-rate ramp maps to a rising ramp of the metric";
    throw new InputError("cli/select", `${weak}; ${how}`, { file: calibrationFile, jsonPath: "$.params.b" });
  }
  if (weak) notes.push(`select: ${weak}; selecting with it (--force)`);
  return metricRampOfPassRamp(ramp, calibration, { ramp: rampFile, calibration: calibrationFile });
}

/** `--min-moves`: among sequences within the tolerance of the answer, the fewest level numbers moved — a `feasible` answer. */
async function fewestMoves(built: BuiltProblem, from: LevelsFile, plain: Selection, tolerance: number) {
  const { countMoves, MIN_MOVES_NOTE, solveDpMinMovesBranching } = await import("../select/dp/solve-dp-min-moves.ts");
  const byNumber = new Map(from.levels.map((l) => [l.number, l.id]));
  const reference = { ids: built.problem.slots.map((s) => byNumber.get(s.number)) };
  const refusal = dpRefusal(built.problem);
  if (refusal) throw new InputError("cli/select", `--min-moves runs the dp, and ${refusal}`);
  const plainMoves = countMoves(built.problem, reference, plain.picks);
  const r = solveDpMinMovesBranching(built.problem, reference, plain.objective + tolerance);
  if (!("selection" in r)) throw new NoAnswerError("cli/select", "internal: no sequence within the tolerance, though the optimum is one");
  const note = plain.status === "optimal" ? MIN_MOVES_NOTE : `${MIN_MOVES_NOTE} (the optimum itself was not proven: ${plain.note ?? "feasible"})`;
  const selection: Selection = { ...r.selection, status: "feasible", optimal: false, optimum: plain.objective, tolerance, note, solver: `${plain.solver}+min-moves` };
  return { selection, moves: { moves: r.selection.stats.moves, plainMoves } };
}

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
function summary(o: SelectOptions, inputs: SelectionInputs, file: LevelsFile, selection: Selection, ms: number, moves?: { moves: number; plainMoves: number }): string {
  const { pool, model } = inputs;
  let versusBuild = "";
  if (pool.build && !inputs.keep && moves === undefined) {
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
