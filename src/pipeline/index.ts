// The build pipeline (SPEC 1 job 1, 6, 9): grow, de-duplicate, select part by part, verify, report.
export { buildLevels, generatePools, runPipeline, stoppedRunReuse, type PartStats, type PipelineOptions, type PipelineResult, type PipelineStats } from "./level-set/build-levels.ts";
export { buildLevelSet, checkLevelSetFolder, levelSetFileNames, writeLevelSet, type LevelSet, type LevelSetOptions, type LevelSetWrite } from "./level-set/build-level-set.ts";
export { loadPipelineInputs, type PipelineInputs } from "./inputs/load-pipeline-inputs.ts";
export { loadPipelineOptions, type PipelineChoices } from "./level-set/load-pipeline-options.ts";
export { parseChapters } from "./inputs/parse-chapters.ts";
export { readLevelsInput, type LevelsInputOptions } from "./inputs/read-levels-input.ts";
export { readPlayLevels } from "./inputs/read-play-levels.ts";
export { loadPipelineSettings, pipelineSettingsSchema, type PipelineSettings } from "./inputs/pipeline-settings.ts";
export { type PipelineEvents, type PipelinePhase } from "./inputs/pipeline-events.ts";
export { verifyLevels, type LevelFailure, type VerifyResult } from "./verify/verify-levels.ts";
export { selectLevels, selectionPlan, selectionRamp, type SelectedLevels, type SelectLevelsInputs, type SelectLevelsOptions } from "./selection/select-levels.ts";
export { compareLevels } from "./verify/compare-levels.ts";
export { drawLevel, type DrawLevelOptions, type LevelPicture } from "./level/draw-level.ts";
export { measureLevel } from "./level/measure-level.ts";
export { buildDeviation, buildReportFiles, buildReportWriters, deviationReportWriter, htmlReportWriter, statsLines, type BuildDeviation, type BuildReportInput, type BuildReportWriter, type ReportFile } from "./level-set/build-report.ts";
export { PoolDeduper, type CandidateVerdict, type DedupCounts, type PoolConflict } from "./level-set/pool-dedup.ts";
// scaling out (SPEC 9): generate --shard and merge
export { generateShard, type ShardResult } from "./shards/generate-shard.ts";
export { mergeShards, type MergeResult, type ShardInput } from "./shards/merge-shards.ts";
export { readShards } from "./shards/read-shards.ts";
export { maxShards, parseShard, SHARD_NAMES, type ShardEnv, type ShardSpec } from "./shards/parse-shard.ts";
export { describeTask, shardTasks, taskKey, type ShardedTask } from "./shards/shard-tasks.ts";
export { ReplayRunner } from "./shards/replay-runner.ts";
export { generationInputs, settingsHash, type GenerationInputs } from "./shards/settings-hash.ts";
export { batchCodeEntries, batchCodeHash, batchCodeHashes, folderHash, gameModelFiles, gameModelsHash, generatorFingerprint, OUTSIDE_GAMES, RUN_INPUT_FILES } from "./reuse/generator-fingerprint.ts";
export { importClosure, runtimeImports, type ImportClosure } from "./reuse/import-closure.ts";
// pools reused (docs/pipeline.md "Pools reused"): --reuse
export { GrownRecorder } from "./reuse/grown-recorder.ts";
export { parseReusablePool, readReusablePool, ReusedAnswers, type ReusablePool } from "./reuse/reusable-pool.ts";
export { checkGeneratorForm, composeKey, partKey, reuseGenerator } from "./reuse/reuse-keys.ts";
export { REUSE_LINES_NAMES, reuseLines } from "./reuse/reuse-lines.ts";
export { ReuseRunner, reuseTotals, type PartReuse, type ReuseSummary } from "./reuse/reuse-runner.ts";
