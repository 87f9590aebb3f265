import type { Command } from "commander";
import { readGameFile } from "../../game/registry/read-game-file.ts";
import { readJsonFile } from "../../io/read-json-file.ts";
import { levelsSchema } from "../../io/schemas/levels.ts";
import { modelSchema } from "../../io/schemas/model.ts";
import { commandProgressBars } from "../progress-bars.ts";
import { verifyLevels, type VerifyResult } from "../../pipeline/verify/verify-levels.ts";
import type { CommandContext } from "../cli-io.ts";
import { jsonOption, quietOption } from "../options.ts";
import { gameOption, useGameFile } from "../game-option.ts";

/**
 * `levelramp verify` (SPEC 1 job 5, SPEC 2): every level's checks, the
 * numbering, the order, the objective, the status, no repeats; with
 * `--model`, against the designer's current model. Exit 1 naming each failing
 * level (or the file, for file-wide failures) and its reason.
 */
export function registerVerify(program: Command, ctx: CommandContext): void {
  gameOption(program.command("verify"))
    .description("verify a levels file again: level checks, the order never gets easier, no two levels the same")
    .argument("<levels>", "levels file (levelramp/levels@1)")
    .option("--model <file>", "check the order, objective and status against this model (your current one) instead of the embedded one")
    .addOption(jsonOption("print {ok, game, levels, failures, status, model} on stdout instead of the verdict in words"))
    .addOption(quietOption("no progress bar"))
    .action(async (file: string, o: { model?: string; json?: boolean; quiet?: boolean; game?: string }) => {
      const { io } = ctx;
      await useGameFile(o.game);
      const levels = await readGameFile(file, levelsSchema);
      const model = o.model ? readJsonFile(modelSchema, o.model) : undefined;
      const bars = commandProgressBars(io, o.quiet);
      let result: VerifyResult;
      try {
        result = verifyLevels(levels, { model, modelFile: o.model, events: bars });
      } finally {
        bars.stop();
      }
      if (!result.ok) ctx.setExitCode(1);
      // The verdict is the result (stdout): as JSON with --json, else in words.
      if (o.json) {
        io.stdout(JSON.stringify(result, null, 2) + "\n");
        return;
      }
      const against = o.model ? `checked against ${o.model}` : "checked against the model embedded in the file (pass --model <file> to check against your current one)";
      if (result.ok) {
        io.stdout(`verify: ${file}: all ${result.levels} ${result.game} levels pass, ${against}; status ${result.status.message}\n`);
        return;
      }
      const failing = new Set(result.failures.filter((f) => f.level > 0).map((f) => f.level));
      const whole = result.failures.some((f) => f.level === 0);
      io.stdout(`verify: ${file}: ${failing.size} of ${result.levels} levels fail${whole ? ", and the file as a whole" : ""} (${against})\n`);
      for (const f of result.failures) io.stdout(f.level === 0 ? `  the file: ${f.reason}: ${f.message}\n` : `  level ${f.level}${f.id ? ` (${f.id})` : ""}: ${f.reason}: ${f.message}\n`);
    });
}
