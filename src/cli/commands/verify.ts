import type { Command } from "commander";
import { readJsonFile } from "../../io/read-json-file.ts";
import { levelsSchema } from "../../io/schemas/levels.ts";
import { createProgressBars } from "../../pipeline/progress-bars.ts";
import { verifyLevels } from "../../pipeline/verify-levels.ts";
import type { CommandContext } from "../cli-io.ts";

/** `levelramp verify` (SPEC 1 job 5, SPEC 2): every level's checks, the order, no repeats; exit 1 naming each failing level. */
export function registerVerify(program: Command, ctx: CommandContext): void {
  program
    .command("verify")
    .description("verify a levels file again: level checks, the order never gets easier, no two levels the same")
    .argument("<levels>", "levels file (levelramp/levels@1)")
    .option("--json", "print {ok, game, levels, failures} on stdout")
    .option("--quiet", "no progress bar")
    .action((file: string, o: { json?: boolean; quiet?: boolean }) => {
      const { io } = ctx;
      const levels = readJsonFile(levelsSchema, file);
      const bars = createProgressBars({ enabled: io.stderrIsTTY && !o.quiet, quiet: Boolean(o.quiet), stream: process.stderr, writeLine: io.stderr });
      let result;
      try {
        result = verifyLevels(levels, bars);
      } finally {
        bars.stop();
      }
      if (o.json) io.stdout(JSON.stringify(result, null, 2) + "\n");
      if (result.ok) {
        io.stderr(`verify: ${file}: all ${result.levels} ${result.game} levels pass; status ${result.status.message}\n`);
        return;
      }
      const failing = new Set(result.failures.map((f) => f.level));
      io.stderr(`verify: ${file}: ${failing.size} of ${result.levels} levels fail\n`);
      for (const f of result.failures) io.stderr(`  level ${f.level} (${f.id}): ${f.reason}: ${f.message}\n`);
      ctx.setExitCode(1);
    });
}
