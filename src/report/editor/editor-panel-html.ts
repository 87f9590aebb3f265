import { escapeHtml, formatNumber } from "../html/html-escape.ts";
import type { HtmlReportData } from "../html/html-report-data.ts";
import type { EditorData, EditorPictures } from "./editor-data.ts";
import { passRateLabel, passRateViewProblem } from "./ramp-units.ts";
import { selectCommand } from "./select-for-ramp.ts";

/**
 * The ramp's points as rows of the editor's points table: number, level and
 * value inputs, a remove button. Points outside the shown levels (`from` to
 * `to`) have no handle on the plot and say so.
 */
export function rampPointsRowsHtml(points: ReadonlyArray<readonly [number, number]>, from: number, to: number): string {
  return points
    .map(([x, y], i) => {
      const outside = x < from || x > to;
      const title = outside ? ` title="beyond the levels shown (${from}–${to}): no handle on the plot; edit it here"` : "";
      return (
        `<tr data-index="${i}"${outside ? ` class="outside"` : ""}${title}><th>${i + 1}</th>` +
        `<td><input type="number" class="point-level" aria-label="level of point ${i + 1}" min="1" step="1" value="${x}"></td>` +
        `<td><input type="number" class="point-value" aria-label="value of point ${i + 1}" step="any" value="${y}"></td>` +
        `<td><button type="button" class="point-remove" title="remove point ${i + 1}"${points.length === 1 ? " disabled" : ""}>×</button></td></tr>`
      );
    })
    .join("");
}

/**
 * The editor's first instruction (HTML): drag a handle, or, when no ramp
 * point lies within the levels shown (`from`..`to`, e.g. a build of
 * chapter 3 alone against points at levels 14 and 80), add one first — the
 * plot draws handles only for points inside the levels shown.
 */
export function editHint(points: ReadonlyArray<readonly [number, number]>, from: number, to: number): string {
  const reselects = `the page re-selects the levels as <code>levelramp select --ramp</code> would.`;
  if (points.some(([x]) => x >= from && x <= to)) return `Drag a ramp point (the white handles), or edit the points below: ${reselects}`;
  return `No ramp point lies within levels ${from}–${to}, so the plot has no handle yet: "add a point" puts one on the curve there to drag, or edit the points below; ${reselects}`;
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** One sentence on which pictures the page holds. */
export function picturesNote(p: EditorPictures, shipped: number): string {
  if (p.embedded === "none") return "";
  if (p.embedded === "all") return `Pictures: every usable candidate's (${p.candidates}) is in the page (${mib(p.bytes)} beyond the shipped levels' own).`;
  return (
    `Pictures: only the file's ${shipped} levels have theirs in the page; the other candidates' would add ${mib(p.bytes)} (over the ${mib(p.budget)} budget), ` +
    `so a level the page brings in shows by its id.`
  );
}

/**
 * The ramp editor's controls (SPEC 8), above the whole-game plot: the status
 * line, a message line (diagnosis), the ramp's points table, interpolation,
 * buttons (add a point, re-select, back to the file's ramp, downloads) and
 * the `levelramp select` command that gives the same answer; with a
 * calibration of the ramp's metric (b > 0), a "ramp in" choice of the metric
 * or pass rates (SPEC 11). Hidden until
 * the page script starts (without scripts the page is the static report).
 */
export function editorPanelHtml(data: EditorData, report: HtmlReportData): string {
  const first = Math.min(...report.chapters.map((c) => c.first));
  const last = Math.max(...report.chapters.map((c) => c.last));
  const file = escapeHtml(data.files.levels.split(/[\\/]/).pop() ?? data.files.levels);
  const out: string[] = [];
  out.push(`<div class="editor" id="editor" hidden>`);
  out.push(`<h3>Ramp editor</h3>`);
  out.push(
    `<p class="editor-status" id="editor-status" aria-live="polite">${file} as it is: objective ${formatNumber(report.objective, 6)}, ${escapeHtml(report.statusLine)}. ` +
      `${editHint(data.ramp.points, first, last)}</p>`,
  );
  out.push(`<p class="editor-message" id="editor-message" role="alert" hidden></p>`);
  out.push(`<div class="editor-controls"><table class="ramp-points"><thead><tr><th>#</th><th>level</th><th class="point-unit">${escapeHtml(data.ramp.metric)}</th><th></th></tr></thead>`);
  out.push(`<tbody>${rampPointsRowsHtml(data.ramp.points, first, last)}</tbody></table>`);
  out.push(`<div class="editor-buttons">`);
  const cal = data.calibration;
  const calProblem = cal ? passRateViewProblem(cal, data.ramp.metric) : null;
  if (cal && !calProblem) {
    // SPEC 11 player ramps: the ramp drawn and edited in pass rates through the calibration.
    out.push(`<label title="pass rates through ${escapeHtml(cal.file)}: the ramp becomes a player ramp (metric passRate), selected through the fit as select --calibration does">ramp in <select id="editor-units">`);
    out.push(`<option value="metric" selected>${escapeHtml(data.ramp.metric)}</option><option value="passRate">${escapeHtml(passRateLabel(cal))}</option></select></label>`);
  }
  out.push(`<label>interpolation <select id="editor-interpolation">`);
  for (const i of ["linear", "monotone-cubic"]) out.push(`<option value="${i}"${data.ramp.interpolation === i ? " selected" : ""}>${i}</option>`);
  out.push(`</select></label>`);
  out.push(`<button type="button" data-editor="add">add a point</button>`);
  out.push(`<button type="button" data-editor="reselect" title="select over the whole pool with the ramp as it is now">re-select</button>`);
  out.push(`<button type="button" data-editor="reset">back to ${file}'s ramp</button>`);
  out.push(`<button type="button" data-editor="download-ramp">download ramp.json</button>`);
  out.push(`<button type="button" data-editor="download-levels" disabled title="re-select first">download levels.json</button>`);
  if (data.files.model) out.push(`<button type="button" data-editor="download-model">download ${escapeHtml(data.files.model)}</button>`);
  out.push(`</div></div>`);
  // An outside game's files read with its game file (SPEC 10); said here, not in the page's script, whose command stays the built-in games'.
  const game = data.files.game ? `, with <code>--game ${escapeHtml(data.files.game)}</code> (the game file of this outside game)` : "";
  out.push(`<p class="editor-command">The same outside the page: <code id="editor-command">${escapeHtml(selectCommand(data))}</code>${data.files.model ? ` (${escapeHtml(data.files.model)}: the model ${file} embeds)` : ""}${game}.</p>`);
  if (calProblem) out.push(`<p class="editor-pictures">${escapeHtml(calProblem)}.</p>`);
  const note = picturesNote(data.pictures, report.levels.length);
  if (note) out.push(`<p class="editor-pictures">${escapeHtml(note)}</p>`);
  out.push(`</div>`);
  return out.join("");
}

/** The editor's style sheet (added to the report's). */
export const EDITOR_STYLE = `
.editor { border-top: 1px solid #eee; margin-top: 6px; }
.editor-status { font-size: 14px; margin: 4px 0; }
.editor-status .optimal { color: #2e7d32; font-weight: 600; }
.editor-status .not-optimal { color: #b26a00; font-weight: 600; }
.editor-message { background: #fdecea; border: 1px solid #f5c2c0; color: #8a1c12; border-radius: 6px; padding: 6px 10px; margin: 6px 0; }
.editor-controls { display: flex; flex-wrap: wrap; gap: 8px 24px; align-items: flex-start; }
table.ramp-points { border-collapse: collapse; font-size: 13px; }
table.ramp-points th, table.ramp-points td { padding: 1px 4px; }
table.ramp-points input { width: 7em; font: inherit; }
table.ramp-points tr.outside input { color: #888; }
table.ramp-points tr.invalid input { background: #fdecea; }
.editor-buttons { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; max-width: 640px; }
.editor-buttons button, .editor-buttons select { font: inherit; }
.editor-command code { font-size: 12px; background: #f3f3ef; padding: 1px 4px; border-radius: 3px; }
.editor-pictures { color: #666; font-size: 12px; }
section.chapter { content-visibility: auto; contain-intrinsic-size: auto 420px; }
svg.ramp-plot { touch-action: none; user-select: none; }
svg.ramp-plot circle.handle { cursor: grab; }
svg.ramp-plot.dragging circle.handle { cursor: grabbing; }
svg.ramp-plot.stale .points { opacity: 0.35; }
figure.level.moved { border-color: #222; }
figure.level .moved-note { font-size: 11px; color: #8a5a00; }
figure.level .picture.missing { display: flex; align-items: center; justify-content: center; aspect-ratio: 640 / 900; background: #f3f3ef; color: #888; font-size: 11px; border-radius: 4px; }
`;
