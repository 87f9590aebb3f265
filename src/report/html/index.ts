// The HTML report's pieces (SPEC 1 job 4): its data, sections, cards and plots, and the helpers
// its tests pin. The page is put together by ../render-html-report.ts (with the editor when asked).
export { REPORT_DATA_ID, htmlReportData, type HtmlReportData, type HtmlReportInput, type NamedRamp, type ReportChapter, type ReportLevel } from "./html-report-data.ts";
export { deviationTableHtml } from "./deviation-table-html.ts";
export { escapeHtml, formatNumber, formatSigned, jsonForScript } from "./html-escape.ts";
export { ruleIntroductions, type RuleIntroduction } from "./rule-introductions.ts";
export { conceptTimelineSvg, conceptsHtml, type TimelineLevel } from "./concept-timeline-html.ts";
export { calibrationPlotSpec, calibrationSectionHtml } from "./calibration-section.ts";
export { scopeSvgIds } from "./scope-svg-ids.ts";
export { pictureImage, svgDataUri } from "./safe/picture-image.ts";
export { pagePolicy } from "./safe/page-policy.ts";
export { svgMarkTitles } from "./svg-mark-titles.ts";
