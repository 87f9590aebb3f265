import type { GameBackend } from "../../game/game-backend.ts";
import { chapterPlotSpec } from "./chapter-plot-spec.ts";
import { deviationTableHtml } from "./deviation-table-html.ts";
import { escapeHtml, formatNumber, jsonForScript } from "./html-escape.ts";
import { htmlReportData, type HtmlReportData, type HtmlReportInput } from "./html-report-data.ts";
import { levelCardHtml } from "./level-card-html.ts";
import { levelPicture } from "./level-picture.ts";
import { overviewPlotSpec } from "./overview-plot-spec.ts";
import { renderVegaLite } from "./render-vega-lite.ts";
import { REPORT_SCRIPT } from "./report-script.ts";
import { REPORT_STYLE } from "./report-style.ts";
import { scopeSvgIds } from "./scope-svg-ids.ts";

/** Options of {@link renderHtmlReport}. */
export interface HtmlReportOptions extends HtmlReportInput {
  /**
   * The levels file's game back end, which draws the level cards' pictures
   * (`renderSvg`); absent, or a game without a picture: cards show numbers only.
   * The report knows no game: the caller finds it (`findGame(file.game)`).
   */
  backend?: Pick<GameBackend, "renderSvg">;
  /** Overlay each level's stored solution on its thumbnail (default false: the bare level, as a player sees it). */
  solutions?: boolean;
  /**
   * Files with at most this many levels show every chapter's thumbnails
   * unfolded; bigger files fold them in a `<details>` per chapter, which the
   * browser does not lay out until opened (default 60).
   */
  openThumbnailsUpTo?: number;
}

/** Id of the `<script type="application/json">` block that holds the report data. */
export const REPORT_DATA_ID = "levelramp-report-data";

/**
 * The HTML report of a levels file (SPEC 1 job 4, SPEC 2 `report --format
 * html`): one self-contained page that loads nothing (no network, no CDN, no
 * fonts or scripts from elsewhere). It holds
 * - a whole-game plot (value against level number, each ramp as a line,
 *   chapter boundaries marked, rule introductions labelled) and the
 *   per-chapter deviation table with every ramp side by side;
 * - per chapter: a plot of the ramp(s) and the shipped values with the
 *   deviation shaded, the chapter's row(s) of the table, and a card per level
 *   with the back end's SVG picture (`renderSvg`, as `show` draws it), its
 *   number, id, metrics and target(s) — hovering a point or a card shows the
 *   numbers, and a point links to its card;
 * - the report data as JSON ({@link HtmlReportData}) in
 *   `<script type="application/json" id="levelramp-report-data">`.
 * Plots are vega-lite 6 specs rendered to inline SVG in Node by vega's
 * `View.toSVG`. Same input, same page, byte for byte.
 *
 * @param options the levels file, the game back end that draws the
 *   pictures, the ramps to compare (default: the embedded ramp), a title, the
 *   file's name, `solutions`, `openThumbnailsUpTo`.
 * @returns the page's HTML text.
 * @throws Error `report/deviation: ...` when a ramp's metric is missing from
 *   a level; `report/html-plot: ...` or `report/html-picture: ...` when a plot
 *   or a level picture cannot be drawn.
 */
export async function renderHtmlReport(options: HtmlReportOptions): Promise<string> {
  const data = htmlReportData(options);
  const open = data.levels.length <= (options.openThumbnailsUpTo ?? 60);
  const bodyOf = new Map(options.file.levels.map((l) => [l.number, l]));
  const out: string[] = [];
  out.push(`<!doctype html><html lang="en"><head><meta charset="utf-8">`);
  out.push(`<meta name="viewport" content="width=device-width, initial-scale=1">`);
  out.push(`<meta name="generator" content="levelramp">`);
  out.push(`<title>${escapeHtml(data.title)}</title><style>${REPORT_STYLE}</style></head><body>`);
  out.push(header(data));
  if (data.levels.length === 0) {
    out.push(`<section class="overview" id="overview"><p>This levels file ships no levels.</p></section>`);
  } else {
    out.push(`<nav class="toc">Chapters: ${data.chapters.map((c) => `<a href="#chapter-${c.chapter}">${c.chapter}</a>`).join(" ")}`);
    out.push(`<button type="button" data-thumbnails="open">open all thumbnails</button><button type="button" data-thumbnails="fold">fold all</button></nav>`);
    out.push(await overview(data));
    for (const ch of data.chapters) {
      const svg = await renderVegaLite(chapterPlotSpec(data, ch.chapter), `plot-c${ch.chapter}-`);
      const cards = data.levels
        .map((l, i) => ({ l, i }))
        .filter(({ l }) => l.chapter === ch.chapter)
        .map(({ l, i }) => {
          const picture = levelPicture(options.backend, bodyOf.get(l.number)!, options.solutions ?? false);
          return levelCardHtml(data, i, picture === null ? null : scopeSvgIds(picture, `level-${l.number}-`));
        });
      const breaks = data.breaks.filter((b) => data.levels.find((l) => l.number === b.level)?.chapter === ch.chapter);
      out.push(`<section class="chapter" id="chapter-${ch.chapter}" data-chapter="${ch.chapter}">`);
      out.push(`<h2>Chapter ${ch.chapter}<small>levels ${ch.first}–${ch.last}${ch.rules.length ? ` · rules: ${escapeHtml(ch.rules.join(", "))}` : ""}</small></h2>`);
      out.push(`<div class="chapter-body"><figure class="plot chapter-plot" data-chapter="${ch.chapter}">${svg}</figure>`);
      out.push(`<div class="chapter-table">${deviationTableHtml(data.ramps, [ch.chapter], false)}${breaksList(breaks)}</div></div>`);
      out.push(`<details class="thumbnails" data-chapter="${ch.chapter}"${open ? " open" : ""}><summary>${ch.levels} level${ch.levels === 1 ? "" : "s"} (${ch.first}–${ch.last})</summary>`);
      out.push(`<div class="cards">${cards.join("")}</div></details></section>`);
    }
  }
  out.push(
    `<footer>Deviation = value − target. Colour bands on mean |dev|: green within 5% of the chapter's mean target (or 0.05), yellow within 15%, red beyond. ` +
      `The report data are in the JSON block <code>#${REPORT_DATA_ID}</code>.</footer>`,
  );
  out.push(`<script type="application/json" id="${REPORT_DATA_ID}">${jsonForScript(data)}</script>`);
  out.push(`<script>${REPORT_SCRIPT}</script></body></html>\n`);
  return out.join("\n");
}

function header(data: HtmlReportData): string {
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

async function overview(data: HtmlReportData): Promise<string> {
  const svg = await renderVegaLite(overviewPlotSpec(data), "plot-all-");
  const out: string[] = [];
  out.push(`<section class="overview" id="overview"><h2>Whole game</h2>`);
  out.push(`<figure class="plot overview-plot">${svg}</figure>`);
  if (data.introductions.length) {
    out.push(`<h3>Rule introductions</h3><ul class="intros">`);
    for (const r of data.introductions) out.push(`<li><b>${escapeHtml(r.rule)}</b> at <a href="#level-${r.level}">level ${r.level}</a> (chapter ${r.chapter})</li>`);
    out.push(`</ul>`);
  }
  out.push(`<h3>Ramp deviation per chapter</h3>${deviationTableHtml(data.ramps)}${breaksList(data.breaks)}</section>`);
  return out.join("");
}

function breaksList(breaks: HtmlReportData["breaks"]): string {
  if (!breaks.length) return "";
  return `<ul class="breaks-list">${breaks.map((b) => `<li>level ${b.level}: ${escapeHtml(b.message)}</li>`).join("")}</ul>`;
}
