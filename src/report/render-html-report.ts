import type { Game } from "../game/game.ts";
import { chapterPlotSpec } from "./html/chapter-plot-spec.ts";
import { escapeHtml, jsonForScript } from "./html/html-escape.ts";
import { htmlReportData, REPORT_DATA_ID, type HtmlReportData, type HtmlReportInput } from "./html/html-report-data.ts";
import { levelCardHtml } from "./html/level-card-html.ts";
import { levelPicture } from "./html/level-picture.ts";
import { overviewPlotSpec } from "./html/overview-plot-spec.ts";
import { renderVegaLite } from "./html/render-vega-lite.ts";
import { REPORT_SCRIPT } from "./html/report-script.ts";
import { chapterHeadingHtml, chapterTableHtml, headerHtml, overviewTailHtml } from "./html/report-sections.ts";
import { REPORT_STYLE } from "./html/report-style.ts";
import { pictureImage } from "./html/safe/picture-image.ts";
import { pagePolicy } from "./html/safe/page-policy.ts";
import { calibrationSectionHtml } from "./html/calibration-section.ts";
import type { Calibration } from "../io/schemas/calibration.ts";
import type { CalibratedLevel } from "./calibrated-levels.ts";
import { editorBundle } from "./editor/editor-bundle.ts";
import { EDITOR_DATA_ID, type EditorOptions } from "./editor/editor-data.ts";
import { editorPage } from "./editor/editor-page.ts";
import { EDITOR_STYLE } from "./editor/editor-panel-html.ts";

/** Options of {@link renderHtmlReport}. */
export interface HtmlReportOptions extends HtmlReportInput {
  /**
   * The levels file's game, which draws the level cards' pictures
   * (`picture`); absent, or a game without a picture: cards show numbers only.
   * The report knows no game: the caller opens it (`openGame(file.game)`).
   */
  game?: Pick<Game, "picture">;
  /** Overlay each level's stored solution on its thumbnail (default false: the bare level, as a player sees it). */
  solutions?: boolean;
  /**
   * Files with at most this many levels show every chapter's thumbnails
   * unfolded; bigger files fold them in a `<details>` per chapter, which the
   * browser does not lay out until opened (default 60).
   */
  openThumbnailsUpTo?: number;
  /**
   * The pool the levels came from, the plan and the file names: the page
   * becomes a ramp editor (SPEC 8; see {@link EditorOptions}). Without it
   * the page is the static report.
   */
  editor?: EditorOptions;
  /** A calibration of the levels against play data (SPEC 11): adds the calibration section after the whole-game plot. */
  calibration?: { file: Calibration; name: string; levels: CalibratedLevel[] };
}

export { REPORT_DATA_ID };

/**
 * The HTML report of a levels file (SPEC 1 job 4, SPEC 2 `report --format
 * html`): one self-contained page that loads nothing (no network, no CDN, no
 * fonts or scripts from elsewhere). It holds
 * - a whole-game plot (value against level number, each ramp as a line,
 *   chapter boundaries marked, rule introductions labelled) and the
 *   per-chapter deviation table with every ramp side by side;
 * - per chapter: a plot of the ramp(s) and the shipped values with the
 *   deviation shaded, the chapter's row(s) of the table, and a card per level
 *   with the game's SVG picture (`picture`, as `show` draws it), its
 *   number, id, metrics and target(s) — hovering a point or a card shows the
 *   numbers, and a point links to its card;
 * - the report data as JSON ({@link HtmlReportData}) in
 *   `<script type="application/json" id="levelramp-report-data">`.
 * Plots are vega-lite 6 specs rendered to inline SVG in Node by vega's
 * `View.toSVG`. Same input, same page, byte for byte.
 *
 * @param options the levels file, the game that draws the
 *   pictures, the ramps to compare (default: the embedded ramp), a title, the
 *   file's name, `solutions`, `openThumbnailsUpTo`.
 * @returns the page's HTML text.
 * @throws Error `report/deviation: ...` when a ramp's metric is missing from
 *   a level; `report/html-plot: ...` or `report/html-picture: ...` when a plot
 *   or a level picture cannot be drawn.
 */
export async function renderHtmlReport(options: HtmlReportOptions): Promise<string> {
  const editor = options.editor ? await editorPage(options, options.editor) : null;
  const data = editor ? editor.data : htmlReportData(options);
  const open = data.levels.length <= (options.openThumbnailsUpTo ?? 60);
  const bodyOf = new Map(options.file.levels.map((l) => [l.number, l]));
  const out: string[] = [];
  // The page's own script and style, named by hash in its policy: nothing else runs, nothing is fetched (SPEC 10).
  const style = `${REPORT_STYLE}${editor ? EDITOR_STYLE : ""}`;
  const scripts = [...(editor ? [await editorBundle()] : []), REPORT_SCRIPT];
  out.push(`<!doctype html><html lang="en"><head><meta charset="utf-8">`);
  out.push(pagePolicy(scripts, style));
  out.push(`<meta name="viewport" content="width=device-width, initial-scale=1">`);
  out.push(`<meta name="generator" content="levelramp">`);
  out.push(`<title>${escapeHtml(data.title)}</title><style>${style}</style></head><body>`);
  out.push(headerHtml(data));
  if (data.levels.length === 0) {
    out.push(`<section class="overview" id="overview"><p>This levels file ships no levels.</p></section>`);
  } else {
    out.push(`<nav class="toc">Chapters: ${data.chapters.map((c) => `<a href="#chapter-${c.chapter}">${c.chapter}</a>`).join(" ")}`);
    out.push(`<button type="button" data-thumbnails="open">open all thumbnails</button><button type="button" data-thumbnails="fold">fold all</button></nav>`);
    // Plots: vega-lite for the static report; the editor draws its own (the page redraws them).
    const overview = editor ? editor.overviewSvg() : await renderVegaLite(overviewPlotSpec(data), "plot-all-");
    out.push(`<section class="overview" id="overview"><h2>Whole game</h2>${editor ? editor.panel : ""}`);
    out.push(`<figure class="plot overview-plot">${overview}</figure>`);
    out.push(`<div class="overview-tail">${overviewTailHtml(data)}</div></section>`);
    if (options.calibration) out.push(await calibrationSectionHtml(options.calibration.file, options.calibration.levels, options.calibration.name));
    for (const ch of data.chapters) {
      const svg = editor ? editor.chapterSvg(ch.chapter) : await renderVegaLite(chapterPlotSpec(data, ch.chapter), `plot-c${ch.chapter}-`);
      const cards: string[] = [];
      for (const [i, l] of data.levels.entries()) {
        if (l.chapter !== ch.chapter) continue;
        const picture = await levelPicture(options.game, bodyOf.get(l.number)!, options.solutions ?? false);
        cards.push(levelCardHtml(data, i, picture === null ? null : pictureImage(picture, `level ${l.number}`)));
      }
      out.push(`<section class="chapter" id="chapter-${ch.chapter}" data-chapter="${ch.chapter}">`);
      out.push(chapterHeadingHtml(ch));
      out.push(`<div class="chapter-body"><figure class="plot chapter-plot" data-chapter="${ch.chapter}">${svg}</figure>`);
      out.push(`<div class="chapter-table">${chapterTableHtml(data, ch.chapter)}</div></div>`);
      out.push(`<details class="thumbnails" data-chapter="${ch.chapter}"${open ? " open" : ""}><summary>${ch.levels} level${ch.levels === 1 ? "" : "s"} (${ch.first}–${ch.last})</summary>`);
      out.push(`<div class="cards">${cards.join("")}</div></details></section>`);
    }
  }
  out.push(
    `<footer>Deviation = value − target. Colour bands on mean |dev|: green within 5% of the chapter's mean target (or 0.05), yellow within 15%, red beyond. ` +
      `The report data are in the JSON block <code>#${REPORT_DATA_ID}</code>${editor ? `, the editor's in <code>#${EDITOR_DATA_ID}</code>` : ""}.</footer>`,
  );
  out.push(`<script type="application/json" id="${REPORT_DATA_ID}">${jsonForScript(data)}</script>`);
  if (editor) out.push(`<script type="application/json" id="${EDITOR_DATA_ID}">${jsonForScript(editor.editorData)}</script>`);
  out.push(`${scripts.map((script) => `<script>${script}</script>`).join("\n")}</body></html>\n`);
  return out.join("\n");
}
