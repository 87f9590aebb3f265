import { basename } from "node:path";
import type { Command } from "commander";
import { writeFileAtomic } from "../../io/atomic-write.ts";
import { InputError } from "../../io/errors.ts";
import { readJsonFile } from "../../io/read-json-file.ts";
import { levelsSchema } from "../../io/schemas/levels.ts";
import { rampSchema } from "../../io/schemas/ramp.ts";
import { readPool } from "../../io/read-pool.ts";
import { deviationCsv, levelDeviationCsv } from "../../report/deviation-csv.ts";
import { poolCoverage } from "../../report/pool-coverage.ts";
import { deviationReport } from "../../report/deviation-report.ts";
import { deviationTable } from "../../report/deviation-table.ts";
import { renderHtmlReport } from "../../report/html/render-html-report.ts";
import { findBreaks } from "../../select/find-breaks.ts";
import type { CommandContext } from "../cli-io.ts";

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** `levelramp report` (SPEC 1 job 4, SPEC 2): ramp deviation per chapter as a table, JSON, CSV or an HTML page with plots. */
export function registerReport(program: Command, ctx: CommandContext): void {
  program
    .command("report")
    .description("ramp deviation per chapter of a levels file (table, json, csv, html)")
    .argument("<levels>", "levels file (levelramp/levels@1)")
    .option("--ramp <file>", "measure against this ramp (repeat for side-by-side ramps)", collect)
    .option("--format <format>", "table | json | csv | html", "table")
    .option("--pools <file>", "the pool the levels came from (pool coverage against every --ramp)")
    .option("--levels", "csv: the per-level table instead of the per-chapter one")
    .option("--out <file>", "write the report to a file instead of stdout")
    .option("--json", "same as --format json")
    .option("--force", "overwrite --out if it exists")
    .action(async (levelsFile: string, o: { ramp?: string[]; format: string; out?: string; json?: boolean; force?: boolean; pools?: string; levels?: boolean }) => {
      const format = o.json ? "json" : o.format;
      if (!["table", "json", "csv", "html"].includes(format)) throw new InputError("cli/report", `--format expects table, json, csv or html; got "${o.format}"`);
      const file = readJsonFile(levelsSchema, levelsFile);
      const breaks = findBreaks(file.levels, file.model.constraints);
      const ramps = (o.ramp ?? []).map((f) => ({ name: basename(f), ramp: readJsonFile(rampSchema, f), file: f }));
      for (const r of ramps) {
        file.levels.forEach((l, i) => {
          if (!(r.ramp.metric in l.metrics)) {
            throw new InputError("cli/report", `expected metric "${r.ramp.metric}" (the ramp ${r.name} is about it)`, { file: levelsFile, jsonPath: `$.levels[${i}].metrics` });
          }
        });
      }
      const coverage = o.pools ? poolCoverage(file, readPool(o.pools)) : undefined;
      const reports = ramps.length
        ? ramps.map((r) => deviationReport(file, r.ramp, r.name, breaks, coverage))
        : [deviationReport(file, undefined, "embedded", breaks, coverage)];
      let text: string;
      if (format === "html") {
        text = await renderHtmlReport({ file, ramps: ramps.map((r) => ({ name: r.name, ramp: r.ramp })), fileName: basename(levelsFile) });
      } else if (format === "json") {
        text = JSON.stringify({ file: basename(levelsFile), game: file.game, ramps: reports, breaks }, null, 2) + "\n";
      } else if (format === "csv") {
        text = o.levels ? levelDeviationCsv(reports) : deviationCsv(reports);
      } else {
        text = deviationTable(reports, breaks, o.out ? 0 : ctx.io.color);
      }
      if (o.out) writeFileAtomic(o.out, text, { force: o.force });
      else ctx.io.stdout(text);
    });
}
