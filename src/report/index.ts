export { csvField, deviationCsv, levelDeviationCsv } from "./deviation-csv.ts";
export { deviationReport, type ChapterDeviation, type DeviationStats, type LevelDeviation, type RampDeviation } from "./deviation-report.ts";
export { deviationBand, deviationTable } from "./deviation-table.ts";
export { poolCoverage } from "./pool-coverage.ts";
export { diffLevels, type LevelsDiff } from "./diff-levels.ts";
export { REPORT_DATA_ID, deviationTableHtml, escapeHtml, formatNumber, formatSigned, htmlReportData, jsonForScript, renderHtmlReport, ruleIntroductions, scopeSvgIds, svgMarkTitles, type HtmlReportData, type HtmlReportInput, type HtmlReportOptions, type NamedRamp, type ReportChapter, type ReportLevel, type RuleIntroduction } from "./html/index.ts";
