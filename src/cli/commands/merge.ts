import type { Command } from "commander";
import { writeFileAtomic } from "../../io/atomic-write.ts";
import { checkOutputFile } from "../../io/output-paths.ts";
import { mergeShards, type MergeResult } from "../../pipeline/shards/merge-shards.ts";
import { readShards } from "../../pipeline/shards/read-shards.ts";
import { commandProgressBars } from "../progress-bars.ts";
import type { CommandContext } from "../cli-io.ts";
import { describeChapters, statsText } from "./build.ts";
import { forceOption, jsonOption, parseWorkers, quietOption, statsOption, workersOption } from "../options.ts";
import { gameOption, openGameOption } from "../game-option.ts";
import { poolFileText } from "./generate.ts";
import { oneLine } from "../../io/hostile/terminal-text.ts";
import { reuseLines } from "../../pipeline/reuse/reuse-lines.ts";
import { REUSE_FLAGS } from "../remedy-flags.ts";

interface MergeCliOptions {
  out: string;
  workers?: string;
  stats?: boolean;
  quiet?: boolean;
  force?: boolean;
  json?: boolean;
  game?: string;
  reuse?: string;
}

/** `levelramp merge` (SPEC 2, 9): the shards of a sharded generate ({@link readShards}) → the pool one unsharded generate writes, byte for byte ({@link mergeShards}). */
export function registerMerge(program: Command, ctx: CommandContext): void {
  gameOption(program.command("merge"))
    .description("merge the shard files of `generate --shard` into one pool, byte for byte the unsharded generate's (SPEC 9)")
    .argument("<shards...>", "shard files (levelramp/shard@1) of one run, all N of them, in any order")
    .requiredOption("--out <file>", "pool file to write (levelramp/pool@1)")
    .addOption(workersOption("worker threads for extra rounds grown while merging (default: the machine's cores); never changes an output"))
    .option("--reuse <pools.json>", "the earlier pool the shards reused (generate --shard --reuse): the tasks it holds are answered from it")
    .addOption(statsOption())
    .addOption(quietOption())
    .addOption(forceOption("overwrite an existing output"))
    .addOption(jsonOption("print a machine-readable summary on stdout"))
    .action(async (files: string[], o: MergeCliOptions) => {
      const { io } = ctx;
      const workers = parseWorkers("cli/merge", o.workers);
      const given = await openGameOption(o.game, ctx);
      for (const note of checkOutputFile(o.out, { force: o.force, forceOption: "--force", module: "cli/merge", option: "--out", inputs: files.map((path) => ({ what: "the shard", path })) })) io.stderr(`levelramp: ${oneLine(note)}\n`);
      const { shards, game, reuse } = await readShards(files, { game: given, reuseFile: o.reuse });
      const bars = commandProgressBars(io, o.quiet);
      const t0 = performance.now();
      let result: MergeResult;
      try {
        result = await mergeShards(shards, { game, workers, events: bars, reuse, names: { reuse: "--reuse" } });
      } finally {
        bars.stop();
      }
      await writeFileAtomic(o.out, poolFileText(result.pool), { force: o.force, forceOption: "--force", module: "cli/merge" });
      const seconds = ((performance.now() - t0) / 1000).toFixed(1);
      const { pool } = result;
      if (!o.quiet && result.reuse) for (const line of reuseLines(result.reuse, "from the shards or grown here", undefined, REUSE_FLAGS)) io.stderr(`${oneLine(line)}\n`);
      if (!o.quiet) {
        const here = result.ranHere > 0 ? `, ${result.ranHere} extra-round batch(es) grown here` : "";
        io.stderr(`merge: ${result.shards} shard(s) of ${pool.game} ${describeChapters(shards[0].shard.inputs.chapters)}, seed ${pool.seed}: ${pool.candidates.length} pool entries, ${result.stats.grown} grown, ${result.replayed} task(s) from the shards${here} in ${seconds} s\n→ ${o.out}\n`);
      }
      if (o.stats && !o.json) io.stdout(statsText(result.stats, false));
      if (o.json) {
        io.stdout(JSON.stringify({ game: pool.game, seed: pool.seed, candidates: pool.candidates.length, conflicts: pool.conflicts?.length ?? 0, out: o.out, threads: result.threads, stats: result.stats, shards: result.shards, replayed: result.replayed, ranHere: result.ranHere, ...(result.reuse ? { reuse: result.reuse } : {}) }, null, 2) + "\n");
      }
    });
}
