import { InputError, NoAnswerError } from "../../io/errors.ts";
import { checkOrder } from "../../io/order/order.ts";
import { readJsonFile } from "../../io/read-json-file.ts";
import type { Calibration } from "../../io/schemas/calibration.ts";
import type { LevelsFile } from "../../io/schemas/levels.ts";
import type { Model } from "../../io/schemas/model.ts";
import { planSchema, type Plan } from "../../io/schemas/plan.ts";
import type { Pool } from "../../io/schemas/pool.ts";
import type { Ramp } from "../../io/schemas/ramp.ts";
import { metricRampOfPassRamp, noHeldOutGain, PASS_RATE, weakSlope } from "../../calibrate/pass-ramp.ts";
import type { Game } from "../../game/game.ts";
import { checkPoolBodies } from "../../game/check-level-body.ts";
import { buildProblem, type BuiltProblem, type SelectionInputs } from "../../select/problem/build-problem.ts";
import { toLevelsFile } from "../../select/problem/levels-file.ts";
import { orderPlan } from "../../select/problem/order-levels.ts";
import type { Selection } from "../../select/problem/selection-problem.ts";
import { solveSelection, type SolveOptions } from "../../select/solve/solve-selection.ts";
import { dpRefusal } from "../../select/dp/dp-runs.ts";

/**
 * What {@link selectLevels} selects from, every file already read and parsed
 * (the `*File` names are for messages and for the levels file's record).
 */
export interface SelectLevelsInputs {
  /** The pool (SPEC 3), and where it was read from. */
  pool: Pool;
  poolFile: string;
  /**
   * Each candidate's level number when the pool is an order (SPEC 3 "An
   * order": a generic pool whose candidates carry level numbers), as
   * `readPoolFile` returns them; absent or all `undefined`: not an order.
   */
  poolLevels?: ReadonlyArray<number | undefined>;
  /** The game the pool's bodies are levels of (its wellFormed rules, its own concept names); absent for a generic pool. */
  game?: Game;
  /**
   * The plan. Default: an order's own plan (its chapters and parts as its
   * levels hold them, {@link orderPlan}), else `defaultPlanFile` read.
   */
  plan?: Plan;
  planFile?: string;
  /** The plan read when none is given and the pool is not an order (`models/<game>/plan.json`). */
  defaultPlanFile?: string;
  model: Model;
  modelFile: string;
  /** The ramp; one drawn in `passRate` (a player ramp, SPEC 11) needs `calibration`. */
  ramp: Ramp;
  rampFile: string;
  /** Turns a passRate ramp into a ramp of the calibrated metric (SPEC 11). */
  calibration?: Calibration;
  calibrationFile?: string;
  /** Levels frozen from an earlier levels file, as `buildProblem` takes them. */
  keep?: SelectionInputs["keep"];
}

/**
 * How {@link selectLevels} solves. Every member has `levelramp select`'s
 * default. The solver's own options (`solver`, `timeLimitSeconds` in
 * seconds, `limits`) are {@link SolveOptions}'s: this object is handed to
 * the solver as it is, and each is read (and defaulted) where the solver
 * uses it.
 */
export interface SelectLevelsOptions extends Pick<SolveOptions, "solver" | "timeLimitSeconds" | "limits"> {
  /** Select part by part, as the build does (`feasible` unless one part). */
  incremental?: boolean;
  /**
   * Within `tolerance` (objective units) of the optimum, the sequence that
   * changes the fewest level numbers relative to `from` (an earlier release):
   * a `feasible` answer (SPEC 6). Runs the dp: the model must be chain-shaped.
   */
  minMoves?: { from: LevelsFile; tolerance: number };
  /** Select with a calibration whose slope interval includes 0 (its slope still positive), with a note. */
  force?: boolean;
  /**
   * How the caller names things in messages: the module prefix (default
   * `pipeline/select`) and its inputs — the CLI passes its flags
   * (`--calibration`, `--force`, `--min-moves`); the
   * library's own words name the options of this call.
   */
  names?: Partial<typeof LIBRARY_NAMES>;
}

/** The library's words for {@link SelectLevelsOptions.names}. */
const LIBRARY_NAMES = {
  module: "pipeline/select",
  /** The calibration, as an input ("drop it"). */
  calibration: "calibration",
  /** Asking for one. */
  giveCalibration: "a calibration (levelramp calibrate)",
  force: "force: true",
  minMoves: "minMoves",
};

/** What {@link selectLevels} returns. */
export interface SelectedLevels {
  /** The levels file (SPEC 3 `levelramp/levels@1`), as `select --out` writes it (`JSON.stringify(file, null, 2)` and a newline). */
  file: LevelsFile;
  /** The solver's answer (picks, status, stats). */
  selection: Selection;
  /** The inputs as selected: the plan chosen (an order's own, or read), the ramp (a player ramp turned through the calibration). */
  inputs: SelectionInputs;
  /** The compiled problem. */
  built: BuiltProblem;
  /** With `minMoves`: the level numbers that hold another level than in `from`, and how many the plain optimum would change. */
  moves?: { moves: number; plainMoves: number };
  /** When the pool records the build that grew it: how many level numbers differ from that build's, and its objective. */
  versusBuild?: { differ: number; objective: number };
  /** Notes for the user (a weak calibration used with `force`). */
  notes: string[];
  /** Times of this call, ms: the problem built, the solve (with min-moves). */
  times: { buildMs: number; solveMs: number };
}

/**
 * Selects and orders the levels that ship (SPEC 6) — what `levelramp select`
 * does between reading its files and writing `--out`: checks the pool's
 * bodies against its game, takes an order's own plan by default, turns a
 * player ramp through the calibration (SPEC 11), builds the problem, solves
 * (whole, or part by part), and with `minMoves` moves the fewest level
 * numbers within the tolerance.
 *
 * @throws InputError (exit 2) naming the file and JSON path: a pool body that
 *   is not a level, a passRate ramp without a calibration (or a calibration
 *   for another ramp, or a weak one without `force`), an order that breaks its
 *   plan, `minMoves` on a model the dp cannot take, and `buildProblem`'s.
 * @throws SelectionNoAnswer (exit 1): `infeasible` with the diagnosis, or
 *   `unknown` naming the limit hit (`limit`: "time limit", "dp states", ...).
 */
export async function selectLevels(inputs: SelectLevelsInputs, options: SelectLevelsOptions = {}): Promise<SelectedLevels> {
  const notes: string[] = [];
  const names = { ...LIBRARY_NAMES, ...options.names };
  const module = names.module;
  const { pool, poolFile, game } = inputs;
  // 1. A game pool's bodies are levels of their game; its own concepts may be named before any candidate carries one.
  if (game) checkPoolBodies(game, pool.candidates, poolFile, module);
  // 2. The plan: the one given, an order's own, or the default file.
  const { plan, planFile } = selectionPlan(inputs, module);
  // 3. A player ramp becomes a ramp of the calibrated metric.
  const { ramp, notes: rampNotes } = selectionRamp(inputs, options);
  notes.push(...rampNotes);
  const selectionInputs: SelectionInputs = {
    pool,
    poolFile,
    plan,
    planFile,
    model: inputs.model,
    modelFile: inputs.modelFile,
    ramp,
    rampFile: inputs.rampFile,
    ...(inputs.keep ? { keep: inputs.keep } : {}),
    ...(game?.conceptNames ? { knownConcepts: new Set(game.conceptNames) } : {}),
  };
  // 4. Build and solve.
  const tb = performance.now();
  const built = buildProblem(selectionInputs);
  const t0 = performance.now();
  let selection = options.incremental ? await (await import("../../select/solve/solve-incremental.ts")).solveIncremental(built.problem, options) : await solveSelection(built.problem, options);
  // 5. The fewest moves within the tolerance.
  let moves: SelectedLevels["moves"];
  if (options.minMoves) ({ selection, moves } = await fewestMoves(built, options.minMoves.from, selection, options.minMoves.tolerance, names));
  const solveMs = performance.now() - t0;
  const file = toLevelsFile({ built, selection, pool, model: inputs.model, ramp });
  return { file, selection, inputs: selectionInputs, built, ...(moves ? { moves } : {}), ...versusBuild(pool, file, selectionInputs, moves), notes, times: { buildMs: t0 - tb, solveMs } };
}

/**
 * The plan a selection uses (SPEC 2 `select --plan`): `inputs.plan` (or
 * `planFile` read) when given; else, when the pool is an order, the order's
 * own ({@link orderPlan}: its chapters and parts as its levels hold them,
 * named by the pool's file); else `defaultPlanFile` read.
 *
 * @param module the module named in messages (default `pipeline/select`).
 * @throws InputError (exit 2): an order that breaks its shape (named by CSV line or JSON path), a plan file's problems, no plan at all.
 */
export function selectionPlan(inputs: Pick<SelectLevelsInputs, "pool" | "poolFile" | "poolLevels" | "plan" | "planFile" | "defaultPlanFile">, module = LIBRARY_NAMES.module): { plan: Plan; planFile: string } {
  const { pool, poolFile } = inputs;
  const order = inputs.poolLevels?.some((l) => l !== undefined) ? checkOrder(poolFile, { pool, levels: [...inputs.poolLevels] }, {}) : undefined;
  const planFile = inputs.planFile ?? (order ? poolFile : inputs.defaultPlanFile);
  if (planFile === undefined) throw new InputError(module, "expected a plan (the pool is not an order, which would bring its own)");
  return { plan: inputs.plan ?? (order && inputs.planFile === undefined ? orderPlan(order) : readJsonFile(planSchema, planFile)), planFile };
}

/**
 * The ramp a selection is made against (SPEC 11): a passRate ramp (a player
 * ramp) turned through the calibration into a ramp of the calibrated metric,
 * else the ramp itself. A calibration whose slope interval includes 0 or
 * points the wrong way is refused (`weakSlope`); `options.force` uses one
 * whose slope is still positive, with a note. One whose held-out gain's
 * interval reaches 0 (`noHeldOutGain`) is used with a note: with 15 levels a
 * real slope often shows no significant held-out gain, and a refusal would
 * refuse most honest calibrations of a short game.
 *
 * @throws InputError (exit 2) naming the ramp or calibration file and JSON
 *   path: a passRate ramp without a calibration, a calibration for a ramp of
 *   another metric, a weak calibration not forced.
 */
export function selectionRamp(inputs: Pick<SelectLevelsInputs, "ramp" | "rampFile" | "calibration" | "calibrationFile">, options: Pick<SelectLevelsOptions, "force" | "names"> = {}): { ramp: Ramp; notes: string[] } {
  const names = { ...LIBRARY_NAMES, ...options.names };
  const force = options.force === true;
  const notes: string[] = [];
  const { ramp, rampFile, calibration } = inputs;
  const { module } = names;
  const calibrationFile = inputs.calibrationFile ?? "the calibration";
  if (ramp.metric === PASS_RATE && !calibration) {
    throw new InputError(module, `the ramp is drawn in ${PASS_RATE} (a player ramp): give ${names.giveCalibration} to turn it into a ramp of the measured metric (SPEC 11)`, { file: rampFile, jsonPath: "$.metric" });
  }
  if (!calibration) return { ramp, notes };
  if (ramp.metric !== PASS_RATE) {
    throw new InputError(module, `${names.calibration} turns a ramp of metric "${PASS_RATE}"; this ramp is about "${ramp.metric}" (drop ${names.calibration}, or draw the ramp in pass rates)`, { file: rampFile, jsonPath: "$.metric" });
  }
  const weak = weakSlope(calibration);
  if (weak && !(force && calibration.params.b.value > 0)) {
    const how = calibration.params.b.value > 0 ? `give ${names.force} to select with it anyway` : "no falling pass-rate ramp maps to a rising ramp of the metric";
    throw new InputError(module, `${weak}; ${how}`, { file: calibrationFile, jsonPath: "$.params.b" });
  }
  if (weak) notes.push(`select: ${weak}; selecting with it (${names.force})`);
  const flat = noHeldOutGain(calibration);
  if (flat) notes.push(`select: ${flat}; selecting with it`);
  return { ramp: metricRampOfPassRamp(ramp, calibration, { ramp: rampFile, calibration: calibrationFile }), notes };
}

/** The fewest moves: among sequences within the tolerance of the answer, the fewest level numbers moved — a `feasible` answer. */
async function fewestMoves(built: BuiltProblem, from: LevelsFile, plain: Selection, tolerance: number, names: typeof LIBRARY_NAMES) {
  const { module } = names;
  const { countMoves, MIN_MOVES_NOTE, solveDpMinMovesBranching } = await import("../../select/dp/solve-dp-min-moves.ts");
  const byNumber = new Map(from.levels.map((l) => [l.number, l.id]));
  const reference = { ids: built.problem.slots.map((s) => byNumber.get(s.number)) };
  const refusal = dpRefusal(built.problem);
  if (refusal) throw new InputError(module, `${names.minMoves} runs the dp, and ${refusal}`);
  const plainMoves = countMoves(built.problem, reference, plain.picks);
  const r = solveDpMinMovesBranching(built.problem, reference, plain.objective + tolerance);
  if (!("selection" in r)) throw new NoAnswerError(module, "internal: no sequence within the tolerance, though the optimum is one");
  const note = plain.status === "optimal" ? MIN_MOVES_NOTE : `${MIN_MOVES_NOTE} (the optimum itself was not proven: ${plain.note ?? "feasible"})`;
  const selection: Selection = { ...r.selection, status: "feasible", optimal: false, optimum: plain.objective, tolerance, note, solver: `${plain.solver}+min-moves` };
  return { selection, moves: { moves: r.selection.stats.moves, plainMoves } };
}

/** Against the build that grew the pool (when it records one, and nothing was kept or moved least): level numbers that differ. */
function versusBuild(pool: Pool, file: LevelsFile, inputs: SelectionInputs, moves: SelectedLevels["moves"]): { versusBuild?: SelectedLevels["versusBuild"] } {
  if (!pool.build || inputs.keep || moves !== undefined) return {};
  const theirs = new Map(pool.build.levels.map((l) => [l.number, l.id]));
  return { versusBuild: { differ: file.levels.filter((l) => theirs.get(l.number) !== l.id).length, objective: pool.build.objective } };
}
