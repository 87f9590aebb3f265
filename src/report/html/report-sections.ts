import { breakLine } from "../../select/rules/find-breaks.ts";
import { conceptsHtml } from "./concept-timeline-html.ts";
import { deviationTableHtml } from "./deviation-table-html.ts";
import { escapeHtml, formatNumber } from "./html-escape.ts";
import type { HtmlReportData, ReportChapter } from "./html-report-data.ts";

// The pieces of the report page around its plots and cards, as HTML text. The
// page is put together from them at report time (../render-html-report.ts), and
// the ramp editor (src/report/editor) redraws the same pieces in the page
// after each re-selection; so they are pure and import nothing from Node.

/** The page's header: title and one line of facts (game, counts, seed, objective, status, ramps). */
export function headerHtml(data: HtmlReportData): string {
  const facts = [
    `game <b>${escapeHtml(data.game)}</b>`,
    `${data.levels.length} levels in ${data.chapters.length} chapter${data.chapters.length === 1 ? "" : "s"}`,
    `seed ${escapeHtml(String(data.seed))}`,
    `objective ${formatNumber(data.objective, 6)}${data.solver ? ` (${escapeHtml(data.solver)})` : ""}`,
    `status <b class="status-${data.status}">${escapeHtml(data.statusLine)}</b>`,
    `ramp${data.ramps.length === 1 ? "" : "s"}: ${data.ramps.map((r) => `${escapeHtml(r.name)} (${escapeHtml(r.metric)})`).join(", ")}`,
  ];
  return `<header><h1>${escapeHtml(data.title)}</h1><p class="meta">${facts.join(" · ")}</p></header>`;
}

/** The constraint breaks as a red list (empty text when there is none). */
export function breaksListHtml(breaks: HtmlReportData["breaks"]): string {
  if (!breaks.length) return "";
  return `<ul class="breaks-list">${breaks.map((b) => `<li>${escapeHtml(breakLine(b))}</li>`).join("")}</ul>`;
}

/** Under the whole-game plot: the rule introductions (with links), the concept timeline (SPEC 12), the chain's restarts and the per-chapter deviation table with the breaks. */
export function overviewTailHtml(data: HtmlReportData): string {
  const out: string[] = [];
  if (data.introductions.length) {
    out.push(`<h3>Rule introductions</h3><ul class="intros">`);
    for (const r of data.introductions) out.push(`<li><b>${escapeHtml(r.rule)}</b> at <a href="#level-${r.level}">level ${r.level}</a> (chapter ${r.chapter})</li>`);
    out.push(`</ul>`);
  }
  if (data.concepts) out.push(conceptsHtml(data.concepts, data.levels));
  const restarts = data.chapters.filter((c) => c.restart);
  if (restarts.length) {
    out.push(`<p class="restarts">The chain restarts at each chapter start (↺, chapter-scoped rules): ${restarts.map((c) => `<a href="#level-${c.first}">level ${c.first}</a> (chapter ${c.chapter})`).join(", ")}.</p>`);
  }
  out.push(`<h3>Ramp deviation per chapter</h3>${deviationTableHtml(data.ramps)}${breaksListHtml(data.breaks)}`);
  return out.join("");
}

/** A chapter's heading: its number, level range and rules. */
export function chapterHeadingHtml(ch: ReportChapter): string {
  return `<h2>Chapter ${ch.chapter}<small>levels ${ch.first}–${ch.last}${ch.restart ? " · the chain restarts here ↺" : ""}${ch.rules.length ? ` · rules: ${escapeHtml(ch.rules.join(", "))}` : ""}</small></h2>`;
}

/** A chapter's row(s) of the deviation table and the breaks inside it. */
export function chapterTableHtml(data: HtmlReportData, chapter: number): string {
  const breaks = data.breaks.filter((b) => data.levels.find((l) => l.number === b.level)?.chapter === chapter);
  return `${deviationTableHtml(data.ramps, [chapter], false)}${breaksListHtml(breaks)}`;
}
