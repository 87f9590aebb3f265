import type { Command } from "commander";
import { writeFileAtomic } from "../../io/atomic-write.ts";
import { checkOutputFile } from "../../io/output-paths.ts";
import type { Pool } from "../../io/schemas/pool.ts";
import { generatePools } from "../../pipeline/level-set/build-levels.ts";
import { generateShard } from "../../pipeline/shards/generate-shard.ts";
import { parseShard } from "../../pipeline/shards/parse-shard.ts";
import { SHARD_FLAGS } from "../remedy-flags.ts";
import { commandProgressBars } from "../progress-bars.ts";
import type { CommandContext } from "../cli-io.ts";
import { describeChapters, pipelineInputs, pipelineOptions, readPipelineOptions, runPipelineCommand, statsText, type PipelineCliOptions } from "./build.ts";
import { oneLine } from "../../io/hostile/terminal-text.ts";

/** The text of a pool file as `generate` and `merge` write it (byte for byte the same for the same pool). */
export function poolFileText(pool: Pool): string {
  return JSON.stringify(pool, null, 2) + "\n";
}

/** `levelramp generate` (SPEC 2, 9): grow the candidate pools only (composed levels, drops of repeats, conflict pairs), or one shard of them. */
export function registerGenerate(program: Command, ctx: CommandContext): void {
  pipelineOptions(program.command("generate").description("grow candidate pools without selecting (SPEC 2); --shard K/N grows one share for merge (SPEC 9)"))
    .option("--shard <K/N|auto>", "grow only shard K of N (K from 1) into a shard file for merge; auto reads LEVELRAMP_SHARD, JOB_COMPLETION_INDEX + LEVELRAMP_SHARD_COUNT, or a whole Slurm array's SLURM_ARRAY_TASK_ID/COUNT")
    .requiredOption("--out <file>", "pool file to write (levelramp/pool@1), or with --shard the shard file (levelramp/shard@1; {K} and {N} in it become the shard's number, from 1, and count)")
    .action(async (gameName: string, o: PipelineCliOptions & { out: string; shard?: string }) => {
      if (o.shard !== undefined) return generateShardCommand(gameName, o as PipelineCliOptions & { out: string; shard: string }, ctx);
      const result = await runPipelineCommand(gameName, o, ctx, "generate", generatePools, (options) => checkOutputFile(o.out, { force: o.force, forceOption: "--force", module: "cli/generate", option: "--out", inputs: pipelineInputs(options.game, o) }));
      await writeFileAtomic(o.out, poolFileText(result.pool), { force: o.force, forceOption: "--force", module: "cli/generate" });
      if (!o.quiet) ctx.io.stderr(`→ ${o.out}\n`);
      if (o.stats && !o.json) ctx.io.stdout(statsText(result.stats, false));
      if (o.json) ctx.io.stdout(JSON.stringify({ game: result.pool.game, seed: result.pool.seed, candidates: result.pool.candidates.length, conflicts: result.pool.conflicts?.length ?? 0, out: o.out, threads: result.threads, stats: result.stats, ...(result.reuse ? { reuse: result.reuse } : {}) }, null, 2) + "\n");
    });
}

/** `generate --shard K/N|auto`: one share of the run's first-round tasks into a shard file. */
async function generateShardCommand(gameName: string, given: PipelineCliOptions & { out: string; shard: string }, ctx: CommandContext): Promise<void> {
  const { io } = ctx;
  const shard = parseShard(given.shard, process.env, SHARD_FLAGS);
  // `{K}` and `{N}` in --out: the shard's number (from 1) and count, so file names match shard numbers whatever a job array counts from.
  const o = { ...given, out: given.out.replaceAll("{K}", String(shard.index)).replaceAll("{N}", String(shard.count)) };
  const options = await readPipelineOptions(gameName, o, "cli/generate", ctx, (opened) => checkOutputFile(o.out, { force: o.force, forceOption: "--force", module: "cli/generate", option: "--out", inputs: pipelineInputs(opened.game, o) }), (note) => io.stderr(`levelramp: ${oneLine(note)}\n`));
  const bars = commandProgressBars(io, o.quiet);
  const t0 = performance.now();
  let result: Awaited<ReturnType<typeof generateShard>>;
  try {
    result = await generateShard({ ...options, events: bars }, shard);
  } finally {
    bars.stop();
  }
  await writeFileAtomic(o.out, JSON.stringify(result.shard, null, 2) + "\n", { force: o.force, forceOption: "--force", module: "cli/generate" });
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  if (!o.quiet) {
    const reused = o.reuse !== undefined ? ` (${result.tasks.reused} of them answered from ${oneLine(o.reuse)}, left to merge --reuse)` : "";
    io.stderr(`generate: ${options.game.name} ${describeChapters(options.chapters)}, seed ${options.seed}, shard ${shard.index}/${shard.count}, ${options.workers} worker(s): ${result.tasks.mine} of ${result.tasks.total} first-round tasks${reused}, ${result.candidates} candidates in ${seconds} s\n→ ${o.out}\n`);
  }
  if (o.stats && !o.json) {
    const counts = Object.entries(result.stats).sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1));
    io.stdout(`  generator counters of this shard, most frequent first: ${oneLine(counts.map(([k, v]) => `${k} ${v}`).join(", ")) || "none"} (merge --stats gives the run's figures)\n`);
  }
  if (o.json) {
    io.stdout(JSON.stringify({ game: options.game.name, seed: options.seed, shard: result.shard.shard, settingsHash: result.shard.settingsHash, tasks: result.tasks, candidates: result.candidates, out: o.out, threads: result.threads, stats: result.stats }, null, 2) + "\n");
  }
}
