// The HTML report (SPEC 1 job 4): the page, its data, and the helpers its tests pin.
export { REPORT_DATA_ID, renderHtmlReport, type HtmlReportOptions } from "./render-html-report.ts";
export { htmlReportData, type HtmlReportData, type HtmlReportInput, type NamedRamp, type ReportChapter, type ReportLevel } from "./html-report-data.ts";
export { deviationTableHtml } from "./deviation-table-html.ts";
export { escapeHtml, formatNumber, formatSigned, jsonForScript } from "./html-escape.ts";
export { ruleIntroductions, type RuleIntroduction } from "./rule-introductions.ts";
export { calibrationPlotSpec, calibrationSectionHtml } from "./calibration-section.ts";
export { scopeSvgIds } from "./scope-svg-ids.ts";
export { svgMarkTitles } from "./svg-mark-titles.ts";
