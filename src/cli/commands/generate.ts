import type { Command } from "commander";
import { writeFileAtomic } from "../../io/atomic-write.ts";
import { checkOutputFile } from "../../io/output-paths.ts";
import type { CommandContext } from "../cli-io.ts";
import { pipelineOptions, runPipelineCommand, type PipelineCliOptions } from "./build.ts";

/** `levelramp generate` (SPEC 2, 9): grow the candidate pools only (composed levels, drops of repeats, conflict pairs). */
export function registerGenerate(program: Command, ctx: CommandContext): void {
  pipelineOptions(program.command("generate").description("grow candidate pools without selecting (SPEC 2)"))
    .requiredOption("--out <file>", "pool file to write (levelramp/pool@1)")
    .action(async (gameName: string, o: PipelineCliOptions & { out: string }) => {
      const result = await runPipelineCommand(gameName, o, ctx, false, () => checkOutputFile(o.out, { force: o.force, module: "cli/generate", option: "--out" }));
      writeFileAtomic(o.out, JSON.stringify(result.pool, null, 2) + "\n", { force: o.force, module: "cli/generate" });
      if (!o.quiet) ctx.io.stderr(`→ ${o.out}\n`);
      if (o.json) ctx.io.stdout(JSON.stringify({ game: result.pool.game, seed: result.pool.seed, candidates: result.pool.candidates.length, conflicts: result.pool.conflicts?.length ?? 0, out: o.out, threads: result.threads, stats: result.stats }, null, 2) + "\n");
    });
}
