import type { LevelsFile } from "../../io/schemas/levels.ts";
import type { Ramp } from "../../io/schemas/ramp.ts";
import { escapeHtml, formatNumber } from "../html/html-escape.ts";
import { REPORT_DATA_ID, type HtmlReportData } from "../html/html-report-data.ts";
import { levelCardHtml } from "../html/level-card-html.ts";
import { chapterHeadingHtml, chapterTableHtml, headerHtml, overviewTailHtml } from "../html/report-sections.ts";
import { EDITOR_DATA_ID, type EditorData } from "./editor-data.ts";
import { rampPointsRowsHtml } from "./editor-panel-html.ts";
import { editorChapterSvg, editorOverviewSvg, editorReportData, movedLevels, type EditorView } from "./editor-view.ts";
import { PagePictures } from "./page-pictures.ts";
import { addPoint, movePoint, rampPointsProblem, type RampPoint } from "./ramp-points.ts";
import { clampPassRate, convertPoints, editedRamp, passRateLabel, passRateOf, passRatePointsProblem, passRateViewProblem, selectionRamp, type EditorCalibration, type RampUnits } from "./ramp-units.ts";
import { selectCommand, selectForRamp, type EditorAnswer } from "./select-for-ramp.ts";

/** What `window.levelramp.result()` gives (SPEC 8). */
export interface EditorResult {
  objective: number | null;
  /** True exactly when `status` is `optimal`. */
  optimal: boolean;
  status: EditorAnswer["status"];
  ids: string[];
  /** Level numbers holding another level than in the file. */
  moved: number | null;
  /** The diagnosis, or why the page gives no answer; null with an answer. */
  message: string | null;
  /** Milliseconds of the last re-selection (select, then redraw the page); null before the first. */
  ms: number | null;
}

/** The automation hook the page installs as `window.levelramp`. */
export interface EditorHook {
  /** Sets the ramp's points in the shown units (and, if given, its interpolation), re-selects and redraws; resolves once the page shows the answer; rejects (with the reason, also shown in the page) points or an interpolation the ramp schema refuses. */
  setRamp(points: Array<[number, number]>, interpolation?: Ramp["interpolation"]): Promise<EditorResult>;
  /** The answer the page shows: before any edit, the levels file's own. */
  result(): EditorResult;
  /** The edited ramp, as `download ramp.json` writes it (a player ramp, metric `passRate`, while the ramp is shown in pass rates). */
  ramp(): Ramp;
  /**
   * Shows the ramp in the metric or in pass rates through the report's
   * calibration (SPEC 11): plots, handles and the points table turn through
   * the fit; the ramp and the answer stay until the next edit, which makes the
   * ramp one of the shown units (in pass rates a player ramp). Resolves with
   * the answer; rejects when the page has no calibration of the ramp's metric.
   */
  setUnits(units: RampUnits): Promise<EditorResult>;
  /** The levels file of the last answer, as `download levels.json` writes it (null before a re-selection or without an answer). */
  levelsFile(): LevelsFile | null;
}

/** Selections slower than this (ms) are not repeated while a handle moves: the curve follows the pointer, the levels follow on release. */
const LIVE_DRAG_MS = 250;

type PageWindow = Window & { levelramp?: EditorHook };

/**
 * Starts the ramp editor of a report page (SPEC 8) when the page holds the
 * editor's data: makes the whole-game plot's handles draggable and the points
 * table editable, re-selects with {@link selectForRamp} on every change and
 * redraws the plots, tables, header and cards with the report's own
 * functions; installs `window.levelramp` ({@link EditorHook}).
 */
export function startEditor(doc: Document, win: PageWindow): void {
  const dataEl = doc.getElementById(EDITOR_DATA_ID);
  const reportEl = doc.getElementById(REPORT_DATA_ID);
  if (!dataEl || !reportEl || !doc.getElementById("editor")) return;
  const editor = new RampEditor(doc, win, JSON.parse(dataEl.textContent ?? "") as EditorData, JSON.parse(reportEl.textContent ?? "") as HtmlReportData);
  editor.start();
}

/** The editor's state and the page elements it redraws. */
class RampEditor {
  private readonly metric: string;
  private readonly from: number;
  private readonly to: number;
  private readonly fileName: string;
  private readonly fileValues: Map<number, number>;
  private readonly pictures: PagePictures;
  private readonly cards = new Map<number, { el: HTMLElement; key: string }>();
  /** The ramp's points, in {@link rampUnits}. */
  private points: RampPoint[];
  private interpolation: Ramp["interpolation"];
  /** What the ramp is drawn and edited in: the metric, or pass rates through {@link cal}. */
  private units: RampUnits = "metric";
  /** What the ramp itself is in: switching {@link units} only shows it otherwise; the first edit after a switch makes it a ramp of the shown units. */
  private rampUnits: RampUnits = "metric";
  /** The calibration the page can show the ramp through (about the ramp's metric, b > 0); undefined: none. */
  private readonly cal: EditorCalibration | undefined;
  /** The levels shown: the file, then the last answer's levels file. */
  private shown: LevelsFile;
  /** The last answer (null: none yet, the file is shown). */
  private answer: EditorAnswer | null = null;
  /** The shown levels were not selected for the edited ramp (no answer for it, or not yet). */
  private stale = false;
  private edited = false;
  private ms: number | null = null;
  /** While a handle is dragged: its index and the value range kept still. */
  private drag: { index: number; yDomain: [number, number] } | null = null;
  private shownData: { file: LevelsFile; edited: boolean; data: HtmlReportData } | null = null;
  private frame = 0;

  constructor(
    private readonly doc: Document,
    private readonly win: PageWindow,
    private readonly data: EditorData,
    private readonly report: HtmlReportData,
  ) {
    this.metric = data.ramp.metric;
    this.from = Math.min(...report.chapters.map((c) => c.first));
    this.to = Math.max(...report.chapters.map((c) => c.last));
    this.fileName = data.files.levels.split(/[\\/]/).pop() ?? data.files.levels;
    this.fileValues = new Map(data.file.levels.map((l) => [l.number, l.metrics[this.metric]]));
    this.pictures = new PagePictures(doc, data.pictures.images);
    this.points = data.ramp.points.map(([x, y]) => [x, y]);
    this.interpolation = data.ramp.interpolation;
    this.shown = data.file;
    this.cal = data.calibration && !passRateViewProblem(data.calibration, this.metric) ? data.calibration : undefined;
  }

  private el<T extends Element = HTMLElement>(selector: string): T {
    return this.doc.querySelector<T>(selector)!;
  }

  /** Wires the plot, the table and the buttons, installs the hook and shows the controls. */
  start(): void {
    this.pictures.harvest(this.data.fileLevels);
    for (const l of this.data.fileLevels) {
      const el = this.doc.getElementById(`level-${l.number}`);
      if (!el) continue;
      el.setAttribute("data-id", l.id);
      this.cards.set(l.number, { el, key: "" });
    }
    this.el("figure.overview-plot").addEventListener("pointerdown", (e) => this.startDrag(e as PointerEvent));
    this.wireTable();
    this.wireButtons();
    this.win.levelramp = this.hook();
    this.el("#editor").hidden = false;
  }

  /** The edited ramp, in its units (what `download ramp.json` writes). */
  private ramp(): Ramp {
    return editedRamp(this.metric, this.points, this.interpolation, this.rampUnits);
  }

  /** What is wrong with points of the ramp's units (the ramp schema's checks; pass rates within (0, 1)); null when fine. */
  private pointsProblem(points: ReadonlyArray<readonly [number, number]>): string | null {
    return rampPointsProblem(points) ?? (this.rampUnits === "passRate" ? passRatePointsProblem(points) : null);
  }

  /** What is wrong with points given in the shown units (typed, or through `setRamp`); null when fine. */
  private shownProblem(points: ReadonlyArray<readonly [number, number]>): string | null {
    return rampPointsProblem(points) ?? (this.units === "passRate" ? passRatePointsProblem(points) : null);
  }

  /** The ramp's points in the shown units (turned through the fit point by point when the ramp is of the other units; bad points as they are). */
  private shownPoints(): RampPoint[] {
    if (this.units === this.rampUnits || !this.cal || rampPointsProblem(this.points)) return this.points;
    return convertPoints(this.points, this.units, this.cal);
  }

  /** Before an edit: the ramp becomes one of the shown units (its points as shown), so what is edited is what is seen. */
  private adopt(): void {
    if (this.units === this.rampUnits) return;
    this.points = this.shownPoints();
    this.rampUnits = this.units;
  }

  private view(): EditorView {
    return {
      file: this.shown,
      rampName: this.edited ? "edited" : "embedded",
      references: this.data.references,
      original: this.edited ? this.data.ramp : null,
      fileLevels: this.data.fileLevels,
      fileValues: this.fileValues,
      handles: this.shownPoints(),
      pending: this.stale && !this.pointsProblem(this.points) ? selectionRamp(this.ramp(), this.cal) : undefined,
      title: this.report.title,
      fileName: this.report.file ?? undefined,
      ...(this.units === "passRate" && this.cal ? { shownIn: { label: passRateLabel(this.cal), of: passRateOf(this.cal) } } : {}),
    };
  }

  /** The report data of the shown levels (computed once per shown file). */
  private reportData(v: EditorView): HtmlReportData {
    if (!this.shownData || this.shownData.file !== v.file || this.shownData.edited !== this.edited) {
      this.shownData = { file: v.file, edited: this.edited, data: editorReportData(v) };
    }
    return this.shownData.data;
  }

  // ---- selecting ------------------------------------------------------------

  /** Re-selects for the edited ramp; `full` redraws the whole page, else the whole-game plot and the status only. */
  private reselect(full: boolean): void {
    const t0 = performance.now();
    this.edited = true;
    if (this.pointsProblem(this.points)) {
      this.stale = true;
      this.drawStatus();
      return;
    }
    try {
      this.answer = selectForRamp(this.data, this.ramp(), this.cal);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.answer = { status: "unknown", optimal: false, objective: null, ids: [], moved: null, message, solver: null, file: null, ms: performance.now() - t0 };
    }
    this.stale = this.answer.file === null;
    if (this.answer.file) this.shown = this.answer.file;
    if (full) this.drawAll();
    else this.drawOverview();
    this.ms = performance.now() - t0;
    this.drawStatus();
  }

  // ---- drawing ----------------------------------------------------------------

  private drawOverview(): void {
    const v = this.view();
    const figure = this.el("figure.overview-plot");
    figure.innerHTML = editorOverviewSvg(v, this.reportData(v), movedLevels(v), this.drag?.yDomain);
    figure.querySelector("svg")?.classList.toggle("stale", this.stale);
    figure.querySelector("svg")?.classList.toggle("dragging", this.drag !== null);
  }

  private showMessage(text: string | null): void {
    const message = this.el("#editor-message");
    message.hidden = text === null;
    message.textContent = text ?? "";
  }

  private drawStatus(): void {
    const status = this.el("#editor-status");
    const problem = this.pointsProblem(this.points);
    const a = this.answer;
    if (problem) {
      status.textContent = "The ramp's points are not valid; the page shows the last answer.";
      this.showMessage(problem);
    } else if (a && !a.file) {
      const what = a.status === "infeasible" ? "No level order fits: the model is infeasible" : "The page cannot answer this model";
      status.textContent = `${what} (below). The plot shows the last answer, greyed.`;
      this.showMessage(a.message ?? "");
    } else if (a) {
      this.showMessage(null);
      const proof = a.optimal ? `<span class="optimal">proven optimal</span>` : `<span class="not-optimal">not proven optimal (${escapeHtml(a.status)})</span>`;
      const time = this.ms !== null ? ` · re-selected in ${Math.round(this.ms)} ms (selection ${Math.round(a.ms)} ms)` : "";
      status.innerHTML =
        `objective <b class="objective">${formatNumber(a.objective ?? 0, 6)}</b> (${escapeHtml(this.data.model.objective.norm)}) · ${proof} (${escapeHtml(a.solver ?? "")}) · ` +
        `<b class="moved">${a.moved}</b> of ${a.ids.length} levels moved against ${escapeHtml(this.fileName)}${time}`;
    }
    const levels = this.el<HTMLButtonElement>(`button[data-editor="download-levels"]`);
    levels.disabled = !a?.file || this.stale;
    levels.title = levels.disabled ? "re-select first (the levels shown are not selected for this ramp)" : "the levels of this answer, as levelramp select --out writes them";
  }

  /** Everything the answer changes: plots, header, tables, chapter headings, cards, the points table. */
  private drawAll(): void {
    const v = this.view();
    const d = this.reportData(v);
    const moved = movedLevels(v);
    this.drawOverview();
    this.doc.querySelector("body > header")!.outerHTML = headerHtml(d);
    this.el(".overview-tail").innerHTML = overviewTailHtml(d);
    for (const ch of d.chapters) {
      const section = this.doc.getElementById(`chapter-${ch.chapter}`);
      if (!section) continue;
      section.querySelector("h2")!.outerHTML = chapterHeadingHtml(ch);
      section.querySelector("figure.chapter-plot")!.innerHTML = editorChapterSvg(v, d, ch.chapter, moved);
      section.querySelector(".chapter-table")!.innerHTML = chapterTableHtml(d, ch.chapter);
    }
    this.drawCards(d, moved);
    this.el("table.ramp-points tbody").innerHTML = rampPointsRowsHtml(this.shownPoints(), this.from, this.to);
    this.el<HTMLSelectElement>("#editor-interpolation").value = this.interpolation;
    this.drawUnits();
  }

  /** The units' choice, the points table's value column and the select line (`--calibration` when the ramp is a player ramp). */
  private drawUnits(): void {
    const units = this.doc.querySelector<HTMLSelectElement>("#editor-units");
    if (units) units.value = this.units;
    this.el("table.ramp-points th.point-unit").textContent = this.units === "passRate" && this.cal ? passRateLabel(this.cal) : this.metric;
    const player = this.rampUnits === "passRate" && this.cal;
    this.el("#editor-command").textContent = selectCommand(this.data, "ramp.json", "levels.json", player ? this.cal!.file : undefined);
  }

  /**
   * Redraws the cards whose text changed, in place: the changed cards' HTML
   * is parsed once, each card takes its new caption and title, and its
   * picture only when another level now stands there (pictures move with
   * their level).
   */
  private drawCards(d: HtmlReportData, moved: ReadonlySet<number>): void {
    const was = new Map(this.data.fileLevels.map((l) => [l.number, l.id]));
    const drawn = this.data.pictures.embedded !== "none";
    const changed: Array<{ i: number; key: string }> = [];
    d.levels.forEach((l, i) => {
      const key = `${moved.has(l.number)}|${levelCardHtml(d, i, null)}`;
      const card = this.cards.get(l.number);
      if (card && card.key !== key) changed.push({ i, key });
    });
    if (changed.length === 0) return;
    const fresh = this.doc.createElement("template");
    fresh.innerHTML = changed.map(({ key }) => key.slice(key.indexOf("|") + 1)).join("");
    const figures = [...fresh.content.children] as HTMLElement[];
    changed.forEach(({ i, key }, k) => {
      const l = d.levels[i];
      const card = this.cards.get(l.number)!;
      const fig = card.el;
      const next = figures[k];
      fig.title = next.title;
      fig.classList.toggle("moved", moved.has(l.number));
      if (moved.has(l.number)) {
        const note = this.doc.createElement("div");
        note.className = "moved-note";
        note.textContent = `moved: ${this.fileName} has ${was.get(l.number)} here`;
        next.querySelector("figcaption")?.append(note);
      }
      fig.querySelector("figcaption")?.replaceWith(next.querySelector("figcaption")!);
      if (fig.getAttribute("data-id") !== l.id) {
        fig.querySelector(":scope > .picture")?.remove();
        const picture = this.pictures.take(l.id, drawn);
        if (picture) fig.insertBefore(picture, fig.firstChild);
        fig.setAttribute("data-id", l.id);
      }
      card.key = key;
    });
  }

  // ---- input ----------------------------------------------------------------------

  /** A handle is grabbed: the point follows the pointer (levels re-selected each frame while that is fast), and on release the whole page is redrawn. */
  private startDrag(e: PointerEvent): void {
    const handle = (e.target as Element).closest?.("circle.handle");
    const svg = this.el("figure.overview-plot").querySelector("svg");
    if (!handle || !svg) return;
    e.preventDefault();
    this.adopt();
    const [lo, hi] = (svg.getAttribute("data-y") ?? "").split(",").map(Number);
    this.drag = { index: Number(handle.getAttribute("data-index")), yDomain: [lo, hi] };
    const move = (ev: PointerEvent) => {
      const current = this.el("figure.overview-plot").querySelector("svg");
      if (!this.drag || !current) return;
      const [x, y] = pointerValue(current, ev);
      this.points = movePoint(this.points, this.drag.index, x, this.units === "passRate" ? clampPassRate(y) : y);
      if (!this.frame) this.frame = this.win.requestAnimationFrame(() => this.dragFrame());
    };
    const up = () => {
      this.win.removeEventListener("pointermove", move);
      this.win.removeEventListener("pointerup", up);
      this.win.removeEventListener("pointercancel", up);
      if (this.frame) this.win.cancelAnimationFrame(this.frame);
      this.frame = 0;
      this.drag = null;
      this.reselect(true);
    };
    this.win.addEventListener("pointermove", move);
    this.win.addEventListener("pointerup", up);
    this.win.addEventListener("pointercancel", up);
  }

  private dragFrame(): void {
    this.frame = 0;
    if (!this.drag) return;
    if ((this.answer?.ms ?? 0) <= LIVE_DRAG_MS) return this.reselect(false);
    this.stale = true;
    this.drawOverview();
    this.drawStatus();
  }

  /** The points table: a changed level or value re-selects; a bad one is named and waits. */
  private wireTable(): void {
    const rows = this.el("table.ramp-points tbody");
    rows.addEventListener("change", (e) => {
      const input = e.target as HTMLInputElement;
      const tr = input.closest("tr");
      if (!tr) return;
      const i = Number(tr.getAttribute("data-index"));
      const value = input.value.trim() === "" ? NaN : Number(input.value);
      const next = this.shownPoints().map(([x, y]) => [x, y] as RampPoint);
      next[i][input.classList.contains("point-level") ? 0 : 1] = value;
      const problem = this.shownProblem(next);
      tr.classList.toggle("invalid", problem !== null);
      if (problem) return this.showMessage(problem);
      this.points = next;
      this.rampUnits = this.units;
      this.reselect(true);
    });
    rows.addEventListener("click", (e) => {
      const button = (e.target as Element).closest?.("button.point-remove");
      if (!button || this.points.length <= 1) return;
      this.adopt();
      const i = Number(button.closest("tr")?.getAttribute("data-index"));
      this.points = this.points.filter((_, k) => k !== i);
      this.reselect(true);
    });
    const interpolation = this.el<HTMLSelectElement>("#editor-interpolation");
    interpolation.addEventListener("change", () => {
      this.adopt();
      this.interpolation = interpolation.value === "monotone-cubic" ? "monotone-cubic" : "linear";
      this.reselect(true);
    });
    const units = this.doc.querySelector<HTMLSelectElement>("#editor-units");
    units?.addEventListener("change", () => this.setUnits(units.value === "passRate" ? "passRate" : "metric"));
  }

  /**
   * Shows the ramp in other units: the plots, handles and points table turn
   * through the fit; the ramp, the answer and the select line stay until the
   * next edit, which makes the ramp one of these units (a player ramp in pass
   * rates) and re-selects.
   */
  private setUnits(units: RampUnits): void {
    if (!this.cal || units === this.units) return;
    this.units = units;
    this.drawAll();
  }

  private wireButtons(): void {
    const json = (value: unknown) => JSON.stringify(value, null, 2) + "\n";
    this.el("#editor").addEventListener("click", (e) => {
      const button = (e.target as Element).closest?.("button[data-editor]");
      const what = button?.getAttribute("data-editor");
      if (what === "add") {
        this.adopt();
        this.points = addPoint(this.points, this.interpolation, this.from, this.to);
      }
      if (what === "reset") {
        this.points = this.data.ramp.points.map(([x, y]) => [x, y]);
        this.interpolation = this.data.ramp.interpolation;
        this.rampUnits = "metric";
      }
      if (what === "add" || what === "reset" || what === "reselect") this.reselect(true);
      if (what === "download-ramp") this.download("ramp.json", json(this.ramp()));
      if (what === "download-levels" && this.answer?.file && !this.stale) this.download("levels.json", json(this.answer.file));
      if (what === "download-model") this.download(this.data.files.model ?? "model.json", json(this.data.model));
    });
  }

  private download(name: string, text: string): void {
    const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    const a = this.doc.createElement("a");
    a.href = url;
    a.download = name;
    this.doc.body.append(a);
    a.click();
    a.remove();
    this.win.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  // ---- the automation hook ----------------------------------------------------------

  private result(): EditorResult {
    const a = this.answer;
    if (!a) {
      const f = this.data.file;
      return { objective: f.objective, optimal: f.optimal, status: f.status ?? (f.optimal ? "optimal" : "feasible"), ids: this.data.fileLevels.map((l) => l.id), moved: 0, message: null, ms: null };
    }
    return { objective: a.objective, optimal: a.optimal, status: a.status, ids: [...a.ids], moved: a.moved, message: a.message, ms: this.ms };
  }

  private hook(): EditorHook {
    return {
      setRamp: (points, interpolation) => {
        // Checked as the CLI checks a ramp file before anything is read from it (a script may pass anything).
        const problem = rampPointsProblem(points, interpolation) ?? this.shownProblem(points);
        if (problem) {
          this.showMessage(problem);
          return Promise.reject(new Error(`levelramp.setRamp: ${problem}`));
        }
        const next = points.map(([x, y]) => [x, y] as RampPoint);
        this.points = next;
        this.rampUnits = this.units;
        if (interpolation) this.interpolation = interpolation;
        this.reselect(true);
        return new Promise((done) => this.win.requestAnimationFrame(() => done(this.result())));
      },
      result: () => this.result(),
      ramp: () => this.ramp(),
      setUnits: (units) => {
        if (!this.cal) return Promise.reject(new Error("levelramp.setUnits: the page has no calibration of the ramp's metric (report --calibration)"));
        this.setUnits(units);
        return new Promise((done) => this.win.requestAnimationFrame(() => done(this.result())));
      },
      levelsFile: () => (this.stale ? null : (this.answer?.file ?? null)),
    };
  }
}

/** The level and value under the pointer, from the plot's scales (`data-x`, `data-y` on its `<svg>`). */
function pointerValue(svg: SVGSVGElement, e: PointerEvent): [number, number] {
  const [x0, x1, left, right] = (svg.getAttribute("data-x") ?? "").split(",").map(Number);
  const [lo, hi, bottom, top] = (svg.getAttribute("data-y") ?? "").split(",").map(Number);
  const ctm = svg.getScreenCTM();
  const p = ctm ? new DOMPoint(e.clientX, e.clientY).matrixTransform(ctm.inverse()) : new DOMPoint(0, 0);
  return [x0 + ((p.x - left) / (right - left)) * (x1 - x0), lo + ((bottom - p.y) / (bottom - top)) * (hi - lo)];
}
