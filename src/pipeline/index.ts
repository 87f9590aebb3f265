// The build pipeline (SPEC 1 job 1, 6, 9): grow, de-duplicate, select part by part, verify, report.
export { buildLevels, generatePools, runPipeline, type PartStats, type PipelineOptions, type PipelineResult, type PipelineStats } from "./build-levels.ts";
export { loadPipelineInputs, type PipelineInputs } from "./load-pipeline-inputs.ts";
export { parseChapters } from "./parse-chapters.ts";
export { loadPipelineSettings, pipelineSettingsSchema, type PipelineSettings } from "./pipeline-settings.ts";
export { type PipelineEvents, type PipelinePhase } from "./pipeline-events.ts";
export { verifyLevels, type LevelFailure, type VerifyResult } from "./verify-levels.ts";
export { compareLevels } from "./compare-levels.ts";
export { buildReportFiles, buildReportWriters, deviationReportWriter, htmlReportWriter, statsLines, type BuildReportInput, type BuildReportWriter, type ReportFile } from "./build-report.ts";
export { PoolDeduper, type CandidateVerdict, type DedupCounts, type PoolConflict } from "./pool-dedup.ts";
export { createProgressBars, type ProgressBars } from "./progress-bars.ts";
// scaling out (SPEC 9): generate --shard and merge
export { generateShard, type ShardResult } from "./generate-shard.ts";
export { mergeShards, type MergeResult, type ShardInput } from "./merge-shards.ts";
export { maxShards, parseShard, type ShardEnv, type ShardSpec } from "./parse-shard.ts";
export { describeTask, shardTasks, taskKey, type ShardedTask } from "./shard-tasks.ts";
export { ReplayRunner } from "./replay-runner.ts";
export { generationInputs, settingsHash, type GenerationInputs } from "./settings-hash.ts";
export { generatorFingerprint } from "./generator-fingerprint.ts";
