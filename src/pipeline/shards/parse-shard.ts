import { InputError } from "../../io/errors.ts";

/** One shard of a sharded `generate` (SPEC 9): shard `index` of `count`, `index` counting from 1. */
export interface ShardSpec {
  /** 1..count: shard 1 is the first (as in `--shard 1/3`). */
  index: number;
  count: number;
}

/** The most shards a run may be cut into (Kubernetes allows 100,000 completions of an Indexed Job). */
export const maxShards = 100_000;

/** The environment variables `--shard auto` reads, as a process sees them. */
export type ShardEnv = Readonly<Record<string, string | undefined>>;

const module = "pipeline/shard";

/**
 * The library's words for {@link parseShard}'s `names`: the option that
 * names the shard, its `auto` value, and the explicit form a Slurm script
 * gives instead of `auto` (the CLI passes `--shard`, `--shard auto` and
 * `--shard "$SLURM_ARRAY_TASK_ID/N"`).
 */
export const SHARD_NAMES = {
  /** The option whose value is parsed. */
  shard: "shard",
  /** That option set to `auto`. */
  auto: 'shard "auto"',
  /** The explicit shard a Slurm job array's script names (K from the task id), both for an array from 1 and from 0. */
  explicit: 'shard "K/N" with K = SLURM_ARRAY_TASK_ID (an array from 1; from 0, K = SLURM_ARRAY_TASK_ID + 1)',
};

/** The words a message names the caller's options with. */
type ShardNames = typeof SHARD_NAMES;

/**
 * The shard a `--shard` option names (SPEC 2, 9): `K/N` with 1 ≤ K ≤ N ≤
 * {@link maxShards} (**K counts from 1**, everywhere: options, file names,
 * messages), or `auto`, read from the job-array variables of the scheduler
 * that started the process:
 * - `LEVELRAMP_SHARD=K/N` (any launcher, e.g. GNU parallel; K from 1);
 * - Kubernetes Indexed Jobs: `JOB_COMPLETION_INDEX` (0-based, set by
 *   Kubernetes) with `LEVELRAMP_SHARD_COUNT` = the Job's `completions` (set in
 *   the manifest: Kubernetes gives the pod no count);
 * - Slurm job arrays: `SLURM_ARRAY_TASK_ID` and `SLURM_ARRAY_TASK_COUNT`,
 *   the index taken from `SLURM_ARRAY_TASK_MIN` (0 when it is not set), so
 *   `--array=0-7` and `--array=1-8` both give shards 1..8. The array must be
 *   contiguous: a `SLURM_ARRAY_TASK_STEP` other than 1, or a
 *   `SLURM_ARRAY_TASK_MAX` other than MIN + COUNT − 1, is refused. It must be
 *   the whole run: a one-task array (`sbatch --array=3`, a re-run of one
 *   task) or one starting above 1 (`--array=3-4`) cannot say the run's count
 *   of shards, and is refused at once with the explicit form to use — unless
 *   `LEVELRAMP_SHARD` names the shard, which then stands alone.
 *
 * Several sources may be set at once only when they name the same shard.
 * Empty variables count as unset.
 *
 * @param text the option's value.
 * @param env the environment (default `process.env`).
 * @param names how the caller names its option in messages (default
 *   {@link SHARD_NAMES}, the library's words: `shard`, `shard "auto"`; the
 *   CLI passes `--shard`, `--shard auto`).
 * @throws InputError (exit 2) naming the option or the variable: not `K/N`,
 *   K outside 1..N, no variable for `auto`, a missing companion variable
 *   (`LEVELRAMP_SHARD_COUNT`, `SLURM_ARRAY_TASK_COUNT`), an index outside the
 *   count, or two sources that disagree.
 */
export function parseShard(text: string, env: ShardEnv = process.env, names: Partial<ShardNames> = {}): ShardSpec {
  const said = { ...SHARD_NAMES, ...names };
  if (text.trim() === "auto") return shardFromEnv(env, said);
  return parseFraction(text, said.shard, "or auto");
}

/** `K/N` → the shard, checked (1 ≤ K ≤ N ≤ maxShards). */
function parseFraction(text: string, where: string, alternatives = ""): ShardSpec {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const expected = `expected K/N, shard K of N with 1 ≤ K ≤ N ≤ ${maxShards} (K counts from 1)${alternatives ? ` ${alternatives}` : ""}`;
  if (!m) throw new InputError(module, `${where}: ${expected}; got "${text}"`);
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1 || count > maxShards || index < 1 || index > count) throw new InputError(module, `${where}: ${expected}; got "${text}"`);
  return { index, count };
}

/** A whole number ≥ `least` from variable `name`. */
function wholeVar(env: ShardEnv, name: string, least: number, said: ShardNames): number {
  const text = env[name]!;
  if (!/^\s*\d+\s*$/.test(text) || Number(text) < least) throw new InputError(module, `${said.auto}: ${name} expected a whole number ≥ ${least}; got "${text}"`);
  return Number(text);
}

const isSet = (env: ShardEnv, name: string) => env[name] !== undefined && env[name]!.trim() !== "";

/** The shard of each job-array source that is set, with the words naming it. */
function shardSources(env: ShardEnv, said: ShardNames): Array<{ what: string; shard: ShardSpec }> {
  const found: Array<{ what: string; shard: ShardSpec }> = [];
  if (isSet(env, "LEVELRAMP_SHARD")) {
    found.push({ what: `LEVELRAMP_SHARD=${env.LEVELRAMP_SHARD}`, shard: parseFraction(env.LEVELRAMP_SHARD!, `${said.auto}: LEVELRAMP_SHARD`) });
  }
  if (isSet(env, "JOB_COMPLETION_INDEX")) {
    const index = wholeVar(env, "JOB_COMPLETION_INDEX", 0, said);
    if (!isSet(env, "LEVELRAMP_SHARD_COUNT")) {
      throw new InputError(module, `${said.auto}: JOB_COMPLETION_INDEX=${index} is set (a Kubernetes Indexed Job) but LEVELRAMP_SHARD_COUNT is not: set it in the pod template's env to the Job's completions`);
    }
    const count = wholeVar(env, "LEVELRAMP_SHARD_COUNT", 1, said);
    if (count > maxShards) throw new InputError(module, `${said.auto}: LEVELRAMP_SHARD_COUNT expected at most ${maxShards}; got ${count}`);
    if (index >= count) throw new InputError(module, `${said.auto}: JOB_COMPLETION_INDEX=${index} expected an index below LEVELRAMP_SHARD_COUNT=${count} (it counts from 0)`);
    found.push({ what: `JOB_COMPLETION_INDEX=${index} of LEVELRAMP_SHARD_COUNT=${count}`, shard: { index: index + 1, count } });
  } else if (isSet(env, "LEVELRAMP_SHARD_COUNT")) {
    throw new InputError(module, `${said.auto}: LEVELRAMP_SHARD_COUNT is set but JOB_COMPLETION_INDEX is not (LEVELRAMP_SHARD_COUNT is the count of a Kubernetes Indexed Job; elsewhere use LEVELRAMP_SHARD=K/N)`);
  }
  if (isSet(env, "SLURM_ARRAY_TASK_ID")) {
    const slurm = slurmSource(env, said);
    // A part of an array (a re-run of failed tasks) cannot name the run's shards; LEVELRAMP_SHARD, when set, does.
    if (!slurm.partial) found.push(slurm);
    else if (found.length === 0) throw new InputError(module, slurm.partial);
  }
  return found;
}

/**
 * The shard of a Slurm array task; `partial` (the refusal, in words) when the
 * array cannot be the whole run: a one-task array (`sbatch --array=3`, the
 * natural re-run of one failed task, would otherwise read as shard 1/1 and
 * grow the whole run) or one that starts above 1 (`--array=3-4`, a re-run of
 * two): only an array from 0 or 1 of more than one task says how many shards
 * the run has.
 */
function slurmSource(env: ShardEnv, said: ShardNames): { what: string; shard: ShardSpec; partial?: string } {
  const id = wholeVar(env, "SLURM_ARRAY_TASK_ID", 0, said);
  if (!isSet(env, "SLURM_ARRAY_TASK_COUNT")) throw new InputError(module, `${said.auto}: SLURM_ARRAY_TASK_ID=${id} is set but SLURM_ARRAY_TASK_COUNT is not`);
  const count = wholeVar(env, "SLURM_ARRAY_TASK_COUNT", 1, said);
  if (count > maxShards) throw new InputError(module, `${said.auto}: SLURM_ARRAY_TASK_COUNT expected at most ${maxShards}; got ${count}`);
  const min = isSet(env, "SLURM_ARRAY_TASK_MIN") ? wholeVar(env, "SLURM_ARRAY_TASK_MIN", 0, said) : 0;
  if (isSet(env, "SLURM_ARRAY_TASK_STEP") && wholeVar(env, "SLURM_ARRAY_TASK_STEP", 0, said) !== 1) {
    throw new InputError(module, `${said.auto}: SLURM_ARRAY_TASK_STEP expected 1 (a contiguous array such as --array=1-${count}); got ${env.SLURM_ARRAY_TASK_STEP}`);
  }
  if (isSet(env, "SLURM_ARRAY_TASK_MAX") && wholeVar(env, "SLURM_ARRAY_TASK_MAX", 0, said) !== min + count - 1) {
    throw new InputError(module, `${said.auto}: SLURM_ARRAY_TASK_MAX expected ${min + count - 1} (SLURM_ARRAY_TASK_MIN + SLURM_ARRAY_TASK_COUNT − 1: a contiguous array); got ${env.SLURM_ARRAY_TASK_MAX}`);
  }
  if (id < min || id - min >= count) {
    throw new InputError(module, `${said.auto}: SLURM_ARRAY_TASK_ID=${id} expected ${min}..${min + count - 1} (SLURM_ARRAY_TASK_MIN=${min}, SLURM_ARRAY_TASK_COUNT=${count})`);
  }
  const what = `SLURM_ARRAY_TASK_ID=${id} of SLURM_ARRAY_TASK_COUNT=${count} from SLURM_ARRAY_TASK_MIN=${min}`;
  const name = `name the shard instead, with K counting from 1: ${said.explicit}, or LEVELRAMP_SHARD=K/N (sbatch --array=${id} --export=ALL,LEVELRAMP_SHARD=K/N ...)`;
  const partial =
    count === 1
      ? `${said.auto}: SLURM_ARRAY_TASK_ID=${id} is the only task of its array (SLURM_ARRAY_TASK_COUNT=1, as sbatch --array=${id} makes to re-run one task), which cannot say how many shards the run has or which one this is; ${name}`
      : min > 1
        ? `${said.auto}: the array starts at SLURM_ARRAY_TASK_MIN=${min} (a part of an array, as sbatch --array=${min}-${min + count - 1} makes to re-run some tasks), so SLURM_ARRAY_TASK_COUNT=${count} is not the run's count of shards; ${name}`
        : undefined;
  return { what, shard: { index: id - min + 1, count }, ...(partial ? { partial } : {}) };
}

/** `--shard auto`: the one shard the set variables agree on. */
function shardFromEnv(env: ShardEnv, said: ShardNames): ShardSpec {
  const found = shardSources(env, said);
  if (found.length === 0) {
    throw new InputError(module, `${said.auto}: expected LEVELRAMP_SHARD=K/N, JOB_COMPLETION_INDEX with LEVELRAMP_SHARD_COUNT (Kubernetes Indexed Job) or SLURM_ARRAY_TASK_ID with SLURM_ARRAY_TASK_COUNT (Slurm job array); none is set`);
  }
  const [first, ...rest] = found;
  for (const other of rest) {
    if (other.shard.index !== first.shard.index || other.shard.count !== first.shard.count) {
      throw new InputError(module, `${said.auto}: ${first.what} (shard ${first.shard.index}/${first.shard.count}) and ${other.what} (shard ${other.shard.index}/${other.shard.count}) disagree`);
    }
  }
  return first.shard;
}
