import { existsSync } from "node:fs";
import { basename } from "node:path";
import type { Command } from "commander";
import { writeFileAtomic } from "../../io/atomic-write.ts";
import { InputError } from "../../io/errors.ts";
import { checkOutputFile } from "../../io/output-paths.ts";
import { hasOwnKey } from "../../io/hostile/own-key.ts";
import { readJsonFile } from "../../io/read-json-file.ts";
import type { LevelsFile } from "../../io/schemas/levels.ts";
import { modelSchema } from "../../io/schemas/model.ts";
import { planSchema, type Plan } from "../../io/schemas/plan.ts";
import type { Pool } from "../../io/schemas/pool.ts";
import { rampSchema } from "../../io/schemas/ramp.ts";
import { deviationCsv, levelDeviationCsv } from "../../report/deviation-csv.ts";
import { poolCoverage } from "../../report/pool-coverage.ts";
import { deviationReport } from "../../report/deviation-report.ts";
import { deviationTable } from "../../report/deviation-table.ts";
import type { Game } from "../../game/game.ts";
import { readGamePoolLevels } from "../../game/registry/read-game-file.ts";
import { renderHtmlReport } from "../../report/render-html-report.ts";
import { findBreaks } from "../../select/rules/find-breaks.ts";
import { orderPlan } from "../../select/problem/order-levels.ts";
import { readLevelsInput } from "../../pipeline/inputs/read-levels-input.ts";
import { chainRestarts, restartsLine } from "../../report/chain-restarts.ts";
import { conceptTimeline, conceptsText } from "../../report/concept-timeline.ts";
import { describeStatus, levelsStatus } from "../../select/problem/levels-file.ts";
import { rampTarget } from "../../select/ramp/ramp-target.ts";
import type { EditorOptions } from "../../report/editor/editor-data.ts";
import type { CommandContext } from "../cli-io.ts";
import { calibratedLevels } from "../../report/calibrated-levels.ts";
import { readCalibration } from "../../calibrate/read-calibration.ts";
import { calibrationText } from "../../report/calibration-text.ts";
import { forceOption, jsonOption } from "../options.ts";
import { gameOption, openGameOption } from "../game-option.ts";
import { modelsPath } from "../../game/models-path.ts";
import { oneLine } from "../../io/hostile/terminal-text.ts";

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** `levelramp report` (SPEC 1 job 4, SPEC 2): ramp deviation per chapter as a table, JSON, CSV or an HTML page with plots. */
export function registerReport(program: Command, ctx: CommandContext): void {
  gameOption(program.command("report"))
    .description("ramp deviation per chapter of a levels file (table, json, csv, html)")
    .argument("<levels>", "levels file (levelramp/levels@1), or an order: a generic pool (CSV or JSON) whose candidates carry level numbers (then give --ramp)")
    .option("--ramp <file>", "measure against this ramp (repeat for side-by-side ramps); an order's targets come from the first", collect)
    .option("--model <file>", "count the breaks of this model's rules (default: the file's embedded model; an order has none)")
    .option("--format <format>", "table | json | csv | html", "table")
    .option("--pools <file>", "the pool the levels came from (pool coverage against every --ramp; with --format html the page becomes a ramp editor)")
    .option("--plan <file>", "with --pools and --format html: the plan the levels were selected with (default models/<game>/plan.json; an order's own); for an order, the plan it must follow")
    .option("--levels", "csv: the per-level table instead of the per-chapter one")
    .option("--calibration <file>", "a calibration (levelramp calibrate) of the levels' metric: each level's predicted pass rate, observed vs predicted, outliers (SPEC 11)")
    .option("--out <file>", "write the report to a file instead of stdout")
    .addOption(jsonOption("same as --format json"))
    .addOption(forceOption())
    .action(async (levelsFile: string, o: { ramp?: string[]; model?: string; format: string; out?: string; json?: boolean; force?: boolean; pools?: string; plan?: string; levels?: boolean; calibration?: string; game?: string }) => {
      if (o.json && o.format !== "table" && o.format !== "json") throw new InputError("cli/report", `give --json or --format ${o.format}, not both`);
      const format = o.json ? "json" : o.format;
      if (o.levels && format !== "csv") throw new InputError("cli/report", "--levels is for --format csv (the per-level table)");
      if (!["table", "json", "csv", "html"].includes(format)) throw new InputError("cli/report", `--format expects table, json, csv or html; got "${o.format}"`);
      if (o.plan && !(format === "html" && o.pools)) throw new InputError("cli/report", "--plan is for the ramp editor: give it with --pools and --format html");
      const inputs = [{ what: "the levels file", path: levelsFile }, { what: "--pools", path: o.pools }, { what: "--plan", path: o.plan }, { what: "--calibration", path: o.calibration }, { what: "--game", path: o.game }, ...(o.ramp ?? []).map((path) => ({ what: "--ramp", path }))];
      if (o.out) for (const note of checkOutputFile(o.out, { force: o.force, module: "cli/report", option: "--out", inputs })) ctx.io.stderr(`levelramp: ${oneLine(note)}\n`);
      const given = await openGameOption(o.game, ctx);
      // Ramps are labelled by file name; by the path given when two share a name.
      const names = (o.ramp ?? []).map((f) => basename(f));
      const ramps = (o.ramp ?? []).map((f, i) => ({ name: names.filter((n) => n === names[i]).length > 1 ? f : names[i], ramp: readJsonFile(rampSchema, f), file: f }));
      // A levels file, or an order read as one (its targets from the first --ramp); --model replaces the embedded model.
      const model = o.model ? readJsonFile(modelSchema, o.model) : undefined;
      const planGiven = o.plan ? readJsonFile(planSchema, o.plan) : undefined;
      // An order of an outside game (--game) takes the game's ramp and selection model unless --ramp / --model are given.
      const orderDefaults = given
        ? { ...(o.model ? {} : { model: readJsonFile(modelSchema, given.models.selection) }), ...(ramps.length ? {} : { ramp: readJsonFile(rampSchema, given.models.ramp) }) }
        : undefined;
      const read = await readLevelsInput(levelsFile, { ramp: ramps[0]?.ramp, model, plan: planGiven, planFile: o.plan, orderDefaults, require: { ramp: "report needs --ramp (or --game, whose ramp it takes)" }, module: "cli/report", game: given });
      const file = model ? { ...read.levels, model } : read.levels;
      if (o.plan && !read.order && !(format === "html" && o.pools)) throw new InputError("cli/report", "--plan is for the ramp editor (give it with --pools and --format html) or for an order");
      const calibration = o.calibration ? readCalibration(o.calibration) : undefined;
      const calibrated = calibration ? calibratedLevels(file, calibration, { levels: levelsFile, calibration: o.calibration }) : undefined;
      const breaks = findBreaks(file.levels, file.model.constraints);
      const restarts = chainRestarts(file);
      const concepts = conceptTimeline(file.levels);
      for (const r of ramps) {
        file.levels.forEach((l, i) => {
          if (!hasOwnKey(l.metrics, r.ramp.metric)) {
            throw new InputError("cli/report", `expected metric "${r.ramp.metric}" (the ramp ${r.name} is about it)`, { file: levelsFile, jsonPath: `$.levels[${i}].metrics` });
          }
        });
      }
      const poolRead = o.pools ? (await readGamePoolLevels(o.pools, given)).value : undefined;
      const pool = poolRead?.pool;
      if (read.order && !o.plan && format === "html" && poolRead && !poolRead.levels.some((l) => l !== undefined)) {
        // select derives the plan from an order given as --pools; any other pool needs the plan named.
        throw new InputError("cli/report", `the ramp editor over an order needs --plan when --pools is not an order (select reads ${o.pools} with models/generic/plan.json otherwise)`);
      }
      if (pool && pool.game !== file.game) {
        throw new InputError("cli/report", `expected a pool of game "${file.game}" (the levels file's game); got "${pool.game}"`, { file: o.pools, jsonPath: "$.game" });
      }
      if (pool) {
        const ids = new Set(pool.candidates.map((c) => c.id));
        const missing = file.levels.filter((l) => !ids.has(l.id));
        if (missing.length === file.levels.length && file.levels.length > 0) {
          throw new InputError("cli/report", `expected the pool the levels came from; it has none of their ids (e.g. ${missing[0].id})`, { file: o.pools, jsonPath: "$.candidates" });
        }
      }
      // The report uses the stored targets (SPEC 2); a hand-edited file whose targets no longer
      // match the embedded ramp at their level numbers is named, so the figures are not trusted blindly.
      const embedded = rampTarget(file.ramp);
      const stale = file.levels.filter((l) => Math.abs(l.target - embedded(l.number)) > 1e-6);
      if (stale.length) {
        ctx.io.stderr(
          `report: ${stale.length} level(s) store a target the embedded ramp does not give at their number (e.g. level ${stale[0].number}: ${stale[0].target} stored, ${embedded(stale[0].number)} from the ramp); figures use the stored targets — pass --ramp to measure against a ramp\n`,
        );
      }
      const coverage = pool ? poolCoverage(file, pool) : undefined;
      const reports = ramps.length
        ? ramps.map((r) => deviationReport(file, r.ramp, r.name, breaks, coverage))
        : [deviationReport(file, undefined, "embedded", breaks, coverage)];
      let text: string;
      if (format === "html") {
        // The file's game draws the pictures and names its concepts (a generic file has none).
        const game = read.game;
        const editor = pool && o.pools ? editorOptions(file, pool, levelsFile, o.pools, o.plan, o.game, game, read.order && !o.plan ? orderPlan(read.order) : planGiven) : undefined;
        // With a calibration the editor can show and edit the ramp in pass rates (SPEC 11); the page's select line names the file as given.
        if (editor && calibration && o.calibration) editor.calibration = { file: o.calibration, metric: calibration.metric, model: calibration.model, params: calibration.params };
        const cal = calibration && calibrated && o.calibration ? { file: calibration, name: basename(o.calibration), levels: calibrated } : undefined;
        text = await renderHtmlReport({ file, game, ramps: ramps.map((r) => ({ name: r.name, ramp: r.ramp })), fileName: basename(levelsFile), editor, calibration: cal });
      } else if (format === "json") {
        const status = { status: levelsStatus(file), optimal: file.optimal, objective: file.objective, bound: file.bound, gap: file.gap, optimum: file.optimum, tolerance: file.tolerance, note: file.note, solver: file.solver };
        text = JSON.stringify({ file: basename(levelsFile), game: file.game, ...status, ramps: reports, breaks, ...(restarts ? { restarts } : {}), ...(concepts ? { concepts } : {}), ...(calibration && calibrated ? { calibration, passRates: calibrated.map((l) => ({ level: l.level, id: l.id, passRate: l.passRate })) } : {}) }, null, 2) + "\n";
      } else if (format === "csv") {
        text = o.levels ? levelDeviationCsv(reports) : deviationCsv(reports);
      } else {
        text = `status: ${describeStatus(file)}${file.solver ? ` — ${file.solver}` : ""}, objective ${file.objective}\n` + deviationTable(reports, breaks, o.out ? 0 : ctx.io.color) + (restarts ? `${restartsLine(restarts)}\n` : "") + (concepts ? "\n" + conceptsText(concepts) : "") + (calibration ? "\n" + calibrationText(calibration) : "");
      }
      if (o.out) {
        writeFileAtomic(o.out, text, { force: o.force, module: "cli/report" });
        ctx.io.stderr(`report: ${format} → ${o.out}\n`);
      } else ctx.io.stdout(text);
    });
}

/**
 * What the ramp editor page reads besides the levels file: the pool, the plan
 * (`--plan`, default the game's) and the names its `levelramp select` command
 * line uses — the model is named (`model.json`, downloaded from the page)
 * only when the file's embedded model is not the game's default.
 */
function editorOptions(file: LevelsFile, pool: Pool, levelsFile: string, poolsFile: string, planOption: string | undefined, gameOption: string | undefined, game: Game | undefined, planRead?: Plan): EditorOptions {
  const planFile = planOption ?? game?.models.plan ?? modelsPath(file.game, "plan.json");
  if (!planRead && !planOption && !existsSync(planFile)) throw new InputError("cli/report", `the ramp editor needs the plan the levels were selected with; ${file.game} has no default plan: give --plan`);
  const plan = planRead ?? readJsonFile(planSchema, planFile);
  const defaultModel = game?.models.selection ?? modelsPath(file.game, "selection.json");
  const sameModel = existsSync(defaultModel) && JSON.stringify(readJsonFile(modelSchema, defaultModel)) === JSON.stringify(file.model);
  const knownConcepts = game?.conceptNames;
  return { pool, plan, files: { levels: levelsFile, pools: poolsFile, plan: planOption ?? null, model: sameModel ? null : "model.json", ...(gameOption ? { game: gameOption } : {}) }, ...(knownConcepts ? { knownConcepts } : {}) };
}
