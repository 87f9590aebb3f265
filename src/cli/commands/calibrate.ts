import type { Command } from "commander";
import { writeFileAtomic } from "../../io/atomic-write.ts";
import { InputError } from "../../io/errors.ts";
import { checkOutputFile } from "../../io/output-paths.ts";
import { calibrate } from "../../calibrate/calibrate.ts";
import { playColumns } from "../../calibrate/play-columns.ts";
import { readPlayLevels } from "../../pipeline/inputs/read-play-levels.ts";
import { readPlays } from "../../calibrate/read-plays.ts";
import { calibrationText } from "../../report/calibration-text.ts";
import type { CommandContext } from "../cli-io.ts";
import { oneLine } from "../../io/hostile/terminal-text.ts";

/** `levelramp calibrate` (SPEC 11): fit a measure to play data. */
export function registerCalibrate(program: Command, ctx: CommandContext): void {
  program
    .command("calibrate")
    .description("fit a measure to play data: pass rates per level or per player (Rasch), the level spread, outliers, player ramps (SPEC 11)")
    .argument("<plays>", "plays CSV: level,attempts,wins or player,level,attempts,wins (other columns ignored; --columns maps names)")
    .requiredOption("--levels <file>", "the levels the plays are about: a levels file, an order (CSV or JSON, SPEC 3), or a CSV table of ids and metrics (id,<metric>...)")
    .option("--metric <name>", "the metric to calibrate (default the levels file's model metric, or the levels' one metric)")
    .option("--columns <map>", "header names of the plays' columns, e.g. player=player_id,level=level_id,attempts=num_attempts,wins=num_success")
    .option("--level-key <how>", "read level cells as candidate ids (id) or level numbers (number); default: whichever each cell is, refusing one that is both")
    .option("--out <file>", "calibration file to write (levelramp/calibration@1)")
    .option("--json", "print the calibration file on stdout (without --json or --out: the fit in words)")
    .option("--force", "overwrite --out if it exists")
    .action(async (playsFile: string, o: { levels: string; metric?: string; columns?: string; levelKey?: string; out?: string; json?: boolean; force?: boolean }) => {
      if (o.levelKey !== undefined && o.levelKey !== "id" && o.levelKey !== "number") throw new InputError("cli/calibrate", `--level-key: expected id or number; got ${JSON.stringify(o.levelKey)}`);
      const columns = playColumns(o.columns, { module: "cli/calibrate", columns: "--columns" });
      if (o.out) for (const note of checkOutputFile(o.out, { force: o.force, forceOption: "--force", module: "cli/calibrate", option: "--out", inputs: [{ what: "the plays", path: playsFile }, { what: "--levels", path: o.levels }] })) ctx.io.stderr(`levelramp: ${oneLine(note)}\n`);
      const levels = await readPlayLevels(o.levels);
      const { plays, notes } = readPlays(playsFile, levels, o.levels, { metric: o.metric, columns, levelKey: o.levelKey as "id" | "number" | undefined, names: { giveLevelKey: "--level-key id or --level-key number", metric: "--metric", columns: "--columns" } });
      for (const note of notes) ctx.io.stderr(`${oneLine(note)}\n`);
      const cal = calibrate(plays);
      const text = JSON.stringify(cal, null, 2) + "\n";
      if (o.out) await writeFileAtomic(o.out, text, { force: o.force, forceOption: "--force", module: "cli/calibrate" });
      // The result on stdout (docs/cli.md "Where output goes"): the JSON with --json, the fit in words without --out; else it is the file.
      const words = calibrationText(cal, undefined, { selectCalibration: "select --calibration", force: "--force" });
      if (o.json) ctx.io.stdout(text);
      else if (!o.out) ctx.io.stdout(words);
      const rows = plays.rows.length;
      ctx.io.stderr(`calibrate: ${rows} row(s) of ${plays.kind === "rasch" ? `${plays.players.length} players` : "levels"} on ${plays.levels.length} levels${o.out ? ` → ${o.out}` : ""}\n` + (o.json || o.out ? words : ""));
    });
}
