import { existsSync } from "node:fs";
import { basename } from "node:path";
import { InputError } from "../io/errors.ts";
import { hasOwnKey } from "../io/hostile/own-key.ts";
import type { Order } from "../io/order/order.ts";
import { readJsonFile } from "../io/read-json-file.ts";
import type { Calibration } from "../io/schemas/calibration.ts";
import type { LevelsFile } from "../io/schemas/levels.ts";
import { modelSchema, type Model } from "../io/schemas/model.ts";
import { planSchema, type Plan } from "../io/schemas/plan.ts";
import type { Pool } from "../io/schemas/pool.ts";
import type { Ramp } from "../io/schemas/ramp.ts";
import type { Game } from "../game/game.ts";
import { modelsPath } from "../game/models-path.ts";
import { findBreaks } from "../select/rules/find-breaks.ts";
import { orderPlan } from "../select/problem/order-levels.ts";
import { describeStatus, levelsStatus } from "../select/problem/levels-file.ts";
import { rampTarget } from "../select/ramp/ramp-target.ts";
import { calibratedLevels } from "./calibrated-levels.ts";
import { CALIBRATION_TEXT_NAMES, calibrationText } from "./calibration-text.ts";
import { chainRestarts, restartsLine } from "./chain-restarts.ts";
import { conceptTimeline, conceptsText } from "./concept-timeline.ts";
import { deviationCsv, levelDeviationCsv } from "./deviation-csv.ts";
import { deviationReport, type RampDeviation } from "./deviation-report.ts";
import { deviationTable } from "./deviation-table.ts";
import type { EditorOptions } from "./editor/editor-data.ts";
import { poolCoverage } from "./pool-coverage.ts";
import { renderHtmlReport } from "./render-html-report.ts";

/** What {@link reportLevels} reports on, every file already read and parsed. */
export interface ReportInputs {
  /** The levels file (an order already made one: `readLevelsInput`), and its path (messages, the page's select line). */
  levels: LevelsFile;
  levelsFile: string;
  /** The order the levels file was made from, when it was one (its own plan is the ramp editor's default). */
  order?: Order;
  /** The game of the levels (draws the page's pictures, names its concepts); absent for generic levels. */
  game?: Game;
  /** Replaces the file's embedded model: whose rules' breaks are counted. */
  model?: Model;
  /** Ramps to measure against, side by side (labelled by file name, by path when two share one); none: the stored targets, `embedded`. */
  ramps?: ReadonlyArray<{ ramp: Ramp; file: string }>;
  /** The pool the levels came from: pool coverage against every ramp; with the html format the page becomes a ramp editor. */
  pool?: { pool: Pool; levels: ReadonlyArray<number | undefined>; file: string };
  /** The plan the levels were selected with (the ramp editor; default an order's own, else the game's). */
  plan?: { plan: Plan; file: string };
  /** A calibration of the levels' metric (SPEC 11): predicted pass rates, observed against predicted. */
  calibration?: { calibration: Calibration; file: string };
  /** `--game` as the user gave it, named in the editor page's select line. */
  gameOption?: string;
}

/** How {@link reportLevels} reports. */
export interface ReportOptions {
  /** Default `table`. */
  format?: "table" | "json" | "csv" | "html";
  /** csv: the per-level table instead of the per-chapter one. */
  perLevel?: boolean;
  /** Colour of the table (0: none; default 0). */
  color?: 0 | 1;
  /**
   * How the caller names things in messages and in the text: the module
   * (default `report`), its inputs (the CLI: `--plan`, `--pools`, `--ramp`)
   * and a selection through a calibration (the CLI: `select --calibration`,
   * `--force`).
   */
  names?: Partial<typeof LIBRARY_NAMES>;
}

/** What {@link reportLevels} returns. */
export interface ReportedLevels {
  /** The report in the format asked for, as `levelramp report` prints or writes it. */
  text: string;
  /** The deviation from each ramp, chapter by chapter. */
  ramps: RampDeviation[];
  /** Warnings for the user (a stored target the embedded ramp does not give). */
  warnings: string[];
}

const LIBRARY_NAMES = { module: "report", plan: "a plan", pools: "the pool", rampHint: "give ramps to measure against a ramp", ...CALIBRATION_TEXT_NAMES };

/**
 * Reports a levels file's deviation from its ramp(s) chapter by chapter
 * (SPEC 1 job 4, SPEC 2 `report`) — what `levelramp report` does between
 * reading its files and printing: the model's breaks, chain restarts, the
 * concept timeline, pool coverage, a calibration's pass rates, in one of four
 * formats; with a pool and the html format, the page is a ramp editor. It
 * checks that the inputs fit together: each ramp's metric on every level, the
 * pool of the levels' game holding their ids, a plan for an editor over an
 * order; a stored target the embedded ramp does not give is a warning.
 *
 * @throws InputError (exit 2) naming the file and JSON path of the first input that does not fit.
 */
export async function reportLevels(inputs: ReportInputs, options: ReportOptions = {}): Promise<ReportedLevels> {
  const names = { ...LIBRARY_NAMES, ...options.names };
  const { module } = names;
  const format = options.format ?? "table";
  const { levelsFile, calibration } = inputs;
  const file = inputs.model ? { ...inputs.levels, model: inputs.model } : inputs.levels;
  // 1. Ramps, labelled by file name (by the path given when two share a name); each one's metric on every level.
  const given = inputs.ramps ?? [];
  const fileNames = given.map((r) => basename(r.file));
  const ramps = given.map((r, i) => ({ name: fileNames.filter((n) => n === fileNames[i]).length > 1 ? r.file : fileNames[i], ramp: r.ramp }));
  for (const r of ramps) {
    file.levels.forEach((l, i) => {
      if (!hasOwnKey(l.metrics, r.ramp.metric)) throw new InputError(module, `expected metric "${r.ramp.metric}" (the ramp ${r.name} is about it)`, { file: levelsFile, jsonPath: `$.levels[${i}].metrics` });
    });
  }
  // 2. The pool: an editor over an order needs a plan unless the pool is one; the levels' game; their ids.
  const pool = inputs.pool;
  if (inputs.order && !inputs.plan && format === "html" && pool && !pool.levels.some((l) => l !== undefined)) {
    throw new InputError(module, `the ramp editor over an order needs ${names.plan} when ${names.pools} is not an order (select reads ${pool.file} with models/generic/plan.json otherwise)`);
  }
  if (pool && pool.pool.game !== file.game) throw new InputError(module, `expected a pool of game "${file.game}" (the levels file's game); got "${pool.pool.game}"`, { file: pool.file, jsonPath: "$.game" });
  if (pool) {
    const ids = new Set(pool.pool.candidates.map((c) => c.id));
    const missing = file.levels.filter((l) => !ids.has(l.id));
    if (missing.length === file.levels.length && file.levels.length > 0) {
      throw new InputError(module, `expected the pool the levels came from; it has none of their ids (e.g. ${missing[0].id})`, { file: pool.file, jsonPath: "$.candidates" });
    }
  }
  const calibrated = calibration ? calibratedLevels(file, calibration.calibration, { levels: levelsFile, calibration: calibration.file }) : undefined;
  const breaks = findBreaks(file.levels, file.model.constraints);
  const restarts = chainRestarts(file);
  const concepts = conceptTimeline(file.levels);
  // 3. The stored targets are the figures (SPEC 2); one the embedded ramp does not give is named, not trusted blindly.
  const warnings: string[] = [];
  const embedded = rampTarget(file.ramp);
  const stale = file.levels.filter((l) => Math.abs(l.target - embedded(l.number)) > 1e-6);
  if (stale.length) {
    warnings.push(`report: ${stale.length} level(s) store a target the embedded ramp does not give at their number (e.g. level ${stale[0].number}: ${stale[0].target} stored, ${embedded(stale[0].number)} from the ramp); figures use the stored targets — ${names.rampHint}`);
  }
  // 4. The deviation from each ramp, and the report in its format.
  const coverage = pool ? poolCoverage(file, pool.pool) : undefined;
  const reports = ramps.length ? ramps.map((r) => deviationReport(file, r.ramp, r.name, breaks, coverage)) : [deviationReport(file, undefined, "embedded", breaks, coverage)];
  let text: string;
  if (format === "html") {
    const editor = pool ? editorOptions(file, inputs, names) : undefined;
    // With a calibration the editor can show and edit the ramp in pass rates (SPEC 11); the page's select line names the file as given.
    if (editor && calibration) editor.calibration = { file: calibration.file, metric: calibration.calibration.metric, model: calibration.calibration.model, params: calibration.calibration.params };
    const cal = calibration && calibrated ? { file: calibration.calibration, name: basename(calibration.file), levels: calibrated } : undefined;
    text = await renderHtmlReport({ file, game: inputs.game, ramps, fileName: basename(levelsFile), editor, calibration: cal });
  } else if (format === "json") {
    const status = { status: levelsStatus(file), optimal: file.optimal, objective: file.objective, bound: file.bound, gap: file.gap, optimum: file.optimum, tolerance: file.tolerance, note: file.note, solver: file.solver };
    const passRates = calibration && calibrated ? { calibration: calibration.calibration, passRates: calibrated.map((l) => ({ level: l.level, id: l.id, passRate: l.passRate })) } : {};
    text = JSON.stringify({ file: basename(levelsFile), game: file.game, ...status, ramps: reports, breaks, ...(restarts ? { restarts } : {}), ...(concepts ? { concepts } : {}), ...passRates }, null, 2) + "\n";
  } else if (format === "csv") {
    text = options.perLevel ? levelDeviationCsv(reports) : deviationCsv(reports);
  } else {
    text =
      `status: ${describeStatus(file)}${file.solver ? ` — ${file.solver}` : ""}, objective ${file.objective}\n` +
      deviationTable(reports, breaks, options.color ?? 0, names) +
      (restarts ? `${restartsLine(restarts)}\n` : "") +
      (concepts ? "\n" + conceptsText(concepts) : "") +
      (calibration ? "\n" + calibrationText(calibration.calibration, undefined, names) : "");
  }
  return { text, ramps: reports, warnings };
}

/**
 * What the ramp editor page reads besides the levels file: the pool, the plan
 * (given, an order's own, else the game's) and the names its `levelramp
 * select` command line uses — the model is named (`model.json`, downloaded
 * from the page) only when the file's embedded model is not the game's default.
 */
function editorOptions(file: LevelsFile, inputs: ReportInputs, names: typeof LIBRARY_NAMES): EditorOptions {
  const { game, pool } = inputs;
  const planRead = inputs.plan?.plan ?? (inputs.order ? orderPlan(inputs.order) : undefined);
  const planFile = game?.models.plan ?? modelsPath(file.game, "plan.json");
  if (!planRead && !existsSync(planFile)) throw new InputError(names.module, `the ramp editor needs the plan the levels were selected with; ${file.game} has no default plan: give ${names.plan}`);
  const plan = planRead ?? readJsonFile(planSchema, planFile);
  const defaultModel = game?.models.selection ?? modelsPath(file.game, "selection.json");
  const sameModel = existsSync(defaultModel) && JSON.stringify(readJsonFile(modelSchema, defaultModel)) === JSON.stringify(file.model);
  const knownConcepts = game?.conceptNames;
  const files = { levels: inputs.levelsFile, pools: pool!.file, plan: inputs.plan?.file ?? null, model: sameModel ? null : "model.json", ...(inputs.gameOption ? { game: inputs.gameOption } : {}) };
  return { pool: pool!.pool, plan, files, ...(knownConcepts ? { knownConcepts } : {}), planOption: names.plan };
}
