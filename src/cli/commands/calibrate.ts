import type { Command } from "commander";
import { writeFileAtomic } from "../../io/atomic-write.ts";
import { checkOutputFile } from "../../io/output-paths.ts";
import { readGameFile } from "../../game/registry/read-game-file.ts";
import { levelsSchema } from "../../io/schemas/levels.ts";
import { calibrate } from "../../calibrate/calibrate.ts";
import { readPlays } from "../../calibrate/read-plays.ts";
import { calibrationText } from "../../report/calibration-text.ts";
import type { CommandContext } from "../cli-io.ts";
import { oneLine } from "../../io/hostile/terminal-text.ts";

/** `levelramp calibrate` (SPEC 11): fit a measure to play data. */
export function registerCalibrate(program: Command, ctx: CommandContext): void {
  program
    .command("calibrate")
    .description("fit a measure to play data: pass rates per level or per player (Rasch), outliers, player ramps (SPEC 11)")
    .argument("<plays>", "plays CSV: level,attempts,wins or player,level,attempts,wins")
    .requiredOption("--levels <file>", "the levels file the plays are about (levelramp/levels@1)")
    .option("--metric <name>", "the metric to calibrate (default the levels file's model metric)")
    .option("--out <file>", "calibration file to write (levelramp/calibration@1)")
    .option("--json", "print the calibration file on stdout (without --json or --out: the fit in words)")
    .option("--force", "overwrite --out if it exists")
    .action(async (playsFile: string, o: { levels: string; metric?: string; out?: string; json?: boolean; force?: boolean }) => {
      if (o.out) for (const note of checkOutputFile(o.out, { force: o.force, module: "cli/calibrate", option: "--out", inputs: [{ what: "the plays", path: playsFile }, { what: "--levels", path: o.levels }] })) ctx.io.stderr(`levelramp: ${oneLine(note)}\n`);
      const levels = await readGameFile(o.levels, levelsSchema);
      const plays = readPlays(playsFile, levels, o.levels, o.metric);
      const cal = calibrate(plays);
      const text = JSON.stringify(cal, null, 2) + "\n";
      if (o.out) writeFileAtomic(o.out, text, { force: o.force, module: "cli/calibrate" });
      // The result on stdout (README "Commands"): the JSON with --json, the fit in words without --out; else it is the file.
      const words = calibrationText(cal);
      if (o.json) ctx.io.stdout(text);
      else if (!o.out) ctx.io.stdout(words);
      const rows = plays.rows.length;
      ctx.io.stderr(`calibrate: ${rows} row(s) of ${plays.kind === "rasch" ? `${plays.players.length} players` : "levels"} on ${plays.levels.length} levels${o.out ? ` → ${o.out}` : ""}\n` + (o.json || o.out ? words : ""));
    });
}
