import type { Command } from "commander";
import { readJsonFile } from "../../io/read-json-file.ts";
import { InputError } from "../../io/errors.ts";
import { planSchema } from "../../io/schemas/plan.ts";
import { rampSchema } from "../../io/schemas/ramp.ts";
import { readLevelsInput } from "../../pipeline/inputs/read-levels-input.ts";
import { modelSchema } from "../../io/schemas/model.ts";
import { commandProgressBars } from "../progress-bars.ts";
import { verifyLevels, type VerifyResult } from "../../pipeline/verify/verify-levels.ts";
import type { CommandContext } from "../cli-io.ts";
import { jsonOption, quietOption } from "../options.ts";
import { gameOption, openGameOption } from "../game-option.ts";
import { oneLine } from "../../io/hostile/terminal-text.ts";

/**
 * `levelramp verify` (SPEC 1 job 5, SPEC 2): every level's checks, the
 * numbering, the order, the objective, the status, no repeats; with
 * `--model`, against the designer's current model. Exit 1 naming each failing
 * level (or the file, for file-wide failures) and its reason.
 */
export function registerVerify(program: Command, ctx: CommandContext): void {
  gameOption(program.command("verify"))
    .description("verify a levels file again: level checks, the order never gets easier, no two levels the same")
    .argument("<levels>", "levels file (levelramp/levels@1), or an order: a generic pool (CSV or JSON) whose candidates carry level numbers (then give --model)")
    .option("--model <file>", "check the order, objective and status against this model (your current one) instead of the embedded one")
    .option("--ramp <file>", "an order's targets (default: none; verify checks rules, not distances)")
    .option("--plan <file>", "your current plan: every level's number, chapter and part against its parts, and its rules against its chapter's (an order follows it; default: the file's own parts)")
    .addOption(jsonOption("print {ok, game, levels, failures, status, model} on stdout instead of the verdict in words"))
    .addOption(quietOption("no progress bar"))
    .action(async (file: string, o: { model?: string; ramp?: string; plan?: string; json?: boolean; quiet?: boolean; game?: string }) => {
      const { io } = ctx;
      const given = await openGameOption(o.game, ctx);
      const model = o.model ? readJsonFile(modelSchema, o.model) : undefined;
      const ramp = o.ramp ? readJsonFile(rampSchema, o.ramp) : undefined;
      const plan = o.plan ? readJsonFile(planSchema, o.plan) : undefined;
      // An order of an outside game (--game) is checked against the game's selection model unless --model is given.
      const read = await readLevelsInput(file, { model, ramp, plan, planFile: o.plan, gameDefaults: ["model"], require: { model: "verify needs --model (or --game, whose selection model it takes)" }, module: "cli/verify", game: given });
      const { levels, order, game } = read;
      if (o.ramp && !order) throw new InputError("cli/verify", "--ramp is for an order (a levels file embeds its ramp)");
      const modelFile = o.model ?? read.modelFile;
      const bars = commandProgressBars(io, o.quiet);
      let result: VerifyResult;
      try {
        result = await verifyLevels(levels, { game, model: model ?? (order ? levels.model : undefined), modelFile, plan, planFile: o.plan, events: bars });
      } finally {
        bars.stop();
      }
      if (!result.ok) ctx.setExitCode(1);
      // The verdict is the result (stdout): as JSON with --json, else in words.
      if (o.json) {
        io.stdout(JSON.stringify(result, null, 2) + "\n");
        return;
      }
      const against = (modelFile ? `checked against ${oneLine(modelFile)}` : "checked against the model embedded in the file (pass --model <file> to check against your current one)") + (o.plan ? ` and ${oneLine(o.plan)}` : "");
      if (result.ok) {
        io.stdout(`verify: ${oneLine(file)}: all ${result.levels} ${result.game} levels pass, ${against}; status ${result.status.message}\n`);
        return;
      }
      const failing = new Set(result.failures.filter((f) => f.level > 0).map((f) => f.level));
      const whole = result.failures.some((f) => f.level === 0);
      const rules = result.failures.filter((f) => f.rule).length;
      const breaks = rules ? `; ${rules} break${rules === 1 ? "" : "s"} of the model's rules, one a line` : "";
      io.stdout(`verify: ${oneLine(file)}: ${failing.size} of ${result.levels} levels fail${whole ? ", and the file as a whole" : ""} (${against})${breaks}\n`);
      for (const f of result.failures) {
        const where = f.level === 0 ? "the file" : `level ${f.level}${f.id ? ` (${f.id})` : ""}`;
        // A break of the model's rules: its values, then the rule; any other failure: the check, then why.
        io.stdout(`${oneLine(f.rule ? `  ${where}: ${f.message} — ${f.reason}` : `  ${where}: ${f.reason}: ${f.message}`)}\n`);
      }
    });
}
