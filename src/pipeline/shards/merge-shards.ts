import type { z } from "zod";
import type { Game } from "../../game/game.ts";
import { candidateId } from "../../io/candidate-id.ts";
import { canonicalJson } from "../../io/canonical-json.ts";
import { InputError, jsonPath } from "../../io/errors.ts";
import { modelSchema } from "../../io/schemas/model.ts";
import { planSchema } from "../../io/schemas/plan.ts";
import { rampSchema } from "../../io/schemas/ramp.ts";
import type { ShardFile } from "../../io/schemas/shard.ts";
import { runPipeline } from "../level-set/build-levels.ts";
import type { PipelineEvents } from "../inputs/pipeline-events.ts";
import { PIPELINE_NAMES, type PipelineOptions, type PipelineResult } from "../level-set/pipeline-result.ts";
import { PipelineRun } from "../level-set/pipeline-run.ts";
import { pipelineSettingsSchema } from "../inputs/pipeline-settings.ts";
import type { PipelineTask } from "../workers/pipeline-task.ts";
import { ReplayRunner } from "./replay-runner.ts";
import { ReusedAnswers, type ReusablePool } from "../reuse/reusable-pool.ts";
import { gameGenerator, settingsHash, type GenerationInputs } from "./settings-hash.ts";
import { describeTask, shardTasks, taskKey } from "./shard-tasks.ts";

const module = "pipeline/merge";

/** A shard file as read, with its name for messages. */
export interface ShardInput {
  file: string;
  shard: ShardFile;
}

/** What `merge` gives: the pool and figures of the unsharded `generate`, and how the tasks were answered. */
export interface MergeResult extends PipelineResult {
  /** N, the shards merged. */
  shards: number;
  /** Tasks answered from the shards. */
  replayed: number;
  /** Tasks run by the merge itself: the extra rounds of parts whose first round left them short. */
  ranHere: number;
}

/**
 * Merges the shards of a sharded `generate` (SPEC 9, `levelramp merge`) into
 * the pool one unsharded `generate` with the same seed and inputs writes,
 * byte for byte. It checks that the shards are one run (same game, seed,
 * shard count and settings hash; each of shards 1..N exactly once, given in
 * any order), that their inputs hash to that settings hash and were made by
 * this very generator (same code and models), and that each shard holds
 * exactly its share of the run's first-round tasks. Then it runs `generate`
 * itself with a task runner that answers every task from the shards
 * ({@link ReplayRunner}): the composed levels, each part's batches in batch
 * order, the drops of repeats of composed levels, the conflict pairs and the
 * figures come out as in one run. A part whose first round leaves it fewer
 * candidates than levels grows its extra rounds here, on `workers` threads
 * (they depend on the whole part's first round, which no shard holds); they
 * are pure functions of the seed and their identity, so the bytes are the
 * same.
 *
 * @param inputs the shard files, in any order.
 * @param options `workers` for extra rounds (never changes an output), `events` for progress,
 *   `reuse` the pool the shards reused, `names` how the caller names its
 *   options in messages (`reuse`: the library's `reuse` by default, the CLI's `--reuse`).
 * @throws InputError (exit 2) naming the file (and JSON path): no shard, a
 *   shard of another game, seed, shard count or settings, a missing or
 *   repeated shard, inputs that do not hash to the settings hash, shards made
 *   by another version of the generator, a task outside its shard's share,
 *   a candidate whose id is not its body's.
 * @throws NoAnswerError (exit 1) as generate: a part still short after its extra rounds.
 */
export async function mergeShards(inputs: ShardInput[], options: { game: Game; workers: number; events?: PipelineEvents; reuse?: ReusablePool; names?: Pick<NonNullable<PipelineOptions["names"]>, "reuse"> }): Promise<MergeResult> {
  // 1. One run: the same game, seed, shard count and settings hash; each of shards 1..N exactly once.
  const shards = checkShardSet(inputs);
  // 2. The run's inputs from the first shard, checked against the hash and against this generator.
  const run = runOptions(shards[0], options);
  // 3. Every first-round task is held by the shard whose share it is (or by the pool reused), and no shard holds anything else.
  const reused = options.reuse ? new ReusedAnswers(options.reuse, run.game, false, run.seed) : null;
  const records = collectRecords(shards, run, reused, options.names?.reuse ?? PIPELINE_NAMES.reuse);
  // 4. generate itself, each task answered from the pool reused or the shards (extra rounds grown here): composed levels, batches in batch order, drops, conflicts, figures.
  const runner = new ReplayRunner(records, options.workers, options.game);
  const result = await runPipeline({ ...run, runner, reuse: options.reuse, select: false });
  return { ...result, shards: shards.length, replayed: runner.replayed, ranHere: runner.ran };
}

/** The shards in index order, after checking they are the N shares of one run. */
function checkShardSet(inputs: ShardInput[]): ShardInput[] {
  if (inputs.length === 0) throw new InputError(module, "expected the shard files of a run; got none");
  for (const { file, shard: s } of inputs) {
    if (settingsHash(s.game, s.inputs as unknown as GenerationInputs) !== s.settingsHash) {
      throw new InputError(module, "expected the SHA-256 of the shard's game and inputs; they do not hash to it (the file was changed after generate wrote it)", { file, jsonPath: "$.settingsHash" });
    }
  }
  const [first] = inputs;
  const f = first.shard;
  for (const { file, shard: s } of inputs.slice(1)) {
    if (s.game !== f.game) throw new InputError(module, `expected game ${f.game} (as in ${first.file}); this shard is of ${s.game}`, { file, jsonPath: "$.game" });
    if (s.seed !== f.seed) throw new InputError(module, `expected seed ${JSON.stringify(f.seed)} (as in ${first.file}); this shard is from seed ${JSON.stringify(s.seed)}`, { file, jsonPath: "$.seed" });
    if (s.shard.count !== f.shard.count) {
      throw new InputError(module, `expected a shard of ${f.shard.count} (as in ${first.file}); this is shard ${s.shard.index}/${s.shard.count}`, { file, jsonPath: "$.shard.count" });
    }
    if (s.settingsHash !== f.settingsHash) {
      const differ = (Object.keys(f.inputs) as Array<keyof ShardFile["inputs"]>).filter((k) => canonicalJson(f.inputs[k]) !== canonicalJson(s.inputs[k]));
      const what = differ.length > 0 ? `its inputs differ in ${differ.join(", ")}` : "its settings hash differs";
      throw new InputError(module, `expected the settings of ${first.file} (settings hash ${f.settingsHash.slice(0, 12)}…); ${what}: shards of one run share their plan, models, pipeline settings, chapters and generator`, { file, jsonPath: "$.settingsHash" });
    }
  }
  const count = f.shard.count;
  const byIndex = new Map<number, string>();
  for (const { file, shard: s } of inputs) {
    const seen = byIndex.get(s.shard.index);
    if (seen !== undefined) throw new InputError(module, `shard ${s.shard.index}/${count} is given twice: ${seen} and ${file}`);
    byIndex.set(s.shard.index, file);
  }
  const missing: number[] = [];
  for (let k = 1; k <= count; k++) if (!byIndex.has(k)) missing.push(k);
  if (missing.length > 0) {
    const got = [...byIndex.entries()].sort(([a], [b]) => a - b).map(([k, file]) => `${k}/${count} (${file})`);
    const list = missing.length <= 10 ? missing.map((k) => `${k}/${count}`).join(", ") : `${missing.slice(0, 10).map((k) => `${k}/${count}`).join(", ")} and ${missing.length - 10} more`;
    throw new InputError(module, `shard${missing.length > 1 ? "s" : ""} ${list} ${missing.length > 1 ? "are" : "is"} missing; got ${got.join(", ")}`);
  }
  return [...inputs].sort((a, b) => a.shard.shard.index - b.shard.shard.index);
}

/** Parses a recorded input with its schema, naming the shard file and the path under `$.inputs`. */
function parseRecorded<S extends z.ZodType>(schema: S, value: unknown, file: string, key: string): z.output<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  throw new InputError(module, issue.message, { file, jsonPath: jsonPath(["inputs", key, ...issue.path]) });
}

/** The options of the `generate` run the shards are shares of, checked against the settings hash and this generator. */
function runOptions(first: ShardInput, options: { game: Game; workers: number; events?: PipelineEvents }): PipelineOptions {
  const { file, shard } = first;
  const recorded: GenerationInputs = {
    generator: shard.inputs.generator,
    chapters: shard.inputs.chapters,
    settings: parseRecorded(pipelineSettingsSchema, shard.inputs.settings, file, "settings"),
    plan: parseRecorded(planSchema, shard.inputs.plan, file, "plan"),
    model: parseRecorded(modelSchema, shard.inputs.model, file, "model"),
    ramp: parseRecorded(rampSchema, shard.inputs.ramp, file, "ramp"),
  };
  // the inputs as this levelramp reads them are the ones the shards hashed (defaults filled in alike)
  if (settingsHash(shard.game, recorded) !== shard.settingsHash) {
    throw new InputError(module, "expected inputs this levelramp reads as the shards' generator did; read here, they hash otherwise", { file, jsonPath: "$.inputs" });
  }
  if (options.game.name !== shard.game) throw new InputError(module, `expected shards of ${options.game.name}; they are of ${shard.game}`, { file, jsonPath: "$.game" });
  const here = gameGenerator(options.game);
  if (recorded.generator !== here) {
    const older = recorded.generator.startsWith(`${shard.game}@`) || recorded.generator.startsWith(`${shard.game}+`) ? "" : " (an older form of the key, over all of levelramp's code: make the shards again with this levelramp)";
    throw new InputError(module, `expected shards grown by the generator this levelramp grows ${shard.game} with (${here}); they were grown by ${recorded.generator}${older}: merge with a levelramp whose ${shard.game} code and models are the shards' (drops, conflicts and extra rounds are computed here)`, { file, jsonPath: "$.inputs.generator" });
  }
  if (recorded.plan.game !== shard.game) throw new InputError(module, `expected a plan for ${shard.game}; got "${recorded.plan.game}"`, { file, jsonPath: "$.inputs.plan.game" });
  return {
    game: options.game,
    seed: shard.seed as number,
    chapters: recorded.chapters,
    settings: recorded.settings,
    plan: recorded.plan,
    planFile: `${file} $.inputs.plan`,
    model: recorded.model,
    modelFile: `${file} $.inputs.model`,
    ramp: recorded.ramp,
    rampFile: `${file} $.inputs.ramp`,
    workers: options.workers,
    events: options.events,
  };
}

/**
 * The shards' answers by task key, after checking each shard holds exactly
 * its share of the run's first-round tasks ({@link shardTasks}; composing
 * again on later streams goes with composing) and that each candidate's id
 * is its body's. `reuseOption` names the option that gives merge the pool
 * the shards reused.
 */
function collectRecords(shards: ShardInput[], run: PipelineOptions, reused: ReusedAnswers | null, reuseOption: string): Map<string, unknown> {
  const count = shards.length;
  // A run that only lists tasks: it never runs one.
  const probe = new PipelineRun({ ...run, select: false, runner: new ReplayRunner(new Map(), 1, run.game) });
  const tasks = shardTasks(probe, count);
  const expected = new Map(tasks.map((t) => [taskKey(t.task), t]));
  const composer = tasks.find((t) => t.task.kind === "compose")?.shard;
  const records = new Map<string, unknown>();
  const holder = new Map<string, string>();
  for (const { file, shard } of shards) {
    shard.tasks.forEach((t, i) => {
      const task = t.task as PipelineTask;
      const key = taskKey(task);
      const where = { file, jsonPath: `$.tasks[${i}].task` };
      const other = holder.get(key);
      if (other !== undefined) throw new InputError(module, `${describeTask(task)} is held twice: by ${other} and by this shard`, where);
      const share = expected.get(key)?.shard ?? (task.kind === "compose" && task.attempt > 0 ? composer : undefined);
      if (share === undefined) throw new InputError(module, `expected only first-round tasks of the run; ${describeTask(task)} is not one (the shard was changed after generate wrote it)`, where);
      if (share !== shard.shard.index) throw new InputError(module, `${describeTask(task)} is shard ${share}/${count}'s share, not this shard's (${shard.shard.index}/${count})`, where);
      if ("candidates" in t.result) checkIds(t.result.candidates, task, file, i);
      holder.set(key, file);
      records.set(key, t.result);
    });
  }
  for (const [key, t] of expected) {
    if (!records.has(key) && !reused?.holds(t.task)) {
      const file = shards[t.shard - 1].file;
      const what = reused
        ? `expected ${describeTask(t.task)} in shard ${t.shard}/${count} or in the pool reused (${reused.source.file}); it is in neither: give merge the pool the shards reused`
        : `expected ${describeTask(t.task)} in shard ${t.shard}/${count}; it is not there (the shard was changed after generate wrote it, or the shards reused an earlier pool: give merge that pool with ${reuseOption})`;
      throw new InputError(module, what, { file, jsonPath: "$.tasks" });
    }
  }
  return records;
}

/** Each grown candidate is of its batch's chapter and part, and its id is its body's (SPEC 2). */
function checkIds(candidates: Array<{ id: string; chapter: number; part: number; level?: unknown }>, task: PipelineTask, file: string, i: number): void {
  if (task.kind !== "grow") return;
  candidates.forEach((c, j) => {
    const id = candidateId(task.game, task.chapter, task.part, c.level);
    if (c.chapter !== task.chapter || c.part !== task.part || c.id !== id) {
      throw new InputError(module, `expected a candidate of chapter ${task.chapter} part ${task.part} with the id of its body (${id}); got ${c.id}`, { file, jsonPath: `$.tasks[${i}].result.candidates[${j}]` });
    }
  });
}
