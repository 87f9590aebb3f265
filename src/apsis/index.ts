// Apsis (SPEC 5), the package's `levelramp/apsis`: its one back end, its body format, and the parts a designer
// or a tool calls on their own.
// Internals (segment geometry, arrow tries, small-sky drawing, prefilters) are imported by path.
export { apsisBackend } from "./apsis-backend.ts";
export { apsisArrowSchema, apsisBodySchema, type ApsisArrow, type ApsisBody } from "./level/apsis-body.ts";
export { candidateAim, generateLevel, type ApsisGenerated } from "./generate/generate-level.ts";
export { apsisModelPath, loadSkyModel, skyModelSchema, type SkyModel } from "./model/sky-model.ts";
export { builderModelSchema, loadBuilderModel, type BuilderModel } from "./model/builder-model.ts";
export { firstFiveModelSchema, loadApsisRamp, loadFirstFiveModel, type FirstFiveModel } from "./model/first-five-model.ts";
export { apsisGeneratorSchema, type ApsisGeneratorSettings } from "./model/generator-settings.ts";
export { arrowShape, type ArrowPlacement, type ArrowShape } from "./level/arrow-shape.ts";
export { skyLimits, type SkyLimits } from "./level/sky-limits.ts";
export { APSIS_RULES, isApsisRule, parseApsisRules, rulesInEffect, withoutRule, type ApsisRule } from "./level/apsis-rules.ts";
export { blockGraph, type ArrowNode, type HoldEdge, type HoldKind, type SkyGraph } from "./level/block-graph.ts";
export { holdGraph } from "./level/hold-graph.ts";
export { ruleHolds, type RuleHold } from "./level/rule-holds.ts";
export { findHoldCycle } from "./level/find-hold-cycle.ts";
export { replayLaunches, type Launch, type ReplayResult } from "./level/replay-launches.ts";
export { solveSky, type SolvedSky } from "./solver/solve-sky.ts";
export { skyRounds, type SkyRounds } from "./solver/sky-rounds.ts";
export { APSIS_METRICS, skyMeasure, skyMetrics, type SkyMeasure } from "./measure/measure-sky.ts";
export { keepsRingSpread, largestRingShare, ringCap, type RingSpreadRule } from "./measure/ring-spread.ts";
export { apsisChapterFigures, chapterFiguresTable, type ChapterFigureLevel, type ChapterFigures } from "./measure/chapter-figures.ts";
export { checkLevel } from "./check/check-level.ts";
export { ruleNeeded, type RuleNeed } from "./check/rule-needed.ts";
export { apsisConcepts } from "./check/apsis-concepts.ts";
export { buildSky, type BuildFailure, type BuildOutcome, type BuildSkyOptions, type BuiltSky, type RuleTargets } from "./generate/build-sky.ts";
export { composeFirstFive, type ComposeFirstFiveOptions } from "./compose/compose-first-five.ts";
export { renderSkySvg, type SkySvgOptions } from "./picture/render-sky-svg.ts";
export { apsisDedup, describeApsisTransform } from "./dedup/apsis-dedup.ts";
export { apsisDedupGame, createApsisDedupIndex, type ApsisDedupIndex } from "./dedup/apsis-dedup-index.ts";
export { apsisDedupRecord } from "./dedup/apsis-dedup-record.ts";
export { apsisDedupSettingsSchema, apsisDedupThresholdsSchema, defaultApsisDedupThresholds, type ApsisDedupSettings, type ApsisDedupThresholds } from "./dedup/apsis-dedup-thresholds.ts";
export { compareApsis, comparePreparedApsis } from "./dedup/compare-apsis.ts";
export { GROUP_STRIDE, markClass, prepareApsisLevel, type ApsisDedupLevel, type PreparedApsisLevel } from "./dedup/prepare-apsis-level.ts";
export { applyApsisTransform, normalDegrees, signedGap, type ApsisTransform } from "./dedup/apsis-transform.ts";
export { apsisCanonicalForm, type ApsisCanonicalForm } from "./dedup/apsis-canonical-form.ts";
