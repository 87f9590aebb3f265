export { csvField, deviationCsv, levelDeviationCsv } from "./deviation-csv.ts";
export { deviationReport, type ChapterDeviation, type DeviationStats, type LevelDeviation, type RampDeviation } from "./deviation-report.ts";
export { deviationBand } from "./deviation-band.ts";
export { deviationTable } from "./deviation-table.ts";
export { poolCoverage } from "./pool-coverage.ts";
export { diffLevels, type LevelsDiff } from "./diff-levels.ts";
export { REPORT_DATA_ID, deviationTableHtml, escapeHtml, formatNumber, formatSigned, htmlReportData, jsonForScript, renderHtmlReport, ruleIntroductions, scopeSvgIds, svgMarkTitles, type HtmlReportData, type HtmlReportInput, type HtmlReportOptions, type NamedRamp, type ReportChapter, type ReportLevel, type RuleIntroduction } from "./html/index.ts";
export { EDITOR_DATA_ID, EDITOR_PICTURE_BUDGET, checkEditorInputs, editorInputs, rampPlotSvg, selectCommand, selectForRamp, type EditorAnswer, type EditorData, type EditorFiles, type EditorHook, type EditorInputs, type EditorOptions, type EditorResult } from "./editor/index.ts";
