import type { Game } from "../../game/game.ts";
import type { LevelsFile } from "../../io/schemas/levels.ts";
import type { Pool } from "../../io/schemas/pool.ts";
import type { PipelineInputs } from "../inputs/load-pipeline-inputs.ts";
import type { PipelineEvents } from "../inputs/pipeline-events.ts";
import type { PipelineSettings } from "../inputs/pipeline-settings.ts";
import type { TaskRunner } from "../workers/task-runner.ts";
import type { DedupCounts } from "./pool-dedup.ts";
import type { ReusablePool } from "../reuse/reusable-pool.ts";
import type { ReuseSummary } from "../reuse/reuse-runner.ts";

/** What `build --from` reads (docs/pipeline.md "Rebuilding from a chapter"): an earlier build's levels file and the pool beside it. */
export interface FromSet {
  /** The levels file's name, for messages. */
  file: string;
  levels: LevelsFile;
  /** The set's pools.json, with its record of how it was grown. */
  pool: ReusablePool;
}

/** What a pipeline run reads: the model files ({@link PipelineInputs}) and the run's choices. */
export interface PipelineOptions extends PipelineInputs {
  /** The game (`openGame`): its calls grow, measure and compare the levels; worker threads open it again from its `source`. */
  game: Game;
  /** Chapters to build, in plan order (see parseChapters). */
  chapters: number[];
  seed: number;
  /** Worker threads for generation (≤ 1: this thread). Never changes an output. */
  workers: number;
  settings: PipelineSettings;
  events?: PipelineEvents;
  /**
   * Runs the compose and batch tasks (default: `createTaskRunner(workers)`,
   * closed with the run). `merge` passes one that answers from the shards'
   * recorded tasks (SPEC 9); any runner must answer a task with the pure
   * function of it (`runPipelineTask`), or outputs stop being reproducible.
   */
  runner?: TaskRunner;
  /**
   * An earlier run's pool (`--reuse`, docs/pipeline.md "Pools reused"):
   * every batch and composing stream whose inputs did not change is answered
   * from it instead of grown; the output is the same bytes.
   */
  reuse?: ReusablePool;
  /**
   * With `reuse` (or `from`, whose pool is reused): answer every batch whose
   * part's generator inputs did not change from the batch recorded with the
   * same number and level, as grown, whatever it was aimed at
   * (docs/pipeline.md "Keeping the recorded aims"). A ramp- or model-only
   * change then grows nothing, and the set may differ from a whole build's
   * (its candidates were aimed at the earlier ramp or chain); the pool's
   * record keeps the aims they were grown at. Default false: only a batch
   * with the same aim is reused, and the output is a whole build's bytes.
   */
  keepAims?: boolean;
  /**
   * `build --from` (docs/pipeline.md "Rebuilding from a chapter"): an earlier
   * build's levels and pool; the chapters before `chapters[0]` are kept from
   * it (checked against the current rules first) and the run continues the
   * chain from them, as a whole build from the set's first chapter would.
   * Its pool is reused (`reuse`) unless another is given.
   */
  from?: FromSet;
  /**
   * How the caller names its options in messages (as selectLevels' `names`):
   * by default the library's own words, this interface's fields; the CLI
   * passes its flags (`--from`, `--reuse`, `--chapters`, leaving out `--seed`).
   */
  names?: Partial<typeof PIPELINE_NAMES>;
}

/** The library's words for {@link PipelineOptions.names}. */
export const PIPELINE_NAMES = {
  /** The earlier set a build continues. */
  from: "from",
  /** An earlier pool to reuse. */
  reuse: "reuse",
  /** Reusing recorded batches whatever their aim. */
  keepAims: "keepAims",
  /** The chapters to build. */
  chapters: "chapters",
  /** Building with the seed the earlier set was built with. */
  setSeed: "build with the set's seed",
};

/** One part's figures. */
export interface PartStats {
  chapter: number;
  part: number;
  /** Levels of the part; of them `grownLevels` are grown (the rest composed). */
  levels: number;
  grownLevels: number;
  /** Candidates grown (proven, measured) into the pool. */
  grown: number;
  /** Of them, dropped as too close to a level already chosen. */
  dropped: number;
  /** Conflict pairs marked inside the pool. */
  conflicts: number;
  /** Extra rounds of batches the part needed (its pool could not fill it or continue the chain). */
  extraRounds: number;
  /** Refine rounds the part grew because its chain drifted off the ramp (docs/pipeline.md "Refine rounds"). */
  refineRounds: number;
  /** Candidates the generator gave up on (every attempt gave nothing). */
  givenUp: number;
}

/** Figures of a pipeline run (`--stats`). Counts only: the same for any worker count. */
export interface PipelineStats {
  /** Composed levels (0 when the plan composes none or level 1 is not built). */
  composed: number;
  /** Candidates grown in all. */
  grown: number;
  /** Grown candidates whose body repeated one already in the same pool exactly (same id); kept once. */
  repeatedIds: number;
  /** The game's rejection counters while growing, plus `no-candidate`. */
  generator: Record<string, number>;
  /** The composer's figures for the kept set, plus `repeat-in-set`: composed sets dropped because two of their levels were the same. */
  compose: Record<string, number>;
  /** De-duplication: drops and conflict pairs per reason. */
  dedup: DedupCounts;
  parts: PartStats[];
}

/** What a build gives: the pool file, and (when selecting) the levels file. */
export interface PipelineResult {
  pool: Pool;
  levels: LevelsFile | null;
  stats: PipelineStats;
  /** One sentence on what the chain starts from (composed levels, grown levels 1–5, or a later chapter). */
  chainStart: string;
  /** Worker threads generation ran on (0: this thread). Never part of an output file. */
  threads: number;
  /** With `reuse`: what was answered from the earlier pool and what was grown. Never part of an output file (with `keepAims`, report.txt's first sentence says what it means for the set). */
  reuse?: ReuseSummary;
  /** With `from`: what was kept (the file, its chapters, the number of levels). Never part of an output file. */
  kept?: { file: string; chapters: number[]; levels: number };
}
