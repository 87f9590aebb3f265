import type { Command } from "commander";
import { writeFileAtomic } from "../../io/atomic-write.ts";
import { InputError } from "../../io/errors.ts";
import { checkOutputFile } from "../../io/output-paths.ts";
import { readJsonFile } from "../../io/read-json-file.ts";
import { modelSchema } from "../../io/schemas/model.ts";
import { planSchema } from "../../io/schemas/plan.ts";
import { rampSchema } from "../../io/schemas/ramp.ts";
import { readGamePoolLevels } from "../../game/registry/read-game-file.ts";
import { readLevelsInput } from "../../pipeline/inputs/read-levels-input.ts";
import { reportLevels, type ReportInputs, type ReportOptions } from "../../report/report-levels.ts";
import type { CommandContext } from "../cli-io.ts";
import { readCalibration } from "../../calibrate/read-calibration.ts";
import { forceOption, jsonOption } from "../options.ts";
import { gameOption, openGameOption } from "../game-option.ts";
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
      const runInputs = [{ what: "the levels file", path: levelsFile }, { what: "--pools", path: o.pools }, { what: "--plan", path: o.plan }, { what: "--calibration", path: o.calibration }, { what: "--game", path: o.game }, ...(o.ramp ?? []).map((path) => ({ what: "--ramp", path }))];
      if (o.out) for (const note of checkOutputFile(o.out, { force: o.force, forceOption: "--force", module: "cli/report", option: "--out", inputs: runInputs })) ctx.io.stderr(`levelramp: ${oneLine(note)}\n`);
      const given = await openGameOption(o.game, ctx);
      const ramps = (o.ramp ?? []).map((f) => ({ ramp: readJsonFile(rampSchema, f), file: f }));
      // A levels file, or an order read as one (its targets from the first --ramp); --model replaces the embedded model.
      const model = o.model ? readJsonFile(modelSchema, o.model) : undefined;
      const plan = o.plan ? { plan: readJsonFile(planSchema, o.plan), file: o.plan } : undefined;
      // An order of an outside game (--game) takes the game's ramp and selection model unless --ramp / --model are given.
      const read = await readLevelsInput(levelsFile, { ramp: ramps[0]?.ramp, model, plan: plan?.plan, planFile: o.plan, gameDefaults: ["model", "ramp"], require: { ramp: "report needs --ramp (or --game, whose ramp it takes)" }, module: "cli/report", game: given });
      const calibration = o.calibration ? { calibration: readCalibration(o.calibration), file: o.calibration } : undefined;
      const pool = o.pools ? { ...(await readGamePoolLevels(o.pools, given)).value, file: o.pools } : undefined;
      const inputs: ReportInputs = { levels: read.levels, levelsFile, ...(read.order ? { order: read.order } : {}), ...(read.game ? { game: read.game } : {}), ...(model ? { model } : {}), ramps, ...(pool ? { pool } : {}), ...(plan ? { plan } : {}), ...(calibration ? { calibration } : {}), ...(o.game ? { gameOption: o.game } : {}) };
      const names = { module: "cli/report", plan: "--plan", pools: "--pools", rampHint: "pass --ramp to measure against a ramp", selectCalibration: "select --calibration", force: "--force" };
      const { text, warnings } = await reportLevels(inputs, { format: format as ReportOptions["format"], perLevel: o.levels === true, color: o.out ? 0 : ctx.io.color, names });
      for (const w of warnings) ctx.io.stderr(`${w}\n`);
      if (o.out) {
        await writeFileAtomic(o.out, text, { force: o.force, forceOption: "--force", module: "cli/report" });
        ctx.io.stderr(`report: ${format} → ${o.out}\n`);
      } else ctx.io.stdout(text);
    });
}
